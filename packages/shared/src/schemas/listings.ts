import { z } from 'zod';
import { DICTIONARY_TYPES, LISTING_LIMITS, LISTING_PAGE_SIZE } from '../constants/listings';
import { PHONE_PATTERN } from '../validators';
import { pagingQuery } from './common';

/** Messages of the publish forms (spec 2 §5), shared by the web form rules and the server. */
export const LISTING_MESSAGES = {
  areaCode: '请选择区域',
  certificateType: '请选择证件类型',
  certificateNum: '请输入证件号',
  syear: '请输入证书年份',
  certificateNumFormat: '不动产权证书号为年份和7位编号',
  ownerName: '请输入产权人姓名',
  ownerIdCard: '请输入产权人证件号',
  type: '请选择发布类型',
  checkId: '请先完成房源核验',
  communityName: '请输入小区名称',
  address: '请输入地址',
  buildNum: '请输入楼栋号',
  cellNum: '请输入单元',
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
  title: '请输入房源标题',
  titleLength: `房源标题为${LISTING_LIMITS.titleMin}-${LISTING_LIMITS.titleMax}个字符`,
  description: '请输入房源描述',
  tags: '请选择标签',
  age: '请输入建成年份',
  houseType: '请选择房屋类型',
  buildType: '请选择建筑类型',
  rightLimit: '请选择产权年限',
  rentPay: '请选择付款方式',
  rentType: '请选择出租方式',
  checkIn: '入住日期格式应为yyyy-MM-dd',
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

/** '' and absent both mean "no filter". */
const optionalCode = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((value) => (value ? value : undefined));

/** `?type=` of the second-hand lists: 1 sale, 2 rent. */
export const listingTypeSchema = z.coerce
  .number({ error: M.type })
  .int(M.type)
  .refine((value) => value === 1 || value === 2, M.type)
  .transform((value) => value as 1 | 2);

/** `GET /api/listings`: published listings of one type with every filter of spec 3 §9. */
export const listingSearchQuerySchema = pagingQuery(LISTING_PAGE_SIZE, 50).extend({
  type: listingTypeSchema.default(1),
  areaCode: optionalCode,
  priceScope: optionalCode,
  areaScope: optionalCode,
  bedroom: optionalCode,
  ageScope: optionalCode,
  rentType: optionalCode,
  rentPay: optionalCode,
  decorates: optionalCode,
  keyword: z
    .string()
    .trim()
    .max(50, '关键词不能超过50个字符')
    .optional()
    .transform((value) => (value ? value : undefined)),
  sortType: z.enum(['1', '2', '3', '4', '5']).default('1'),
});
export type ListingSearchQuery = z.infer<typeof listingSearchQuerySchema>;

export const listingIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

const tagSchema = z.object({ id: z.number().int(), tagName: z.string() });

/** A list row (spec 2 §3 "Second-hand listing (list row)"), also used by /mySecondHandHouse. */
export const listingCardSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  directionStr: z.string(),
  decoratesStr: z.string(),
  /** Build year; 房龄 is derived from it. */
  age: z.number().int().nullable(),
  bedroom: z.number().int(),
  room: z.number().int(),
  toilet: z.number().int(),
  buildArea: z.number(),
  floorNum: z.number().int(),
  totalFloor: z.number().int(),
  scVO: z.object({
    areaCode: z.string(),
    areaName: z.string(),
    communityName: z.string(),
    address: z.string(),
  }),
  publishTime: z.string().nullable(),
  /** Sale: total in yuan; rent: yuan/month. */
  price: z.number().int(),
  priceSquareMetre: z.number().int().nullable(),
  rentPayStr: z.string().nullable(),
  rentTypeStr: z.string().nullable(),
  publishStatus: z.number().int(),
  reviewNote: z.string().nullable(),
  tagList: z.array(tagSchema),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

export const publisherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type Publisher = z.infer<typeof publisherSchema>;

/** `GET /api/listings/:id` (spec 2 §3 "Listing detail response"). */
export const listingDetailSchema = listingCardSchema.extend({
  elevatorStr: z.string(),
  buildTypeStr: z.string().nullable(),
  houseTypeStr: z.string().nullable(),
  rightLimitStr: z.string().nullable(),
  checkIn: z.string().nullable(),
  description: z.string(),
  viewCount: z.number().int(),
  secondHouse: z.array(z.object({ path: z.string(), name: z.string(), cover: z.boolean() })),
  publisher: publisherSchema,
  collected: z.boolean(),
  isOwner: z.boolean(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

/** `GET /api/dictionaries/:type`: items as `{ id: code, name }` (spec 2 §3). */
export const dictionaryTypeParamSchema = z.object({ type: z.enum(DICTIONARY_TYPES) });
export const dictionaryItemSchema = z.object({ id: z.string(), name: z.string() });
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

/** `GET /api/tags?tagType=6|7`. */
export const tagQuerySchema = z.object({
  tagType: z.coerce
    .number()
    .int()
    .refine((value) => value === 6 || value === 7, '标签类型只能是6或7'),
});
export const tagItemSchema = tagSchema;

/** Step 1 房源核验 (spec 2 §3 "Verification form"). certificateNum is the serial for type 2. */
export const verificationFormSchema = z
  .object({
    certificateType: z.coerce
      .number({ error: M.certificateType })
      .int(M.certificateType)
      .refine((value) => value === 1 || value === 2, M.certificateType),
    syear: z.string().trim().max(4).optional().nullable(),
    certificateNum: z.string({ error: M.certificateNum }).trim().min(1, M.certificateNum).max(60),
    areaCode: z.string({ error: M.areaCode }).trim().min(1, M.areaCode).max(10),
    ownerName: z.string({ error: M.ownerName }).trim().min(1, M.ownerName).max(30),
    ownerIdCard: z
      .string({ error: M.ownerIdCard })
      .trim()
      .min(1, M.ownerIdCard)
      .max(18, '产权人证件号不能超过18位')
      .transform((value) => value.toUpperCase()),
  })
  .superRefine((form, ctx) => {
    if (form.certificateType !== 2) return;
    if (!/^\d{4}$/.test(form.syear ?? ''))
      ctx.addIssue({ code: 'custom', path: ['syear'], message: M.syear });
    if (!/^\d{7}$/.test(form.certificateNum))
      ctx.addIssue({ code: 'custom', path: ['certificateNum'], message: M.certificateNumFormat });
  });
export type VerificationForm = z.input<typeof verificationFormSchema>;

/** checkStatus '2' passed (continue allowed), anything else failed. */
export const verificationResultSchema = z.object({
  id: z.number().int(),
  checkStatus: z.string(),
  checkResult: z.string(),
  ownerName: z.string(),
  areaCode: z.string(),
  /** DECISIONS #17: the owner is not the caller, so step 3 needs an authorisation letter. */
  needsLicense: z.boolean(),
});
export type VerificationResult = z.infer<typeof verificationResultSchema>;

/** A picture referenced by the form: a stored path from the upload call. */
export const pictureRefSchema = z.object({
  path: z.string().trim().min(1).max(200),
  name: z.string().trim().max(100).optional().default(''),
  cover: z.boolean().optional().default(false),
});
export type PictureRef = z.input<typeof pictureRefSchema>;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);
const requiredInt = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
const optionalDictCode = z.string().trim().max(10).optional().nullable();
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Steps 2 and 3 of /addhouse, and the edit dialog (spec 2 §3 "Listing form", §5). The sale price
 * arrives in yuan (entered in 万, ×10000 by the client). Rules by type are in the refinement.
 */
export const listingFormSchema = z
  .object({
    type: listingTypeSchema,
    checkId: z.coerce.number({ error: M.checkId }).int(M.checkId).positive(M.checkId),
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
    direction: requiredText(M.direction, 10),
    decorates: requiredText(M.decorates, 10),
    elevator: requiredText(M.elevator, 10),
    buildType: optionalDictCode,
    rightLimit: optionalDictCode,
    houseType: optionalDictCode,
    rentPay: optionalDictCode,
    rentType: optionalDictCode,
    checkIn: z
      .string()
      .trim()
      .optional()
      .nullable()
      .transform((value) => (value ? value : null))
      .refine((value) => value === null || DATE_PATTERN.test(value), M.checkIn),
    age: z.coerce.number().int().min(1900, M.age).max(2100, M.age).optional().nullable(),
    price: z.coerce
      .number({ error: M.price })
      .int('价格应为整数元')
      .positive(M.price)
      .max(2_000_000_000, '价格过大'),
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
      .array(z.coerce.number().int().positive(), { error: M.tags })
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
  })
  .superRefine((form, ctx) => {
    const need = (field: keyof typeof form, message: string) => {
      const value = form[field];
      if (value === null || value === undefined || value === '')
        ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (form.floorNum > form.totalFloor)
      ctx.addIssue({ code: 'custom', path: ['floorNum'], message: M.floorAboveTotal });
    if (form.type === 1) {
      need('age', M.age);
      need('houseType', M.houseType);
      need('buildType', M.buildType);
      need('rightLimit', M.rightLimit);
    } else {
      need('rentPay', M.rentPay);
      need('rentType', M.rentType);
    }
    if (form.secondHouse.filter((picture) => picture.cover).length > 1)
      ctx.addIssue({ code: 'custom', path: ['secondHouse'], message: M.oneCover });
  });
export type ListingForm = z.input<typeof listingFormSchema>;
export type ListingFormParsed = z.output<typeof listingFormSchema>;

/** Answer of `POST /api/listings`. */
export const listingSavedSchema = z.object({ id: z.number().int(), publishStatus: z.number() });

/** A picture with the address to show it: public `/oss/app/…` or a short-lived signed URL. */
export const storedPictureSchema = z.object({
  path: z.string(),
  name: z.string(),
  cover: z.boolean(),
  url: z.string(),
});
export type StoredPicture = z.infer<typeof storedPictureSchema>;

/** `GET /api/listings/mine/:id`: the owner's form values for the edit dialog. */
export const listingEditSchema = z.object({
  id: z.number().int(),
  publishStatus: z.number().int(),
  form: z.object({
    type: z.number().int(),
    checkId: z.number().int().nullable(),
    areaCode: z.string(),
    communityName: z.string(),
    address: z.string(),
    buildNum: z.string(),
    cellNum: z.string(),
    houseNum: z.string(),
    bedroom: z.number().int(),
    room: z.number().int(),
    toilet: z.number().int(),
    buildArea: z.number(),
    floorNum: z.number().int(),
    totalFloor: z.number().int(),
    direction: z.string(),
    decorates: z.string(),
    elevator: z.string(),
    buildType: z.string().nullable(),
    rightLimit: z.string().nullable(),
    houseType: z.string().nullable(),
    rentPay: z.string().nullable(),
    rentType: z.string().nullable(),
    checkIn: z.string().nullable(),
    age: z.number().int().nullable(),
    price: z.number().int(),
    title: z.string(),
    description: z.string(),
    userPhone: z.string().nullable(),
    checkList: z.array(z.number().int()),
  }),
  verification: verificationResultSchema.nullable(),
  secondHouse: z.array(storedPictureSchema),
  secondCertificate: z.array(storedPictureSchema),
  secondIdCard: z.array(storedPictureSchema),
  secondLicense: z.array(storedPictureSchema),
});
export type ListingEdit = z.infer<typeof listingEditSchema>;

/** `POST /api/listings/uploads?kind=…` (multipart field file). */
export const uploadQuerySchema = z.object({
  kind: z.enum(['house', 'certificate', 'idcard', 'license']).default('house'),
});
export const uploadResultSchema = z.object({
  path: z.string(),
  originalName: z.string(),
  url: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** `GET /api/listings/mine`: the caller's listings of one type, 20 per page. */
export const myListingsQuerySchema = pagingQuery(LISTING_PAGE_SIZE, 50).extend({
  type: listingTypeSchema.default(1),
});

/** `POST /api/listings/:id/audit` (spec 2 §7): operation 1 submit for review, 4 withdraw. */
export const auditOperationSchema = z.object({
  operation: z.coerce
    .number()
    .int()
    .refine((value) => value === 1 || value === 4, '操作类型只能是1（提交审核）或4（撤回）'),
});

/** `GET /api/admin/listings`: the review queue (status 2 by default). */
export const adminListingsQuerySchema = pagingQuery(LISTING_PAGE_SIZE, 100).extend({
  status: z.coerce.number().int().min(1).max(4).default(2),
  type: listingTypeSchema.optional(),
});
export const adminListingSchema = listingCardSchema.extend({
  ownerId: z.number().int(),
  ownerPhone: z.string().nullable(),
  createdAt: z.string(),
});
