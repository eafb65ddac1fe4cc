// Image checks (no Docker here): build-all.sh run against a stand-in `docker` builds one image per
// chart from three Dockerfiles (one for every service and the gateway, one for both remotes, one for
// the shell) with the right build arguments and tags; every Dockerfile multi-stage and non-root,
// base images pinned by digest in deploy/docker/base-images.env alone, remotes built for one version.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { CONFIG_SCHEMAS } from './support/config-schemas.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dockerDir = path.join(repo, 'deploy/docker');
const helmDir = path.join(repo, 'deploy/helm');
const CHARTS = ['identity', 'decisions', 'elections', 'chat', 'notifications', 'gateway', 'shell', 'decisions-remote', 'elections-remote'];
/** The services and the gateway, each with its configuration schema (whose PORT default the image takes). */
const NODE_COMPONENTS = CONFIG_SCHEMAS as Record<string, { properties: { PORT: { default?: unknown } } }>;
const dockerfiles = readdirSync(dockerDir).filter((file) => file.endsWith('.Dockerfile'));
const read = (file: string) => readFileSync(path.join(dockerDir, file), 'utf8');

/** NAME=value lines of base-images.env. */
function baseImages(): Record<string, string> {
  return Object.fromEntries(
    read('base-images.env')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

interface Build {
  file: string;
  args: Record<string, string>;
  tags: string[];
}
interface BuildAllRun {
  status: number | null;
  stderr: string;
  builds: Build[];
  pushes: string[];
}

/** Runs build-all.sh with a stand-in `docker` on the PATH that records what it is asked to do. */
function runBuildAll(components: string[], env: Record<string, string> = {}): BuildAllRun {
  const dir = mkdtempSync(path.join(tmpdir(), 'build-all-'));
  try {
    const log = path.join(dir, 'calls');
    writeFileSync(
      path.join(dir, 'docker'),
      ['#!/bin/sh', '[ "$1" = info ] && exit 0', `{ for a in "$@"; do printf '%s\\n' "$a"; done; echo '--end--'; } >> "${log}"`, ''].join('\n'),
    );
    chmodSync(path.join(dir, 'docker'), 0o755);
    const result = spawnSync('sh', [path.join(dockerDir, 'build-all.sh'), ...components], {
      encoding: 'utf8',
      env: { PATH: `${dir}:${process.env.PATH}`, VERSION: '1.4.0', COMMIT: '3f2a9c1', ...env },
    });
    const calls = existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('--end--\n')
          .filter((call) => call !== '')
          .map((call) => call.split('\n').filter((line) => line !== ''))
      : [];
    const builds = calls
      .filter((call) => call[0] === 'build')
      .map((call) => {
        const build: Build = { file: '', args: {}, tags: [] };
        for (let i = 1; i < call.length; i += 1) {
          if (call[i] === '--file') build.file = call[(i += 1)]!;
          else if (call[i] === '--build-arg') {
            const arg = call[(i += 1)]!;
            build.args[arg.slice(0, arg.indexOf('='))] = arg.slice(arg.indexOf('=') + 1);
          } else if (call[i] === '--tag') build.tags.push(call[(i += 1)]!);
        }
        return build;
      });
    const pushes = calls.filter((call) => call[0] === 'push').map((call) => call[1]!);
    return { status: result.status, stderr: result.stderr, builds, pushes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('images', () => {
  const repositories = CHARTS.map((chart) => parseAllDocuments(readFileSync(path.join(helmDir, chart, 'values.yaml'), 'utf8'))[0]!.toJS().image.repository as string);
  const all = runBuildAll([], { PUSH: '1' });
  /** The build of an image repository (civic/<component>). */
  const buildOf = (repository: string) => {
    const found = all.builds.filter((build) => build.tags.some((tag) => tag.startsWith(`${repository}:`)));
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it('builds one image per chart, named like its image repository, from the Dockerfiles here, each of them used', () => {
    expect(all.status).toBe(0);
    expect(all.builds).toHaveLength(CHARTS.length);
    for (const repository of repositories) expect(dockerfiles).toContain(path.basename(buildOf(repository).file));
    expect(new Set(all.builds.map((build) => path.basename(build.file)))).toEqual(new Set(dockerfiles));
    expect(dockerfiles.sort()).toEqual(['frontend-shell.Dockerfile', 'remote.Dockerfile', 'service.Dockerfile']);
  });

  it.each(Object.keys(NODE_COMPONENTS))('builds %s from service.Dockerfile with its name and its configuration default port', (component) => {
    const build = buildOf(`civic/${component}`);
    expect(path.basename(build.file)).toBe('service.Dockerfile');
    expect(build.args['SERVICE']).toBe(component);
    expect(build.args['PORT']).toBe(String(NODE_COMPONENTS[component]!.properties.PORT.default));
    expect(existsSync(path.join(repo, 'services', component, 'src/server.ts'))).toBe(true);
  });

  it('builds each remote from remote.Dockerfile for exactly one version, the shell from its own Dockerfile', () => {
    for (const remote of ['decisions', 'elections']) {
      const build = buildOf(`civic/frontend-${remote}`);
      expect(path.basename(build.file)).toBe('remote.Dockerfile');
      expect(build.args).toMatchObject({ REMOTE: remote, REMOTE_VERSION: '1.4.0-3f2a9c1' });
      expect(build.tags).toEqual([`civic/frontend-${remote}:1.4.0-3f2a9c1`]);
    }
    const shell = buildOf('civic/frontend-shell');
    expect(path.basename(shell.file)).toBe('frontend-shell.Dockerfile');
    expect(shell.args['REMOTE_VERSION']).toBeUndefined();
  });

  it('tags by version and commit (and services, the gateway and the shell by version too), pushes both with PUSH=1, takes base images from base-images.env', () => {
    for (const component of [...Object.keys(NODE_COMPONENTS), 'frontend-shell']) {
      expect(buildOf(`civic/${component}`).tags).toEqual([`civic/${component}:1.4.0-3f2a9c1`, `civic/${component}:1.4.0`]);
      expect(all.pushes).toEqual(expect.arrayContaining([`civic/${component}:1.4.0-3f2a9c1`, `civic/${component}:1.4.0`]));
    }
    expect(all.pushes.filter((tag) => tag.startsWith('civic/frontend-decisions:'))).toEqual(['civic/frontend-decisions:1.4.0-3f2a9c1']);
    for (const build of all.builds) expect(build.args).toMatchObject(baseImages());
  });

  it('builds only the named images under IMAGE_PREFIX, and refuses an unknown one', () => {
    const some = runBuildAll(['chat', 'frontend-elections'], { IMAGE_PREFIX: 'registry.example.org/civic' });
    expect(some.status).toBe(0);
    expect(some.builds.map((build) => build.tags[0])).toEqual(['registry.example.org/civic/chat:1.4.0-3f2a9c1', 'registry.example.org/civic/frontend-elections:1.4.0-3f2a9c1']);
    expect(some.pushes).toEqual([]);
    const unknown = runBuildAll(['chat-service']);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain('no image chat-service');
    expect(unknown.builds).toEqual([]);
  });

  it.each(dockerfiles)('%s: multi-stage, non-root, health check, its own ignore file', (file) => {
    const stages = read(file).split(/^FROM /m);
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const final = stages[stages.length - 1]!;
    const user = /^USER (\S+)/m.exec(final)?.[1];
    expect(user!.split(':')[0]).toMatch(/^[1-9][0-9]*$/); // numeric, not root: Kubernetes can check runAsNonRoot
    expect(final).toMatch(/^HEALTHCHECK /m);
    // The runtime stage takes built output only, never the workspace (and its dev dependencies).
    expect(final).not.toMatch(/^COPY \. /m);
    expect(final).not.toMatch(/pnpm install/);
    expect(read(`${file}.dockerignore`)).toBe(read('dockerignore.txt'));
  });

  it.each(dockerfiles)('%s: base images only from the build args of base-images.env, never pinned here', (file) => {
    const text = read(file);
    const bases = [...text.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    for (const base of bases) expect(['${NODE_IMAGE}', '${NGINX_IMAGE}', 'build']).toContain(base);
    expect(text).not.toMatch(/sha256:|node:\d|nginx-unprivileged:/);
    for (const arg of [...text.matchAll(/^ARG (NODE_IMAGE|NGINX_IMAGE)(=.*)?$/gm)]) expect(arg[2]).toBeUndefined();
  });

  it('shares one build stage text between the Dockerfiles, so BuildKit builds it once', () => {
    const buildStage = (file: string) => /^FROM \$\{NODE_IMAGE\} AS build\n[\s\S]*?(?=\n\n)/m.exec(read(file))?.[0];
    expect(buildStage('service.Dockerfile')).toContain('pnpm install --frozen-lockfile --offline');
    for (const file of dockerfiles) expect(buildStage(file)).toBe(buildStage('service.Dockerfile'));
  });

  it('service.Dockerfile stages and runs the service SERVICE names, on PORT, both required', () => {
    const text = read('service.Dockerfile');
    const [, stage, runtime] = text.split(/^FROM .* AS (?:stage|runtime)$/m);
    expect(stage).toMatch(/^ARG SERVICE$/m);
    expect(stage).toContain('sh deploy/docker/stage-service.sh "$SERVICE" /out');
    expect(runtime).toMatch(/^ARG SERVICE$/m);
    expect(runtime).toMatch(/^ARG PORT$/m);
    expect(runtime).toMatch(/^ENV .*\bPORT=\$\{PORT\}.*\bSERVICE=\$\{SERVICE\}/m);
    expect(runtime).toMatch(/^EXPOSE \$\{PORT\}$/m);
    // exec: node, not the shell, is PID 1 and gets SIGTERM (the drain before shutdown).
    expect(runtime).toContain('CMD ["sh", "-c", "exec node \\"services/$SERVICE/dist/server.js\\""]');
    for (const arg of ['SERVICE', 'PORT']) expect(text).toMatch(new RegExp(`test -n "\\$${arg}" \\|\\| \\{ echo "build arg ${arg} `));
    // identity's image carries the signing-key rotation its operators run with kubectl exec.
    expect(read('stage-service.sh')).toMatch(/if \[ "\$service" = identity \]; then\n.*\n\s+cp deploy\/scripts\/rotate-signing-key\.mjs "\$out\/deploy\/scripts\/rotate-signing-key\.mjs"/);
    expect(existsSync(path.join(repo, 'deploy/scripts/rotate-signing-key.mjs'))).toBe(true);
  });

  it('remote.Dockerfile builds the remote REMOTE names for one REMOTE_VERSION', () => {
    const text = read('remote.Dockerfile');
    expect(text).toMatch(/^ARG REMOTE$/m);
    expect(text).toMatch(/^ARG REMOTE_VERSION$/m);
    expect(text).toContain('case "$REMOTE" in decisions|elections) ;;');
    expect(text).toContain('REMOTE_VERSION="$REMOTE_VERSION" pnpm --filter "@civic/frontend-$REMOTE" build');
    expect(text).toContain('cp -R "frontends/$REMOTE/dist/$REMOTE_VERSION" "/site/remotes/$REMOTE/$REMOTE_VERSION"');
    expect(text).toContain('cp "frontends/$REMOTE/dist/$REMOTE_VERSION/mf-manifest.json" "/site/remotes/$REMOTE/mf-manifest.json"');
  });

  it('pins every base image by digest in base-images.env, on a supported Node.js LTS line', () => {
    const images = baseImages();
    expect(Object.keys(images).sort()).toEqual(['NGINX_IMAGE', 'NODE_IMAGE']);
    for (const reference of Object.values(images)) expect(reference).toMatch(/^[a-z0-9./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
    // Even majors are LTS lines; 20 reached its end of life in April 2026.
    const major = Number(/^node:(\d+)/.exec(images['NODE_IMAGE']!)?.[1]);
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(22);
  });

  it('serves a remote version path immutable and its stable manifest uncached', () => {
    const conf = read('nginx/remote.conf');
    const block = (pattern: string) => conf.slice(conf.indexOf(pattern), conf.indexOf('}', conf.indexOf(pattern)));
    expect(block('location ~ "^/remotes/[^/]+/mf-manifest\\.json$"')).toContain('add_header Cache-Control "no-cache" always;');
    expect(block('location ~ "^/remotes/[^/]+/[^/]+/"')).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
  });
});
