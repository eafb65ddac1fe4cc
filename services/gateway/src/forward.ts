import { pipeline, Readable } from 'node:stream';
import { brotliCompress, constants as zlib, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { ErrorMessages, type ErrorBody } from '@civic/contracts';
import { jsonShapeError, jsonShapeProblem } from '@civic/service-kit';
import { bodyRefusal } from './body-limit.js';
import { answerEncoding, isJsonAnswer, type AnswerEncoding } from './domain/answer-compression.js';
import { isJsonContentType } from './domain/request-guard.js';

/**
 * The gateway's own forwarding of API requests, on undici's keep-alive pools without
 * @fastify/reply-from: one copy of the headers each way, no URL object, no stream when the body is
 * small. A request or an answer whose length is known and small is forwarded as one buffer (one
 * write with its headers), compressed when it is JSON worth it (domain/answer-compression.ts); any
 * other body streams through with back-pressure, a large JSON one compressed on the way.
 */

/** Bodies up to this size (with a known length) travel as one buffer; larger or chunked ones stream. */
export const SMALL_BODY_BYTES = 64 * 1024;

/**
 * Request headers never forwarded: hop-by-hop ones, Host (the upstream's), Expect (answered here, undici
 * refuses it), Content-Length (undici sets it from the body), and the ones the gateway sets itself.
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'expect',
  'content-length',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
]);

/** Answer headers of the upstream's connection, not of the answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/** Header names a Connection header lists (hop-by-hop by its say), when it lists any besides keep-alive/close. */
function listedInConnection(connection: string | string[] | undefined): string[] | null {
  if (typeof connection !== 'string') return null;
  const lower = connection.toLowerCase();
  if (lower === 'keep-alive' || lower === 'close') return null;
  return lower
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

/**
 * The headers the upstream gets, as undici's flat list: the client's, less the hop-by-hop ones, plus
 * the request id and the client's address, scheme and host as the gateway established them
 * (X-Forwarded-* from a client are believed only under TRUST_PROXY, and replaced here either way).
 */
export function upstreamHeaders(request: FastifyRequest, contentLength: number | null): string[] {
  const incoming = request.headers;
  const listed = listedInConnection(incoming.connection);
  const headers: string[] = [];
  for (const name in incoming) {
    if (NOT_FORWARDED.has(name) || (listed !== null && listed.includes(name))) continue;
    const value = incoming[name];
    if (typeof value === 'string') headers.push(name, value);
    else if (Array.isArray(value)) for (const each of value) headers.push(name, each);
  }
  if (contentLength !== null) headers.push('content-length', String(contentLength));
  headers.push('x-request-id', request.id, 'x-forwarded-for', request.ip, 'x-forwarded-proto', request.protocol, 'x-forwarded-host', request.host);
  return headers;
}

const EMPTY = Buffer.alloc(0);

/**
 * Fast levels: an API answer is compressed once per request, so Brotli 4 (near gzip 6 in speed,
 * smaller) and gzip 5; the front ends' files get the highest levels at build time instead.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 5;

/** The answer's Vary header with Accept-Encoding in it once. */
function varyWithAcceptEncoding(vary: unknown): string {
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}

/** Whether the request's body is gathered whole before it is forwarded: a known length, small. */
export function heldWhole(request: FastifyRequest): boolean {
  return Number(request.headers['content-length']) <= SMALL_BODY_BYTES && request.headers['transfer-encoding'] === undefined;
}

/**
 * Request bodies reach the handler unparsed (Fastify content-type parser of the proxied routes): a small
 * one of known length as a Buffer, any other as the stream itself (the body limit's counter when chunked,
 * the JSON shape gauge when JSON). A small JSON body is held to the shape limits here (body-shape.ts).
 */
export function rawBody(request: FastifyRequest, payload: NodeJS.ReadableStream & Readable, done: (error: Error | null, body?: unknown) => void): void {
  if (!heldWhole(request)) return done(null, payload);
  if (Number(request.headers['content-length']) === 0) return done(null, EMPTY);
  const chunks: Buffer[] = [];
  payload.on('data', (chunk: Buffer) => chunks.push(chunk));
  payload.once('error', (error) => done(error));
  payload.once('end', () => {
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const problem = isJsonContentType(request.headers['content-type']) ? jsonShapeProblem(body) : null;
    if (problem !== null) done(jsonShapeError(problem));
    else done(null, body);
  });
}

const SERVICE_UNAVAILABLE: ErrorBody = Object.freeze({ statusCode: 503, statusMessage: ErrorMessages.serviceUnavailable });
const BAD_REQUEST: ErrorBody = Object.freeze({ statusCode: 400, statusMessage: ErrorMessages.badRequest });

/**
 * Whether a path could reach, once decoded by the upstream, outside the prefix it was routed by
 * (`..` segments, also percent-encoded or with backslashes). Plain paths are passed at a glance.
 */
export function climbsOut(path: string): boolean {
  let suspicious = false;
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    // '%', '.', '\'
    if (code === 37 || code === 46 || code === 92) {
      suspicious = true;
      break;
    }
  }
  if (!suspicious) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.replaceAll('\\', '/'));
  } catch {
    return true;
  }
  return decoded.replaceAll('\\', '/').split('/').includes('..');
}

/** Methods whose repetition has the effect of one request (RFC 9110, 9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Whether a request may be sent again: an idempotent method, with no body or a body held in memory (a stream is spent). */
export function mayRetry(options: Pick<Dispatcher.DispatchOptions, 'method' | 'body'>): boolean {
  return IDEMPOTENT_METHODS.has(options.method) && (options.body === null || options.body === undefined || Buffer.isBuffer(options.body));
}

export interface ForwardTarget {
  /** Upstream name, in the logs of its failures. */
  upstream: string;
  origin: string;
  dispatcher: Dispatcher;
}

/** The route handler forwarding a request to `target`, the full path kept (upstreams serve /api/... themselves). */
export function forwardTo(target: ForwardTarget) {
  return function forward(request: FastifyRequest, reply: FastifyReply): void {
    const url = request.url;
    const query = url.indexOf('?');
    if (climbsOut(query === -1 ? url : url.slice(0, query))) {
      reply.code(400).send(BAD_REQUEST);
      return;
    }
    const body = request.body as Buffer | Readable | undefined;
    const streamed = body !== undefined && !Buffer.isBuffer(body);
    const length = streamed ? Number(request.headers['content-length']) : NaN;
    const options: Dispatcher.DispatchOptions = {
      origin: target.origin,
      path: url,
      method: request.method as Dispatcher.HttpMethod,
      // A streamed body keeps its announced length; a buffer's is undici's to set.
      headers: upstreamHeaders(request, Number.isInteger(length) ? length : null),
      body: body ?? null,
    };
    target.dispatcher.dispatch(options, new Forwarding(target, options, request, reply, 0));
  };
}

/**
 * One request's trip to the upstream, as an undici dispatch handler: the answer's headers are copied
 * once into the reply; a small answer of known length is gathered and sent as one buffer, any other
 * (server-sent events, large files) is streamed with back-pressure.
 */
class Forwarding implements Dispatcher.DispatchHandler {
  private abort: ((error?: Error) => void) | null = null;
  private resume: (() => void) | null = null;
  private chunks: Buffer[] | null = null;
  private stream: Readable | null = null;
  private answered = false;

  constructor(
    private readonly target: ForwardTarget,
    private readonly options: Dispatcher.DispatchOptions,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly attempt: number,
  ) {}

  onConnect(abort: (error?: Error) => void): void {
    this.abort = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    const { reply } = this;
    this.answered = true;
    if (this.clientGone()) {
      // The client is gone: nothing to answer.
      this.abort?.();
      return false;
    }
    let length = -1;
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!.toString('latin1').toLowerCase();
      if (HOP_BY_HOP.has(name)) continue;
      const value = rawHeaders[i + 1]!.toString('latin1');
      if (name === 'content-length') length = Number(value);
      else if (name === 'content-type') this.contentType = value;
      else if (name === 'content-encoding') this.contentEncoding = value;
      const previous = reply.getHeader(name);
      // A header the upstream repeats is kept whole; one the gateway set before is the upstream's to replace.
      if (previous !== undefined && name !== 'set-cookie' && this.seenFromUpstream(rawHeaders, i, name)) {
        reply.header(name, Array.isArray(previous) ? [...previous, value] : [String(previous), value]);
      } else {
        reply.header(name, value);
      }
    }
    // An HTTP/1 connection cannot take the next request before this one's body is read.
    if (!this.request.raw.complete) reply.header('connection', 'close');
    reply.code(statusCode);
    // No body (204, 304, HEAD) or a small one: gathered, then sent with the headers in one write.
    if (statusCode === 204 || statusCode === 304 || this.options.method === 'HEAD' || (length >= 0 && length <= SMALL_BODY_BYTES)) {
      this.chunks = [];
      if (statusCode !== 204 && statusCode !== 304 && this.options.method !== 'HEAD' && isJsonAnswer(this.contentType)) {
        // Whether or not this one is compressed, the same URL's answer may be for another client.
        reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
        this.encoding = answerEncoding({
          acceptEncoding: this.request.headers['accept-encoding'],
          contentType: this.contentType,
          contentEncoding: this.contentEncoding,
          length,
        });
      }
      return true;
    }
    this.resume = resume;
    this.stream = new Readable({
      read: () => this.resume?.(),
      destroy: (error, callback) => {
        // The client went away mid-answer: the upstream request goes too.
        if (this.chunks === null && !this.streamEnded) this.abort?.(error ?? undefined);
        callback(error);
      },
    });
    const encoding = this.options.method === 'HEAD' ? null : this.streamedEncoding(length);
    if (encoding === null) {
      reply.send(this.stream);
      return true;
    }
    // A large JSON answer (an archive's list) is compressed as it streams: its compressed length is
    // not known before the end, so it goes chunked. The pipeline carries a client's departure back upstream.
    reply.removeHeader('content-length');
    reply.header('content-encoding', encoding);
    const compressor =
      encoding === 'br' ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : createGzip({ level: GZIP_LEVEL });
    reply.send(pipeline(this.stream, compressor, () => undefined));
    return true;
  }

  /**
   * The encoding of a streamed JSON answer, with Vary set on any JSON answer. Only one of known
   * length is compressed: the services state the length of every JSON answer, and a chunked one of
   * unknown size may be a few bytes.
   */
  private streamedEncoding(length: number): AnswerEncoding | null {
    if (!isJsonAnswer(this.contentType)) return null;
    this.reply.header('vary', varyWithAcceptEncoding(this.reply.getHeader('vary')));
    if (length < 0) return null;
    return answerEncoding({ acceptEncoding: this.request.headers['accept-encoding'], contentType: this.contentType, contentEncoding: this.contentEncoding, length });
  }

  private streamEnded = false;
  private contentType: string | undefined;
  private contentEncoding: string | undefined;
  /** How a gathered answer is compressed before it is sent, or null. */
  private encoding: AnswerEncoding | null = null;

  /** The client closed its connection before the answer (injected requests have a socket of their own kind). */
  private clientGone(): boolean {
    const { raw } = this.request;
    return raw.aborted || raw.socket?.destroyed === true;
  }

  /** Whether `name` already came earlier in this answer's headers (rather than from the gateway). */
  private seenFromUpstream(rawHeaders: Buffer[], before: number, name: string): boolean {
    for (let i = 0; i < before; i += 2) {
      if (rawHeaders[i]!.length === name.length && rawHeaders[i]!.toString('latin1').toLowerCase() === name) return true;
    }
    return false;
  }

  onData(chunk: Buffer): boolean {
    if (this.stream !== null) return this.stream.push(chunk);
    this.chunks?.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.stream !== null) {
      this.streamEnded = true;
      this.stream.push(null);
      return;
    }
    const chunks = this.chunks;
    if (chunks === null) return;
    if (chunks.length === 0) this.reply.send();
    else if (this.encoding !== null) this.sendCompressed(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), this.encoding);
    else this.reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }

  /** Compressed off the event loop's thread (zlib's pool); on a failure, the answer goes as it came. */
  private sendCompressed(body: Buffer, encoding: AnswerEncoding): void {
    const { reply } = this;
    const done = (error: Error | null, compressed: Buffer) => {
      if (reply.sent || this.clientGone()) return;
      if (error) {
        reply.send(body);
        return;
      }
      reply.header('content-encoding', encoding).header('content-length', compressed.length).send(compressed);
    };
    if (encoding === 'br') brotliCompress(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }, done);
    else gzip(body, { level: GZIP_LEVEL }, done);
  }

  onError(error: Error): void {
    if (this.stream !== null) {
      this.streamEnded = true;
      this.stream.destroy(error);
      return;
    }
    const { reply } = this;
    if (reply.sent || this.clientGone()) return;
    if (this.answered) {
      // Headers were copied but the small body failed on its way: the answer cannot be given.
      reply.raw.destroy(error);
      return;
    }
    const refusal = bodyRefusal(error);
    if (refusal !== null) {
      reply.header('connection', 'close').code(refusal.statusCode).send(refusal.toBody());
      return;
    }
    const code = (error as Error & { code?: string }).code;
    // A stale keep-alive socket (closed by the upstream as the request went out, as a replica
    // draining for a rolling update does) is retried once for a method HTTP defines as idempotent
    // whose body is still at hand; a POST or PATCH never is, and an upstream's own 503 passes through.
    if (this.attempt === 0 && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') && mayRetry(this.options)) {
      this.target.dispatcher.dispatch(this.options, new Forwarding(this.target, this.options, this.request, reply, 1));
      return;
    }
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    this.request.log.warn({ upstream: this.target.upstream, code: cause?.code ?? code }, 'upstream unavailable');
    reply.code(503).send(SERVICE_UNAVAILABLE);
  }
}
