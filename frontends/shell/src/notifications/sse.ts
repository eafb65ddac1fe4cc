/**
 * A minimal reader of server-sent events (the text/event-stream format): feed it chunks of text as
 * they arrive, it calls back once per complete event. Comments (heartbeats) are skipped.
 */
export interface ServerEvent {
  event: string;
  data: string;
}

export interface SseParser {
  push(chunk: string): void;
  /** The reconnection delay the server asked for (`retry:`), if any. */
  readonly retryMs: number | undefined;
}

export function createSseParser(onEvent: (event: ServerEvent) => void): SseParser {
  let buffer = '';
  let retryMs: number | undefined;
  let event = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  };

  return {
    push(chunk) {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A lone \r at the end may be the first half of \r\n: wait for more.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    get retryMs() {
      return retryMs;
    },
  };
}
