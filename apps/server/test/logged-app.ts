import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { shippedLogger } from '../src/app';
import { errorHandlerPlugin } from '../src/plugins/error-handler';

/**
 * A Fastify app with the server's shipped logger (level trace, the same redaction and
 * serializers) writing into memory and the server's error handler, for tests that drive a
 * provider adapter's failure through a route and read what the log kept.
 */
export interface LoggedApp {
  app: FastifyInstance;
  /** Everything logged so far, one JSON object per line. */
  log(): string;
  /** Forgets what was logged so far. */
  clear(): void;
}

export async function loggedApp(routes: (app: FastifyInstance) => void): Promise<LoggedApp> {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  const app = Fastify({ logger: { ...shippedLogger('trace'), stream } });
  await app.register(errorHandlerPlugin);
  routes(app);
  await app.ready();
  return {
    app,
    log: () => text,
    clear: () => {
      text = '';
    },
  };
}

/** An origin on 127.0.0.1 where nothing listens (a provider refusing connections). */
export async function closedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
