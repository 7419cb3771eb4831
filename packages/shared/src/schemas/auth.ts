import { z } from 'zod';
import { PASSWORD_PATTERN, PHONE_PATTERN, SMS_CODE_PATTERN } from '../validators';
import { agreementVersionField } from './legal';

/** Purposes an SMS code is bound to (docs/product/accounts.md); a code only works for the purpose it was sent for. */
export const SMS_PURPOSES = [
  'LOGIN',
  'REGISTER',
  'CHANGE_PWD',
  'VALIDATE_PHONE',
  'CHANGE_PHONE',
  'FORGET_PWD',
  'BIND_PHONE',
] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
/**
 * The operator's second sign-in factor: sent by the server itself after the right password,
 * never on request through `POST /api/auth/sms-codes`.
 */
export const OPERATOR_LOGIN_PURPOSE = 'OPERATOR_LOGIN';
/** Every purpose a stored code may carry. */
export type CodePurpose = SmsPurpose | typeof OPERATOR_LOGIN_PURPOSE;

/** Message of the one password rule (docs/product/accounts.md). */
export const PASSWORD_RULE_MESSAGE = '密码须为8-20位字符，且必须包含大写字母、小写字母和数字';

const phoneField = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .regex(PHONE_PATTERN, '请输入正确的手机号');
const codeField = z
  .string({ error: '请输入验证码' })
  .trim()
  .min(1, '请输入验证码')
  .regex(SMS_CODE_PATTERN, '验证码格式错误');
const passwordField = z
  .string({ error: '请输入密码' })
  .min(1, '请输入密码')
  .regex(PASSWORD_PATTERN, PASSWORD_RULE_MESSAGE);

export const passwordLoginSchema = z.object({
  account: phoneField,
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '账号或密码错误'),
  type: z.literal('phone').default('phone'),
  remember: z.boolean().default(false),
  /** Operators only: the SMS code sent after the right password (the second factor). */
  code: codeField.optional(),
  /** The agreement version the form showed and the user ticked; recorded with the time. */
  agreementVersion: agreementVersionField,
});
export type PasswordLogin = z.input<typeof passwordLoginSchema>;

export const smsLoginSchema = z.object({
  phone: phoneField,
  code: codeField,
  remember: z.boolean().default(false),
  agreementVersion: agreementVersionField,
});
export type SmsLogin = z.input<typeof smsLoginSchema>;

export const smsCodeRequestSchema = z.object({
  phone: phoneField,
  purpose: z.enum(SMS_PURPOSES, { error: '验证码用途不正确' }),
});
export type SmsCodeRequest = z.infer<typeof smsCodeRequestSchema>;

export const registerSchema = z.object({
  phone: phoneField,
  code: codeField,
  password: z.string({ error: '请输入密码' }).regex(PASSWORD_PATTERN, '密码格式不正确'),
  agreementVersion: agreementVersionField,
});
export type Register = z.infer<typeof registerSchema>;

/** 忘记密码 and 修改密码: the phone's code proves ownership, then the new password is set. */
export const resetPasswordSchema = z.object({
  phone: phoneField,
  code: codeField,
  newPwd: passwordField,
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const phoneCodeSchema = z.object({ phone: phoneField, code: codeField });
export type PhoneCode = z.infer<typeof phoneCodeSchema>;

/** Bind a phone to a WeChat-only account, proven by the ticket that signed it in. */
export const bindPhoneSchema = z.object({
  phone: phoneField,
  code: codeField,
  ticket: z.string().min(10).max(100),
  agreementVersion: agreementVersionField,
});
export type BindPhone = z.infer<typeof bindPhoneSchema>;

export const accessTokenSchema = z.object({ access_token: z.string() });
export type AccessToken = z.infer<typeof accessTokenSchema>;

/**
 * 账号密码登录's answer: a session token, or — for an operator whose password was right but who
 * sent no code yet — the masked phone the second factor was sent to.
 */
export const passwordLoginResultSchema = z.union([
  accessTokenSchema,
  z.object({ secondFactor: z.literal('sms'), phone: z.string() }),
]);
export type PasswordLoginResult = z.infer<typeof passwordLoginResultSchema>;

/** The current user (docs/product/accounts.md). */
export const currentUserSchema = z.object({
  userId: z.number().int(),
  nickName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  avatar: z.string().nullable(),
  gender: z.number().int(),
  birthday: z.string().nullable(),
  remark: z.string().nullable(),
  realNameAuth: z.boolean(),
  openid: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Profile form of /myInfomation (docs/product/accounts.md). */
export const profileUpdateSchema = z.object({
  nickName: z
    .string({ error: '请输入昵称' })
    .trim()
    .min(1, '请输入昵称')
    .min(3, '长度在 3 到 15 个字符')
    .max(15, '长度在 3 到 15 个字符'),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '请选择性别' }),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '生日格式应为 yyyy-MM-dd')
    .nullable()
    .default(null),
  remark: z.string().trim().max(20, '个性签名最多20个字符').default(''),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const avatarResultSchema = z.object({ path: z.string() });

/** WeChat QR (docs/product/accounts.md): a picture URL of the QR and the ticket to poll. */
export const wechatQrSchema = z.object({
  url: z.string(),
  ticket: z.string(),
  confirmUrl: z.string(),
  expiresIn: z.number().int(),
  /** True while the simulator stands in for WeChat (the page shows 模拟). */
  simulated: z.boolean(),
});
export type WechatQr = z.infer<typeof wechatQrSchema>;

/** WeChat poll (docs/product/accounts.md): status, then the user and token, or `bindPhone: 0`. */
export const wechatPollSchema = z.object({
  status: z.enum(['pending', 'scanned', 'confirmed', 'consumed', 'expired']),
  userInfo: currentUserSchema.nullable(),
  tokenInfo: accessTokenSchema.nullable(),
  bindPhone: z.union([z.literal(0), z.literal(1)]).nullable(),
});
export type WechatPoll = z.infer<typeof wechatPollSchema>;

/** The 实名认证 QR (PNG data URL), the link it encodes, and whether the simulator answers it. */
export const realnameQrSchema = z.object({
  url: z.string(),
  confirmUrl: z.string(),
  simulated: z.boolean(),
});
export type RealnameQr = z.infer<typeof realnameQrSchema>;

/**
 * Why a WeChat web-authorisation sign-in came back without a session: the key the callback
 * puts in `/login?wechatError=…` and the Chinese message the page shows for it
 * (docs/decisions/0053-wechat-web-authorisation.md).
 */
export const WECHAT_OAUTH_ERRORS = {
  denied: '您未同意微信授权，可改用手机验证码或账号密码登录',
  state: '登录请求已过期或不是在本页面发起的，请重新登录',
  code: '微信授权已失效，请重新登录',
  unavailable: '微信登录暂不可用，请使用手机验证码登录',
  disabled: '该账号已停用，请联系平台',
} as const;
export type WechatOAuthError = keyof typeof WECHAT_OAUTH_ERRORS;

/** The account's 长辈版 choice (docs/product/accessibility.md): read after sign-in, saved on switch. */
export const careModeSchema = z.object({
  isOn: z.boolean({ error: '请选择是否使用长辈版' }),
});
export type CareMode = z.infer<typeof careModeSchema>;
