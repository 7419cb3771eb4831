import type { FastifyPluginAsync } from 'fastify';
import { listingsAdminRoutes } from './listings.admin.routes';
import { listingsRoutes } from './listings.routes';
import { myListingsRoutes } from './my-listings.routes';
import { pictureLinksRoutes } from './picture-links.routes';

/**
 * The second-hand market: public reads, the owner's publishing flow and operator review.
 * Pictures live in the object storage (`app.storage`): house photos public, certification
 * photos private.
 */
export const listingsModule: FastifyPluginAsync = async (app) => {
  const { storage } = app;
  await app.register(listingsRoutes);
  await app.register(myListingsRoutes, { storage });
  await app.register(pictureLinksRoutes, { storage });
  await app.register(listingsAdminRoutes, { storage });
};
