import {
  accessTokenSchema,
  currentUserSchema,
  passwordLoginResultSchema,
  passwordLoginSchema,
  registerSchema,
  resetPasswordSchema,
  smsCodeRequestSchema,
  smsLoginSchema,
} from '@portal/shared/schemas/auth';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RealnameService } from '../../integrations/realname/index';
import type { SmsGateway } from '../../integrations/sms/index';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { clearSessionCookies, currentUser, requireUser, setSessionCookies } from '../access/index';
import { registerUser, resetForgottenPassword } from './account.service';
import { findUserById, toCurrentUser } from './accounts.queries';
import { clientOf } from './auth-client';
import { loginWithPassword, loginWithSmsCode } from './login.service';
import { revokeSession } from './session.service';
import { issueSmsCode } from './sms-code.service';

const tokenEnvelope = { 200: envelopeOf(accessTokenSchema) };
const nullEnvelope = { 200: envelopeOf(z.null()) };
/** Per-IP ceilings in front of the per-account rules (in-process; Redis when scaled out). */
const LOGIN_RATE = { max: 100, timeWindow: '1 minute' };

export interface AuthRoutesOptions {
  /** The SMS gateway built by the app from configuration; null = switched off (503). */
  sms: SmsGateway | null;
  /** Real-name verification: the status poll fetches a provider's pending result. */
  realname: RealnameService;
  /** SMS codes one client address may ask for in an hour; the default limit when unset. */
  smsCodesPerClientPerHour?: number;
}

/** Sign-in, registration, SMS codes, the current user and logout (docs/product/accounts.md). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: LOGIN_RATE },
      schema: {
        tags: ['auth'],
        summary: '账号密码登录（运营账号另需短信验证码）',
        body: passwordLoginSchema,
        response: { 200: envelopeOf(passwordLoginResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await loginWithPassword(app.db, request.body, clientOf(request), options.sms);
      if (result.kind === 'codeSent') {
        return ok({ secondFactor: 'sms' as const, phone: result.phone }, result.message);
      }
      setSessionCookies(reply, result.token, { remember: request.body.remember });
      return ok({ access_token: result.token }, '登录成功');
    },
  );

  app.post(
    '/api/auth/sms-login',
    {
      config: { rateLimit: LOGIN_RATE },
      schema: {
        tags: ['auth'],
        summary: '手机验证码登录',
        body: smsLoginSchema,
        response: tokenEnvelope,
      },
    },
    async (request, reply) => {
      const token = await loginWithSmsCode(app.db, request.body, clientOf(request));
      setSessionCookies(reply, token, { remember: request.body.remember });
      return ok({ access_token: token }, '登录成功');
    },
  );

  app.post(
    '/api/auth/sms-codes',
    {
      config: { rateLimit: LOGIN_RATE },
      schema: {
        tags: ['auth'],
        summary: '获取短信验证码',
        body: smsCodeRequestSchema,
        response: nullEnvelope,
      },
    },
    // The same answer whether or not the phone has an account (no enumeration): the send limits
    // are the only checks, and what the phone's account allows is said once its code is entered.
    async (request) => {
      const { phone, purpose } = request.body;
      if (!options.sms) throw new AppError('SMS_UNAVAILABLE');
      await issueSmsCode(app.db, options.sms, {
        phone,
        purpose,
        ip: request.ip,
        ipPerHour: options.smsCodesPerClientPerHour,
      });
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: LOGIN_RATE },
      schema: {
        tags: ['auth'],
        summary: '新用户注册并登录',
        body: registerSchema,
        response: tokenEnvelope,
      },
    },
    async (request, reply) => {
      const token = await registerUser(app.db, request.body, clientOf(request));
      setSessionCookies(reply, token, { remember: false });
      return ok({ access_token: token }, '注册成功');
    },
  );

  app.post(
    '/api/auth/forget-password',
    {
      config: { rateLimit: LOGIN_RATE },
      schema: {
        tags: ['auth'],
        summary: '忘记密码：验证手机后重设',
        body: resetPasswordSchema,
        response: nullEnvelope,
      },
    },
    async (request) => {
      await resetForgottenPassword(app.db, request.body);
      return ok(null, '密码已重置，请重新登录');
    },
  );

  app.get(
    '/api/auth/me',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: '当前用户信息',
        response: { 200: envelopeOf(currentUserSchema) },
      },
    },
    async (request) => {
      const user = await findUserById(app.db, currentUser(request).id);
      if (!user) throw new AppError('INVALID_SESSION');
      return ok(toCurrentUser(user));
    },
  );

  app.get(
    '/api/auth/realname-status',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: '是否已实名认证',
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (request) => {
      await options.realname.refreshForUser(currentUser(request).id);
      const user = await findUserById(app.db, currentUser(request).id);
      return ok(Boolean(user?.realNameAuth));
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: requireUser,
      schema: { tags: ['auth'], summary: '退出登录（注销本会话）', response: nullEnvelope },
    },
    async (request, reply) => {
      await revokeSession(app.db, currentUser(request).sessionId);
      clearSessionCookies(reply);
      return ok(null, '已退出登录');
    },
  );
};
