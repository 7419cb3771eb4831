import { z } from 'zod';
import { ROOM_SALE_STATUSES } from '../status/room-sale';

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const optionalId = (message: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message }).int({ message }).min(1, { message }).optional(),
  );

/**
 * Filters of the /houseHome building excerpt: building and unit ids (default: the first of each)
 * and the 面积 band code of PROJECT_AREA_BANDS (empty = 全部).
 */
export const buildingExcerptQuerySchema = z.object({
  buildingId: optionalId('请选择正确的楼栋'),
  unitId: optionalId('请选择正确的单元'),
  buildAreaScope: z.preprocess(
    emptyToUndefined,
    z.enum(['1', '2', '3', '4', '5'], { message: '请选择正确的面积范围' }).optional(),
  ),
});
export type BuildingExcerptQuery = z.infer<typeof buildingExcerptQuerySchema>;

/**
 * The building-table excerpt of /houseHome: the chosen building and unit, their top floors, and
 * the pickers' options. A room outside the chosen 面积 band has inBand false (shown dimmed).
 */
export const buildingExcerptSchema = z
  .object({
    buildingId: z.number().int(),
    tabletNum: z.string(),
    unitId: z.number().int(),
    unit: z.string(),
    buildings: z.array(z.object({ id: z.number().int(), tabletNum: z.string() })),
    units: z.array(z.object({ id: z.number().int(), name: z.string() })),
    floors: z.array(
      z.object({
        floor: z.number().int(),
        houseList: z.array(
          z.object({
            id: z.number().int(),
            houseMapName: z.string(),
            roomType: z.string().nullable(),
            buildArea: z.number(),
            currentPrice: z.number(),
            color: z.enum(ROOM_SALE_STATUSES),
            inBand: z.boolean(),
          }),
        ),
      }),
    ),
  })
  .nullable();
export type BuildingExcerpt = z.infer<typeof buildingExcerptSchema>;
