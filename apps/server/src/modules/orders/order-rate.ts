import '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../access/index';

/**
 * Order creations allowed per minute: per account (a buyer needs a few at most), and per client
 * address (generous, since a sales office's buyers may share one address); configured by
 * ORDER_CREATE_PER_ACCOUNT and ORDER_CREATE_PER_CLIENT. Counted in Redis when REDIS_URL is set,
 * so every instance enforces one shared limit (plugins/rate-limit.ts).
 */
export interface OrderCreateLimits {
  perAccount: number;
  perClient: number;
}

const WINDOW_MS = 60_000;

/**
 * A preHandler (after requireUser) that counts one order creation against the account and the
 * client address and refuses it over either limit with 60017 (429).
 */
export function orderCreateRateLimit(app: FastifyInstance, limits: OrderCreateLimits) {
  const create = (options: Parameters<FastifyInstance['createRateLimit']>[0]) =>
    app.createRateLimit(options);
  const perAccount = create({
    max: limits.perAccount,
    timeWindow: WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `orders-create:user:${currentUser(request).id}`,
  });
  const perClient = create({
    max: limits.perClient,
    timeWindow: WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `orders-create:client:${request.ip}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    const [account, client] = await Promise.all([perAccount(request), perClient(request)]);
    if (
      ('isExceeded' in account && account.isExceeded) ||
      ('isExceeded' in client && client.isExceeded)
    )
      throw new AppError('ORDER_RATE_LIMITED');
  };
}
