import type { FastifyReply, FastifyRequest } from 'fastify';

/** The last `Accept-Encoding` read and what it said: most clients send the same one every time. */
let lastHeader: string | undefined;
let lastAccepts = false;

/** The client accepts a gzip-encoded answer (`Accept-Encoding` lists gzip without q=0). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  const text = String(header);
  if (text === lastHeader) return lastAccepts;
  const accepts = text.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
  lastHeader = text;
  lastAccepts = accepts;
  return accepts;
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
