import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor, isRemoteVersion, parseCurrentVersion, servesSpaPage } from './domain/static-files.js';

/** A remote's build output: `<folder>/<version>/` per version and `<folder>/current` naming one. */
export interface RemoteFolder {
  name: string;
  folder: string;
  /** Answers the stable manifest URL with this version instead of the one dist/current names. */
  pinnedVersion?: string | undefined;
}

export interface FrontendOptions {
  shell?: string | undefined;
  remotes: RemoteFolder[];
}

type WildcardRequest = FastifyRequest<{ Params: { '*': string } }>;
type VersionRequest = FastifyRequest<{ Params: { version: string; '*': string } }>;

/** How long a read of dist/current is trusted: a rollout shows within a second. */
const CURRENT_FRESH_MS = 1000;

/**
 * The version a remote's stable manifest URL answers with: the pinned one (a rollback by
 * configuration), else the one dist/current names, read again at most once per second.
 */
class ActiveVersion {
  private read: Promise<string | undefined> | undefined;
  private readAt = 0;

  constructor(
    private readonly folder: string,
    private readonly pinned: string | undefined,
  ) {}

  get(): Promise<string | undefined> {
    if (this.pinned !== undefined) return Promise.resolve(this.pinned);
    const now = Date.now();
    if (this.read === undefined || now - this.readAt >= CURRENT_FRESH_MS) {
      this.readAt = now;
      this.read = readFile(join(this.folder, 'current'), 'utf8').then(parseCurrentVersion, () => undefined);
    }
    return this.read;
  }
}

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * Single-machine mode: the shell at `/` with client-side routing, the remotes under
 * `/remotes/<name>/<version>/` (immutable) and `/remotes/<name>/mf-manifest.json` (the active
 * version's manifest, revalidated). A missing file or version is a 404 in the catalogue's shape, never
 * the shell's page. Each file goes out brotli- or gzip-encoded when its build made that form and the
 * client accepts it (`Vary: Accept-Encoding` on every file), with the same caching either way.
 */
export async function frontendRoutes(scope: FastifyInstance, options: FrontendOptions): Promise<void> {
  const root = options.shell ?? options.remotes[0]?.folder;
  if (root === undefined) return;
  // Loaded only in single-machine mode: a gateway in front of separately deployed front ends
  // never needs it.
  const { default: fastifyStatic } = await import('@fastify/static');
  await scope.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // The front ends' builds write a .br and a .gz beside each text file: a file is sent as the best
    // of them the client accepts, else as it is, never compressed again on the fly.
    preCompressed: true,
    // By URL, not by file: a remote's manifest is immutable under its version's path and
    // revalidated under the stable one.
    setHeaders: (reply) => {
      reply.header('cache-control', cacheControlFor(pathOf(reply.request.url)));
    },
  });

  // Files only: a folder (no index pages, no listings) is a 404 like a missing file.
  const sendFileFrom = (folder: string, file: string, reply: FastifyReply) =>
    file === '' || file.endsWith('/') ? reply.callNotFound() : reply.sendFile(`/${file}`, folder);

  for (const { name, folder, pinnedVersion } of options.remotes) {
    const active = new ActiveVersion(folder, pinnedVersion);
    scope.get(`/remotes/${name}/mf-manifest.json`, async (_request, reply: FastifyReply) => {
      const version = await active.get();
      return version === undefined ? reply.callNotFound() : reply.sendFile('/mf-manifest.json', join(folder, version));
    });
    scope.get(`/remotes/${name}/:version/*`, (request: VersionRequest, reply: FastifyReply) => {
      const { version, '*': file } = request.params;
      return isRemoteVersion(version) ? sendFileFrom(join(folder, version), file, reply) : reply.callNotFound();
    });
    // Anything else under the remote (an unversioned file, dist/current) is not served.
    scope.get(`/remotes/${name}/*`, (_request, reply: FastifyReply) => reply.callNotFound());
  }

  const shell = options.shell;
  if (shell === undefined) return;
  scope.get('/*', (request: WildcardRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    if (path === '/' || servesSpaPage(path, request.headers.accept)) return reply.sendFile('/index.html', shell);
    return sendFileFrom(shell, request.params['*'], reply);
  });
}
