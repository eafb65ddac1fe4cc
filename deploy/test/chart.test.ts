// Chart checks (issue 10): helm lint --strict and helm template with the default values and every
// ci/ file, each rendered object validated offline against the Kubernetes API schemas
// (kubernetes-models), and every configuration key a service reads present in the chart.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '@civic/service-kit';
import { IdentityConfig } from '../../services/identity/src/config.js';
import { DecisionsConfig } from '../../services/decisions/src/config.js';
import { ElectionsConfig } from '../../services/elections/src/config.js';
import { ChatConfig } from '../../services/chat/src/config.js';
import { NotificationsConfig } from '../../services/notifications/src/config.js';
import { GatewayConfig } from '../../services/gateway/src/config.js';
import { runHelm } from '../scripts/helm.mjs';
import { renderReadme, valuesRows, valuesTable } from '../scripts/values-doc.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chartDir = path.join(repo, 'deploy/helm/civic-platform');
const dockerDir = path.join(repo, 'deploy/docker');
const RELEASE = 'civic-platform'; // fullname = release name, so components are civic-platform-<component>
const NAMESPACE = 'civic';
const name = (component: string) => `${RELEASE}-${component}`;

const SERVICES = ['identity', 'decisions', 'elections', 'chat', 'notifications'] as const;
const FRONTENDS = ['shell', 'decisions', 'elections'] as const;
const COMPONENTS = [...SERVICES, 'gateway', ...FRONTENDS.map((f) => `frontend-${f}`)];
/** Each component's config schema (typebox, i.e. JSON Schema). */
const SCHEMAS: Record<string, Parameters<typeof loadConfig>[0]> = {
  identity: IdentityConfig,
  decisions: DecisionsConfig,
  elections: ElectionsConfig,
  chat: ChatConfig,
  notifications: NotificationsConfig,
  gateway: GatewayConfig,
};

/**
 * Settings a component reads that the chart leaves to their default on purpose, with the reason.
 * Everything else a service's config schema declares must be set by the chart.
 */
const LEFT_TO_DEFAULT: Record<string, Record<string, string>> = {
  notifications: { ALERTS_SERVICE_TOKEN: 'every alert comes from events; no service of the chart creates alerts over HTTP, so only moderators may' },
  elections: { ELECTIONS_CLOCK_CONTROL: 'browser-test stacks only: lets a test move the election clock; never on in a cluster' },
  gateway: {
    SHELL_DIST: 'single-machine mode only: in Kubernetes the shell is a Deployment of its own behind the Ingress',
    DECISIONS_REMOTE_DIST: 'single-machine mode only: the decisions remote is a Deployment of its own',
    ELECTIONS_REMOTE_DIST: 'single-machine mode only: the elections remote is a Deployment of its own',
  },
};

/** Defaults in values.yaml that differ from the service's own default on purpose. */
const CHART_DEFAULT_DIFFERS: Record<string, Record<string, string>> = {
  chat: { SHUTDOWN_GRACE_MS: 'sockets get 30 s to close and reconnect elsewhere' },
  gateway: {
    LOG_LEVEL: 'info logs two lines per request at the gateway',
    TRUST_PROXY: 'behind an ingress controller, whose pods have private addresses',
  },
};

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  data?: Record<string, string>;
};

const ciFiles = readdirSync(path.join(chartDir, 'ci'))
  .filter((file) => file.endsWith('.yaml'))
  .sort();
const VALUE_SETS = ['default', ...ciFiles];
const valuesArgs = (set: string) => (set === 'default' ? [] : ['--values', path.join(chartDir, 'ci', set)]);

function template(set: string, extra: string[] = []) {
  return runHelm(['template', RELEASE, chartDir, '--namespace', NAMESPACE, ...valuesArgs(set), ...extra]);
}

function parseManifests(text: string): Manifest[] {
  const docs = parseAllDocuments(text);
  for (const doc of docs) if (doc.errors.length > 0) throw new Error(doc.errors.map((e) => e.message).join('\n'));
  return docs.map((doc) => doc.toJS() as Manifest | null).filter((m): m is Manifest => m !== null);
}

const rendered = new Map<string, Manifest[]>();
const lints = new Map<string, { status: number; output: string }>();

beforeAll(() => {
  for (const set of VALUE_SETS) {
    const result = template(set);
    if (result.status !== 0) throw new Error(`helm template (${set}) failed:\n${result.stderr}`);
    rendered.set(set, parseManifests(result.stdout));
    const lint = runHelm(['lint', '--strict', chartDir, '--namespace', NAMESPACE, ...valuesArgs(set)]);
    lints.set(set, { status: lint.status, output: lint.stdout + lint.stderr });
  }
});

const manifests = (set: string) => rendered.get(set)!;
const find = (set: string, kind: string, objectName: string) => {
  const found = manifests(set).find((m) => m.kind === kind && m.metadata.name === objectName);
  if (!found) throw new Error(`${set}: no ${kind} ${objectName}`);
  return found;
};
const container = (deployment: Manifest) => deployment.spec.template.spec.containers[0];

describe.each(VALUE_SETS)('values %s', (set) => {
  it('passes helm lint --strict', () => {
    const lint = lints.get(set)!;
    expect(lint.output).toContain('0 chart(s) failed');
    expect(lint.status).toBe(0);
  });

  it('renders only objects that validate against the Kubernetes API schemas', async () => {
    const problems: string[] = [];
    for (const manifest of manifests(set)) {
      const module = (await import(`kubernetes-models/${manifest.apiVersion}/${manifest.kind}`)) as Record<
        string,
        new (data: unknown) => { validate(): void }
      >;
      const Model = module[manifest.kind];
      if (!Model) {
        problems.push(`${manifest.apiVersion} ${manifest.kind}: no model`);
        continue;
      }
      try {
        new Model(manifest).validate();
      } catch (error) {
        problems.push(`${manifest.kind} ${manifest.metadata.name}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    expect(manifests(set).length).toBeGreaterThan(30);
  });

  it('deploys every service, the gateway and every front end with probes, resources and a non-root, read-only container', () => {
    for (const component of COMPONENTS) {
      const deployment = find(set, 'Deployment', name(component));
      find(set, 'Service', name(component));
      const c = container(deployment);
      expect(c.livenessProbe.httpGet.path).toBe('/healthz');
      expect(c.readinessProbe.httpGet.path).toBe(component === 'gateway' ? '/healthz' : '/readyz');
      expect(c.resources.requests).toBeDefined();
      expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
      expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      find(set, 'PodDisruptionBudget', name(component));
    }
  });

  it('runs one migration Job per service, in that service image, before its Deployment rolls', () => {
    const jobs = manifests(set).filter((m) => m.kind === 'Job');
    expect(jobs.map((job) => job.metadata.labels!['civic.io/service']).sort()).toEqual([...SERVICES].sort());
    const bundled = manifests(set).some((m) => m.kind === 'StatefulSet' && m.metadata.name === `${RELEASE}-postgresql`);
    for (const job of jobs) {
      const service = job.metadata.labels!['civic.io/service']!;
      expect(job.metadata.annotations!['helm.sh/hook']).toBe(bundled ? 'post-install,pre-upgrade' : 'pre-install,pre-upgrade');
      const c = job.spec.template.spec.containers[0];
      expect(c.command).toEqual(['node', 'packages/db-migrate/dist/cli.js', 'apply', service]);
      expect(c.image).toBe(container(find(set, 'Deployment', name(service))).image);
      expect(c.env.map((e: { name: string }) => e.name)).toContain('DATABASE_URL');
    }
  });

  it('gives every component a configuration that its own config schema accepts', () => {
    for (const component of Object.keys(SCHEMAS)) {
      const env = resolvedEnv(set, find(set, 'Deployment', name(component)));
      expect(() => loadConfig(SCHEMAS[component]!, env)).not.toThrow();
    }
  });
});

describe('configuration keys', () => {
  it.each(Object.keys(SCHEMAS))('every key %s reads is set by the chart (or left to its default on purpose)', (component) => {
    const deployment = find('default', 'Deployment', name(component));
    const names = envNames('default', deployment);
    const allowed = LEFT_TO_DEFAULT[component] ?? {};
    const missing = Object.keys(SCHEMAS[component]!.properties).filter((key) => !names.has(key) && !(key in allowed));
    expect(missing).toEqual([]);
    for (const key of Object.keys(allowed)) expect(names.has(key)).toBe(false);
  });

  it('values.schema.json describes each setting as the service does', () => {
    const schema = JSON.parse(readFileSync(path.join(chartDir, 'values.schema.json'), 'utf8'));
    const common = schema.properties.common.properties.config.properties as Record<string, JsonSchema>;
    for (const component of Object.keys(SCHEMAS)) {
      const own = schema.properties[component].properties.config.properties as Record<string, JsonSchema>;
      const chartKeys = component === 'gateway' ? own : { ...common, ...own };
      const serviceKeys = SCHEMAS[component]!.properties;
      for (const [key, chartProperty] of Object.entries(chartKeys)) {
        expect([component, key, key in serviceKeys]).toEqual([component, key, true]);
        expect([component, key, constraints(chartProperty)]).toEqual([component, key, constraints(serviceKeys[key]!)]);
      }
    }
  });

  it('values.yaml defaults are the services own defaults, unless noted', () => {
    const values = parseAllDocuments(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'))[0]!.toJS();
    for (const component of Object.keys(SCHEMAS)) {
      const config = component === 'gateway' ? values.gateway.config : { ...values.common.config, ...values[component].config };
      for (const [key, value] of Object.entries(config as Record<string, unknown>)) {
        if (key in (CHART_DEFAULT_DIFFERS[component] ?? {})) continue;
        expect([component, key, value]).toEqual([component, key, (SCHEMAS[component]!.properties[key] as { default?: unknown }).default]);
      }
    }
  });
});

describe('chat scaling', () => {
  it('scales chat to 5 pods with the HPA (chat-scaled)', () => {
    const hpa = find('chat-scaled-values.yaml', 'HorizontalPodAutoscaler', name('chat'));
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: name('chat') });
    expect(hpa.spec.minReplicas).toBe(5);
    expect(hpa.spec.maxReplicas).toBe(20);
    const deployment = find('chat-scaled-values.yaml', 'Deployment', name('chat'));
    // The HPA owns the replica count: a helm upgrade must not reset a scaled-out chat.
    expect(deployment.spec.replicas).toBeUndefined();
    expect(container(deployment).env.map((e: { name: string }) => e.name)).toContain('REDIS_URL');
  });

  it('runs the configured replicas when the HPA is off (all-external)', () => {
    expect(find('all-external-values.yaml', 'Deployment', name('chat')).spec.replicas).toBe(3);
    expect(manifests('all-external-values.yaml').some((m) => m.kind === 'HorizontalPodAutoscaler' && m.metadata.name === name('chat'))).toBe(false);
  });

  it('drains chat pods: preStop sleep, then a shutdown budget inside the grace period', () => {
    const deployment = find('default', 'Deployment', name('chat'));
    const pod = deployment.spec.template.spec;
    const sleep = Number(container(deployment).lifecycle.preStop.exec.command[1]);
    const grace = Number(find('default', 'ConfigMap', `${name('chat')}-config`).data!.SHUTDOWN_GRACE_MS);
    expect(sleep).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThanOrEqual(sleep * 1000 + grace);
  });

  it('refuses several chat pods without Redis', () => {
    const result = template('default', ['--set', 'redis.enabled=false']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('needs Redis');
  });
});

describe('routing', () => {
  const paths = (ingress: Manifest) =>
    Object.fromEntries(
      ingress.spec.rules[0].http.paths.map((p: { path: string; backend: { service: { name: string } } }) => [p.path, p.backend.service.name]),
    );

  it('sends /api to the gateway, / and /remotes/<name> to the front ends, socket.io to chat', () => {
    expect(paths(find('default', 'Ingress', RELEASE))).toEqual({
      '/api': name('gateway'),
      '/remotes/decisions': name('frontend-decisions'),
      '/remotes/elections': name('frontend-elections'),
      '/': name('frontend-shell'),
    });
    const socket = find('default', 'Ingress', `${RELEASE}-socket`);
    expect(paths(socket)).toEqual({ '/socket.io': name('chat') });
    expect(socket.metadata.annotations!['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
  });

  it('can send socket.io through the gateway instead', () => {
    expect(paths(find('existing-secret-values.yaml', 'Ingress', RELEASE))['/socket.io']).toBe(name('gateway'));
  });

  it('renders the shell /remotes.json from values and mounts it over the built one', () => {
    const configMap = find('default', 'ConfigMap', `${name('frontend-shell')}-remotes`);
    expect(JSON.parse(configMap.data!['remotes.json']!)).toEqual({
      decisions: '/remotes/decisions/mf-manifest.json',
      elections: '/remotes/elections/mf-manifest.json',
    });
    const shell = find('default', 'Deployment', name('frontend-shell'));
    expect(container(shell).volumeMounts).toContainEqual(
      expect.objectContaining({ mountPath: '/usr/share/nginx/html/remotes.json', subPath: 'remotes.json' }),
    );
    const moved = template('default', ['--set', 'frontends.shell.remotes.elections=https://cdn.example.org/elections/mf-manifest.json']);
    const movedShell = parseManifests(moved.stdout).find((m) => m.kind === 'Deployment' && m.metadata.name === name('frontend-shell'))!;
    // The new map rolls the shell pods (a subPath mount does not follow ConfigMap updates).
    expect(movedShell.spec.template.metadata.annotations['checksum/config']).not.toBe(shell.spec.template.metadata.annotations['checksum/config']);
  });

  it('rolls one component alone: each has its own image tag', () => {
    const set = 'all-external-values.yaml';
    expect(container(find(set, 'Deployment', name('identity'))).image).toBe('registry.example.org/civic-platform/civic/identity:1.4.1');
    expect(container(find(set, 'Deployment', name('chat'))).image).toBe('registry.example.org/civic-platform/civic/chat:1.4.0');
    expect(container(find(set, 'Deployment', name('frontend-decisions'))).image).toMatch(/civic\/frontend-decisions@sha256:/);
  });
});

describe('network policies (opt-in)', () => {
  const set = 'all-dependencies-values.yaml';
  const componentsIn = (peers: Array<{ podSelector?: { matchLabels?: Record<string, string>; matchExpressions?: Array<{ values: string[] }> } }>) =>
    peers.flatMap((peer) => [
      ...(peer.podSelector?.matchLabels?.['app.kubernetes.io/component'] ? [peer.podSelector.matchLabels['app.kubernetes.io/component']] : []),
      ...(peer.podSelector?.matchExpressions?.flatMap((e) => e.values) ?? []),
    ]);

  it('are off by default', () => {
    expect(manifests('default').filter((m) => m.kind === 'NetworkPolicy')).toEqual([]);
  });

  it('let services be called by the gateway only, and identity (JWKS) by the other services', () => {
    for (const service of SERVICES) {
      const policy = find(set, 'NetworkPolicy', name(service));
      const callers = policy.spec.ingress.flatMap((rule: { from: never[] }) => componentsIn(rule.from)).sort();
      const expected = service === 'identity' ? ['chat', 'decisions', 'elections', 'gateway', 'notifications'] : ['gateway'];
      expect([service, callers]).toEqual([service, expected]);
    }
  });

  it('let the gateway call the services and nothing else of ours', () => {
    const policy = find(set, 'NetworkPolicy', name('gateway'));
    const targets = policy.spec.egress.flatMap((rule: { to: never[] }) => componentsIn(rule.to)).sort();
    expect(targets).toEqual([...SERVICES].sort());
  });
});

describe('values', () => {
  it('rejects a typo in a value name (values.schema.json)', () => {
    const result = template('default', ['--set', 'chat.replicaCont=5']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("additional properties 'replicaCont' not allowed");
  });

  it('rejects a missing database with the fix in the message', () => {
    const result = template('default', ['--set', 'postgresql.enabled=false']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('no database for identity');
  });

  it('are all documented, and the README table is current (node deploy/scripts/values-doc.mjs --write)', () => {
    const { rows, undocumented } = valuesRows();
    expect(undocumented).toEqual([]);
    const readme = readFileSync(path.join(chartDir, 'README.md'), 'utf8');
    expect(renderReadme(readme, valuesTable(rows))).toBe(readme);
  });
});

describe('images', () => {
  const dockerfiles = readdirSync(dockerDir).filter((file) => file.endsWith('.Dockerfile'));

  it('has one Dockerfile per deployable, named like the chart repositories', () => {
    const values = parseAllDocuments(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'))[0]!.toJS();
    const repositories = [
      ...SERVICES.map((s) => values[s].image.repository),
      values.gateway.image.repository,
      ...FRONTENDS.map((f) => values.frontends[f].image.repository),
    ];
    expect(dockerfiles.map((file) => `civic/${file.replace('.Dockerfile', '')}`).sort()).toEqual(repositories.sort());
    const buildAll = readFileSync(path.join(dockerDir, 'build-all.sh'), 'utf8');
    for (const file of dockerfiles) expect(buildAll).toContain(file.replace('.Dockerfile', ''));
  });

  it.each(dockerfiles)('%s: multi-stage, non-root, health check, its own ignore file', (file) => {
    const text = readFileSync(path.join(dockerDir, file), 'utf8');
    const stages = text.split(/^FROM /m);
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const final = stages[stages.length - 1]!;
    const user = /^USER (\S+)/m.exec(final)?.[1];
    expect(user).toBeDefined();
    expect(user!.split(':')[0]).toMatch(/^[1-9][0-9]*$/); // numeric, not root: Kubernetes can check runAsNonRoot
    expect(final).toMatch(/^HEALTHCHECK /m);
    // The runtime stage takes built output only, never the workspace (and its dev dependencies).
    expect(final).not.toMatch(/^COPY \. /m);
    expect(final).not.toMatch(/pnpm install/);
    expect(readFileSync(path.join(dockerDir, `${file}.dockerignore`), 'utf8')).toBe(readFileSync(path.join(dockerDir, 'dockerignore.txt'), 'utf8'));
  });
});

// ------------------------------------------------------------------ helpers

type JsonSchema = Record<string, unknown>;

type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } };

/** Every variable name a Deployment's container gets: env entries and the keys of envFrom ConfigMaps. */
function envNames(set: string, deployment: Manifest): Set<string> {
  const c = container(deployment);
  const names = new Set<string>((c.env ?? []).map((e: EnvVar) => e.name));
  for (const source of c.envFrom ?? []) {
    for (const key of Object.keys(find(set, 'ConfigMap', source.configMapRef.name).data ?? {})) names.add(key);
  }
  return names;
}

/** Stand-ins for Secrets the chart does not render (existingSecret): values of the right shape. */
const SECRET_STAND_INS: Record<string, string> = {
  DATABASE_URL: 'postgresql://civic:secret@db.example.org:5432/civic',
  NATS_URL: 'nats://nats.example.org:4222',
  REDIS_URL: 'redis://redis.example.org:6379',
  SMTP_URL: 'smtp://smtp.example.org:587',
  IP_HASH_KEY: 'stand-in-ip-hash-key-0123456789abcdef',
};

/**
 * The environment a container would see: envFrom ConfigMaps, then env entries in order, secrets
 * read from the rendered Secrets (or stand-ins), $(VAR) references expanded as Kubernetes does.
 */
function resolvedEnv(set: string, deployment: Manifest): Record<string, string> {
  const c = container(deployment);
  const env: Record<string, string> = {};
  for (const source of c.envFrom ?? []) Object.assign(env, find(set, 'ConfigMap', source.configMapRef.name).data);
  for (const entry of (c.env ?? []) as EnvVar[]) {
    if (entry.value !== undefined) {
      env[entry.name] = entry.value.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, variable: string) => env[variable] ?? whole);
      continue;
    }
    const ref = entry.valueFrom?.secretKeyRef;
    if (!ref) continue;
    const secret = manifests(set).find((m) => m.kind === 'Secret' && m.metadata.name === ref.name);
    if (secret) {
      const data = secret.data?.[ref.key];
      if (data !== undefined) env[entry.name] = Buffer.from(data, 'base64').toString('utf8');
      else if (!ref.optional) throw new Error(`${deployment.metadata.name}: Secret ${ref.name} has no key ${ref.key}`);
    } else {
      env[entry.name] = SECRET_STAND_INS[entry.name] ?? 'stand-in';
    }
  }
  return env;
}

/** The constraints of a JSON schema that the chart and the service must agree on. */
function constraints(schema: unknown): Record<string, unknown> {
  const s = schema as JsonSchema;
  const literals = Array.isArray(s['anyOf']) ? (s['anyOf'] as Array<{ const?: unknown }>).map((option) => option.const) : undefined;
  return {
    type: s['type'] ?? (literals ? typeof literals[0] : undefined),
    enum: (s['enum'] as unknown[] | undefined) ?? literals,
    minimum: s['minimum'],
    maximum: s['maximum'],
    minLength: s['minLength'],
    pattern: s['pattern'],
  };
}
