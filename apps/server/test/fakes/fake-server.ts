import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a provider's server receives it. */
export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeAnswer {
  status?: number;
  contentType?: string;
  body: string;
  /** Answer only after this many milliseconds (a provider that hangs). */
  delayMs?: number;
}

export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for a provider: each request is recorded and answered by
 * `handle`, which speaks the provider's documented protocol (see the fakes beside this file).
 */
export async function startFakeServer(
  handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      void Promise.resolve(handle(request)).then((answer) => {
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(answer.status ?? 200, {
            'content-type': answer.contentType ?? 'application/json;charset=utf-8',
          });
          res.end(answer.body);
        };
        if (!answer.delayMs) return send();
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
