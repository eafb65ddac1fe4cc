import type { FastifyRequest } from 'fastify';

/** Pasted addresses often carry spaces: trim `email` and `newEmail` before the format check rather than refuse them. */
export async function trimEmail(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  for (const field of ['email', 'newEmail']) {
    const value = body?.[field];
    if (body && typeof value === 'string') body[field] = value.trim();
  }
}
