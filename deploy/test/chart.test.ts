// Chart checks: every component chart alone (as its team installs it) and the all-in-one
// civic-platform chart with its ci/ values. helm lint --strict, byte-identical renders, every object
// validated offline against the Kubernetes API schemas (kubernetes-models; prometheus-operator's
// CRDs for the opt-in monitoring objects, see monitoring.test.ts), releases that never
// share an object, migration Jobs tied to the image, chat's refusals, remote versions, and every
// configuration key a service reads present in its chart.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '@civic/service-kit';
import { runHelm } from '../scripts/helm.mjs';
import { CONFIG_SCHEMAS } from './support/config-schemas.js';
import { chartDirs, renderReadme, valuesRows, valuesTable } from '../scripts/values-doc.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const helmDir = path.join(repo, 'deploy/helm');
const umbrellaDir = path.join(helmDir, 'civic-platform');
const NAMESPACE = 'civic';
const UMBRELLA_RELEASE = 'civic';

const SERVICES = ['identity', 'decisions', 'elections', 'chat', 'notifications'] as const;
const REMOTES = ['decisions-remote', 'elections-remote'] as const;
const COMPONENTS = [...SERVICES, 'gateway', 'shell', ...REMOTES] as const;
type Component = (typeof COMPONENTS)[number];

/**
 * Settings a component reads that the chart leaves to their default on purpose, with the reason.
 * Everything else a service's config schema declares must be set by its chart.
 */
const LEFT_TO_DEFAULT: Record<string, Record<string, string>> = {
  notifications: { ALERTS_SERVICE_TOKEN: 'every alert comes from events; no service of the chart creates alerts over HTTP, so only moderators may' },
  elections: { ELECTIONS_CLOCK_CONTROL: 'browser-test stacks only: lets a test move the election clock; never on in a cluster' },
  decisions: { DECISIONS_PHASE_CONTROL: 'browser-test stacks only: lets a test end a cycle phase now; never on in a cluster' },
  gateway: {
    SHELL_DIST: 'single-machine mode only: in Kubernetes the shell is a release of its own behind the Ingress',
    DECISIONS_REMOTE_DIST: 'single-machine mode only: the decisions remote is a release of its own',
    ELECTIONS_REMOTE_DIST: 'single-machine mode only: the elections remote is a release of its own',
    DECISIONS_REMOTE_VERSION: 'single-machine mode only: in Kubernetes the remote release chooses its version (activeVersion)',
    ELECTIONS_REMOTE_VERSION: 'single-machine mode only: in Kubernetes the remote release chooses its version (activeVersion)',
  },
};
for (const service of SERVICES) {
  LEFT_TO_DEFAULT[service] = {
    ...LEFT_TO_DEFAULT[service],
    READ_EVENT_VERSIONS_UP_TO: 'rehearsal only: makes a consumer act as a build that predates an event version',
  };
}

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

const chartDir = (chart: string) => path.join(helmDir, chart);
const umbrellaCi = readdirSync(path.join(umbrellaDir, 'ci'))
  .filter((file) => file.endsWith('.yaml'))
  .sort();
const UMBRELLA_SETS = ['default', ...umbrellaCi];
const umbrellaArgs = (set: string) => (set === 'default' ? [] : ['--values', path.join(umbrellaDir, 'ci', set)]);

/** helm template of one chart as its own release (named after it); stdout, or throws with stderr. */
function templateText(chart: string, args: string[] = [], release = chart): { status: number; stdout: string; stderr: string } {
  return runHelm(['template', release, chartDir(chart), '--namespace', NAMESPACE, ...args]);
}
function render(chart: string, args: string[] = [], release = chart): Manifest[] {
  const result = templateText(chart, args, release);
  if (result.status !== 0) throw new Error(`helm template ${chart} ${args.join(' ')} failed:\n${result.stderr}`);
  return parseManifests(result.stdout);
}

function parseManifests(text: string): Manifest[] {
  const docs = parseAllDocuments(text);
  for (const doc of docs) if (doc.errors.length > 0) throw new Error(doc.errors.map((e) => e.message).join('\n'));
  return docs.map((doc) => doc.toJS() as Manifest | null).filter((m): m is Manifest => m !== null);
}

const rendered = new Map<string, Manifest[]>();
const umbrella = (set: string) => rendered.get(`umbrella:${set}`)!;
const alone = (chart: string) => rendered.get(`alone:${chart}`)!;

beforeAll(() => {
  for (const chart of COMPONENTS) rendered.set(`alone:${chart}`, render(chart));
  for (const set of UMBRELLA_SETS) rendered.set(`umbrella:${set}`, render('civic-platform', umbrellaArgs(set), UMBRELLA_RELEASE));
});

const findIn = (manifests: Manifest[], kind: string, objectName: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === objectName);
  if (!found) throw new Error(`no ${kind} ${objectName} in ${manifests.map((m) => `${m.kind}/${m.metadata.name}`).join(', ')}`);
  return found;
};
const ofKind = (manifests: Manifest[], kind: string) => manifests.filter((m) => m.kind === kind);
const container = (deployment: Manifest) => deployment.spec.template.spec.containers[0];
const key = (m: Manifest) => `${m.kind}/${m.metadata.name}`;
/** The umbrella's object of a component: named <release>-<component>. */
const inUmbrella = (set: string, kind: string, component: string, suffix = '') => findIn(umbrella(set), kind, `${UMBRELLA_RELEASE}-${component}${suffix}`);

describe('every chart', () => {
  /** Each component chart with its defaults, the all-in-one chart with each of its ci/ value sets. */
  const cases: Array<[string, string, string[]]> = [
    ...COMPONENTS.map((chart): [string, string, string[]] => [chart, chart, []]),
    ...UMBRELLA_SETS.map((set): [string, string, string[]] => [`civic-platform (${set} values)`, 'civic-platform', umbrellaArgs(set)]),
  ];

  it.each(cases)('%s passes helm lint --strict', (_label, chart, args) => {
    const lint = runHelm(['lint', '--strict', chartDir(chart), '--namespace', NAMESPACE, ...args]);
    expect(lint.stdout + lint.stderr).toContain('0 chart(s) failed');
    expect(lint.status).toBe(0);
  });

  it.each(cases)('%s renders byte-identical output twice (no lookup, no random values)', (_label, chart, args) => {
    const first = templateText(chart, args);
    const second = templateText(chart, args);
    expect(first.status).toBe(0);
    expect(second.stdout).toBe(first.stdout);
  });

  it('templates use neither lookup nor random functions, and render no Secret', () => {
    const templates = chartDirs()
      .concat(chartDir('platform-lib'), path.join(umbrellaDir, 'charts/postgresql'), path.join(umbrellaDir, 'charts/nats'), path.join(umbrellaDir, 'charts/redis'))
      .flatMap((dir) => readdirSync(path.join(dir, 'templates')).map((file) => path.join(dir, 'templates', file)));
    // String literals aside: a dashboard's time range "now-6h" is text, not the function now.
    const code = (file: string) => readFileSync(file, 'utf8').replace(/"(?:[^"\\]|\\.)*"/g, '""');
    const offending = templates.filter((file) => /\b(lookup|rand[A-Za-z]*|uuidv4|genPrivateKey|genCA|now)\b/.test(code(file)));
    expect(offending).toEqual([]);
    for (const [name, manifests] of rendered) expect([name, ofKind(manifests, 'Secret').map(key)]).toEqual([name, []]);
  });

  it('validates every rendered object against the Kubernetes API schemas', async () => {
    const problems: string[] = [];
    for (const [name, manifests] of rendered) {
      for (const manifest of manifests) {
        // prometheus-operator's kinds (ServiceMonitor, PrometheusRule) come from their CRD schemas.
        const models = manifest.apiVersion.startsWith('monitoring.coreos.com/') ? '@kubernetes-models/prometheus-operator' : 'kubernetes-models';
        const module = (await import(`${models}/${manifest.apiVersion}/${manifest.kind}`)) as Record<string, new (data: unknown) => { validate(): void }>;
        const Model = module[manifest.kind];
        if (!Model) {
          problems.push(`${name}: ${manifest.apiVersion} ${manifest.kind}: no model`);
          continue;
        }
        try {
          new Model(manifest).validate();
        } catch (error) {
          problems.push(`${name}: ${key(manifest)}: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the shared global block the same in every chart (values and schema)', () => {
    const globals = chartDirs().map((dir) => {
      const values = readYaml(path.join(dir, 'values.yaml'));
      const schema = JSON.parse(readFileSync(path.join(dir, 'values.schema.json'), 'utf8'));
      // The all-in-one chart prefixes names with its release and points NetworkPolicies at its bundled services.
      const { namePrefix: _prefix, networkPolicy, ...rest } = values.global;
      const { dependencies: _dependencies, ...policy } = networkPolicy;
      return JSON.stringify({ values: { ...rest, networkPolicy: policy }, schema: schema.$defs.global });
    });
    expect(new Set(globals).size).toBe(1);
  });
});

describe('a release per component', () => {
  it.each(COMPONENTS)('%s alone renders only its own objects, named after it and labelled with it', (chart) => {
    for (const manifest of alone(chart)) {
      expect([key(manifest), manifest.metadata.name.startsWith(chart)]).toEqual([key(manifest), true]);
      expect(manifest.metadata.labels?.['app.kubernetes.io/name']).toBe(chart);
      expect(manifest.metadata.labels?.['app.kubernetes.io/instance']).toBe(chart);
    }
  });

  it('no two component releases render an object of the same kind and name', () => {
    const owners = new Map<string, string[]>();
    for (const chart of COMPONENTS) for (const manifest of alone(chart)) owners.set(key(manifest), [...(owners.get(key(manifest)) ?? []), chart]);
    expect([...owners].filter(([, charts]) => charts.length > 1)).toEqual([]);
  });

  it('the all-in-one chart is exactly the component charts (with its prefix) plus the bundled services', () => {
    const fromComponents = COMPONENTS.flatMap((chart) => render(chart, ['--set', `global.namePrefix=${UMBRELLA_RELEASE}-`], UMBRELLA_RELEASE).map(key));
    const bundled = ['postgresql', 'nats', 'redis'].flatMap((dep) => [`Service/${UMBRELLA_RELEASE}-${dep}`]);
    const all = umbrella('default').map(key);
    expect(all.filter((k) => !fromComponents.includes(k) && !/-(postgresql|nats|redis)$/.test(k))).toEqual([]);
    expect(fromComponents.filter((k) => !all.includes(k))).toEqual([]);
    for (const service of bundled) expect(all).toContain(service);
  });

  it('services find each other through the shared name prefix', () => {
    const gateway = findIn(alone('gateway'), 'ConfigMap', 'gateway-config');
    expect(gateway.data!['CHAT_URL']).toBe('http://chat:4004');
    // The origin of the gateway's CSRF rule is the public one the services get, from the same value.
    expect(gateway.data!['PUBLIC_URL']).toBe('http://localhost:8080');
    const https = findIn(render('gateway', ['--set', 'global.publicUrl=https://civic.example.org/']), 'ConfigMap', 'gateway-config');
    expect(https.data!['PUBLIC_URL']).toBe('https://civic.example.org');
    for (const component of ['gateway', 'chat']) {
      expect([component, inUmbrella('all-external-values.yaml', 'ConfigMap', component, '-config').data!['PUBLIC_URL']]).toEqual([component, 'https://civic.example.org']);
    }
    const prefixed = inUmbrella('default', 'ConfigMap', 'gateway', '-config');
    expect(prefixed.data!['IDENTITY_URL']).toBe('http://civic-identity:4001');
    const chatEnv = container(inUmbrella('default', 'Deployment', 'chat')).env as EnvVar[];
    expect(chatEnv.find((e) => e.name === 'JWKS_URL')?.value).toBe('http://civic-identity:4001/api/auth/jwks');
    expect(inUmbrella('default', 'Service', 'identity').spec.ports[0].port).toBe(4001);
  });
});

describe('migrations', () => {
  const jobs = (manifests: Manifest[]) => ofKind(manifests, 'Job');

  it.each(SERVICES)('%s: one Job of its image, not a hook, and pods that wait for their schema', (service) => {
    const [job, ...others] = jobs(alone(service));
    expect(others).toEqual([]);
    expect(job!.metadata.name).toMatch(new RegExp(`^${service}-migrate-0-1-0-[0-9a-f]{8}$`));
    expect(job!.metadata.annotations?.['helm.sh/hook']).toBeUndefined();
    const migrate = job!.spec.template.spec.containers[0];
    const deployment = findIn(alone(service), 'Deployment', service);
    expect(migrate.image).toBe(container(deployment).image);
    expect(migrate.command).toEqual(['node', 'packages/db-migrate/dist/cli.js', 'apply', service, '--wait-for-database', '300']);
    const [wait] = deployment.spec.template.spec.initContainers;
    expect(wait.command).toEqual(['node', 'packages/db-migrate/dist/cli.js', 'wait', service]);
    expect(wait.image).toBe(container(deployment).image);
    expect(wait.env).toEqual(migrate.env);
    // A Job's pods never match the Service: traffic only reaches serving pods.
    const selector = findIn(alone(service), 'Service', service).spec.selector as Record<string, string>;
    const jobLabels = job!.spec.template.metadata.labels as Record<string, string>;
    expect(Object.entries(selector).every(([label, value]) => jobLabels[label] === value)).toBe(false);
  });

  it('a values-only upgrade of chat (replicas, HPA bounds, resources) renders the very same Job', () => {
    const scaled = render('chat', [
      '--set', 'replicaCount=7',
      '--set', 'autoscaling.minReplicas=6',
      '--set', 'autoscaling.maxReplicas=40',
      '--set', 'resources.requests.cpu=1',
      '--set', 'resources.limits.memory=2Gi',
    ]);
    expect(jobs(scaled)).toEqual(jobs(alone('chat')));
    expect(findIn(scaled, 'HorizontalPodAutoscaler', 'chat').spec.maxReplicas).toBe(40);
    const fixed = render('chat', ['--set', 'autoscaling.enabled=false', '--set', 'replicaCount=5']);
    expect(jobs(fixed)).toEqual(jobs(alone('chat')));
    expect(jobs(umbrella('chat-scaled-values.yaml'))).toEqual(jobs(umbrella('default')));
  });

  it('a new image is a new Job named after its version (tag or digest)', () => {
    const [byTag] = jobs(render('decisions', ['--set', 'image.tag=1.5.0-3f2a9c1']));
    expect(byTag!.metadata.name).toMatch(/^decisions-migrate-1-5-0-3f2a9c1-[0-9a-f]{8}$/);
    const digest = `sha256:${'ab12'.repeat(16)}`;
    const [byDigest] = jobs(render('decisions', ['--set', `image.digest=${digest}`]));
    expect(byDigest!.metadata.name).toMatch(/^decisions-migrate-ab12ab12ab12-[0-9a-f]{8}$/);
    expect(byDigest!.spec.template.spec.containers[0].image).toBe(`civic/decisions@${digest}`);
  });

  it('a migration-only database URL reaches the Job, never the pods (PgBouncer in transaction mode)', () => {
    const databaseKey = (env: EnvVar[]) => env.find((e) => e.name === 'DATABASE_URL')!.valueFrom!.secretKeyRef!.key;
    const keys = (manifests: Manifest[], service: string) => {
      const deployment = findIn(manifests, 'Deployment', service);
      return {
        job: databaseKey(jobs(manifests)[0]!.spec.template.spec.containers[0].env),
        pod: databaseKey(container(deployment).env),
        waitForSchema: databaseKey(deployment.spec.template.spec.initContainers[0].env),
      };
    };
    expect(keys(alone('decisions'), 'decisions')).toEqual({ job: 'database-url', pod: 'database-url', waitForSchema: 'database-url' });
    const global = ['--set', 'global.secretKeys.migrationDatabaseUrl=migration-database-url'];
    expect(keys(render('decisions', global), 'decisions')).toEqual({ job: 'migration-database-url', pod: 'database-url', waitForSchema: 'database-url' });
    // A service in a database of its own never migrates the platform's: its own key, else its pods' URL.
    const own = [...global, '--set', 'databaseUrlKey=elections-database-url'];
    expect(keys(render('elections', own), 'elections')).toEqual({ job: 'elections-database-url', pod: 'elections-database-url', waitForSchema: 'elections-database-url' });
    expect(keys(render('elections', [...own, '--set', 'migrationDatabaseUrlKey=elections-migration-database-url']), 'elections')).toEqual({
      job: 'elections-migration-database-url',
      pod: 'elections-database-url',
      waitForSchema: 'elections-database-url',
    });
  });

  it('the bundled install has no hook, so helm install --wait can finish', () => {
    for (const manifest of umbrella('default')) expect([key(manifest), manifest.metadata.annotations?.['helm.sh/hook']]).toEqual([key(manifest), undefined]);
    // Each Job waits for the bundled PostgreSQL; each service pod waits for its schema.
    expect(jobs(umbrella('default'))).toHaveLength(SERVICES.length);
    for (const service of SERVICES) expect(inUmbrella('default', 'Deployment', service).spec.template.spec.initContainers[0].name).toBe('wait-for-schema');
  });
});

describe('chat across pods', () => {
  const config = (manifests: Manifest[]) => findIn(manifests, 'ConfigMap', 'chat-config').data!;

  it('tells chat its transports, public origin and other allowed origins', () => {
    expect(config(alone('chat'))).toMatchObject({ SOCKET_TRANSPORTS: 'websocket,polling', PUBLIC_URL: 'http://localhost:8080', CORS_ORIGINS: '' });
    const websocketOnly = render('chat', ['--set', 'socketIo.transports={websocket}', '--set', 'global.publicUrl=https://civic.example.org/']);
    expect(config(websocketOnly)).toMatchObject({ SOCKET_TRANSPORTS: 'websocket', PUBLIC_URL: 'https://civic.example.org' });
  });

  it('refuses polling across several pods without sticky sessions, naming the fixes', () => {
    for (const args of [
      ['--set', 'socketIo.stickySessions=false'],
      ['--set', 'socketIo.stickySessions=false', '--set', 'autoscaling.enabled=false', '--set', 'replicaCount=3'],
      ['--set', 'socketIo.stickySessions=false', '--set', 'autoscaling.enabled=true', '--set', 'replicaCount=1'],
    ]) {
      const result = templateText('chat', args);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('chat: socket.io long-polling across several chat pods needs sticky sessions');
      expect(result.stderr).toContain('socketIo.transports=[websocket]');
    }
    const viaUmbrella = runHelm(['template', UMBRELLA_RELEASE, umbrellaDir, '--set', 'chat.socketIo.stickySessions=false']);
    expect(viaUmbrella.stderr).toContain('needs sticky sessions');
  });

  it('accepts websocket only behind any balancer, and polling with one pod', () => {
    expect(templateText('chat', ['--set', 'socketIo.stickySessions=false', '--set', 'socketIo.transports={websocket}']).status).toBe(0);
    expect(templateText('chat', ['--set', 'socketIo.stickySessions=false', '--set', 'autoscaling.enabled=false', '--set', 'replicaCount=1']).status).toBe(0);
    expect(templateText('chat', ['--set', 'socketIo.transports={polling}']).stderr).toContain('must include websocket');
  });

  it('needs the Redis URL key with several pods, and leaves it optional for one', () => {
    const redis = (manifests: Manifest[]) => (container(findIn(manifests, 'Deployment', 'chat')).env as EnvVar[]).find((e) => e.name === 'REDIS_URL')!;
    expect(redis(alone('chat')).valueFrom?.secretKeyRef?.optional).toBeUndefined();
    expect(redis(render('chat', ['--set', 'autoscaling.enabled=false', '--set', 'replicaCount=1'])).valueFrom?.secretKeyRef?.optional).toBe(true);
  });

  it('tells chat when it is one of several pods (it then refuses to start without Redis), and refuses several pods without the Redis key', () => {
    const onePod = ['--set', 'autoscaling.enabled=false', '--set', 'replicaCount=1'];
    expect(config(alone('chat')).CHAT_MULTI_INSTANCE).toBe('true');
    expect(config(render('chat', ['--set', 'autoscaling.enabled=false', '--set', 'replicaCount=2'])).CHAT_MULTI_INSTANCE).toBe('true');
    expect(config(render('chat', onePod)).CHAT_MULTI_INSTANCE).toBe('false');
    for (const set of UMBRELLA_SETS) expect([set, resolvedEnv(umbrella(set), inUmbrella(set, 'Deployment', 'chat')).CHAT_MULTI_INSTANCE]).toEqual([set, 'true']);
    for (const args of [[], ['--set', 'autoscaling.enabled=false', '--set', 'replicaCount=3']]) {
      const result = templateText('chat', [...args, '--set', 'global.secretKeys.redisUrl=null']);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('chat: several chat pods (replicaCount > 1 or autoscaling.enabled) share their rooms only through Redis');
    }
    expect(templateText('chat', [...onePod, '--set', 'global.secretKeys.redisUrl=null']).status).toBe(0);
    // The chat a chart starts accepts these settings only with a REDIS_URL, as the one-machine stack's does.
    const env = resolvedEnv(alone('chat'), findIn(alone('chat'), 'Deployment', 'chat'));
    expect(() => loadConfig(CONFIG_SCHEMAS.chat!, env)).not.toThrow();
    expect(() => loadConfig(CONFIG_SCHEMAS.chat!, { ...env, REDIS_URL: '' })).toThrow();
  });

  it('routes socket.io straight to chat with stickiness, also websocket only', () => {
    const socket = findIn(alone('chat'), 'Ingress', 'chat-socket');
    expect(paths(socket)).toEqual({ '/socket.io': 'chat' });
    expect(socket.metadata.annotations!['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
    const set = 'websocket-only-values.yaml';
    expect(paths(inUmbrella(set, 'Ingress', 'chat', '-socket'))).toEqual({ '/socket.io': 'civic-chat' });
    expect(paths(inUmbrella(set, 'Ingress', 'gateway'))).toEqual({ '/api': 'civic-gateway' });
  });

  it('gives /socket.io one owner, chat: exactly one Ingress path over both releases, or a render failure naming the rule', () => {
    const GATEWAY_REFUSAL = 'gateway: ingress.socketIo=true is refused: the /socket.io path belongs to chat';
    const CHAT_REFUSAL = 'chat: socketIo.ingress.enabled=false while global.ingress.enabled=true would leave /socket.io unrouted';
    type Outcome = { socketPaths: number } | { failure: string };
    const socketPaths = (manifests: Manifest[]) => ofKind(manifests, 'Ingress').flatMap((ingress) => Object.keys(paths(ingress))).filter((p) => p === '/socket.io').length;
    /** The /socket.io paths of a release's Ingresses, or its render failure (cached: one helm run per release's values). */
    const outcomes = new Map<string, Outcome>();
    const outcome = (chart: 'chat' | 'gateway', args: string[]): Outcome => {
      const cacheKey = `${chart} ${args.join(' ')}`;
      if (!outcomes.has(cacheKey)) {
        if (args.length === 0) outcomes.set(cacheKey, { socketPaths: socketPaths(alone(chart)) });
        else {
          const result = templateText(chart, args);
          outcomes.set(cacheKey, result.status === 0 ? { socketPaths: socketPaths(parseManifests(result.stdout)) } : { failure: result.stderr });
        }
      }
      return outcomes.get(cacheKey)!;
    };
    const combos: Array<[string, string[], string[], 'one' | 'none' | typeof GATEWAY_REFUSAL | typeof CHAT_REFUSAL]> = [];
    for (const chatIngress of [true, false]) {
      for (const chatSocket of [true, false]) {
        for (const gatewayIngress of [true, false]) {
          for (const gatewaySocket of [true, false]) {
            const chatArgs = [
              ...(chatIngress ? [] : ['--set', 'global.ingress.enabled=false']),
              ...(chatSocket ? [] : ['--set', 'socketIo.ingress.enabled=false']),
            ];
            const gatewayArgs = [...(gatewayIngress ? [] : ['--set', 'global.ingress.enabled=false']), ...(gatewaySocket ? ['--set', 'ingress.socketIo=true'] : [])];
            const expected = gatewaySocket ? GATEWAY_REFUSAL : chatIngress && !chatSocket ? CHAT_REFUSAL : chatIngress ? 'one' : 'none';
            combos.push([`chat ingress ${chatIngress}, socket ${chatSocket}; gateway ingress ${gatewayIngress}, socketIo ${gatewaySocket}`, chatArgs, gatewayArgs, expected]);
          }
        }
      }
    }
    for (const [label, chatArgs, gatewayArgs, expected] of combos) {
      const releases = [outcome('chat', chatArgs), outcome('gateway', gatewayArgs)];
      const failures = releases.flatMap((o) => ('failure' in o ? [o.failure] : []));
      if (expected === GATEWAY_REFUSAL || expected === CHAT_REFUSAL) {
        expect([label, failures.some((f) => f.includes(expected))]).toEqual([label, true]);
        continue;
      }
      expect([label, failures]).toEqual([label, []]);
      const total = releases.reduce((sum, o) => sum + ('socketPaths' in o ? o.socketPaths : 0), 0);
      // Ingress off in chat's release: the operator routes /socket.io in an Ingress of their own.
      expect([label, total]).toEqual([label, expected === 'one' ? 1 : 0]);
    }
    // The all-in-one chart passes both refusals through.
    expect(runHelm(['template', UMBRELLA_RELEASE, umbrellaDir, '--set', 'gateway.ingress.socketIo=true']).stderr).toContain(GATEWAY_REFUSAL);
    expect(runHelm(['template', UMBRELLA_RELEASE, umbrellaDir, '--set', 'chat.socketIo.ingress.enabled=false']).stderr).toContain(CHAT_REFUSAL);
  });

  it('scales chat to 5 pods with the HPA (chat-scaled), the HPA owning the replica count', () => {
    const hpa = inUmbrella('chat-scaled-values.yaml', 'HorizontalPodAutoscaler', 'chat');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'civic-chat' });
    expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([5, 20]);
    expect(inUmbrella('chat-scaled-values.yaml', 'Deployment', 'chat').spec.replicas).toBeUndefined();
    expect(inUmbrella('all-external-values.yaml', 'Deployment', 'chat').spec.replicas).toBe(3);
  });

  it('drains chat pods: preStop sleep, then a shutdown budget inside the grace period', () => {
    const deployment = findIn(alone('chat'), 'Deployment', 'chat');
    const sleep = Number(container(deployment).lifecycle.preStop.exec.command[1]);
    const grace = Number(config(alone('chat'))['SHUTDOWN_GRACE_MS']);
    expect(sleep).toBeGreaterThan(0);
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThanOrEqual(sleep * 1000 + grace);
    expect(templateText('chat', ['--set', 'terminationGracePeriodSeconds=20']).stderr).toContain('must cover preStopSleepSeconds');
  });
});

describe('peak value sets only scale', () => {
  /** The chat-scaled and peak-* sets: what an operator applies during a peak, so they may not restart a pod. */
  const SCALING_SETS = UMBRELLA_SETS.filter((set) => set.includes('peak') || set === 'chat-scaled-values.yaml');

  it('are the chat-scaled and both peak sets, each setting only replica counts and HPA bounds', () => {
    expect(SCALING_SETS).toEqual(expect.arrayContaining(['chat-scaled-values.yaml', 'peak-100k-values.yaml', 'peak-1m-values.yaml']));
    for (const set of SCALING_SETS) {
      const values = readYaml(path.join(umbrellaDir, 'ci', set)) as Record<string, Record<string, unknown>>;
      for (const [component, settings] of Object.entries(values)) {
        expect([set, component, (COMPONENTS as readonly string[]).includes(component)]).toEqual([set, component, true]);
        expect([set, component, Object.keys(settings).filter((k) => k !== 'replicaCount' && k !== 'autoscaling')]).toEqual([set, component, []]);
      }
    }
  });

  it.each(SCALING_SETS)('%s renders the defaults pod templates: only HPAs and replica counts differ', (set) => {
    const byKey = new Map(umbrella('default').map((m) => [key(m), m]));
    const withoutReplicas = (m: Manifest) => (m.spec && 'replicas' in m.spec ? { ...m, spec: { ...m.spec, replicas: undefined } } : m);
    const changed: string[] = [];
    for (const manifest of umbrella(set)) {
      if (manifest.kind === 'HorizontalPodAutoscaler') continue;
      const before = byKey.get(key(manifest));
      if (!before || JSON.stringify(withoutReplicas(manifest)) !== JSON.stringify(withoutReplicas(before))) changed.push(key(manifest));
    }
    expect(changed).toEqual([]);
    const removed = umbrella('default').filter((m) => m.kind !== 'HorizontalPodAutoscaler' && !umbrella(set).some((s) => key(s) === key(m)));
    expect(removed.map(key)).toEqual([]);
    // The pod templates themselves (and so their checksums) are the defaults'.
    for (const deployment of ofKind(umbrella(set), 'Deployment')) {
      expect([set, key(deployment), deployment.spec.template]).toEqual([set, key(deployment), byKey.get(key(deployment))!.spec.template]);
    }
  });

  it('keeps what restarts pods in sizing sets whose header says so', () => {
    const sizing = umbrellaCi.filter((set) => set.startsWith('sizing-'));
    expect(sizing).toEqual(expect.arrayContaining(['sizing-chat-values.yaml', 'sizing-100k-values.yaml', 'sizing-1m-values.yaml']));
    for (const set of sizing) expect([set, readFileSync(path.join(umbrellaDir, 'ci', set), 'utf8').startsWith('# RESTARTS')]).toEqual([set, true]);
  });
});

describe('remote versions', () => {
  const deployments = (manifests: Manifest[], component: string) =>
    ofKind(manifests, 'Deployment').filter((m) => m.metadata.labels!['app.kubernetes.io/name'] === component);

  it('runs one Deployment and Service per version; the active one answers the stable manifest URL', () => {
    const manifests = render('decisions-remote', ['--set', 'versions={1.4.0,1.5.0-8d0e4b2}', '--set', 'activeVersion=1.4.0']);
    expect(deployments(manifests, 'decisions-remote').map((d) => container(d).image)).toEqual([
      'civic/frontend-decisions:1.4.0',
      'civic/frontend-decisions:1.5.0-8d0e4b2',
    ]);
    findIn(manifests, 'Service', 'decisions-remote-1-5-0-8d0e4b2');
    expect(findIn(manifests, 'PodDisruptionBudget', 'decisions-remote-1-4-0').spec.selector.matchLabels['civic.io/remote-version']).toBe('1.4.0');
    const ingress = findIn(manifests, 'Ingress', 'decisions-remote');
    expect(paths(ingress)).toEqual({
      '/remotes/decisions/mf-manifest.json': 'decisions-remote-1-4-0',
      '/remotes/decisions/1.4.0': 'decisions-remote-1-4-0',
      '/remotes/decisions/1.5.0-8d0e4b2': 'decisions-remote-1-5-0-8d0e4b2',
    });
    expect(ingress.spec.rules[0].http.paths[0].pathType).toBe('Exact');
  });

  it('a new remote tag changes only that remote objects', () => {
    const before = umbrella('default');
    const after = inUmbrellaRender(['--set', 'decisions-remote.versions={0.1.0,0.2.0}']);
    const changed = after.filter((m) => JSON.stringify(m) !== JSON.stringify(before.find((b) => key(b) === key(m)))).map(key);
    expect(changed.sort()).toEqual(
      ['Deployment/civic-decisions-remote-0-2-0', 'Service/civic-decisions-remote-0-2-0', 'PodDisruptionBudget/civic-decisions-remote-0-2-0', 'Ingress/civic-decisions-remote'].sort(),
    );
    expect(before.filter((b) => !after.some((m) => key(m) === key(b)))).toEqual([]);
  });

  it('rolls back by values alone: activeVersion moves the manifest route, nothing else', () => {
    const two = ['--set', 'versions={1.4.0,1.5.0}'];
    const current = render('decisions-remote', two);
    const rolledBack = render('decisions-remote', [...two, '--set', 'activeVersion=1.4.0']);
    const changed = rolledBack.filter((m) => JSON.stringify(m) !== JSON.stringify(current.find((c) => key(c) === key(m)))).map(key);
    expect(changed).toEqual(['Ingress/decisions-remote']);
    expect(paths(findIn(rolledBack, 'Ingress', 'decisions-remote'))['/remotes/decisions/mf-manifest.json']).toBe('decisions-remote-1-4-0');
    expect(templateText('decisions-remote', [...two, '--set', 'activeVersion=1.3.0']).stderr).toContain('activeVersion 1.3.0 is not one of versions');
  });

  it('the shell reads /remotes.json from values, each remote at its stable manifest URL', () => {
    const configMap = findIn(alone('shell'), 'ConfigMap', 'shell-remotes');
    expect(JSON.parse(configMap.data!['remotes.json']!)).toEqual({
      decisions: '/remotes/decisions/mf-manifest.json',
      elections: '/remotes/elections/mf-manifest.json',
    });
    expect(container(findIn(alone('shell'), 'Deployment', 'shell')).volumeMounts).toContainEqual(
      expect.objectContaining({ mountPath: '/usr/share/nginx/html/remotes.json', subPath: 'remotes.json' }),
    );
    expect(paths(findIn(alone('shell'), 'Ingress', 'shell'))).toEqual({ '/': 'shell' });
  });
});

describe('workloads', () => {
  const everyDeployment = () => [...rendered.values()].flatMap((manifests) => ofKind(manifests, 'Deployment').filter((d) => d.metadata.labels?.['app.kubernetes.io/part-of'] === 'civic-platform' && !/-(redis)$/.test(d.metadata.name)));

  it('probes: startup and liveness on /healthz (no other system), readiness on /readyz', () => {
    for (const deployment of everyDeployment()) {
      const c = container(deployment);
      expect([deployment.metadata.name, c.startupProbe.httpGet.path, c.livenessProbe.httpGet.path, c.readinessProbe.httpGet.path]).toEqual([
        deployment.metadata.name,
        '/healthz',
        '/healthz',
        '/readyz',
      ]);
      expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
      expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      expect(c.resources.requests).toBeDefined();
    }
  });

  it('every Deployment has a PodDisruptionBudget selecting its pods and a default topology spread', () => {
    for (const [name, manifests] of rendered) {
      for (const deployment of ofKind(manifests, 'Deployment').filter((d) => !/-(redis)$/.test(d.metadata.name))) {
        const selector = deployment.spec.selector.matchLabels as Record<string, string>;
        const pdb = findIn(manifests, 'PodDisruptionBudget', deployment.metadata.name);
        expect([name, pdb.spec.selector.matchLabels]).toEqual([name, selector]);
        const spread = deployment.spec.template.spec.topologySpreadConstraints as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
        expect(spread.map((c) => c['topologyKey'])).toEqual(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
        for (const constraint of spread) {
          expect(constraint['labelSelector'].matchLabels).toEqual(selector);
          expect(constraint['whenUnsatisfiable']).toBe('ScheduleAnyway');
        }
      }
    }
  });

  it('pull policy matches the tag: IfNotPresent for versions and digests, Always for moving tags', () => {
    const policy = (args: string[]) => container(findIn(render('gateway', args), 'Deployment', 'gateway')).imagePullPolicy;
    expect(policy([])).toBe('IfNotPresent');
    expect(policy(['--set', 'image.tag=1.4.0-3f2a9c1'])).toBe('IfNotPresent');
    expect(policy(['--set', `image.digest=sha256:${'0'.repeat(64)}`, '--set', 'image.tag=latest'])).toBe('IfNotPresent');
    expect(policy(['--set', 'image.tag=latest'])).toBe('Always');
    expect(policy(['--set', 'image.tag=main'])).toBe('Always');
    expect(policy(['--set', 'image.tag=main', '--set', 'image.pullPolicy=IfNotPresent'])).toBe('IfNotPresent');
  });

  it('each component rolls alone: its own image tag, registry from global', () => {
    const set = 'all-external-values.yaml';
    expect(container(inUmbrella(set, 'Deployment', 'identity')).image).toBe('registry.example.org/civic-platform/civic/identity:1.4.1');
    expect(container(inUmbrella(set, 'Deployment', 'chat')).image).toBe('registry.example.org/civic-platform/civic/chat:1.4.0');
    expect(container(inUmbrella(set, 'Deployment', 'decisions-remote', '-1-4-0')).image).toMatch(/civic\/frontend-decisions@sha256:/);
    expect(container(inUmbrella(set, 'Deployment', 'decisions-remote', '-1-3-2')).image).toBe('registry.example.org/civic-platform/civic/frontend-decisions:1.3.2');
  });
});

describe('secrets and configuration', () => {
  it.each(Object.keys(CONFIG_SCHEMAS))('every key %s reads is set by its chart (or left to its default on purpose)', (component) => {
    const names = envNames(alone(component as Component), findIn(alone(component as Component), 'Deployment', component));
    const allowed = LEFT_TO_DEFAULT[component] ?? {};
    const missing = Object.keys(CONFIG_SCHEMAS[component]!.properties).filter((k) => !names.has(k) && !(k in allowed));
    expect(missing).toEqual([]);
    for (const k of Object.keys(allowed)) expect(names.has(k)).toBe(false);
  });

  it.each(Object.keys(CONFIG_SCHEMAS))('%s gets a configuration its own config schema accepts, in every umbrella value set', (component) => {
    for (const set of UMBRELLA_SETS) {
      const manifests = umbrella(set);
      const env = resolvedEnv(manifests, inUmbrella(set, 'Deployment', component));
      expect(() => loadConfig(CONFIG_SCHEMAS[component]!, env)).not.toThrow();
    }
  });

  it('reads connection URLs and keys from the existing Secret only', () => {
    const identityEnv = container(findIn(alone('identity'), 'Deployment', 'identity')).env as EnvVar[];
    const fromSecret = identityEnv.filter((e) => e.valueFrom?.secretKeyRef).map((e) => [e.name, e.valueFrom!.secretKeyRef!.name, e.valueFrom!.secretKeyRef!.key]);
    expect(fromSecret).toEqual([
      ['DATABASE_URL', 'civic-secrets', 'database-url'],
      ['NATS_URL', 'civic-secrets', 'nats-url'],
      ['OUTBOX_LISTEN_URL', 'civic-secrets', 'outbox-listen-url'],
      ['SMTP_URL', 'civic-secrets', 'smtp-url'],
      ['IP_HASH_KEY', 'civic-secrets', 'ip-hash-key'],
    ]);
    const elections = container(inUmbrella('all-external-values.yaml', 'Deployment', 'elections')).env as EnvVar[];
    expect(elections.find((e) => e.name === 'DATABASE_URL')!.valueFrom!.secretKeyRef).toEqual({ name: 'civic-platform-credentials', key: 'ELECTIONS_DATABASE_URL' });
    const postgres = findIn(umbrella('default'), 'StatefulSet', 'civic-postgresql');
    expect(postgres.spec.template.spec.containers[0].env).toContainEqual({ name: 'POSTGRES_PASSWORD', valueFrom: { secretKeyRef: { name: 'civic-secrets', key: 'postgres-password' } } });
    expect(templateText('identity', ['--set', 'global.existingSecret=']).stderr).toContain("at '/global/existingSecret'");
  });

  it('gives the outbox relay its optional LISTEN connection, and decisions its optional Redis', () => {
    const fromSecret = (deployment: Manifest, name: string) => (container(deployment).env as EnvVar[]).find((e) => e.name === name)?.valueFrom?.secretKeyRef;
    // Optional: a Secret without the key leaves the relay listening on DATABASE_URL.
    for (const service of SERVICES) {
      expect([service, fromSecret(findIn(alone(service), 'Deployment', service), 'OUTBOX_LISTEN_URL')]).toEqual([service, { name: 'civic-secrets', key: 'outbox-listen-url', optional: true }]);
    }
    const external = 'all-external-values.yaml';
    expect(fromSecret(inUmbrella(external, 'Deployment', 'chat'), 'OUTBOX_LISTEN_URL')).toEqual({ name: 'civic-platform-credentials', key: 'OUTBOX_LISTEN_URL', optional: true });
    // A service in a database of its own listens on that database.
    expect(fromSecret(inUmbrella(external, 'Deployment', 'elections'), 'OUTBOX_LISTEN_URL')).toEqual({ name: 'civic-platform-credentials', key: 'ELECTIONS_OUTBOX_LISTEN_URL', optional: true });
    const own = render('decisions', ['--set', 'outboxListenUrlKey=decisions-outbox-listen-url']);
    expect(fromSecret(findIn(own, 'Deployment', 'decisions'), 'OUTBOX_LISTEN_URL')).toEqual({ name: 'civic-secrets', key: 'decisions-outbox-listen-url', optional: true });
    // A changed key restarts the pods, which read their env at start only.
    const checksum = (deployment: Manifest) => deployment.spec.template.metadata.annotations['checksum/config'];
    expect(checksum(findIn(own, 'Deployment', 'decisions'))).not.toBe(checksum(findIn(alone('decisions'), 'Deployment', 'decisions')));
    // decisions shares its PDF render counts through Redis when the Secret has redis-url; without it each pod counts alone.
    expect(fromSecret(findIn(alone('decisions'), 'Deployment', 'decisions'), 'REDIS_URL')).toEqual({ name: 'civic-secrets', key: 'redis-url', optional: true });
  });

  it('values.schema.json describes each setting as the service does', () => {
    for (const component of Object.keys(CONFIG_SCHEMAS)) {
      const schema = JSON.parse(readFileSync(path.join(chartDir(component), 'values.schema.json'), 'utf8'));
      const own = schema.properties.config.properties as Record<string, JsonSchema>;
      const shared = component === 'gateway' ? {} : (schema.$defs.global.properties.config.properties as Record<string, JsonSchema>);
      const serviceKeys = CONFIG_SCHEMAS[component]!.properties;
      for (const [k, chartProperty] of Object.entries({ ...shared, ...own })) {
        expect([component, k, k in serviceKeys]).toEqual([component, k, true]);
        expect([component, k, constraints(chartProperty)]).toEqual([component, k, constraints(serviceKeys[k]!)]);
      }
    }
  });

  it('values.yaml defaults are the services own defaults, unless noted', () => {
    for (const component of Object.keys(CONFIG_SCHEMAS)) {
      const values = readYaml(path.join(chartDir(component), 'values.yaml'));
      const config = component === 'gateway' ? values.config : { ...values.global.config, ...values.config };
      for (const [k, value] of Object.entries(config as Record<string, unknown>)) {
        if (k in (CHART_DEFAULT_DIFFERS[component] ?? {})) continue;
        expect([component, k, value]).toEqual([component, k, (CONFIG_SCHEMAS[component]!.properties[k] as { default?: unknown }).default]);
      }
    }
  });

  it('rejects a typo in a value name (values.schema.json)', () => {
    const result = templateText('chat', ['--set', 'replicaCont=5']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("additional properties 'replicaCont' not allowed");
  });

  it('every chart documents all its values, and each README table is current (node deploy/scripts/values-doc.mjs --write)', () => {
    for (const dir of chartDirs()) {
      const { rows, undocumented } = valuesRows(readFileSync(path.join(dir, 'values.yaml'), 'utf8'));
      expect([dir, undocumented]).toEqual([dir, []]);
      const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
      expect(renderReadme(readme, valuesTable(rows))).toBe(readme);
    }
  });
});

describe('rotations without kubectl exec', () => {
  const checksum = (manifests: Manifest[], name: string) => findIn(manifests, 'Deployment', name).spec.template.metadata.annotations['checksum/config'];

  it('global.secretRevision rolls every service pods and nothing else: not the gateway, not a migration Job', () => {
    for (const service of SERVICES) {
      const rotated = render(service, ['--set', 'global.secretRevision=2026-11-28']);
      expect([service, checksum(rotated, service) !== checksum(alone(service), service)]).toEqual([service, true]);
      const job = (manifests: Manifest[]) => ofKind(manifests, 'Job').map((m) => m.metadata.name);
      expect(job(rotated)).toEqual(job(alone(service)));
    }
    expect(checksum(render('gateway', ['--set', 'global.secretRevision=2026-11-28']), 'gateway')).toBe(checksum(alone('gateway'), 'gateway'));
  });

  it('identity ships the signing-key steps as suspended CronJobs run by kubectl create job --from, reaching PostgreSQL only', () => {
    const command = (manifests: Manifest[], name: string) => {
      const cronJob = findIn(manifests, 'CronJob', name);
      expect([name, cronJob.spec.suspend]).toEqual([name, true]);
      const pod = cronJob.spec.jobTemplate.spec.template.spec;
      expect(pod.automountServiceAccountToken).toBe(false);
      expect(pod.containers[0].image).toBe(container(findIn(manifests, 'Deployment', 'identity')).image);
      expect((pod.containers[0].env as EnvVar[]).map((e) => e.name)).toEqual(['DATABASE_URL']);
      return pod.containers[0].command;
    };
    expect(command(alone('identity'), 'identity-rotate-signing-key')).toEqual(['node', 'deploy/scripts/rotate-signing-key.mjs', 'rotate']);
    expect(command(alone('identity'), 'identity-retire-signing-keys')).toEqual(['node', 'deploy/scripts/rotate-signing-key.mjs', 'retire', '--older-than-minutes', '15']);
    // Old tokens stay valid until they expire: retirement waits the tokens' lifetime.
    const longer = render('identity', ['--set', 'global.config.ACCESS_TOKEN_MINUTES=30']);
    expect(command(longer, 'identity-retire-signing-keys').at(-1)).toBe('30');
    expect(findIn(umbrella('default'), 'CronJob', `${UMBRELLA_RELEASE}-identity-rotate-signing-key`).spec.suspend).toBe(true);
    const policy = findIn(alone('identity'), 'NetworkPolicy', 'identity-signing-key');
    expect(policy.spec.podSelector.matchLabels['app.kubernetes.io/component']).toBe('signing-key');
    expect(policy.spec.ingress).toEqual([]);
    expect(policy.spec.egress.map((rule: { ports: { port: number }[] }) => rule.ports.map((p) => p.port))).toEqual([[53, 53], [5432]]);
    expect(ofKind(render('identity', ['--set', 'signingKeyJobs.enabled=false']), 'CronJob')).toEqual([]);
  });
});

describe('network policies (on by default)', () => {
  const set = 'default';
  const componentsIn = (peers: Array<{ podSelector?: { matchLabels?: Record<string, string> } }>) =>
    peers.flatMap((peer) => (peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] ? [peer.podSelector.matchLabels['app.kubernetes.io/name']] : []));
  const names = (manifests: Manifest[]) => ofKind(manifests, 'NetworkPolicy').map((policy) => policy.metadata.name);

  it('are on in every component chart and in every value set of the all-in-one chart, the peak sets included', () => {
    for (const component of COMPONENTS) expect([component, names(alone(component)).length > 0]).toEqual([component, true]);
    for (const service of SERVICES) {
      expect(names(alone(service))).toEqual([service, `${service}-migrate`, ...(service === 'identity' ? ['identity-signing-key'] : [])]);
    }
    for (const umbrellaSet of UMBRELLA_SETS) {
      const present = names(umbrella(umbrellaSet));
      for (const component of [...SERVICES, 'gateway', 'shell']) expect([umbrellaSet, component, present.includes(`${UMBRELLA_RELEASE}-${component}`)]).toEqual([umbrellaSet, component, true]);
    }
    expect(names(render('chat', ['--set', 'global.networkPolicy.enabled=false']))).toEqual([]);
  });

  it('let the ingress controller reach only the edge: the gateway, the shell, the remotes and chat\'s socket path', () => {
    const fromController = (policy: Manifest) =>
      policy.spec.ingress.some((rule: { from: Array<{ namespaceSelector?: { matchLabels?: Record<string, string> } }> }) =>
        rule.from.some((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx'),
      );
    for (const component of ['gateway', 'shell', 'chat']) expect([component, fromController(inUmbrella(set, 'NetworkPolicy', component))]).toEqual([component, true]);
    for (const service of ['identity', 'decisions', 'elections', 'notifications']) expect([service, fromController(inUmbrella(set, 'NetworkPolicy', service))]).toEqual([service, false]);
  });

  it('refuse a ServiceMonitor nobody may scrape, and an external dependency still bound to the bundled pods', () => {
    const scrape = templateText('chat', ['--set', 'monitoring.serviceMonitor.enabled=true']);
    expect(scrape.status).not.toBe(0);
    expect(scrape.stderr).toContain('chat: a ServiceMonitor with NetworkPolicies on and global.networkPolicy.metricsPeers empty');
    const scraped = render('chat', ['--set', 'monitoring.serviceMonitor.enabled=true', '--set', 'global.networkPolicy.metricsPeers[0].podSelector.matchLabels.app=prometheus']);
    expect(findIn(scraped, 'NetworkPolicy', 'chat').spec.ingress.at(-1).from).toEqual([{ podSelector: { matchLabels: { app: 'prometheus' } } }]);
    const external = runHelm(['template', UMBRELLA_RELEASE, umbrellaDir, '--set', 'postgresql.enabled=false']);
    expect(external.status).not.toBe(0);
    expect(external.stderr).toContain('postgresql.enabled=false (an external postgresql) while global.networkPolicy.dependencies.postgresql.peers still selects the bundled postgresql pods');
    // The sizing sets (external PostgreSQL, NATS, Redis) allow their ports at any address.
    const egress = inUmbrella('sizing-100k-values.yaml', 'NetworkPolicy', 'chat').spec.egress as Array<{ to?: unknown[]; ports: Array<{ port: number }> }>;
    expect(egress.filter((rule) => !rule.to).map((rule) => rule.ports.map((p) => p.port))).toEqual([[5432, 6432], [4222], [6379]]);
  });

  it('let services be called by the gateway only, and identity (JWKS) by the other services', () => {
    for (const service of SERVICES) {
      const policy = inUmbrella(set, 'NetworkPolicy', service);
      const callers = policy.spec.ingress.flatMap((rule: { from: never[] }) => componentsIn(rule.from)).sort();
      const expected = service === 'identity' ? ['chat', 'decisions', 'elections', 'gateway', 'notifications'] : ['gateway'];
      expect([service, callers]).toEqual([service, expected]);
    }
  });

  it('let the gateway call the services and nothing else of ours, and migration Jobs reach PostgreSQL only', () => {
    const policy = inUmbrella(set, 'NetworkPolicy', 'gateway');
    expect(policy.spec.egress.flatMap((rule: { to?: never[] }) => componentsIn(rule.to ?? [])).sort()).toEqual([...SERVICES].sort());
    const migrate = inUmbrella(set, 'NetworkPolicy', 'chat', '-migrate');
    expect(migrate.spec.egress.flatMap((rule: { to?: never[] }) => componentsIn(rule.to ?? []))).toEqual(['postgresql']);
    // Redis: chat's adapter and decisions' PDF render counts, each allowed both ways.
    expect(inUmbrella(set, 'NetworkPolicy', 'redis').spec.ingress[0].from[0].podSelector.matchExpressions[0].values).toEqual(['chat', 'decisions']);
    for (const service of SERVICES) {
      const egress = inUmbrella(set, 'NetworkPolicy', service).spec.egress.flatMap((rule: { to?: never[] }) => componentsIn(rule.to ?? []));
      expect([service, egress.includes('redis')]).toEqual([service, service === 'chat' || service === 'decisions']);
    }
  });
});

// ------------------------------------------------------------------ helpers

type JsonSchema = Record<string, unknown>;

type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } };

function readYaml(file: string) {
  return parseAllDocuments(readFileSync(file, 'utf8'))[0]!.toJS();
}

function inUmbrellaRender(args: string[]): Manifest[] {
  return render('civic-platform', args, UMBRELLA_RELEASE);
}

function paths(ingress: Manifest): Record<string, string> {
  return Object.fromEntries(
    ingress.spec.rules[0].http.paths.map((p: { path: string; backend: { service: { name: string } } }) => [p.path, p.backend.service.name]),
  );
}

/** Every variable name a Deployment's container gets: env entries and the keys of envFrom ConfigMaps. */
function envNames(manifests: Manifest[], deployment: Manifest): Set<string> {
  const c = container(deployment);
  const names = new Set<string>((c.env ?? []).map((e: EnvVar) => e.name));
  for (const source of c.envFrom ?? []) for (const k of Object.keys(findIn(manifests, 'ConfigMap', source.configMapRef.name).data ?? {})) names.add(k);
  return names;
}

/** Stand-ins for the values of the existing Secret (never rendered): values of the right shape. */
const SECRET_STAND_INS: Record<string, string> = {
  DATABASE_URL: 'postgresql://civic:secret@db.example.org:5432/civic',
  NATS_URL: 'nats://nats.example.org:4222',
  REDIS_URL: 'redis://redis.example.org:6379',
  SMTP_URL: 'smtp://smtp.example.org:587',
  OUTBOX_LISTEN_URL: 'postgresql://civic:secret@db-primary.example.org:5432/civic',
  IP_HASH_KEY: 'stand-in-ip-hash-key-0123456789abcdef',
  DIGEST_UNSUBSCRIBE_KEY: 'stand-in-digest-unsubscribe-key-0123456789',
};

/** The environment a container would see: envFrom ConfigMaps, then env entries, secrets stood in. */
function resolvedEnv(manifests: Manifest[], deployment: Manifest): Record<string, string> {
  const c = container(deployment);
  const env: Record<string, string> = {};
  for (const source of c.envFrom ?? []) Object.assign(env, findIn(manifests, 'ConfigMap', source.configMapRef.name).data);
  for (const entry of (c.env ?? []) as EnvVar[]) {
    if (entry.value !== undefined) env[entry.name] = entry.value;
    else if (entry.valueFrom?.secretKeyRef) env[entry.name] = SECRET_STAND_INS[entry.name] ?? 'stand-in';
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
