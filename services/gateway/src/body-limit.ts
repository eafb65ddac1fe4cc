import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@civic/service-kit';

/**
 * The services' body limit, kept by the gateway before it forwards a byte: an upstream that refuses
 * a body half sent closes its connection under the gateway, which could only answer 503.
 */
export function installBodyLimit(scope: FastifyInstance, limit: number): void {
  // A body announced over the limit is refused at once.
  scope.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (Number(request.headers['content-length']) > limit) {
      // The client may still be sending the rest of the body.
      reply.header('connection', 'close');
      return done(payloadTooLarge());
    }
    done();
  });
  // A body sent without a length (chunked) is counted as it streams through, and cut at the limit;
  // the rest is read and dropped, so that the 413 reaches a client still sending.
  scope.addHook('preParsing', (request, _reply, payload, done) => {
    if (request.headers['transfer-encoding'] === undefined || request.headers['content-length'] !== undefined) return done(null, payload);
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        received += chunk.length;
        if (received <= limit) return next(null, chunk);
        payload.unpipe(counted);
        payload.resume();
        next(new RefusedBody(payloadTooLarge()));
      },
    });
    payload.once('error', (error) => counted.destroy(error));
    done(null, payload.pipe(counted));
  });
}

/** A body cut on its way to the upstream, with the answer the client gets for it. */
export class RefusedBody extends Error {
  constructor(readonly refusal: AppError) {
    super(`request body refused: ${refusal.key}`);
  }
}

export const payloadTooLarge = () => new AppError('payloadTooLarge', 413);

/** The refusal of a body cut on its way (the error or one of its causes): 413, or 400 for a JSON shape. */
export function bodyRefusal(error: unknown): AppError | null {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    if (current instanceof RefusedBody) return current.refusal;
    current = current.cause;
  }
  return null;
}
