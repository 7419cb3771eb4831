import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ListingStorage } from './listing-files';
import { listingsAdminRoutes } from './listings.admin.routes';
import { listingsRoutes } from './listings.routes';
import { myListingsRoutes } from './my-listings.routes';

export interface ListingsModuleOptions {
  /** Public uploads root (`DATA_DIR/uploads`, served at `/oss/app/`). */
  uploadsDir: string;
  /** `DATA_DIR`; certification photos go to `DATA_DIR/private`, which nothing serves statically. */
  dataDir: string;
}

/** The second-hand market: public reads, the owner's publishing flow and operator review. */
export const listingsModule: FastifyPluginAsync<ListingsModuleOptions> = async (app, options) => {
  const storage: ListingStorage = {
    uploadsDir: options.uploadsDir,
    privateDir: path.join(options.dataDir, 'private'),
  };
  await app.register(listingsRoutes, { storage });
  await app.register(myListingsRoutes, { storage });
  await app.register(listingsAdminRoutes, { storage });
};
