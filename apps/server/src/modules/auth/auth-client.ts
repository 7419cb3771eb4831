import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './login.service';

/** The caller's address and browser, stored with a new session. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

/** The origin the browser used (so QR links work from a phone on the LAN). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
