import type { FastifyReply, FastifyRequest } from 'fastify';

/** The client accepts a gzip-encoded answer (`Accept-Encoding` lists gzip without q=0). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  return String(header)
    .split(',')
    .some((part) => {
      const [coding, ...params] = part.trim().toLowerCase().split(';');
      if (coding !== 'gzip' && coding !== '*') return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}

/**
 * Sends an answer already written as JSON bytes (kept by a read cache), gzipped when the client
 * accepts it and a gzip copy is given, skipping the route's serializer: Fastify passes a Buffer
 * through untouched. The route's response schema still documents the shape; the bytes must
 * have been written from a value of that shape.
 */
export function sendJsonBytes(
  reply: FastifyReply,
  answer: { body: Buffer; gzip?: Buffer },
  gzip: boolean,
): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (gzip && answer.gzip) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.body);
}
