/**
 * What the platform attacks need beyond support/http.ts: the headers of a mail as the catcher holds
 * it, and server-sent-event streams held open through the gateway.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { Client } from './http.js';

/** The top-level headers of a mail the catcher lists as `file` (continuation lines unfolded, names in lower case). */
export async function mailHeaders(mailUrl: string, file: string): Promise<Map<string, string>> {
  const raw = await (await fetch(`${mailUrl.replace(/\/+$/, '')}/${encodeURIComponent(file)}`)).text();
  const end = /\r?\n\r?\n/.exec(raw);
  const head = end ? raw.slice(0, end.index) : raw;
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A stream request held open, or the answer it got instead. */
export interface HeldStream {
  status: number;
  /** The answer's body when it was not a stream. */
  body: unknown;
  close(): void;
}

/** Opens `path` as an event stream with the client's session and holds it open until close(). */
export function openStream(client: Client, path: string): Promise<HeldStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (client.cookies.size > 0) headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    let request: ClientRequest | null = null;
    request = httpRequest(new URL(path, client.baseUrl), { headers, localAddress: client.localAddress }, (response) => {
      const close = () => request?.destroy();
      const status = response.statusCode ?? 0;
      if ((response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        // The first frames prove the stream is live; the rest is left to flow.
        response.resume();
        resolve({ status, body: null, close });
        return;
      }
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        resolve({ status, body, close });
      });
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    request.setTimeout(15_000, () => request?.destroy(new Error(`${path} timed out`)));
    request.end();
  });
}
