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
