/**
 * A small HTTP client for the security tests: a cookie jar, the headers the shell sends, and a
 * loopback source address of its own. The gateway counts its rate limits and identity its login and
 * registration limits per client address, so each caller of the tests speaks from its own address
 * (127.0.0.x) and exhausting a limit on purpose never locks out another test.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the raw text when the answer is not JSON. */
  body: unknown;
  text: string;
  setCookies: string[];
}

export interface RequestOptions {
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
  /** Sent as is, with the headers given (a forged cross-site form, say). */
  raw?: string;
  headers?: Record<string, string>;
  /** Keep the cookies the answer sets (default true). */
  remember?: boolean;
  /** Send the jar's cookies (default true). */
  withCookies?: boolean;
}

export const sourceAddress = (n: number) => `127.0.0.${n}`;

export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly localAddress: string,
  ) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    let payload: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    } else if (options.raw !== undefined) {
      payload = options.raw;
    } else if (method !== 'GET' && method !== 'HEAD') {
      // What the shell's fetch wrapper sends on a body-less change: satisfies the gateway's CSRF rule.
      headers['x-requested-with'] = 'XMLHttpRequest';
    }
    if (options.withCookies !== false && this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    Object.assign(headers, options.headers);
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));

    const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const req = httpRequest(new URL(path, this.baseUrl), { method, headers, localAddress: this.localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.end(payload);
    });

    const setCookies = answer.headers['set-cookie'] ?? [];
    if (options.remember !== false) {
      for (const line of setCookies) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value === '' || /;\s*max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    }
    let body: unknown = answer.text;
    if ((answer.headers['content-type'] ?? '').includes('json') && answer.text !== '') body = JSON.parse(answer.text);
    return { ...answer, body, setCookies };
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }

  /** A JSON call that must succeed; answers the parsed body. */
  async ok<T>(method: string, path: string, json?: unknown): Promise<T> {
    const answer = await this.request(method, path, json === undefined ? {} : { json });
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
    return answer.body as T;
  }
}

/** Polls `probe` until it answers a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * The error shape of docs/product.md#errors: `{ statusCode, statusMessage, data? }`, statusCode equal
 * to the HTTP status.
 */
export function isSpecError(answer: Answer, messages: readonly string[]): boolean {
  const body = answer.body as { statusCode?: unknown; statusMessage?: unknown } | null;
  return typeof body === 'object' && body !== null && body.statusCode === answer.status && typeof body.statusMessage === 'string' && messages.includes(body.statusMessage);
}

export function stackUrls(): { baseUrl: string; mailUrl: string; moderatorEmail: string } {
  const baseUrl = process.env.SECURITY_BASE_URL;
  const mailUrl = process.env.SECURITY_MAIL_URL;
  const moderatorEmail = process.env.SECURITY_MODERATOR_EMAIL;
  if (!baseUrl || !mailUrl || !moderatorEmail) throw new Error('the security tests run on the stack of their global setup, with its mail catcher (no SMTP_URL)');
  return { baseUrl, mailUrl, moderatorEmail };
}
