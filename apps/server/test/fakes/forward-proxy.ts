import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** One use of the proxy: a CONNECT tunnel or a plain request with an absolute URI. */
export interface ProxyUse {
  kind: 'connect' | 'forward';
  /** `host:port` the client asked for. */
  target: string;
  /** The Proxy-Authorization header the client sent, if any. */
  authorization: string | undefined;
}

export interface ForwardProxy {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  uses: ProxyUse[];
  close(): Promise<void>;
}

/**
 * A small forward proxy on 127.0.0.1, as an office or cloud egress proxy behaves: CONNECT opens
 * a tunnel to the asked host and port (TLS would stay between client and provider), and a
 * request with an absolute URI (`GET http://host:port/path`) is forwarded. Every use is
 * recorded. With `credentials`, a client without the matching Basic Proxy-Authorization gets 407.
 */
export async function startForwardProxy(credentials?: {
  user: string;
  password: string;
}): Promise<ForwardProxy> {
  const uses: ProxyUse[] = [];
  const sockets = new Set<Socket>();
  const expected = credentials
    ? `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`
    : undefined;
  const allowed = (req: IncomingMessage) =>
    !expected || req.headers['proxy-authorization'] === expected;

  const server = createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    uses.push({
      kind: 'forward',
      target: target.host,
      authorization: req.headers['proxy-authorization'],
    });
    if (!allowed(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="egress"' }).end();
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port || 80,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    uses.push({
      kind: 'connect',
      target: req.url ?? '',
      authorization: req.headers['proxy-authorization'],
    });
    if (!allowed(req)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(/:(?=\d+$)/);
    const upstream = connect(Number(port), host?.replace(/^\[|\]$/g, '') ?? '', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => {
      if (!client.writableEnded) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    uses,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
