import type { CityCounts } from '@portal/shared/schemas/health';
import type { Db } from '../db/client';
import { localDataStorage, type ObjectStorage } from '../integrations/storage/index';
import { seedActivity } from './activity';
import { seedAnalytics } from './analytics';
import { seedCommunity } from './community';
import { createSeedContext, SEED_REFERENCE_DATE } from './context';
import { isDatabaseEmpty, syncIdentitySequences } from './database';
import { DEMO_ACCOUNTS, DEMO_BUYER_QUERY, type DemoAccount } from './demo-accounts';
import { seedListings } from './listings';
import { seedLottery } from './lottery';
import { seedNews } from './news';
import { insertOrders, planOrders } from './orders';
import { writeCityPictures, writePicturePool } from './pictures/index';
import { seedPlaces } from './places';
import { planProjectPriceSteps, seedPriceHistory } from './price-history';
import { planProjects } from './project-plan';
import { seedProjects } from './projects';
import { seedReference } from './reference';
import { seedBuyerRecords } from './registry';
import { insertLayout, planBuildings } from './rooms';
import { seedSiteContent } from './site-content';
import { seedUsers } from './users';

export { isDatabaseEmpty, resetDatabase } from './database';
export {
  DEMO_ACCOUNTS,
  DEMO_BUYER_IDENTITY,
  DEMO_BUYER_QUERY,
  DEMO_OWNERSHIP,
  formatRealEstateCertificateNum,
  type DemoAccount,
} from './demo-accounts';
export { SEED_REFERENCE_DATE } from './context';

export interface SeedOptions {
  /** City size multiplier: 1 = the full city (≥80 projects, ≥20,000 rooms); fractions allowed. */
  scale?: number;
  /** Where the generated pictures go (`seed/…` objects): the site's object storage. */
  storage?: ObjectStorage;
  /** Instead of `storage`, a local data folder's uploads root (`DATA_DIR/uploads`). */
  uploadsDir?: string;
  /**
   * The instant every seeded time is relative to (payment windows, locks, article dates).
   * Default SEED_REFERENCE_DATE keeps runs identical; pass `new Date()` for a live demo whose
   * yellow and blue rooms are still within their windows.
   */
  now?: Date;
  log?: (line: string) => void;
}

export interface SeedSummary {
  scale: number;
  /** ISO instant the data is relative to. */
  referenceTime: string;
  counts: CityCounts;
  demoAccounts: readonly DemoAccount[];
  /** District, ID number, contract number and purchase password for /yszjpage and /spfqypage. */
  demoBuyerQuery: typeof DEMO_BUYER_QUERY;
}

/**
 * Seeds the demo city into an empty, migrated database in one transaction: users and demo
 * accounts, reference data, projects with buildings → units → rooms, orders in every pay status,
 * news, second-hand listings, registries, statistics and community data. Deterministic for a given
 * scale and `now`; pictures are generated as SVG objects `seed/…` in the storage.
 */
export async function seedCity(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`seed scale must be a positive number, got ${scale}`);
  const now = options.now ?? SEED_REFERENCE_DATE;
  const log = options.log ?? (() => undefined);
  if (!(await isDatabaseEmpty(db))) {
    throw new Error(
      'seedCity needs an empty database: call resetDatabase first (npm run seed -- --reset)',
    );
  }
  const storage = options.storage ?? (options.uploadsDir && localDataStorage(options.uploadsDir));
  if (!storage) throw new Error('seedCity needs a storage or an uploads folder for its pictures');
  const pictures = await writePicturePool(storage);

  const counts = await db.transaction(async (tx) => {
    const ctx = createSeedContext(tx, { scale, now, pictures, log });
    const users = await seedUsers(ctx);
    const tags = await seedReference(ctx);
    await seedSiteContent(ctx);
    const plan = planProjects(ctx.rng('projects'), scale, now);
    const layout = planBuildings(ctx, plan);
    const orders = planOrders(ctx, users, plan, layout);
    const cityPictures = await writeCityPictures(storage, plan, layout);
    const projectPriceSteps = planProjectPriceSteps(ctx, plan);
    const { groupBuyIds } = await seedProjects(ctx, plan, layout, tags, cityPictures);
    await insertLayout(ctx, layout);
    await insertOrders(ctx, orders, users);
    const newsItems = await seedNews(ctx, plan, layout, cityPictures);
    const listings = await seedListings(ctx, users, tags);
    await seedBuyerRecords(ctx, plan, layout, orders);
    await seedAnalytics(ctx);
    await seedCommunity(ctx, users, plan, newsItems, listings, groupBuyIds);
    await seedPriceHistory(ctx, projectPriceSteps, users);
    await seedPlaces(ctx, plan, listings);
    await seedActivity(ctx, plan, listings, users);
    await seedLottery(ctx, users);
    await syncIdentitySequences(tx);
    return {
      projects: plan.projects.length,
      buildings: layout.buildings.length,
      rooms: layout.rooms.length,
      news: newsItems.total,
      listings: listings.listings.length,
      users: 3 + users.citizens.length,
    };
  });

  return {
    scale,
    referenceTime: now.toISOString(),
    counts,
    demoAccounts: DEMO_ACCOUNTS,
    demoBuyerQuery: DEMO_BUYER_QUERY,
  };
}
