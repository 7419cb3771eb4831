import { NEWS_LIMITS, NEWS_TYPE, TAG_TYPE_CHARACTERISTIC } from '@portal/shared/constants/news';
import type { Banner } from '@portal/shared/schemas/home';
import type { NewsItem } from '@portal/shared/schemas/news';
import { withQuery } from '../../../config/query';

/*
 * The addresses of the home page's reads and the pictures of its first screen. Kept free of
 * React and the api client so the boot script (`app/early/boot.ts`) can start the same reads
 * before the app's code has loaded, and the fetchers ask the very same URLs.
 */

/** Cards of the 新房推荐 grid (docs/product/content.md). */
export const NEW_HOUSE_GRID_SIZE = 8;

export const BANNERS_URL = '/api/content/banners';
export const HEADLINES_URL = '/api/news/headlines';
export const CHARACTERISTIC_TAGS_URL = withQuery('/api/content/tags', {
  tagType: TAG_TYPE_CHARACTERISTIC,
});

/** The first `size` published articles of one news type, newest first. */
export function homeNewsUrl(newsType: number, size: number): string {
  return withQuery('/api/news', { pageNum: 1, pageSize: size, newsType });
}

export interface HomeProjectsFilter {
  characteristicId?: number;
  /** District code; empty means all districts. */
  areaCode?: string;
  size: number;
}

/** Published projects of a characteristic tag or a district. */
export function homeProjectsUrl(filter: HomeProjectsFilter): string {
  return withQuery('/api/content/home-projects', {
    characteristicId: filter.characteristicId,
    areaCode: filter.areaCode,
    size: filter.size,
  });
}

export interface HomeFirstScreen {
  newsTypes: readonly number[];
  newsSize: number;
  projects: HomeProjectsFilter;
}

/** What the home page shows first: both news columns and the new-house grid of all districts. */
export const HOME_FIRST_SCREEN: HomeFirstScreen = {
  newsTypes: [NEWS_TYPE.INFORMATION, NEWS_TYPE.POLICY],
  newsSize: NEWS_LIMITS.homeListSize,
  projects: { areaCode: '', size: NEW_HOUSE_GRID_SIZE },
};

/** The picture of a banner slide (its first attachment). */
export function bannerPicture(banner: Banner): string | undefined {
  return banner.attachments[0]?.path;
}

/** The picture of a headline slide (the article's first attachment). */
export function headlinePicture(item: NewsItem): string | undefined {
  return item.attachments[0]?.path;
}
