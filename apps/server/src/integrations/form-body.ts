import type { FastifyInstance } from 'fastify';

/**
 * Lets the simulator pages post plain HTML forms: parses `application/x-www-form-urlencoded`
 * into an object of strings, in the calling plugin's scope only.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}
