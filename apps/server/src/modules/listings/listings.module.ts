import type { FastifyPluginAsync } from 'fastify';
import type { SmsGateway } from '../../integrations/sms/sms-gateway';
import { checkCodeRoutes } from './check-codes.routes';
import { listingActionsRoutes } from './listing-actions.routes';
import { listingDraftsRoutes } from './listing-drafts.routes';
import { listingFreshnessPlugin } from './listing-freshness.job';
import { listingReportsRoutes } from './listing-reports.routes';
import { listingsRoutes } from './listings.routes';
import { myListingsRoutes } from './my-listings.routes';
import { pictureLinksRoutes } from './picture-links.routes';

export interface ListingsModuleOptions {
  /** The SMS gateway the app passes to its modules (confirmation requests); null when SMS is off. */
  sms: SmsGateway | null;
  /** The site's public address, for the check page the QR codes open. */
  publicOrigin: string;
  /** Run the freshness sweeper (off in API tests, which sweep with their own clock). */
  runJobs: boolean;
}

/**
 * The second-hand market: public reads and check codes, the owner's publishing flow and
 * actions, reports and the freshness sweeper. Pictures live in the object storage
 * (`app.storage`): house photos public, certification and report photos private. Operator review,
 * take-down and report decisions are `listings.admin.routes.ts`, mounted with the other operator
 * routes by `src/operator-api.ts`; what other modules may use is in `index.ts`.
 */
export const listingsModule: FastifyPluginAsync<ListingsModuleOptions> = async (app, options) => {
  const { storage } = app;
  await app.register(listingsRoutes);
  await app.register(checkCodeRoutes, { publicOrigin: options.publicOrigin });
  await app.register(myListingsRoutes, { storage });
  await app.register(listingDraftsRoutes, { storage });
  await app.register(listingActionsRoutes);
  await app.register(listingReportsRoutes, { storage });
  await app.register(pictureLinksRoutes, { storage });
  await app.register(listingFreshnessPlugin, { enabled: options.runJobs, sms: options.sms });
};
