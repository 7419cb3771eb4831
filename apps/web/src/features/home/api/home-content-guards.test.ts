import { pagedOf as pagedSchemaOf } from '@portal/shared/schemas/common';
import { bannerSchema, projectCardSchema, tagSchema } from '@portal/shared/schemas/home';
import { newsItemSchema } from '@portal/shared/schemas/news';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  arrayOf,
  expectShape,
  type Guard,
  MalformedAnswerError,
  pagedOf,
} from '../../../lib/shape';
import { isBanner, isNewsItem, isProjectCard, isTag } from './get-home-content';

const tag = { id: 3, tagName: '地铁沿线' };
const banner = { id: 1, title: '安居宜业', attachments: [{ path: 'banner/1.jpg' }], link: null };
const newsItem = {
  id: 7,
  title: '关于人才购房补贴申领工作的公告',
  newsType: 1,
  summary: null,
  createdTime: '2026-11-15 09:00:00',
  modifiedTime: '2026-11-15 09:00:00',
  attachments: [],
};
const projectCard = {
  id: 12,
  publishName: '海景花园',
  projectName: '海景花园一期',
  coverUrl: 'project/12.jpg',
  districtCode: '130302',
  projectAddress: '海港区海滨路 1 号',
  platformPrice: 7800,
  currentPrice: 7600,
  propertiesStr: '住宅、商业',
  statusText: '在售',
  groupBuy: false,
  tagList: [tag],
};

/** Wrong values of every kind, one of which is wrong for any field. */
const WRONG_VALUES: unknown[] = [undefined, null, 'x', 1.5, 2, true, [], {}];

/** The sample, each field removed, and each field replaced by each wrong value. */
function variants(sample: Record<string, unknown>): unknown[] {
  const result: unknown[] = [sample, null, [], 'text', [sample]];
  for (const key of Object.keys(sample)) {
    const { [key]: _removed, ...rest } = sample;
    result.push(rest);
    for (const wrong of WRONG_VALUES) result.push({ ...sample, [key]: wrong });
  }
  return result;
}

const PAIRS: [string, Guard<unknown>, z.ZodType, Record<string, unknown>][] = [
  ['tag', isTag, tagSchema, tag],
  ['banner', isBanner, bannerSchema, banner],
  ['news item', isNewsItem, newsItemSchema, newsItem],
  ['project card', isProjectCard, projectCardSchema, projectCard],
  [
    'paged news',
    pagedOf(isNewsItem),
    pagedSchemaOf(newsItemSchema),
    { list: [newsItem], total: 1, pageNum: 1, pageSize: 5 },
  ],
];

describe('home answer guards', () => {
  it.each(PAIRS)(
    'accept and refuse what the shared %s schema does',
    (_name, guard, schema, sample) => {
      const cases = variants(sample);
      expect(guard(sample)).toBe(true);
      for (const value of cases) {
        expect({ value, accepted: guard(value) }).toEqual({
          value,
          accepted: schema.safeParse(value).success,
        });
      }
    },
  );

  it('turns a malformed answer into a failed call', () => {
    const banners = arrayOf(isBanner);
    expect(() => expectShape(banners, [{ id: '1' }], '/api/content/banners')).toThrow(
      MalformedAnswerError,
    );
    expect(expectShape(banners, [banner], '/api/content/banners')).toEqual([banner]);
  });
});
