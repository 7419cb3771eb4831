import { z } from 'zod';
import { ORIENTATION_CODES } from '../../constants/places';
import { ROOM_SALE_STATUS } from '../../status/room-sale';

// The operator console's rooms of a building: sale state, prices, 朝向 and 户型
// (`/api/admin/rooms`, `/api/admin/house-models`).

const id = z.coerce.number().int().positive();

/** Rooms of one building for the on/off-sale grid. */
export const adminRoomQuerySchema = z.object({ buildingId: id });

export const adminRoomSchema = z.object({
  id: z.number().int(),
  unitName: z.string(),
  floor: z.number().int(),
  houseMapName: z.string(),
  saleStatus: z.string(),
  /** 朝向 (house_direction code) and 户型 (house model id), edited in bulk. */
  orientation: z.string().nullable(),
  houseModelId: z.number().int().nullable(),
  buildArea: z.number(),
  /** Unit price, yuan/㎡. */
  currentPrice: z.number().int(),
  /** Total price, yuan (unit price × build area, rounded). */
  totalPrice: z.number().int(),
  /** True while a live order (awaiting payment or paid) holds the room. */
  hasLiveOrder: z.boolean(),
  /**
   * Why the room's sale state may not be changed: a live order holds it, its flat is net-signed
   * (sold), or a refund of its deposit is pending; null when the operator may change it.
   */
  saleBlock: z.enum(['liveOrder', 'netsigned', 'refunding']).nullable(),
  /** The room's building holds a pre-sale licence; without one the room cannot go on sale. */
  licensed: z.boolean(),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;

/** Put rooms on sale (green) or off sale (gray). */
export const adminRoomSaleSchema = z.object({
  roomIds: z.array(z.number().int().positive()).min(1, '请选择房间').max(500),
  saleStatus: z.enum([ROOM_SALE_STATUS.AVAILABLE, ROOM_SALE_STATUS.UNAVAILABLE]),
});
export type AdminRoomSale = z.infer<typeof adminRoomSaleSchema>;

export const adminRoomSaleResultSchema = z.object({
  changed: z.array(z.number().int()),
  /**
   * Rooms left unchanged: held by an order (see `saleBlock`), already in that state, put on sale
   * without a pre-sale licence (see `licensed`), or unknown.
   */
  skipped: z.array(z.number().int()),
});

/** Path parameter of one room. */
export const adminRoomParamSchema = z.object({ id });

/** A room's new unit price, yuan/㎡; the total price follows from the build area. */
export const adminRoomPriceSchema = z.object({
  currentPrice: z
    .number({ message: '请输入单价' })
    .int('单价应为整数（元/㎡）')
    .min(1, '单价应大于0')
    .max(1_000_000, '单价不能超过1000000元/㎡'),
});
export type AdminRoomPrice = z.infer<typeof adminRoomPriceSchema>;

/** The room's prices after a change. */
export const adminRoomPriceResultSchema = z.object({
  id: z.number().int(),
  currentPrice: z.number().int(),
  totalPrice: z.number().int(),
});
export type AdminRoomPriceResult = z.infer<typeof adminRoomPriceResultSchema>;

/**
 * Set the 朝向 and/or the 户型 of many rooms at once; a field left out stays as it is, null
 * clears it. The model must be one of the rooms' project.
 */
export const adminRoomFactsSchema = z
  .object({
    roomIds: z.array(z.number().int().positive()).min(1, '请选择房间').max(500),
    orientation: z.enum(ORIENTATION_CODES, { message: '朝向不正确' }).nullable().optional(),
    houseModelId: z.number().int().positive().nullable().optional(),
  })
  .refine(
    (v) => v.orientation !== undefined || v.houseModelId !== undefined,
    '请选择要修改的朝向或户型',
  );
export type AdminRoomFacts = z.infer<typeof adminRoomFactsSchema>;

/** The 户型 of a project an operator may give its rooms. */
export const adminHouseModelQuerySchema = z.object({ projectId: id });
export const adminHouseModelSchema = z.object({
  id: z.number().int(),
  houseType: z.string(),
  bedroom: z.number().int(),
  area: z.number(),
});
export type AdminHouseModel = z.infer<typeof adminHouseModelSchema>;
