import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { areaM2, createdAt, idColumn } from './columns';
import { projects } from './projects';

/** Tags: 5 project characteristic (特色), 6 sale-listing amenity, 7 rental-listing amenity. */
export const tags = pgTable(
  'tags',
  {
    id: idColumn(),
    tagName: text('tag_name').notNull(),
    tagType: smallint('tag_type').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    unique('tags_type_name_uq').on(t.tagType, t.tagName),
    check('tags_type_check', sql`${t.tagType} in (5, 6, 7)`),
  ],
);

export const projectTags = pgTable(
  'project_tags',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.tagId] }),
    index('project_tags_tag_idx').on(t.tagId),
  ],
);

/** Unit models (户型) of a project. */
export const houseModels = pgTable(
  'house_models',
  {
    id: idColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Number of bedrooms (室), 1–5; groups the /houseType page. */
    bedroom: smallint('bedroom').notNull(),
    /** Model name and layout, e.g. A户型 三室两厅两卫. */
    houseType: text('house_type').notNull(),
    /** Build area, ㎡. */
    area: areaM2('area').notNull(),
    /** Reference total price of the model, yuan. */
    value: integer('value'),
    /** Floor-plan picture, path under the uploads root. */
    picturePath: text('picture_path'),
    description: text('description'),
    /**
     * The plan's rooms: name, usable area (㎡) and the house_direction code each faces, e.g.
     * `[{ "name": "主卧", "areaM2": 14.2, "facing": "2" }]` (docs/product/new-build.md).
     */
    layoutRooms:
      jsonb('layout_rooms').$type<Array<{ name: string; areaM2: number; facing: string | null }>>(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('house_models_project_idx').on(t.projectId, t.bedroom)],
);

/**
 * Pictures and files owned by any row: owner_type `project` uses the album groups
 * effect / real / sand / mating / sample / video (docs/product/new-build.md) plus banner; `news` uses cover;
 * `banner` uses image. Paths are relative to the uploads root.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: idColumn(),
    ownerType: text('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    group: text('group').notNull(),
    path: text('path').notNull(),
    originalName: text('original_name'),
    sort: smallint('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_owner_idx').on(t.ownerType, t.ownerId, t.group, t.sort)],
);
