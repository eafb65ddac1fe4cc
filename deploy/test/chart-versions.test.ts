/**
 * Charts as releases (deploy/scripts/chart-versions.mjs, push-charts.mjs): a `ct lint`-style check
 * that a chart whose files changed has a greater version, a CHANGELOG section and a clean lint, that
 * every Chart.yaml has what publishing needs, and that appVersion follows the component.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  baseRecord,
  chartFilesHash,
  chartYamlProblems,
  changelogSections,
  checkCharts,
  compareVersions,
  HELM_DIR,
  readChart,
  readRecord,
  recordCharts,
  releasedCharts,
} from '../scripts/chart-versions.mjs';
import { publishOrder } from '../scripts/push-charts.mjs';

const repo = path.resolve(HELM_DIR, '../..');
/** The package each chart deploys, whose version is the chart's appVersion. */
const COMPONENT_PACKAGE: Record<string, string> = {
  identity: 'services/identity',
  decisions: 'services/decisions',
  elections: 'services/elections',
  chat: 'services/chat',
  notifications: 'services/notifications',
  gateway: 'services/gateway',
  shell: 'frontends/shell',
  'decisions-remote': 'frontends/decisions',
  'elections-remote': 'frontends/elections',
};

describe('chart versions', () => {
  it('the tree passes the check against the last commit: fields, CHANGELOG, record, and the touched charts bumped and linted', () => {
    const { problems } = checkCharts({ base: baseRecord('HEAD') });
    expect(problems).toEqual([]);
  });

  it('every released chart is in the record, with its current version and files', () => {
    const record = readRecord();
    for (const name of releasedCharts()) {
      const dir = path.join(HELM_DIR, name);
      expect([name, record[name]]).toEqual([name, { version: String(readChart(dir).version), files: chartFilesHash(dir) }]);
    }
  });

  it('appVersion follows each component, and the all-in-one chart holds every component chart at its version', () => {
    for (const [chart, pkg] of Object.entries(COMPONENT_PACKAGE)) {
      const { version } = JSON.parse(readFileSync(path.join(repo, pkg, 'package.json'), 'utf8')) as { version: string };
      expect([chart, readChart(path.join(HELM_DIR, chart)).appVersion]).toEqual([chart, version]);
    }
    const umbrella = readChart(path.join(HELM_DIR, 'civic-platform')) as { dependencies: { name: string; version: string }[] };
    for (const { name, version } of umbrella.dependencies.filter((d) => d.name in COMPONENT_PACKAGE)) {
      expect([name, version]).toEqual([name, String(readChart(path.join(HELM_DIR, name)).version)]);
    }
  });

  it('fails a chart changed without a version bump, or bumped without being recorded, naming the fix', () => {
    const record = readRecord();
    const changed = { ...record, chat: { version: record.chat!.version, files: '0'.repeat(64) } };
    const { touched, problems } = checkCharts({ base: changed, lint: false });
    expect(touched).toEqual(['chat']);
    expect(problems).toEqual([expect.stringContaining(`chat: its files changed but its version is still ${record.chat!.version}: bump version`)]);

    const older = { ...record, chat: { version: '0.1.0', files: '0'.repeat(64) } };
    expect(checkCharts({ base: older, record: older, lint: false }).problems).toEqual([expect.stringContaining(`chat: ${record.chat!.version} with these files is not recorded`)]);
    // A version above the base's with the record up to date passes.
    expect(checkCharts({ base: older, lint: false }).problems).toEqual([]);
  });

  it('record refuses a chart changed since the base under the same version', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chart-record-'));
    try {
      const file = path.join(dir, 'chart-versions.json');
      const record = readRecord();
      writeFileSync(file, '{}');
      const refused = recordCharts({ file, base: { ...record, gateway: { version: record.gateway!.version, files: 'f'.repeat(64) } } });
      expect(refused).toEqual([`gateway: changed without a version bump (still ${record.gateway!.version})`]);
      expect(Object.keys(readRecord(file)).sort()).toEqual(releasedCharts().filter((name) => name !== 'gateway'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks a CHANGELOG section of every chart version', () => {
    const problems = checkCharts({ changelog: new Set(), lint: false }).problems;
    expect(problems).toHaveLength(releasedCharts().length);
    expect(problems[0]).toMatch(/deploy\/CHANGELOG\.md has no "## \S+ \S+" section/);
    expect(changelogSections().has('civic-platform 0.2.0')).toBe(true);
  });

  it('names what a Chart.yaml lacks to be published', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chart-fields-'));
    try {
      const chart = path.join(dir, 'demo');
      mkdirSync(chart);
      writeFileSync(path.join(chart, 'Chart.yaml'), 'apiVersion: v1\nname: other\nversion: 1.0\ntype: application\n');
      expect(chartYamlProblems(chart)).toEqual([
        'demo: apiVersion must be v2',
        'demo: name is "other", not its folder\'s',
        'demo: a description of a sentence or more',
        'demo: version "1" is not a semantic version',
        'demo: appVersion (the component\'s version) is missing',
        'demo: kubeVersion is missing',
        'demo: maintainers, each with a name',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compares semantic versions, a pre-release before its release', () => {
    expect(compareVersions('0.2.0', '0.1.9')).toBeGreaterThan(0);
    expect(compareVersions('0.10.0', '0.9.0')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(() => compareVersions('1.0', '1.0.0')).toThrow('not a semantic version: 1.0');
  });

  it('publishes the library first and the all-in-one chart last', () => {
    const order = publishOrder(releasedCharts());
    expect(order[0]).toBe('platform-lib');
    expect(order.at(-1)).toBe('civic-platform');
  });
});
