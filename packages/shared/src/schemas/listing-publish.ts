import { z } from 'zod';
import {
  LISTING_LIMITS,
  LISTING_PICTURE_KINDS,
  PRIVATE_PICTURE_KINDS,
} from '../constants/listings';
import { LISTING_MESSAGES as M } from './listing-form';

/**
 * A 不动产权证书 number (certificate type 2) in its two parts: 冀(年份)不动产权第(7位编号)号. The
 * form and the refinement below check the same patterns.
 */
export const PROPERTY_CERTIFICATE_PATTERN = { syear: /^\d{4}$/, serial: /^\d{7}$/ } as const;

/** Step 1 房源核验 (docs/product/listings.md). certificateNum is the serial for type 2. */
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
    if (!form.syear) ctx.addIssue({ code: 'custom', path: ['syear'], message: M.syear });
    else if (!PROPERTY_CERTIFICATE_PATTERN.syear.test(form.syear))
      ctx.addIssue({ code: 'custom', path: ['syear'], message: M.syearFormat });
    if (form.certificateNum && !PROPERTY_CERTIFICATE_PATTERN.serial.test(form.certificateNum))
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
  /** The owner is not the caller, so step 3 needs an authorisation letter (docs/product/listings.md). */
  needsLicense: z.boolean(),
  /**
   * What the ownership register holds on the verified home (only on a passed check, answered by
   * the check itself): the form starts from it, so the owner types none of it again.
   */
  property: z
    .object({
      communityName: z.string().nullable(),
      address: z.string(),
      /** Build area, ㎡. */
      buildArea: z.number(),
      /** The register's purpose (住宅 …), matched to the 房屋类型 dictionary by name. */
      housePurpose: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type VerificationResult = z.infer<typeof verificationResultSchema>;

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
  kind: z.enum(LISTING_PICTURE_KINDS).default('house'),
});
export const uploadResultSchema = z.object({
  path: z.string(),
  originalName: z.string(),
  url: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * `POST /api/listings/picture-links`: fresh signed links (10 minutes) for certification photos
 * the caller may see: their own uploads, or the pictures of their own listing `listingId`. A
 * form kept open longer than a link lives asks again.
 */
export const pictureLinksRequestSchema = z.object({
  listingId: z.coerce.number().int().positive().optional(),
  pictures: z
    .array(
      z.object({ kind: z.enum(PRIVATE_PICTURE_KINDS), path: z.string().trim().min(1).max(200) }),
    )
    .min(1, '请选择图片')
    .max(LISTING_LIMITS.certificatePhotos * PRIVATE_PICTURE_KINDS.length, '图片数量过多'),
});
export type PictureLinksRequest = z.input<typeof pictureLinksRequestSchema>;
export const pictureLinkSchema = z.object({ path: z.string(), url: z.string() });
export type PictureLink = z.infer<typeof pictureLinkSchema>;

/** Largest draft accepted, in characters of its JSON: a full form with a long description. */
export const LISTING_DRAFT_MAX_CHARS = 16_000;

const draftText = (max: number) =>
  z.string({ error: '草稿内容格式不正确' }).max(max, '草稿内容过长');
const draftNumber = z
  .number({ error: '草稿内容格式不正确' })
  .finite('草稿内容格式不正确')
  .min(-1_000_000_000, '草稿内容格式不正确')
  .max(2_000_000_000, '草稿内容格式不正确');
const draftPictures = (max: number) =>
  z
    .array(pictureRefDraftSchema(), { error: '草稿图片格式不正确' })
    .max(max, `只能上传${max}个图片文件`)
    .optional()
    .default([]);
function pictureRefDraftSchema() {
  return z.object({
    path: z
      .string({ error: '草稿图片格式不正确' })
      .trim()
      .min(1, '草稿图片格式不正确')
      .max(200, '草稿图片格式不正确'),
    name: z
      .string({ error: '草稿图片格式不正确' })
      .trim()
      .max(100, '图片名称过长')
      .optional()
      .default(''),
    cover: z.boolean({ error: '草稿图片格式不正确' }).optional().default(false),
  });
}

/**
 * The values of an unfinished listing form as typed so far (docs/decisions/0055-forgiving-listing-drafts.md):
 * every field optional and loosely typed (a half-typed form is no listing yet), each bounded;
 * the full rules apply when the listing is published. Unknown fields are refused.
 */
export const listingDraftValuesSchema = z
  .strictObject(
    {
      communityName: draftText(50),
      address: draftText(100),
      buildNum: draftText(10),
      cellNum: draftText(10),
      houseNum: draftText(10),
      bedroom: draftNumber,
      room: draftNumber,
      toilet: draftNumber,
      buildArea: draftNumber,
      floorNum: draftNumber,
      totalFloor: draftNumber,
      direction: draftText(10),
      decorates: draftText(10),
      elevator: draftText(10),
      buildType: draftText(10),
      rightLimit: draftText(10),
      houseType: draftText(10),
      rentPay: draftText(10),
      rentType: draftText(10),
      checkIn: draftText(10),
      age: draftNumber,
      price: draftNumber,
      title: draftText(LISTING_LIMITS.titleMax),
      description: draftText(LISTING_LIMITS.descriptionMax),
      userPhone: draftText(20),
      checkList: z
        .array(z.number().int().positive().max(2_147_483_647), { error: '草稿内容格式不正确' })
        .max(10, '标签最多选择10个'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? '草稿含有未知字段' : '草稿内容格式不正确',
    },
  )
  .partial();

/** `PUT /api/listings/draft?type=`: the form so far, its verification and its photos. */
export const listingDraftBodySchema = z
  .object({
    /** The passed verification the form continues (null before step 1 is done). */
    checkId: z
      .number({ error: '草稿内容格式不正确' })
      .int('草稿内容格式不正确')
      .positive('草稿内容格式不正确')
      .max(2_147_483_647, '草稿内容格式不正确')
      .nullable()
      .optional()
      .default(null),
    values: listingDraftValuesSchema.optional().default({}),
    secondHouse: draftPictures(LISTING_LIMITS.housePhotos),
    secondCertificate: draftPictures(LISTING_LIMITS.certificatePhotos),
    secondIdCard: draftPictures(LISTING_LIMITS.certificatePhotos),
    secondLicense: draftPictures(LISTING_LIMITS.certificatePhotos),
  })
  .refine((body) => JSON.stringify(body).length <= LISTING_DRAFT_MAX_CHARS, '草稿内容过长');
export type ListingDraftBody = z.input<typeof listingDraftBodySchema>;
export type ListingDraftParsed = z.infer<typeof listingDraftBodySchema>;

/** `?type=` of the draft routes: 1 sale (the default), 2 rent. */
export const listingDraftQuerySchema = z.object({
  type: z.coerce
    .number({ error: '发布类型不正确' })
    .int('发布类型不正确')
    .refine((value) => value === 1 || value === 2, '发布类型不正确')
    .transform((value) => value as 1 | 2)
    .default(1),
});

/**
 * The caller's draft of one listing type: the values, the verification (read again, so only a
 * verification of the caller's own is ever shown), the photos with fresh addresses, and when it
 * was last saved (the newest save wins, from whichever device).
 */
export const listingDraftSchema = z.object({
  type: z.number().int(),
  values: listingDraftValuesSchema,
  verification: verificationResultSchema.nullable(),
  secondHouse: z.array(storedPictureSchema),
  secondCertificate: z.array(storedPictureSchema),
  secondIdCard: z.array(storedPictureSchema),
  secondLicense: z.array(storedPictureSchema),
  updatedAt: z.string(),
});
export type ListingDraft = z.infer<typeof listingDraftSchema>;

/** Answer of a draft save: when it was stored. */
export const listingDraftSavedSchema = z.object({ updatedAt: z.string() });
