import {
  isPoiCategory,
  POI_CATEGORIES,
  POI_CATEGORY_LABEL,
  type PoiCategory,
} from '@portal/shared/constants/places';
import type { PoiImport } from '@portal/shared/schemas/places/admin';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pois } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/index';

type PoiInsert = typeof pois.$inferInsert;
interface Problem {
  row: number;
  message: string;
}

/** A category given as its code (school) or its Chinese label (学校). */
function categoryOf(value: unknown): PoiCategory | null {
  const text = String(value ?? '').trim();
  if (isPoiCategory(text)) return text;
  return POI_CATEGORIES.find((c) => POI_CATEGORY_LABEL[c] === text) ?? null;
}

/** One point from its fields, or the reason it cannot be one. */
function toRow(fields: Record<string, unknown>): PoiInsert | string {
  const category = categoryOf(fields.category);
  if (!category) return '类别不正确';
  const name = String(fields.name ?? '').trim();
  if (!name || name.length > 60) return '名称为空或超过 60 个字';
  const lng = Number(fields.lng);
  const lat = Number(fields.lat);
  if (!Number.isFinite(lng) || lng < 73 || lng > 136) return '经度不正确';
  if (!Number.isFinite(lat) || lat < 3 || lat > 54) return '纬度不正确';
  const text = (v: unknown) => (v == null || String(v).trim() === '' ? null : String(v).trim());
  return {
    category,
    name,
    lng: Math.round(lng * 1e6) / 1e6,
    lat: Math.round(lat * 1e6) / 1e6,
    address: text(fields.address),
    schoolZone: text(fields.schoolZone ?? fields.school_zone),
    source: 'import',
  };
}

/** Splits one CSV line, honouring double-quoted fields with doubled quotes inside. */
function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

const CSV_HEADER_ALIASES: Record<string, string> = {
  类别: 'category',
  名称: 'name',
  经度: 'lng',
  纬度: 'lat',
  地址: 'address',
  学区: 'school_zone',
};

/** The fields of each CSV data line by its header (English or Chinese column names). */
function readCsv(text: string): Array<Record<string, unknown>> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '').map((h) => CSV_HEADER_ALIASES[h] ?? h);
  if (!['category', 'name', 'lng', 'lat'].every((h) => header.includes(h)))
    throw new AppError('POI_IMPORT_INVALID');
  return lines.slice(1).map((line) => {
    if (line.trim() === '') return {};
    const cells = splitCsvLine(line);
    return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
  });
}

/** The fields of each point feature of a GeoJSON FeatureCollection. */
function readGeoJson(text: string): Array<Record<string, unknown>> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new AppError('POI_IMPORT_INVALID');
  }
  const features = (doc as { type?: string; features?: unknown[] }).features;
  if ((doc as { type?: string }).type !== 'FeatureCollection' || !Array.isArray(features))
    throw new AppError('POI_IMPORT_INVALID');
  return features.map((f) => {
    const feature = f as {
      geometry?: { type?: string; coordinates?: unknown[] };
      properties?: Record<string, unknown>;
    };
    if (feature.geometry?.type !== 'Point') return { category: '', name: '' };
    const [lng, lat] = feature.geometry.coordinates ?? [];
    return { ...feature.properties, lng, lat };
  });
}

/**
 * Imports an operator's file of points of interest: rows that cannot be read are reported (the
 * first 20, by line or feature number) and skipped, as are points already there (same category,
 * name and position). With `replace`, the earlier imported points of the file's categories are
 * removed first; seeded points stay.
 */
export async function importPois(
  db: Db,
  actorId: number,
  input: PoiImport,
): Promise<{ added: number; skipped: number; problems: Problem[] }> {
  const records = input.format === 'csv' ? readCsv(input.text) : readGeoJson(input.text);
  const problems: Problem[] = [];
  const rows: PoiInsert[] = [];
  records.forEach((fields, index) => {
    if (Object.keys(fields).length === 0) return;
    const row = toRow(fields);
    if (typeof row === 'string') problems.push({ row: index + 1, message: row });
    else rows.push(row);
  });
  if (records.length > 0 && rows.length === 0 && problems.length === 0)
    throw new AppError('POI_IMPORT_INVALID');
  return db.transaction(async (tx) => {
    const categories = [...new Set(rows.map((r) => r.category))];
    if (input.replace && categories.length > 0)
      await tx
        .delete(pois)
        .where(and(eq(pois.source, 'import'), inArray(pois.category, categories)));
    let added = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await tx
        .insert(pois)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing()
        .returning({ id: pois.id });
      added += inserted.length;
    }
    await recordAudit(tx, {
      actorId,
      action: 'poi.import',
      targetType: 'poi',
      targetId: null,
      before: null,
      after: { format: input.format, replace: input.replace, added, categories },
      at: new Date(),
    });
    return {
      added,
      skipped: rows.length - added + problems.length,
      problems: problems.slice(0, 20),
    };
  });
}
