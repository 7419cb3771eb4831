import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { PROJECT_STATUS, LISTING_STATUS } from '@portal/shared/status';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { projects, secondHandListings } from '../db/schema/index';
import { markPriceChange } from '../modules/price-history/price-source';
import { addDays, type SeedContext } from './context';
import type { CityPlan } from './project-plan';
import type { Rng } from './random';
import type { SeededUsers } from './users';

const DAY = 86_400_000;

/** One planned change of a project's 平台价 (yuan/㎡) at a past instant. */
interface ProjectStep {
  projectId: number;
  at: Date;
  price: number;
}

/** `count` increasing instants between `from` and `to`. */
function instantsBetween(rng: Rng, from: Date, to: Date, count: number): Date[] {
  const span = to.getTime() - from.getTime();
  return Array.from({ length: count }, () => from.getTime() + rng.next() * span)
    .sort((a, b) => a - b)
    .map((ms) => new Date(ms));
}

/**
 * Plans the 平台价 history of most published projects over the past year and rewinds each plan's
 * price to the one before its first change, so that once `seedPriceHistory` has replayed the
 * changes every project ends at its planned price. Call before the projects are inserted.
 */
export function planProjectPriceSteps(ctx: SeedContext, plan: CityPlan): ProjectStep[] {
  const rng = ctx.rng('price-history/projects');
  const steps: ProjectStep[] = [];
  const latest = addDays(ctx.now, -5);
  for (const project of plan.projects) {
    if (project.publishStatus !== PROJECT_STATUS.PUBLISHED || !rng.chance(0.7)) continue;
    const published = addDays(project.openDate, -30);
    const earliest = new Date(Math.max(published.getTime(), ctx.now.getTime() - 330 * DAY));
    if (latest.getTime() - earliest.getTime() < 20 * DAY) continue;
    const instants = instantsBetween(rng, earliest, latest, rng.int(1, 3));
    // Walk back from the planned (final) price: each earlier price undoes a change of -4 % to +3 %.
    const prices = [project.platformPrice];
    for (let i = instants.length; i > 0; i -= 1) {
      const later = prices[0] as number;
      prices.unshift(Math.round(later / (1 + rng.real(-0.04, 0.03)) / 10) * 10);
    }
    project.platformPrice = prices[0] as number;
    instants.forEach((at, i) => steps.push({ projectId: project.id, at, price: prices[i + 1]! }));
  }
  return steps;
}

/** Applies one price change at a past instant, recorded by the database like any other. */
async function applyAt(ctx: SeedContext, at: Date, write: () => Promise<unknown>): Promise<void> {
  await markPriceChange(ctx.db, 'seed', at);
  await write();
}

/**
 * Demo price history (docs/decisions/0037-price-history.md): replays the planned project
 * changes, then gives about 60 % of the published second-hand listings of generated citizens
 * one to three owner price changes since they were published, mostly cuts of 1–6 %. Every
 * change goes through the price-change recording of the database, dated in the past. The demo
 * accounts' listings keep their prices.
 */
export async function seedPriceHistory(
  ctx: SeedContext,
  projectSteps: ProjectStep[],
  users: SeededUsers,
): Promise<void> {
  const steps = [...projectSteps].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const step of steps) {
    await applyAt(ctx, step.at, () =>
      ctx.db
        .update(projects)
        .set({ platformPrice: step.price })
        .where(eq(projects.id, step.projectId)),
    );
  }

  const rng = ctx.rng('price-history/listings');
  const L = secondHandListings;
  const published = await ctx.db
    .select({
      id: L.id,
      type: L.type,
      price: L.price,
      buildArea: L.buildArea,
      publishTime: L.publishTime,
    })
    .from(L)
    .where(
      and(
        inArray(L.publishStatus, [LISTING_STATUS.PUBLISHED, LISTING_STATUS.UNCONFIRMED]),
        ne(L.userId, users.demoBuyer.id),
        ne(L.userId, users.demoUnverified.id),
      ),
    )
    .orderBy(asc(L.id));
  const latest = addDays(ctx.now, -1);
  for (const listing of published) {
    if (!listing.publishTime || !rng.chance(0.6)) continue;
    if (latest.getTime() - listing.publishTime.getTime() < 10 * DAY) continue;
    const isSale = listing.type === LISTING_TYPE.SALE;
    const step = isSale ? 1000 : 50;
    let price = listing.price;
    for (const at of instantsBetween(rng, listing.publishTime, latest, rng.int(1, 3))) {
      const change = rng.chance(0.8) ? -rng.real(0.01, 0.06) : rng.real(0.01, 0.03);
      const next = Math.round((price * (1 + change)) / step) * step;
      if (next === price || next <= 0) continue;
      price = next;
      await applyAt(ctx, at, () =>
        ctx.db
          .update(L)
          .set({
            price: next,
            pricePerSquareMetre: isSale ? Math.round(next / Number(listing.buildArea)) : null,
            updatedAt: at,
          })
          .where(eq(L.id, listing.id)),
      );
    }
  }
  // Any later price write of the seed's transaction is dated when it happens.
  await markPriceChange(ctx.db, 'seed');
}
