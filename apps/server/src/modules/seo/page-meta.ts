import { LISTING_TYPE } from '@portal/shared/constants/listings';
import {
  FIXED_PAGE_TITLES,
  pageTitleOf,
  PROJECT_SUBPAGE_TITLES,
  RECORD_SECTION_TITLES,
  siteNameOf,
} from '@portal/shared/constants/page-titles';
import type { SiteSettings } from '@portal/shared/schemas/site';
import type { Db } from '../../db/client';
import { findPublishedListingHead } from '../listings/index';
import { findPublishedArticleHead } from '../news/index';
import { findCommunityHead } from '../places/index';
import { findPublishedProjectHead } from '../projects/index';
import { getSiteSettings } from '../site/index';
import { appPageOf, PUBLIC_PAGES, RECORD_PAGES, type RecordKind } from './app-pages';
import { recordIdOf } from './page-status';
import { loadSiteSettingsStamp, loadSitemapFingerprint } from './seo.queries';

/** What the page shell's head says of one address (docs/product/page-meta.md). */
export interface PageMeta {
  /** 404 for no page, the 404 page, or a record page whose record is missing or not public. */
  status: 200 | 404;
  title: string;
  description: string;
  keywords: string;
  /** Absolute canonical address; only for pages crawlers should index. */
  canonical?: string;
  /** Whether crawlers are asked not to index the page (personal, console and 404 pages). */
  noindex: boolean;
  og?: {
    type: 'website' | 'article';
    title: string;
    description: string;
    url: string;
    siteName: string;
    image?: string;
  };
  /** schema.org structured data of a project, listing or article. */
  jsonLd?: Record<string, unknown>;
}

/** The longest description written into a page (search engines show about this much). */
const DESCRIPTION_LENGTH = 150;

/** Plain text of rich text or a long field: tags dropped, entities of the editor decoded, spaces folded. */
export function plainTextOf(html: string, maxLength = DESCRIPTION_LENGTH): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** Money for people: 135万元 for a sale total, 2,300元/月 for a rent. */
function listingPriceText(type: number, price: number): string {
  if (type === LISTING_TYPE.RENT) return `${price.toLocaleString('en-US')}元/月`;
  const wan = price / 10_000;
  return `${Number.isInteger(wan) ? wan : wan.toFixed(1)}万元`;
}

interface Context {
  db: Db;
  origin: string;
  settings: SiteSettings;
  siteName: string;
  imageUrl: (path: string | null | undefined) => string | undefined;
}

interface RecordMeta {
  name: string;
  description: string;
  image?: string;
  jsonLd: Record<string, unknown>;
  ogType: 'website' | 'article';
}

/** A project or listing page described as a schema.org Product, with its offer when it has one. */
function productMeta(
  ctx: Context,
  product: {
    name: string;
    category: string;
    description: string;
    url: string;
    coverPath: string | null;
    offers?: Record<string, unknown>;
  },
): RecordMeta {
  const image = ctx.imageUrl(product.coverPath);
  return {
    name: product.name,
    description: product.description,
    image,
    ogType: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      category: product.category,
      description: product.description,
      url: product.url,
      ...(image ? { image } : {}),
      ...(product.offers ? { offers: product.offers } : {}),
    },
  };
}

/**
 * An address with its district and city before it: the address often names them already, so
 * each is said once.
 */
function placeOf(ctx: Context, address: string, districtName: string | null): string {
  let place = address;
  for (const prefix of [districtName, ctx.settings.cityName]) {
    if (prefix && !place.includes(prefix)) place = prefix + place;
  }
  return place;
}

async function projectMeta(ctx: Context, id: number, url: string): Promise<RecordMeta | null> {
  const row = await findPublishedProjectHead(ctx.db, id);
  if (!row) return null;
  const facts = [
    row.statusText,
    row.platformPrice > 0 ? `均价${row.platformPrice.toLocaleString('en-US')}元/㎡` : null,
    row.houseTypeStr ? `主力户型${row.houseTypeStr}` : null,
    row.buildTypeStr,
  ].filter(Boolean);
  const place = placeOf(ctx, row.projectAddress, row.districtName);
  const description = plainTextOf(
    `${row.publishName}位于${place}，${facts.join('，')}。楼盘详情、户型、楼盘表与在线订约金服务。`,
  );
  return productMeta(ctx, {
    name: row.publishName,
    category: '新建商品房',
    description,
    url,
    coverPath: row.coverPath,
    offers:
      row.platformPrice > 0
        ? {
            '@type': 'Offer',
            price: row.platformPrice,
            priceCurrency: 'CNY',
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: row.platformPrice,
              priceCurrency: 'CNY',
              unitText: '元/平方米',
            },
            availability: 'https://schema.org/InStock',
            url,
          }
        : undefined,
  });
}

async function listingMeta(
  ctx: Context,
  kind: 'sale' | 'rent',
  id: number,
  url: string,
): Promise<RecordMeta | null> {
  const type = kind === 'sale' ? LISTING_TYPE.SALE : LISTING_TYPE.RENT;
  const row = await findPublishedListingHead(ctx.db, id, type);
  if (!row) return null;
  const priceText = listingPriceText(type, row.price);
  const description = plainTextOf(
    `${row.communityName}，建筑面积${row.buildArea}㎡，${kind === 'sale' ? '售价' : '租金'}${priceText}。${row.description}`,
  );
  return productMeta(ctx, {
    name: row.title,
    category: kind === 'sale' ? '二手房出售' : '房屋出租',
    description,
    url,
    coverPath: row.coverPath,
    offers: {
      '@type': 'Offer',
      price: row.price,
      priceCurrency: 'CNY',
      ...(kind === 'rent'
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: row.price,
              priceCurrency: 'CNY',
              unitText: '元/月',
            },
          }
        : {}),
      availability: 'https://schema.org/InStock',
      url,
    },
  });
}

async function articleMeta(ctx: Context, id: number, url: string): Promise<RecordMeta | null> {
  const row = await findPublishedArticleHead(ctx.db, id);
  if (!row) return null;
  const description = plainTextOf(row.summary?.trim() ? row.summary : row.content);
  const image = ctx.imageUrl(row.coverPath);
  const publisher = ctx.settings.authority || ctx.siteName;
  return {
    name: row.title,
    description,
    image,
    ogType: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: row.title,
      description,
      url,
      mainEntityOfPage: url,
      ...(image ? { image: [image] } : {}),
      ...(row.publishedAt ? { datePublished: row.publishedAt.toISOString() } : {}),
      dateModified: row.updatedAt.toISOString(),
      author: { '@type': 'Organization', name: row.source?.trim() || publisher },
      publisher: { '@type': 'Organization', name: publisher },
    },
  };
}

/** A 小区 page: the community as a schema.org ApartmentComplex, with its place and facts. */
async function communityMeta(ctx: Context, id: number, url: string): Promise<RecordMeta | null> {
  const row = await findCommunityHead(ctx.db, id);
  if (!row) return null;
  const years =
    row.buildYearFrom === null
      ? null
      : row.buildYearTo && row.buildYearTo !== row.buildYearFrom
        ? `建成于${row.buildYearFrom}–${row.buildYearTo}年`
        : `建成于${row.buildYearFrom}年`;
  const facts = [
    years,
    row.buildingCount === null ? null : `${row.buildingCount}栋`,
    row.householdCount === null ? null : `${row.householdCount}户`,
    row.propertyCompany ? `物业：${row.propertyCompany}` : null,
  ].filter(Boolean);
  const place = placeOf(ctx, row.address, row.districtName);
  const description = plainTextOf(
    `${row.name}小区位于${place}${facts.length > 0 ? `，${facts.join('，')}` : ''}。在售在租房源、挂牌均价走势、成交记录与周边配套。`,
  );
  return {
    name: row.name,
    description,
    ogType: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ApartmentComplex',
      name: row.name,
      description,
      url,
      address: {
        '@type': 'PostalAddress',
        streetAddress: row.address,
        addressLocality: ctx.settings.cityName,
        ...(row.districtName ? { addressRegion: row.districtName } : {}),
        addressCountry: 'CN',
      },
      ...(row.lng !== null && row.lat !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: row.lat, longitude: row.lng } }
        : {}),
      ...(row.householdCount !== null ? { numberOfAccommodationUnits: row.householdCount } : {}),
    },
  };
}

function recordMeta(ctx: Context, kind: RecordKind, id: number, url: string) {
  if (kind === 'project') return projectMeta(ctx, id, url);
  if (kind === 'article') return articleMeta(ctx, id, url);
  if (kind === 'community') return communityMeta(ctx, id, url);
  return listingMeta(ctx, kind, id, url);
}

/**
 * The canonical path of an address: the page as the page table spells it, with only the query
 * that picks its content (`id`, and `houseTypeId` of a house type); `/home` is `/`. Undefined for
 * an address that is no indexable page.
 */
export function canonicalPathOf(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const search = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const page = appPageOf(pathname);
  if (page === undefined) return undefined;
  if ((PUBLIC_PAGES as readonly string[]).includes(page)) return page === '/home' ? '/' : page;
  if (!RECORD_PAGES[page]) return undefined;
  const id = recordIdOf(search);
  if (id === null) return undefined;
  if (page === '/houseTypeDetails') {
    const houseTypeId = recordIdOf(`id=${new URLSearchParams(search).get('houseTypeId') ?? ''}`);
    if (houseTypeId !== null) return `${page}?id=${id}&houseTypeId=${houseTypeId}`;
  }
  return `${page}?id=${id}`;
}

/** The head facts of `url` (a page address with its query), computed from the database. */
export async function loadPageMeta(
  db: Db,
  url: string,
  options: { origin: string; publicUrl: (key: string) => string },
): Promise<PageMeta> {
  const settings = await getSiteSettings(db);
  const siteName = siteNameOf(settings);
  const origin = options.origin.replace(/\/+$/, '');
  const absolute = (href: string) => (/^https?:\/\//i.test(href) ? href : origin + href);
  const ctx: Context = {
    db,
    origin,
    settings,
    siteName,
    imageUrl: (key) => (key ? absolute(options.publicUrl(key)) : undefined),
  };
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const page = appPageOf(pathname);
  const base = { description: settings.description, keywords: settings.keywords };
  const notFound: PageMeta = {
    ...base,
    status: 404,
    title: pageTitleOf(['页面不存在'], siteName),
    noindex: true,
  };
  if (page === undefined || page === '/404') return notFound;

  const canonicalPath = canonicalPathOf(url);
  const kind = RECORD_PAGES[page];
  if (kind) {
    if (canonicalPath === undefined) return notFound;
    const canonical = origin + canonicalPath;
    const record = await recordMeta(ctx, kind, recordIdOf(url.slice(queryAt + 1)) ?? 0, canonical);
    if (!record) return notFound;
    const parts =
      kind === 'project'
        ? [record.name, PROJECT_SUBPAGE_TITLES[page], RECORD_SECTION_TITLES.project]
        : [record.name, RECORD_SECTION_TITLES[kind]];
    const title = pageTitleOf(parts, siteName);
    const image = record.image ?? ctx.imageUrl(settings.logo);
    return {
      ...base,
      status: 200,
      title,
      description: record.description || settings.description,
      canonical,
      noindex: false,
      og: {
        type: record.ogType,
        title,
        description: record.description || settings.description,
        url: canonical,
        siteName,
        ...(image ? { image } : {}),
      },
      jsonLd: record.jsonLd,
    };
  }

  if (canonicalPath === undefined) {
    // A personal, sign-in or console page: the site's name, kept out of search results.
    return { ...base, status: 200, title: siteName, noindex: true };
  }
  const title = pageTitleOf([FIXED_PAGE_TITLES[page]], siteName);
  const canonical = origin + canonicalPath;
  const image = ctx.imageUrl(settings.logo);
  return {
    ...base,
    status: 200,
    title,
    canonical,
    noindex: false,
    og: {
      type: 'website',
      title,
      description: settings.description,
      url: canonical,
      siteName,
      ...(image ? { image } : {}),
    },
  };
}

/**
 * A short text that changes whenever a project, listing, article or the site settings change:
 * cached heads are dropped when it differs (the sitemap's fingerprint plus the settings row).
 */
export async function loadPageMetaFingerprint(db: Db): Promise<string> {
  const [records, settings] = await Promise.all([
    loadSitemapFingerprint(db),
    loadSiteSettingsStamp(db),
  ]);
  return `${records}|${settings}`;
}

/** Text safe inside an HTML element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON safe inside a `<script>` element: no `<`, `>` or `&` can end it or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head elements of `meta` (the title first), each on its own line. */
export function renderHead(meta: PageMeta): string {
  const attr = escapeHtml;
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}" />`,
    `<meta name="keywords" content="${attr(meta.keywords)}" />`,
  ];
  if (meta.noindex) lines.push('<meta name="robots" content="noindex" />');
  if (meta.canonical) lines.push(`<link rel="canonical" href="${attr(meta.canonical)}" />`);
  if (meta.og) {
    const og = meta.og;
    const property = (name: string, content: string) =>
      `<meta property="og:${name}" content="${attr(content)}" />`;
    lines.push(
      property('type', og.type),
      property('title', og.title),
      property('description', og.description),
      property('url', og.url),
      property('site_name', og.siteName),
      property('locale', 'zh_CN'),
    );
    if (og.image) lines.push(property('image', og.image));
  }
  if (meta.jsonLd) {
    lines.push(`<script type="application/ld+json">${scriptSafeJson(meta.jsonLd)}</script>`);
  }
  return lines.join('\n    ');
}

/**
 * The page shell with `head` in place of its title and its empty description and keywords: the
 * shell's own `<title>` is replaced, and the other elements go where it stood (or before
 * `</head>` when it has none).
 */
export function injectHead(shell: string, head: string): string {
  const withoutMeta = shell.replace(
    /[ \t]*<meta\s+name="(?:description|keywords)"[^>]*>\s*\n?/gi,
    '',
  );
  const titleMatch = /<title>[\s\S]*?<\/title>/i.exec(withoutMeta);
  if (titleMatch) {
    return (
      withoutMeta.slice(0, titleMatch.index) +
      head +
      withoutMeta.slice(titleMatch.index + titleMatch[0].length)
    );
  }
  const headEnd = withoutMeta.search(/<\/head>/i);
  if (headEnd !== -1)
    return `${withoutMeta.slice(0, headEnd)}${head}\n${withoutMeta.slice(headEnd)}`;
  return head + withoutMeta;
}
