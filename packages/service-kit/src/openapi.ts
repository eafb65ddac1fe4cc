import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

export interface OpenApiOptions {
  /** Where the document is served, e.g. `/api/chat/openapi.json` (under the service's gateway prefix). */
  path: string;
  title: string;
  description: string;
  tags: string[];
  /** Name of the access-token cookie; `access_token` unless identity serves it under `__Host-`. */
  accessCookie?: string;
}

/**
 * Registers @fastify/swagger before the routes, so every route's JSON schemas (params, query, body,
 * responses) make up the service's OpenAPI 3 document, and serves that document at `path`.
 */
export async function installOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: options.title, version: '1.0.0', description: options.description },
      tags: options.tags.map((name) => ({ name })),
      components: {
        securitySchemes: {
          accessCookie: { type: 'apiKey', in: 'cookie', name: options.accessCookie ?? 'access_token' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
  });
  app.get(options.path, { schema: { hide: true } }, async () => app.swagger());
}
