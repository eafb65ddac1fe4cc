import type { ErrorKey } from '@civic/contracts';

/**
 * The shape every JSON body must keep (docs/architecture.md#security): at most this many arrays and
 * objects inside one another...
 */
export const JSON_MAX_DEPTH = 32;
/** ...and at most this many object keys in all. No route of the product comes near either. */
export const JSON_MAX_KEYS = 1000;

export type JsonShapeProblem = Extract<ErrorKey, 'bodyTooDeep' | 'bodyTooWide'>;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Measures JSON text as it comes, chunk by chunk, before anything parses or walks it: nesting depth
 * (an open brace or bracket outside strings) and keys (a colon outside strings, which in JSON only
 * follows a key). One pass, no recursion, so no body can make the check itself overflow. The bytes
 * it looks for are ASCII, which never occur inside a UTF-8 sequence or a UTF-16 surrogate, so it
 * reads Buffers and strings alike. Text that is not JSON is the parser's to refuse; the gauge only
 * says when the text went past a limit.
 */
export class JsonShapeGauge {
  private depth = 0;
  private keys = 0;
  private inString = false;
  private escaped = false;
  private problem: JsonShapeProblem | null = null;

  constructor(
    private readonly maxDepth = JSON_MAX_DEPTH,
    private readonly maxKeys = JSON_MAX_KEYS,
  ) {}

  /** Reads one more chunk: the first limit passed so far, or null. */
  read(chunk: string | Uint8Array): JsonShapeProblem | null {
    if (this.problem !== null) return this.problem;
    if (typeof chunk === 'string') {
      for (let i = 0; i < chunk.length; i++) if (this.step(chunk.charCodeAt(i))) return this.problem;
    } else {
      for (let i = 0; i < chunk.length; i++) if (this.step(chunk[i]!)) return this.problem;
    }
    return null;
  }

  /** True once a limit is passed. */
  private step(code: number): boolean {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (code === BACKSLASH) this.escaped = true;
      else if (code === QUOTE) this.inString = false;
      return false;
    }
    switch (code) {
      case QUOTE:
        this.inString = true;
        return false;
      case OPEN_BRACE:
      case OPEN_BRACKET:
        if (++this.depth > this.maxDepth) this.problem = 'bodyTooDeep';
        break;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        if (this.depth > 0) this.depth -= 1;
        return false;
      case COLON:
        if (++this.keys > this.maxKeys) this.problem = 'bodyTooWide';
        break;
      default:
        return false;
    }
    return this.problem !== null;
  }
}

/** The first limit a whole JSON text passes (JsonShapeGauge), or null. */
export function jsonShapeProblem(text: string | Uint8Array, maxDepth = JSON_MAX_DEPTH, maxKeys = JSON_MAX_KEYS): JsonShapeProblem | null {
  return new JsonShapeGauge(maxDepth, maxKeys).read(text);
}
