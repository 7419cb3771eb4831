import { z } from 'zod';
import { beijingYearOf } from '../beijing-time';
import {
  LISTING_DICTIONARY_FIELDS,
  LISTING_LIMITS,
  LISTING_TYPE,
  notInChoicesMessage,
} from '../constants/listings';
import { orientationName, titleOrientationConflict } from '../constants/places';
import { PHONE_PATTERN } from '../validators';

/**
 * Messages of the publish forms (docs/product/listings.md), shared by the web form rules and the server. The
 * door number names each of its three parts (楼栋号, 单元号, 门牌号) and a rental asks for its
 * 期望租金 (docs/decisions/0014).
 */
export const LISTING_MESSAGES = {
  areaCode: '请选择区域',
  certificateType: '请选择证件类型',
  certificateNum: '请输入证件号',
  syear: '请输入证书年份',
  syearFormat: '证书年份应为4位数字',
  certificateNumFormat: '不动产权证书号为年份和7位编号',
  ownerName: '请输入产权人姓名',
  ownerIdCard: '请输入产权人证件号',
  type: '请选择发布类型',
  checkId: '请先完成房源核验',
  communityName: '请输入小区名称',
  address: '请输入地址',
  buildNum: '请输入楼栋号',
  cellNum: '请输入单元号',
  houseNum: '请输入门牌号',
  bedroom: '请输入室信息',
  room: '请输入厅信息',
  toilet: '请输入卫信息',
  buildArea: '请输入建筑面积',
  floorNum: '请输入层数',
  totalFloor: '请输入总层数',
  floorAboveTotal: '所在楼层不能大于总层数',
  direction: '请选择朝向',
  decorates: '请选择装修标准',
  elevator: '请选择有无电梯',
  price: '请输入期望售价',
  rent: '请输入期望租金',
  priceNumber: '价格应为数字',
  title: '请输入房源标题',
  titleLength: `房源标题为${LISTING_LIMITS.titleMin}-${LISTING_LIMITS.titleMax}个字符`,
  description: '请输入房源描述',
  tags: '请选择标签',
  age: '请输入建成年份',
  ageRange: `建成年份应在${LISTING_LIMITS.buildYearMin}年至今年之间`,
  houseType: '请选择房屋类型',
  buildType: '请选择建筑类型',
  rightLimit: '请选择产权年限',
  rentPay: '请选择付款方式',
  rentType: '请选择出租方式',
  checkIn: '入住日期格式应为yyyy-MM-dd',
  checkInInvalid: '请选择有效的入住日期',
  userPhone: '请输入有效的手机号',
  housePhotos: '请上传房屋照片',
  certificatePhotos: '请上传二手房房本照片',
  idCardPhotos: '请上传身份证照片',
  licensePhotos: '请上传授权书照片',
  tooManyHouse: `只能上传${LISTING_LIMITS.housePhotos}个图片文件`,
  tooManyCertificate: `只能上传${LISTING_LIMITS.certificatePhotos}个图片文件`,
  imageOnly: '只能上传图片文件',
  oneCover: '请选择一张封面图片',
  rejectReason: '请输入驳回原因',
} as const;

const M = LISTING_MESSAGES;

/** `?type=` of the second-hand lists: 1 sale, 2 rent. */
export const listingTypeSchema = z.coerce
  .number({ error: M.type })
  .int(M.type)
  .refine((value) => value === 1 || value === 2, M.type)
  .transform((value) => value as 1 | 2);

/** The message of a missing or non-positive price: 期望售价 for a sale, 期望租金 for a rental. */
export function priceMessage(type: number): string {
  return type === LISTING_TYPE.RENT ? M.rent : M.price;
}

/** A picture referenced by the form: a stored path from the upload call. */
export const pictureRefSchema = z.object({
  path: z.string().trim().min(1).max(200),
  name: z.string().trim().max(100).optional().default(''),
  cover: z.boolean().optional().default(false),
});
export type PictureRef = z.input<typeof pictureRefSchema>;

const requiredText = (message: string, max: number, maxMessage?: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage);
const requiredInt = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Largest value of an integer (int4) id column. */
const MAX_ID = 2_147_483_647;

type DictionaryField = (typeof LISTING_DICTIONARY_FIELDS)[number]['field'];
const choicesMessage = (field: DictionaryField) =>
  notInChoicesMessage(LISTING_DICTIONARY_FIELDS.find((item) => item.field === field)?.label ?? '');
/** A dictionary code (short text); whether it is in its dictionary is checked by the server. */
const requiredDictCode = (field: DictionaryField, message: string) =>
  requiredText(message, 10, choicesMessage(field));
const optionalDictCode = (field: DictionaryField) =>
  z
    .string({ error: choicesMessage(field) })
    .trim()
    .max(10, choicesMessage(field))
    .optional()
    .nullable();

/**
 * Whether `text` (yyyy-MM-dd) is a real calendar day within the move-in years: 2026-02-30 and
 * 2026-13-45 are refused here rather than by the database.
 */
export function isCheckInDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < LISTING_LIMITS.checkInYearMin || year > LISTING_LIMITS.checkInYearMax) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Steps 2 and 3 of /addhouse, and the edit dialog (docs/product/listings.md "Listing form", docs/product/listings.md). The sale price
 * arrives in yuan (entered in 万, ×10000 by the client), a rent in yuan/month. Rules by type are
 * in the refinement; the build year is required for a sale and optional for a rental, where it
 * feeds the 房龄 filter.
 */
export const listingFieldsSchema = z.object({
  type: listingTypeSchema,
  checkId: z.coerce
    .number({ error: M.checkId })
    .int(M.checkId)
    .positive(M.checkId)
    .max(MAX_ID, M.checkId),
  areaCode: requiredText(M.areaCode, 10),
  communityName: requiredText(M.communityName, 50),
  address: requiredText(M.address, 100),
  buildNum: requiredText(M.buildNum, 10),
  cellNum: requiredText(M.cellNum, 10),
  houseNum: requiredText(M.houseNum, 10),
  bedroom: requiredInt(M.bedroom, 0, 20),
  room: requiredInt(M.room, 0, 20),
  toilet: requiredInt(M.toilet, 0, 20),
  buildArea: z.coerce
    .number({ error: M.buildArea })
    .positive(M.buildArea)
    .max(100_000, '建筑面积过大'),
  floorNum: requiredInt(M.floorNum, -5, 200),
  totalFloor: requiredInt(M.totalFloor, 1, 200),
  direction: requiredDictCode('direction', M.direction),
  decorates: requiredDictCode('decorates', M.decorates),
  elevator: requiredDictCode('elevator', M.elevator),
  buildType: optionalDictCode('buildType'),
  rightLimit: optionalDictCode('rightLimit'),
  houseType: optionalDictCode('houseType'),
  rentPay: optionalDictCode('rentPay'),
  rentType: optionalDictCode('rentType'),
  /** Move-in day yyyy-MM-dd, a real calendar day; empty means 随时入住. */
  checkIn: z
    .string({ error: M.checkIn })
    .trim()
    .optional()
    .nullable()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || DATE_PATTERN.test(value), M.checkIn)
    .refine((value) => value === null || !DATE_PATTERN.test(value) || isCheckInDate(value), {
      message: M.checkInInvalid,
    }),
  /** Build year (建成年份): from 1900 to the current year in Beijing. */
  age: z.coerce
    .number({ error: M.ageRange })
    .int(M.ageRange)
    .min(LISTING_LIMITS.buildYearMin, M.ageRange)
    .refine((year) => year <= beijingYearOf(), M.ageRange)
    .optional()
    .nullable(),
  /** Required with the type's own message, checked in the refinement. */
  price: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: M.priceNumber })
      .int('价格应为整数元')
      .max(2_000_000_000, '价格过大')
      .optional(),
  ),
  title: z
    .string({ error: M.title })
    .trim()
    .min(1, M.title)
    .min(LISTING_LIMITS.titleMin, M.titleLength)
    .max(LISTING_LIMITS.titleMax, M.titleLength),
  description: requiredText(M.description, LISTING_LIMITS.descriptionMax),
  userPhone: z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || PHONE_PATTERN.test(value), M.userPhone),
  checkList: z
    .array(z.coerce.number({ error: M.tags }).int(M.tags).positive(M.tags).max(MAX_ID, M.tags), {
      error: M.tags,
    })
    .min(1, M.tags)
    .max(10, '标签最多选择10个'),
  secondHouse: z
    .array(pictureRefSchema, { error: M.housePhotos })
    .min(1, M.housePhotos)
    .max(LISTING_LIMITS.housePhotos, M.tooManyHouse),
  secondCertificate: z
    .array(pictureRefSchema, { error: M.certificatePhotos })
    .min(1, M.certificatePhotos)
    .max(LISTING_LIMITS.certificatePhotos, M.tooManyCertificate),
  secondIdCard: z
    .array(pictureRefSchema, { error: M.idCardPhotos })
    .min(1, M.idCardPhotos)
    .max(LISTING_LIMITS.certificatePhotos, M.tooManyCertificate),
  secondLicense: z
    .array(pictureRefSchema)
    .max(LISTING_LIMITS.certificatePhotos, M.tooManyCertificate)
    .optional()
    .default([]),
});

/**
 * The listing form: its fields (`listingFieldsSchema`, whose single-field rules the web form
 * reads through its zod-rules helper) with the rules that need several fields.
 */
export const listingFormSchema = listingFieldsSchema
  .superRefine((form, ctx) => {
    const need = (field: keyof typeof form, message: string) => {
      const value = form[field];
      if (value === null || value === undefined || value === '')
        ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (form.price === undefined || form.price <= 0)
      ctx.addIssue({ code: 'custom', path: ['price'], message: priceMessage(form.type) });
    if (form.floorNum > form.totalFloor)
      ctx.addIssue({ code: 'custom', path: ['floorNum'], message: M.floorAboveTotal });
    if (form.type === LISTING_TYPE.SALE) {
      need('age', M.age);
      need('houseType', M.houseType);
      need('buildType', M.buildType);
      need('rightLimit', M.rightLimit);
    } else {
      need('rentPay', M.rentPay);
      need('rentType', M.rentType);
    }
    // A title must not promise a 朝向 the flat does not have (docs/product/listings.md).
    // Only against a 朝向 from the dictionary: an unknown code is refused on its own field.
    const promised = orientationName(form.direction)
      ? titleOrientationConflict(form.title, form.direction)
      : null;
    if (promised)
      ctx.addIssue({
        code: 'custom',
        path: ['title'],
        message: `标题写“${promised}”，与所选朝向“${orientationName(form.direction)}”不一致，请修改标题或朝向`,
      });
    if (form.secondHouse.filter((picture) => picture.cover).length > 1)
      ctx.addIssue({ code: 'custom', path: ['secondHouse'], message: M.oneCover });
  })
  // The refinement has refused a missing price, so the output always carries one.
  .transform((form) => ({ ...form, price: form.price ?? 0 }));
export type ListingForm = z.input<typeof listingFormSchema>;
export type ListingFormParsed = z.output<typeof listingFormSchema>;
