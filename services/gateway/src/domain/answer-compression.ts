/**
 * Which API answers the gateway compresses on their way out, and how (docs/architecture.md#gateway).
 * The front ends' files are compressed once at build time; API answers are made per request, so a
 * JSON answer large enough to gain is compressed here, with a fast Brotli level where the client
 * accepts it, else gzip. Server-sent events and files stream through untouched.
 */
import { Negotiator } from '@fastify/accept-negotiator';

export type AnswerEncoding = 'br' | 'gzip';

/** Below this, the headers' bytes outweigh what compression saves. */
export const COMPRESS_MIN_BYTES = 1024;

// Browsers send a handful of distinct Accept-Encoding headers: the negotiator caches each one's answer.
const negotiator = new Negotiator<AnswerEncoding>({ supportedValues: ['br', 'gzip'], cache: new Map() });

/** Whether a content type is JSON (application/json, or a +json type such as problem+json). */
export function isJsonAnswer(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

export interface AnswerFacts {
  acceptEncoding: string | undefined;
  contentType: string | undefined;
  /** The upstream's own Content-Encoding, if it set one: such an answer is passed on as it is. */
  contentEncoding: string | undefined;
  length: number;
}

/** The encoding to send the answer in, or null to send it as the upstream wrote it. */
export function answerEncoding({ acceptEncoding, contentType, contentEncoding, length }: AnswerFacts): AnswerEncoding | null {
  if (!acceptEncoding || length < COMPRESS_MIN_BYTES || !isJsonAnswer(contentType)) return null;
  if (contentEncoding !== undefined && contentEncoding.toLowerCase() !== 'identity') return null;
  return negotiator.negotiate(acceptEncoding);
}
