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
        next(new BodyTooLarge());
      },
    });
    payload.once('error', (error) => counted.destroy(error));
    done(null, payload.pipe(counted));
  });
}

class BodyTooLarge extends Error {
  constructor() {
    super('request body over the limit');
  }
}

export const payloadTooLarge = () => new AppError('payloadTooLarge', 413);

/** Whether forwarding failed because the body streamed past the limit (the error or one of its causes). */
export function cutForItsSize(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    if (current instanceof BodyTooLarge) return true;
    current = current.cause;
  }
  return false;
}
