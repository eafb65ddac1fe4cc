import { Agent } from 'undici';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => Record<string, unknown>;
}

export interface CallInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A keep-alive HTTP client for the tests; close() it in afterAll. */
export function httpClient() {
  const agent = new Agent({ keepAliveTimeout: 1000 });
  return {
    /** Sends `path` exactly as written (no WHATWG normalization of dot segments). */
    async call(base: string, path: string, init: CallInit = {}): Promise<Answer> {
      const response = await agent.request({
        origin: base,
        path,
        method: (init.method ?? 'GET') as 'GET',
        headers: init.headers,
        body: init.body,
      });
      const text = await response.body.text();
      return { status: response.statusCode, headers: response.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
    },
    close: () => agent.close(),
  };
}
