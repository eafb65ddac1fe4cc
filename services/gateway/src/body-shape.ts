import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { JsonShapeGauge, jsonShapeError } from '@civic/service-kit';
import { RefusedBody } from './body-limit.js';
import { isJsonContentType } from './domain/request-guard.js';
import { heldWhole } from './forward.js';

/**
 * The services' JSON shape limits (depth and keys, the service kit's json-shape.ts), kept by the
 * gateway too, so that a body built to exhaust a parser is refused at the edge with the services'
 * own 400. A body held whole (small, of known length) is measured by rawBody before it is sent on;
 * a streamed one here, chunk by chunk as it passes, and cut at the first chunk past a limit.
 */
export function installJsonShapeLimit(scope: FastifyInstance): void {
  scope.addHook('preParsing', (request, _reply, payload, done) => {
    if (!isJsonContentType(request.headers['content-type']) || heldWhole(request)) return done(null, payload);
    const gauge = new JsonShapeGauge();
    const measured = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        const problem = gauge.read(chunk);
        if (problem === null) return next(null, chunk);
        // The rest is read and dropped, so that the 400 reaches a client still sending.
        payload.unpipe(measured);
        payload.resume();
        next(new RefusedBody(jsonShapeError(problem)));
      },
    });
    payload.once('error', (error) => measured.destroy(error));
    done(null, payload.pipe(measured));
  });
}
