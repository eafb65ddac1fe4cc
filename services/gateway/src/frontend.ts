import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor, servesSpaPage } from './domain/static-files.js';

export interface FrontendOptions {
  shell?: string | undefined;
  remotes: { name: string; folder: string }[];
}

type WildcardRequest = FastifyRequest<{ Params: { '*': string } }>;

/**
 * Single-machine mode: the shell at `/` with client-side routing, the remotes under
 * `/remotes/<name>/`. A missing remote file is a 404 in the spec's shape, never the shell's page.
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
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path));
    },
  });

  // Files only: a folder (no index pages, no listings) is a 404 like a missing file.
  const sendFileFrom = (folder: string, file: string, reply: FastifyReply) =>
    file === '' || file.endsWith('/') ? reply.callNotFound() : reply.sendFile(`/${file}`, folder);

  for (const { name, folder } of options.remotes) {
    scope.get(`/remotes/${name}/*`, (request: WildcardRequest, reply: FastifyReply) =>
      sendFileFrom(folder, request.params['*'], reply),
    );
  }

  const shell = options.shell;
  if (shell === undefined) return;
  scope.get('/*', (request: WildcardRequest, reply: FastifyReply) => {
    const url = request.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path === '/' || servesSpaPage(path, request.headers.accept)) return reply.sendFile('/index.html', shell);
    return sendFileFrom(shell, request.params['*'], reply);
  });
}
