import { z } from 'zod';
import { LEGAL_KINDS } from '../legal/texts';

export const legalKindSchema = z.enum(LEGAL_KINDS, { error: '协议类型不正确' });

/** One published version of the agreement or the privacy policy. */
export const legalDocumentSchema = z.object({
  kind: legalKindSchema,
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** Where the signed-in user stands with one text: the version in force and the newest accepted. */
export const legalStandingSchema = z.object({
  kind: legalKindSchema,
  currentVersion: z.number().int(),
  title: z.string(),
  acceptedVersion: z.number().int().nullable(),
  acceptedAt: z.string().nullable(),
  /** True when the version in force is not yet accepted. */
  pending: z.boolean(),
});
export type LegalStanding = z.infer<typeof legalStandingSchema>;

export const legalStatusSchema = z.object({
  agreement: legalStandingSchema,
  privacy: legalStandingSchema,
});
export type LegalStatus = z.infer<typeof legalStatusSchema>;

/** 同意: the kind and the version the user read (refused when it is no longer in force). */
export const legalAcceptSchema = z.object({
  kind: legalKindSchema,
  version: z.number({ error: '请先阅读协议' }).int().positive(),
});
export type LegalAccept = z.infer<typeof legalAcceptSchema>;

/** The version of the agreement a sign-in or registration form showed and the user ticked. */
export const agreementVersionField = z
  .number({ error: '协议版本不正确' })
  .int('协议版本不正确')
  .positive('协议版本不正确')
  .optional();

/** 注销账号: confirmed with the login password or a VALIDATE_PHONE code sent to the phone. */
export const accountCloseSchema = z
  .object({
    password: z.string().min(1, '请输入登录密码').max(64, '密码错误').optional(),
    code: z
      .string()
      .regex(/^\d{6}$/, '验证码格式错误')
      .optional(),
  })
  .refine((value) => value.password !== undefined || value.code !== undefined, {
    message: '请输入登录密码或短信验证码',
  });
export type AccountClose = z.infer<typeof accountCloseSchema>;
