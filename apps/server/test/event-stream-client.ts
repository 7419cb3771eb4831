import http from 'node:http';

/** One event received from a server-sent event stream. */
export interface ReceivedEvent<T> {
  event: string;
  data: T;
  at: number;
}

/**
 * Opens a server-sent event stream at `url` (a listening test server) and collects its events
 * until closed, as a browser's EventSource would receive them.
 */
export function listenTo<T>(url: string) {
  const events: ReceivedEvent<T>[] = [];
  let headers: http.IncomingHttpHeaders = {};
  let status = 0;
  let buffer = '';
  const request = http.get(url, (res) => {
    headers = res.headers;
    status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) as T, at: Date.now() });
        end = buffer.indexOf('\n\n');
      }
    });
  });
  request.on('error', () => undefined);
  return {
    events,
    headers: () => headers,
    status: () => status,
    close: () => request.destroy(),
    async waitFor(
      predicate: (e: ReceivedEvent<T>) => boolean,
      ms = 3000,
    ): Promise<ReceivedEvent<T>> {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const found = events.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no matching event in ${ms} ms: ${JSON.stringify(events)}`);
    },
  };
}
