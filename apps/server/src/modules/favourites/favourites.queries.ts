import type { FavouriteBusinessType } from '@portal/shared/schemas/favourites';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favourites } from '../../db/schema/index';
import { isPublicListing, secondHandListings } from '../listings/tables';
import { isPublicArticle, news } from '../news/tables';
import { districts } from '../projects/tables';

/**
 * Whether a published article of that id exists, by the news module's rule (`isPublicArticle` of
 * its read face, which imports no module: the news module asks the favourites who follows an
 * article). A project's is asked of projects, a listing's handed in by the app.
 */
export async function isPublishedArticle(db: Db, articleId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: news.id })
    .from(news)
    .where(and(eq(news.id, articleId), isPublicArticle()))
    .limit(1);
  return Boolean(row);
}

/** Whether the user has favourited the business row. */
export async function isFavourited(
  db: Db,
  userId: number,
  businessType: FavouriteBusinessType,
  businessId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: favourites.id })
    .from(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        eq(favourites.businessType, businessType),
        eq(favourites.businessId, businessId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A favourites page's order: newest favourite first, the later row first on a tie. */
const newestFavouriteFirst = [desc(favourites.createdAt), desc(favourites.id)];

/** How many favourites match `where`, counted only where the favourited row (`target`) exists. */
async function countFavourites(
  db: Db,
  target: typeof news | typeof secondHandListings,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(favourites)
    .innerJoin(target, eq(target.id, favourites.businessId))
    .where(where);
  return row?.total ?? 0;
}

/** The user's favourite published articles (optionally of one type), newest favourite first. */
export async function selectFavouriteNews(
  db: Db,
  userId: number,
  newsType: number | undefined,
  page: { limit: number; offset: number },
) {
  const where: SQL | undefined = and(
    eq(favourites.userId, userId),
    eq(favourites.businessType, 'NEWS'),
    isPublicArticle(),
    newsType === undefined ? undefined : eq(news.newsType, newsType),
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: news.id,
        title: news.title,
        newsType: news.newsType,
        coverPath: news.coverPath,
        updatedAt: news.updatedAt,
      })
      .from(favourites)
      .innerJoin(news, eq(news.id, favourites.businessId))
      .where(where)
      .orderBy(...newestFavouriteFirst)
      .limit(page.limit)
      .offset(page.offset),
    countFavourites(db, news, where),
  ]);
  return { rows, total };
}

/** The users who have favourited one business row (a listing's followers), in no order. */
export async function selectFavouriteHolders(
  db: Db,
  businessType: FavouriteBusinessType,
  businessId: number,
): Promise<number[]> {
  const rows = await db
    .select({ userId: favourites.userId })
    .from(favourites)
    .where(and(eq(favourites.businessType, businessType), eq(favourites.businessId, businessId)));
  return rows.map((row) => row.userId);
}

/**
 * The user's favourite listings in any state, newest favourite first, with their districts and
 * whether each is public (the listings' condition).
 */
export async function selectFavouriteListings(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
) {
  const L = secondHandListings;
  const where = and(eq(favourites.userId, userId), eq(favourites.businessType, 'LISTING'));
  const [rows, total] = await Promise.all([
    db
      .select({
        id: L.id,
        type: L.type,
        title: L.title,
        coverPath: L.coverPath,
        price: L.price,
        bedroom: L.bedroom,
        room: L.room,
        toilet: L.toilet,
        buildArea: L.buildArea,
        areaName: districts.name,
        communityName: L.communityName,
        publishStatus: L.publishStatus,
        isPublic: sql<boolean>`${isPublicListing()}`,
        collectedAt: favourites.createdAt,
      })
      .from(favourites)
      .innerJoin(L, eq(L.id, favourites.businessId))
      .innerJoin(districts, eq(districts.code, L.districtCode))
      .where(where)
      .orderBy(...newestFavouriteFirst)
      .limit(page.limit)
      .offset(page.offset),
    countFavourites(db, L, where),
  ]);
  return { rows, total };
}
