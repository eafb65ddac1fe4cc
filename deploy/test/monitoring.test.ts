// Monitoring and tracing in the charts (opt-in): off renders none of their objects and no OTEL_*
// variable; on renders a ServiceMonitor, a PrometheusRule and a dashboards ConfigMap per service
// and the gateway, each validated offline (prometheus-operator CRD schemas, every PromQL expression
// parsed, only the platform's fixed metric names and known exporter metrics, Grafana JSON with unique
// ids), runbooks that exist in deploy/OPERATIONS.md, and the OTEL_* env of the pods.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { parser } from '@prometheus-io/lezer-promql';
import { ServiceMonitor, PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { runHelm } from '../scripts/helm.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const helmDir = path.join(repo, 'deploy/helm');
const NAMESPACE = 'civic';

const EVENTED = ['identity', 'decisions', 'elections', 'chat', 'notifications'] as const;
const MONITORED = [...EVENTED, 'gateway'] as const;
const UNMONITORED = ['shell', 'decisions-remote', 'elections-remote'] as const;
const MONITORING_KINDS = ['ServiceMonitor', 'PrometheusRule'];

/** The platform's fixed metric names (deploy/OPERATIONS.md "Metrics"), with a histogram's series. */
const PLATFORM_METRICS = [
  'http_request_duration_seconds_bucket',
  'http_request_duration_seconds_count',
  'http_request_duration_seconds_sum',
  'outbox_events_pending',
  'outbox_oldest_pending_age_seconds',
  'nats_consumer_pending_messages',
  'nats_consumer_ack_pending_messages',
  'nats_consumer_redelivered_messages',
  'events_redelivered_total',
  'events_dead_lettered_total',
  'chat_sockets_connected',
  'chat_socket_capacity',
  'notifications_streams_open',
  'identity_logins_refused_total',
  'identity_signing_key_newest_created_timestamp_seconds',
  'service_ready',
];
/** Metrics the dashboards may read from elsewhere: prom-client's Node defaults, cAdvisor, kube-state-metrics. */
const EXPORTER_METRICS = [
  'nodejs_eventloop_lag_p99_seconds',
  'process_resident_memory_bytes',
  'process_cpu_seconds_total',
  'container_network_transmit_bytes_total',
  'container_memory_working_set_bytes',
  'kube_pod_container_resource_limits',
];
const KNOWN_METRICS = new Set([...PLATFORM_METRICS, ...EXPORTER_METRICS]);
/** The kube-state-metrics series the charts' own alerts read (deploy/OPERATIONS.md names each in its runbook). */
const KUBE_STATE_ALERTS: Record<string, string> = {
  MigrationFailed: 'kube_job_status_failed',
  ReplicasUnavailable: 'kube_deployment_status_replicas_unavailable',
  ContainerRestarting: 'kube_pod_container_status_restarts_total',
};

/** The Prometheus allowed to scrape through the NetworkPolicies (on by default; a ServiceMonitor needs it). */
const SCRAPER = ['--set', 'global.networkPolicy.metricsPeers[0].podSelector.matchLabels.app\\.kubernetes\\.io/name=prometheus'];
const ALL_ON = [
  ...SCRAPER,
  '--set', 'monitoring.serviceMonitor.enabled=true',
  '--set', 'monitoring.rules.enabled=true',
  '--set', 'monitoring.dashboards.enabled=true',
];
const GLOBAL_ON = [
  ...SCRAPER,
  '--set', 'global.monitoring.serviceMonitor.enabled=true',
  '--set', 'global.monitoring.rules.enabled=true',
  '--set', 'global.monitoring.dashboards.enabled=true',
  '--set', 'global.tracing.enabled=true',
  '--set', 'global.tracing.endpoint=http://otel-collector.observability:4318',
];

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  data?: Record<string, string>;
};
type EnvVar = { name: string; value?: string; valueFrom?: { fieldRef?: { fieldPath: string } } };
type Rule = { alert: string; expr: string; for?: string; labels: Record<string, string>; annotations: Record<string, string> };
type Panel = { id: number; type: string; title: string; datasource?: { uid: string }; targets?: Array<{ expr: string; datasource: { uid: string } }> };
type Dashboard = { uid: string; title: string; panels: Panel[]; templating: { list: Array<{ name: string; type: string; query: unknown }> } };

function templateText(chart: string, args: string[], release = chart) {
  return runHelm(['template', release, path.join(helmDir, chart), '--namespace', NAMESPACE, ...args]);
}
function render(chart: string, args: string[] = [], release = chart): Manifest[] {
  const result = templateText(chart, args, release);
  if (result.status !== 0) throw new Error(`helm template ${chart} ${args.join(' ')} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout)
    .map((doc) => doc.toJS() as Manifest | null)
    .filter((m): m is Manifest => m !== null);
}
const ofKind = (manifests: Manifest[], kind: string) => manifests.filter((m) => m.kind === kind);
const dashboardMaps = (manifests: Manifest[]) => manifests.filter((m) => m.kind === 'ConfigMap' && m.metadata.name.endsWith('-dashboards'));
const monitoringObjects = (manifests: Manifest[]) => [...manifests.filter((m) => MONITORING_KINDS.includes(m.kind)), ...dashboardMaps(manifests)];
const env = (manifests: Manifest[], deployment: string) =>
  manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === deployment)!.spec.template.spec.containers[0].env as EnvVar[];
const otelNames = (vars: EnvVar[]) => vars.filter((v) => v.name.startsWith('OTEL_')).map((v) => v.name);
const rulesOf = (manifest: Manifest) => (manifest.spec.groups as Array<{ rules: Rule[] }>).flatMap((group) => group.rules);
const dashboardsOf = (manifest: Manifest) => Object.entries(manifest.data ?? {}).map(([file, json]) => [file, JSON.parse(json) as Dashboard] as const);

/** Grafana's variables as PromQL understands them, so a dashboard query parses as Prometheus will see it. */
const asPromQL = (expr: string) => expr.replaceAll('$__rate_interval', '5m').replaceAll('$namespace', 'civic');

/** Syntax errors of a PromQL expression (positions), and the metric names it selects. */
function parsePromQL(expr: string): { errors: number[]; metrics: string[] } {
  const errors: number[] = [];
  const metrics: string[] = [];
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError) errors.push(node.from);
      if (node.name === 'VectorSelector') {
        const identifier = node.node.getChild('Identifier');
        if (identifier) metrics.push(expr.slice(identifier.from, identifier.to));
      }
    },
  });
  return { errors, metrics };
}

const operationsText = readFileSync(path.join(repo, 'deploy/OPERATIONS.md'), 'utf8');
/** GitHub's anchor of each heading of deploy/OPERATIONS.md. */
const operationsAnchors = new Set(
  operationsText
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')),
);

const onAlone = new Map<string, Manifest[]>();
const umbrellaOn = () => render('civic-platform', ['--values', path.join(helmDir, 'civic-platform/ci/monitoring-values.yaml')], 'civic');
let umbrella: Manifest[];

beforeAll(() => {
  for (const chart of MONITORED) onAlone.set(chart, render(chart, ALL_ON));
  umbrella = umbrellaOn();
});

describe('off by default', () => {
  it.each([...MONITORED, ...UNMONITORED])('%s alone renders no monitoring object and no OTEL_* variable', (chart) => {
    const manifests = render(chart);
    expect(monitoringObjects(manifests).map((m) => `${m.kind}/${m.metadata.name}`)).toEqual([]);
    for (const deployment of ofKind(manifests, 'Deployment')) expect(otelNames(deployment.spec.template.spec.containers[0].env ?? [])).toEqual([]);
  });

  it('the all-in-one chart with its defaults renders none either', () => {
    const manifests = render('civic-platform', [], 'civic');
    expect(monitoringObjects(manifests)).toEqual([]);
    expect(ofKind(manifests, 'Deployment').flatMap((d) => otelNames(d.spec.template.spec.containers[0].env ?? []))).toEqual([]);
  });
});

describe('on, per release', () => {
  it.each(MONITORED)('%s renders one ServiceMonitor, one PrometheusRule and one dashboards ConfigMap, all its own', (chart) => {
    const manifests = onAlone.get(chart)!;
    expect(monitoringObjects(manifests).map((m) => `${m.kind}/${m.metadata.name}`).sort()).toEqual(
      [`ConfigMap/${chart}-dashboards`, `PrometheusRule/${chart}`, `ServiceMonitor/${chart}`].sort(),
    );
    for (const manifest of monitoringObjects(manifests)) {
      expect(manifest.metadata.labels?.['app.kubernetes.io/name']).toBe(chart);
      expect(manifest.metadata.labels?.['app.kubernetes.io/instance']).toBe(chart);
    }
  });

  it.each(UNMONITORED)('%s (static files, no /metrics) renders none even with the global switches on', (chart) => {
    expect(monitoringObjects(render(chart, GLOBAL_ON))).toEqual([]);
  });

  it.each(MONITORED)('%s: each object can be turned on alone', (chart) => {
    expect(monitoringObjects(render(chart, ['--set', 'monitoring.rules.enabled=true'])).map((m) => m.kind)).toEqual(['PrometheusRule']);
    expect(monitoringObjects(render(chart, [...SCRAPER, '--set', 'monitoring.serviceMonitor.enabled=true'])).map((m) => m.kind)).toEqual(['ServiceMonitor']);
    expect(monitoringObjects(render(chart, ['--set', 'monitoring.dashboards.enabled=true'])).map((m) => m.kind)).toEqual(['ConfigMap']);
  });

  it('the all-in-one chart passes the global switches to every service and the gateway', () => {
    for (const kind of MONITORING_KINDS) expect(ofKind(umbrella, kind).map((m) => m.metadata.name).sort()).toEqual(MONITORED.map((c) => `civic-${c}`).sort());
    expect(dashboardMaps(umbrella).map((m) => [m.metadata.name, m.metadata.namespace]).sort()).toEqual(
      MONITORED.map((c) => [`civic-${c}-dashboards`, 'monitoring']).sort(),
    );
    for (const manifest of umbrella.filter((m) => MONITORING_KINDS.includes(m.kind))) expect(manifest.metadata.labels?.['release']).toBe('kube-prometheus-stack');
  });
});

describe('ServiceMonitor', () => {
  it('validates against the prometheus-operator CRD schema', () => {
    const all = [...[...onAlone.values()].flat(), ...umbrella].filter((m) => m.kind === 'ServiceMonitor');
    expect(all).toHaveLength(MONITORED.length * 2);
    for (const manifest of all) expect(() => new ServiceMonitor(manifest as never).validate()).not.toThrow();
    // The schema is really checked: a wrong type is refused.
    expect(() => new ServiceMonitor({ ...all[0], spec: { ...all[0]!.spec, endpoints: 'http' } } as never).validate()).toThrow();
  });

  it.each(MONITORED)('%s: scrapes /metrics on the http port of its own Service, keeping the metrics service and pod labels', (chart) => {
    const manifests = onAlone.get(chart)!;
    const monitor = ofKind(manifests, 'ServiceMonitor')[0]!;
    const service = manifests.find((m) => m.kind === 'Service' && m.metadata.name === chart)!;
    for (const [label, value] of Object.entries(monitor.spec.selector.matchLabels as Record<string, string>)) expect(service.metadata.labels?.[label]).toBe(value);
    expect(service.spec.ports.map((p: { name: string }) => p.name)).toContain(monitor.spec.endpoints[0].port);
    expect(monitor.spec.endpoints[0]).toMatchObject({ path: '/metrics', honorLabels: true, interval: '30s' });
    expect(monitor.spec.namespaceSelector.matchNames).toEqual([NAMESPACE]);
  });

  it('takes interval and labels from values (release labels over the global ones)', () => {
    const [monitor] = ofKind(
      render('decisions', [...SCRAPER, '--set', 'monitoring.serviceMonitor.enabled=true', '--set', 'monitoring.serviceMonitor.interval=15s', '--set', 'global.monitoring.labels.release=prom', '--set', 'monitoring.labels.team=decisions']),
      'ServiceMonitor',
    );
    expect(monitor!.spec.endpoints[0].interval).toBe('15s');
    expect(monitor!.metadata.labels).toMatchObject({ release: 'prom', team: 'decisions' });
  });
});

describe('PrometheusRule', () => {
  const expectedAlerts = (chart: string) => [
    'HighErrorRate',
    'ReadinessFlapping',
    ...(chart === 'gateway' ? [] : ['OutboxBacklog', 'ConsumerLag', 'EventsDeadLettered']),
    ...(chart === 'chat' ? ['ChatSaturation'] : []),
    ...(chart === 'identity' ? ['SigningKeyNearRetirement'] : []),
    ...(chart === 'gateway' ? [] : ['MigrationFailed']),
    'ReplicasUnavailable',
    'ContainerRestarting',
  ];

  it('validates against the prometheus-operator CRD schema', () => {
    const all = [...[...onAlone.values()].flat(), ...umbrella].filter((m) => m.kind === 'PrometheusRule');
    expect(all).toHaveLength(MONITORED.length * 2);
    for (const manifest of all) expect(() => new PrometheusRule(manifest as never).validate()).not.toThrow();
    expect(() => new PrometheusRule({ ...all[0], spec: { groups: [{ rules: [] }] } } as never).validate()).toThrow();
  });

  it.each(MONITORED)('%s: its alerts, each with a severity, a for, a runbook in OPERATIONS.md and a parsable expression on known metrics', (chart) => {
    const rules = rulesOf(ofKind(onAlone.get(chart)!, 'PrometheusRule')[0]!);
    expect(rules.map((r) => r.alert).sort()).toEqual(expectedAlerts(chart).sort());
    for (const rule of rules) {
      expect([rule.alert, ['warning', 'critical'].includes(rule.labels['severity']!)]).toEqual([rule.alert, true]);
      expect([rule.alert, Boolean(rule.annotations['summary'])]).toEqual([rule.alert, true]);
      const [base, anchor] = rule.annotations['runbook_url']!.split('#');
      expect(base).toBe('deploy/OPERATIONS.md');
      expect([rule.alert, operationsAnchors.has(anchor!)]).toEqual([rule.alert, true]);
      const { errors, metrics } = parsePromQL(rule.expr);
      expect([rule.alert, errors]).toEqual([rule.alert, []]);
      expect(metrics.length).toBeGreaterThan(0);
      expect(rule.expr).toContain(`namespace="${NAMESPACE}"`);
      const kubeState = KUBE_STATE_ALERTS[rule.alert];
      if (kubeState) {
        // kube-state-metrics series carry the exporter's `service`: the alert selects the release's objects by name.
        expect([rule.alert, metrics]).toEqual([rule.alert, [kubeState]]);
        expect([rule.alert, operationsText.includes(kubeState)]).toEqual([rule.alert, true]);
        continue;
      }
      expect([rule.alert, metrics.filter((m) => !PLATFORM_METRICS.includes(m))]).toEqual([rule.alert, []]);
      // Each alert looks at this release's series only.
      expect(rule.expr).toContain(`service="${chart}"`);
    }
    const byName = Object.fromEntries(rules.map((r) => [r.alert, r]));
    expect(byName['HighErrorRate']!.for).toBe('5m');
    if (chart !== 'gateway') {
      expect(byName['OutboxBacklog']!.for).toBe('5m');
      expect(byName['ConsumerLag']!.for).toBe('10m');
    }
  });

  it('scopes the kube-state-metrics alerts to the release own Job, Deployment and pods', () => {
    const exprs = (manifests: Manifest[]) => Object.fromEntries(rulesOf(ofKind(manifests, 'PrometheusRule')[0]!).map((r) => [r.alert, r]));
    const alone = exprs(onAlone.get('decisions')!);
    expect(alone['MigrationFailed']!.expr).toBe(`max by (namespace, job_name) (kube_job_status_failed{namespace="${NAMESPACE}",job_name=~"decisions-migrate-.*"}) > 0`);
    expect(alone['ReplicasUnavailable']!.expr).toBe(`max by (namespace, deployment) (kube_deployment_status_replicas_unavailable{namespace="${NAMESPACE}",deployment="decisions"}) > 0`);
    expect(alone['ReplicasUnavailable']!.for).toBe('5m');
    expect(alone['ContainerRestarting']!.expr).toBe(
      `max by (namespace, pod, container) (increase(kube_pod_container_status_restarts_total{namespace="${NAMESPACE}",pod=~"decisions-[a-z0-9]+-[a-z0-9]+",container="decisions"}[15m])) > 3`,
    );
    // The pod pattern matches the Deployment's pods, not another release's whose name starts the same.
    const pods = new RegExp(`^${alone['ContainerRestarting']!.expr.match(/pod=~"([^"]+)"/)![1]}$`);
    expect(['decisions-7d9f8c6b5-x2k4q', 'decisions-remote-1-4-0-7d9f8c6b5-x2k4q', 'decisions-migrate-0-1-0-ab12cd34-x2k4q'].map((pod) => pods.test(pod))).toEqual([true, false, false]);
    // In the all-in-one chart: the release-prefixed names.
    const chat = Object.fromEntries(rulesOf(umbrella.find((m) => m.kind === 'PrometheusRule' && m.metadata.name === 'civic-chat')!).map((r) => [r.alert, r.expr]));
    expect(chat['MigrationFailed']).toContain('job_name=~"civic-chat-migrate-.*"');
    expect(chat['ReplicasUnavailable']).toContain('deployment="civic-chat"');
    expect(chat['ContainerRestarting']).toContain('pod=~"civic-chat-[a-z0-9]+-[a-z0-9]+"');
  });

  it('takes its thresholds from values', () => {
    const rules = rulesOf(
      ofKind(
        render('chat', [
          '--set', 'monitoring.rules.enabled=true',
          '--set-json', 'monitoring.rules.errorRatio=0.05',
          '--set', 'monitoring.rules.outboxPendingEvents=250',
          '--set', 'monitoring.rules.outboxOldestAgeSeconds=120',
          '--set', 'monitoring.rules.consumerLagMessages=5000',
          '--set', 'monitoring.rules.readinessChanges=6',
          '--set-json', 'monitoring.rules.chatSaturationRatio=0.9',
          '--set', 'global.monitoring.runbookUrl=https://wiki.example.org/ops',
        ]),
        'PrometheusRule',
      )[0]!,
    );
    const expr = Object.fromEntries(rules.map((r) => [r.alert, r.expr]));
    expect(expr['HighErrorRate']).toMatch(/> 0\.05$/);
    expect(expr['OutboxBacklog']).toContain('> 250 or');
    expect(expr['OutboxBacklog']).toMatch(/> 120$/);
    expect(expr['ConsumerLag']).toMatch(/> 5000$/);
    expect(expr['ReadinessFlapping']).toMatch(/\[15m\]\) > 6$/);
    expect(expr['ChatSaturation']).toMatch(/> 0\.9$/);
    expect(rules[0]!.annotations['runbook_url']).toMatch(/^https:\/\/wiki\.example\.org\/ops#/);
  });

  it('warns when the newest signing key nears its retirement, that is when no successor was added', () => {
    const alertOf = (args: string[]) =>
      rulesOf(ofKind(render('identity', ['--set', 'monitoring.rules.enabled=true', ...args]), 'PrometheusRule')[0]!).find((r) => r.alert === 'SigningKeyNearRetirement')!;
    const byDefault = alertOf([]);
    // 90 days of rotation, warned 14 days ahead: the newest key older than 76 days.
    expect(byDefault.expr).toBe(`time() - max by (namespace) (identity_signing_key_newest_created_timestamp_seconds{service="identity",namespace="${NAMESPACE}"}) > ${76 * 86_400}`);
    expect([byDefault.for, byDefault.labels['severity']]).toEqual(['30m', 'warning']);
    expect(operationsText).toContain('identity_signing_key_newest_created_timestamp_seconds');
    expect(alertOf(['--set', 'monitoring.rules.signingKeyRetireAfterDays=30', '--set', 'monitoring.rules.signingKeyWarnDays=7']).expr).toMatch(new RegExp(`> ${23 * 86_400}$`));
    expect(templateText('identity', ['--set', 'monitoring.rules.enabled=true', '--set', 'monitoring.rules.signingKeyWarnDays=90']).stderr).toContain('signingKeyWarnDays must be below signingKeyRetireAfterDays');
  });

  it('the PromQL check itself refuses a broken expression and sees every metric', () => {
    expect(parsePromQL('sum(rate(http_request_duration_seconds_count[5m])').errors.length).toBeGreaterThan(0);
    expect(parsePromQL('a_total / on (pod) b{x="y"} > 1').metrics).toEqual(['a_total', 'b']);
  });

  it('refuses a threshold of the wrong type (values.schema.json)', () => {
    expect(templateText('decisions', ['--set', 'monitoring.rules.errorRatio=2']).status).not.toBe(0);
    expect(templateText('gateway', ['--set', 'monitoring.rules.outboxPendingEvents=5']).stderr).toContain('outboxPendingEvents');
  });
});

describe('Grafana dashboards', () => {
  const expectedFiles = (chart: string) =>
    [`civic-${chart}.json`, ...(chart === 'gateway' ? ['civic-overview.json'] : []), ...(chart === 'chat' ? ['civic-chat-sockets.json'] : [])].sort();

  it.each(MONITORED)('%s: its dashboards, labelled for the sidecar', (chart) => {
    const [configMap] = dashboardMaps(onAlone.get(chart)!);
    expect(configMap!.metadata.labels?.['grafana_dashboard']).toBe('1');
    expect(Object.keys(configMap!.data!).sort()).toEqual(expectedFiles(chart));
  });

  it('are valid JSON with unique uids, unique panel ids, the datasource variable, and parsable queries on known metrics', () => {
    const uids = new Set<string>();
    for (const chart of MONITORED) {
      for (const [file, dashboard] of dashboardsOf(dashboardMaps(onAlone.get(chart)!)[0]!)) {
        expect(uids.has(dashboard.uid)).toBe(false);
        uids.add(dashboard.uid);
        expect(dashboard.uid.length).toBeLessThanOrEqual(40);
        const ids = dashboard.panels.map((p) => p.id);
        expect([file, new Set(ids).size]).toEqual([file, ids.length]);
        const variable = dashboard.templating.list.find((v) => v.name === 'datasource');
        expect(variable).toMatchObject({ type: 'datasource', query: 'prometheus' });
        const panels = dashboard.panels.filter((p) => p.type !== 'row');
        expect(panels.length).toBeGreaterThan(3);
        for (const panel of panels) {
          expect([file, panel.title, panel.datasource?.uid]).toEqual([file, panel.title, '${datasource}']);
          expect(panel.targets!.length).toBeGreaterThan(0);
          for (const target of panel.targets!) {
            expect(target.datasource.uid).toBe('${datasource}');
            const { errors, metrics } = parsePromQL(asPromQL(target.expr));
            expect([file, panel.title, target.expr, errors]).toEqual([file, panel.title, target.expr, []]);
            expect([file, panel.title, metrics.filter((m) => !KNOWN_METRICS.has(m))]).toEqual([file, panel.title, []]);
          }
        }
      }
    }
    expect(uids).toEqual(new Set([...MONITORED.map((c) => `civic-${c}`), 'civic-overview', 'civic-chat-sockets']));
  });

  it('cover what the operators watch: RED per service, outbox, lag, dead letters, readiness, sockets against capacity', () => {
    const exprs = (chart: string, file: string) =>
      dashboardsOf(dashboardMaps(onAlone.get(chart)!)[0]!)
        .find(([name]) => name === file)![1]
        .panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr))
        .join('\n');
    const overview = exprs('gateway', 'civic-overview.json');
    for (const metric of ['http_request_duration_seconds_count', 'http_request_duration_seconds_bucket', 'outbox_events_pending', 'nats_consumer_pending_messages', 'events_dead_lettered_total', 'service_ready'])
      expect([metric, overview.includes(metric)]).toEqual([metric, true]);
    expect(overview).toContain('histogram_quantile(0.99');
    expect(exprs('decisions', 'civic-decisions.json')).toContain('sum by (route)');
    expect(exprs('identity', 'civic-identity.json')).toContain('identity_logins_refused_total');
    expect(exprs('notifications', 'civic-notifications.json')).toContain('notifications_streams_open');
    const sockets = exprs('chat', 'civic-chat-sockets.json');
    for (const metric of ['chat_sockets_connected', 'chat_socket_capacity', 'nodejs_eventloop_lag_p99_seconds']) expect([metric, sockets.includes(metric)]).toEqual([metric, true]);
  });

  it('go to the namespace Grafana watches, with the labels and annotations asked', () => {
    const [configMap] = dashboardMaps(
      render('chat', ['--set', 'monitoring.dashboards.enabled=true', '--set', 'monitoring.dashboards.namespace=grafana', '--set', 'monitoring.dashboards.annotations.grafana_folder=Civic']),
    );
    expect(configMap!.metadata.namespace).toBe('grafana');
    expect(configMap!.metadata.annotations).toEqual({ grafana_folder: 'Civic' });
    expect(dashboardMaps(onAlone.get('chat')!)[0]!.metadata.namespace).toBeUndefined();
  });
});

describe('tracing', () => {
  const endpoint = 'http://otel-collector.observability:4318';

  it.each(MONITORED)('%s: OTEL_* env with its own service name, the image tag as version, namespace and pod from the downward API', (chart) => {
    const vars = env(render(chart, ['--set', 'tracing.enabled=true', '--set', `tracing.endpoint=${endpoint}`, '--set', 'image.tag=1.4.2']), chart);
    const value = (name: string) => vars.find((v) => v.name === name)?.value;
    expect(value('OTEL_SERVICE_NAME')).toBe(chart);
    expect(value('OTEL_EXPORTER_OTLP_ENDPOINT')).toBe(endpoint);
    expect(value('OTEL_EXPORTER_OTLP_PROTOCOL')).toBe('http/protobuf');
    expect(value('OTEL_TRACES_SAMPLER')).toBe('parentbased_traceidratio');
    expect(value('OTEL_TRACES_SAMPLER_ARG')).toBe('0.1');
    const attributes = Object.fromEntries(value('OTEL_RESOURCE_ATTRIBUTES')!.split(',').map((pair) => pair.split('=')));
    expect(attributes).toMatchObject({ 'service.version': '1.4.2', 'k8s.namespace.name': '$(K8S_NAMESPACE_NAME)', 'k8s.pod.name': '$(K8S_POD_NAME)' });
    // Kubernetes expands $(VAR) only for variables defined before: the downward API ones come first.
    const index = (name: string) => vars.findIndex((v) => v.name === name);
    expect(index('K8S_POD_NAME')).toBeLessThan(index('OTEL_RESOURCE_ATTRIBUTES'));
    expect(vars.find((v) => v.name === 'K8S_POD_NAME')!.valueFrom?.fieldRef?.fieldPath).toBe('metadata.name');
    expect(vars.find((v) => v.name === 'K8S_NAMESPACE_NAME')!.valueFrom?.fieldRef?.fieldPath).toBe('metadata.namespace');
  });

  it('a release overrides the global settings where it sets its own', () => {
    const vars = env(umbrella, 'civic-chat');
    expect(vars.find((v) => v.name === 'OTEL_TRACES_SAMPLER_ARG')?.value).toBe('1');
    expect(vars.find((v) => v.name === 'OTEL_SERVICE_NAME')?.value).toBe('chat');
    const decisions = env(umbrella, 'civic-decisions');
    expect(decisions.find((v) => v.name === 'OTEL_TRACES_SAMPLER_ARG')?.value).toBe('0.1');
    expect(decisions.find((v) => v.name === 'OTEL_EXPORTER_OTLP_ENDPOINT')?.value).toBe(endpoint);
    // The static front ends have no tracing.
    expect(ofKind(umbrella, 'Deployment').filter((d) => otelNames(d.spec.template.spec.containers[0].env ?? []).length > 0).map((d) => d.metadata.name).sort()).toEqual(
      MONITORED.map((c) => `civic-${c}`).sort(),
    );
  });

  it('refuses tracing without an endpoint, and an unknown sampler or protocol', () => {
    expect(templateText('decisions', ['--set', 'tracing.enabled=true']).stderr).toContain('tracing is on but no OTLP endpoint is set');
    expect(templateText('decisions', ['--set', 'tracing.sampler=sometimes']).status).not.toBe(0);
    expect(templateText('gateway', ['--set', 'global.tracing.protocol=udp']).status).not.toBe(0);
    expect(templateText('gateway', ['--set', 'global.tracing.protocol=grpc', '--set', 'global.tracing.enabled=true', '--set', 'global.tracing.endpoint=http://collector:4317']).status).toBe(0);
  });
});

describe('readiness of the gateway', () => {
  it('watches it only while the readiness probe asks /readyz (what service_ready follows)', () => {
    const alerts = (args: string[]) => rulesOf(ofKind(render('gateway', ['--set', 'monitoring.rules.enabled=true', ...args]), 'PrometheusRule')[0]!).map((r) => r.alert);
    expect(alerts([])).toContain('ReadinessFlapping');
    expect(alerts(['--set', 'readinessPath=/healthz'])).toEqual(['HighErrorRate', 'ReplicasUnavailable', 'ContainerRestarting']);
  });
});

describe('network policies with tracing', () => {
  const otlpEgress = (manifests: Manifest[], name: string) =>
    manifests
      .find((m) => m.kind === 'NetworkPolicy' && m.metadata.name === name)!
      .spec.egress.filter((rule: { ports: Array<{ port: number }> }) => rule.ports.some((p) => p.port === 4318));

  it.each(['decisions', 'gateway'])('%s may reach the OTLP collector only while tracing is on', (chart) => {
    const policies = ['--set', 'global.networkPolicy.enabled=true'];
    expect(otlpEgress(render(chart, policies), chart)).toEqual([]);
    const traced = render(chart, [...policies, '--set', 'tracing.enabled=true', '--set', 'tracing.endpoint=http://otel-collector.observability:4318', '--set-json', 'global.networkPolicy.dependencies.otlp.cidrs=["10.20.0.0/16"]']);
    expect(otlpEgress(traced, chart)).toEqual([{ ports: [{ port: 4317, protocol: 'TCP' }, { port: 4318, protocol: 'TCP' }], to: [{ ipBlock: { cidr: '10.20.0.0/16' } }] }]);
  });
});
