import { z } from 'zod';
import { POI_CATEGORIES } from '../../constants/places';

// The operator console's points of interest (`/api/admin/pois`): the list and the file import.

/** The operator's file: CSV with a header row, or a GeoJSON FeatureCollection of points. */
export const poiImportSchema = z.object({
  format: z.enum(['csv', 'geojson']),
  text: z.string().min(1, '文件为空').max(2_000_000, '文件过大（最多 2 MB）'),
  /** Replace the imported (not seeded) points of these categories instead of adding. */
  replace: z.boolean().default(false),
});
export type PoiImport = z.infer<typeof poiImportSchema>;

export const poiImportResultSchema = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  /** Up to 20 rows that could not be read, with why (1-based line or feature number). */
  problems: z.array(z.object({ row: z.number().int(), message: z.string() })),
});

/** The console's list of points: by district and kind, a name search, 20 a page. */
export const adminPoiQuerySchema = z.object({
  districtCode: z.string().trim().max(12).optional(),
  category: z.enum(POI_CATEGORIES, { message: '配套类别不正确' }).optional(),
  keyword: z.string().trim().max(50, '关键字最多50个字').optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminPoiQuery = z.input<typeof adminPoiQuerySchema>;

export const adminPoiSchema = z.object({
  id: z.number().int(),
  category: z.enum(POI_CATEGORIES),
  name: z.string(),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
  address: z.string().nullable(),
  schoolZone: z.string().nullable(),
  lng: z.number(),
  lat: z.number(),
  /** `seed` (the demo city's set) or `import` (an operator's file). */
  source: z.string(),
  createdAt: z.string(),
});
export type AdminPoi = z.infer<typeof adminPoiSchema>;

export const poiIdParamSchema = z.object({ id: z.coerce.number().int().positive() });
