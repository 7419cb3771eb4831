import {
  avatarResultSchema,
  careModeSchema,
  profileUpdateSchema,
  realnameQrSchema,
} from '@portal/shared/schemas/auth';
import { envelopeOf } from '@portal/shared/schemas/common';
import { accountCloseSchema } from '@portal/shared/schemas/legal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RealnameService } from '../../integrations/realname/index';
import { ok } from '../../lib/envelope';
import { readSingleUpload } from '../../lib/single-upload';
import { clearSessionCookies, currentUser, requireUser } from '../access/index';
import { requestOrigin } from '../auth/index';
import { requirePrivacyConsent } from '../legal/index';
import { AVATAR_MAX_BYTES, saveAvatar } from './avatar.service';
import { exportMyData } from './my-data.queries';
import { closeAccount } from './my-data.service';
import { readCareMode } from './users.queries';
import { saveCareMode, updateProfile } from './users.service';

/** The caller's own profile, avatar and real-name verification (/myInfomation, docs/product/accounts.md). */
export const usersRoutes: FastifyPluginAsyncZod<{ realname: RealnameService }> = async (
  app,
  { realname },
) => {
  app.put(
    '/api/users/me',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: '修改个人资料',
        body: profileUpdateSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await updateProfile(app.db, currentUser(request).id, request.body);
      return ok(null, '保存成功');
    },
  );

  app.get(
    '/api/users/me/care-mode',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: '读取本账号的长辈版设置',
        response: { 200: envelopeOf(careModeSchema) },
      },
    },
    async (request) => ok({ isOn: await readCareMode(app.db, currentUser(request).id) }),
  );

  app.put(
    '/api/users/me/care-mode',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: '保存本账号的长辈版设置',
        body: careModeSchema,
        response: { 200: envelopeOf(careModeSchema) },
      },
    },
    async (request) => {
      await saveCareMode(app.db, currentUser(request).id, request.body.isOn);
      return ok({ isOn: request.body.isOn }, request.body.isOn ? '已开启长辈版' : '已退出长辈版');
    },
  );

  app.post(
    '/api/users/me/avatar',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: '上传头像（multipart 字段 file）',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(avatarResultSchema) },
      },
    },
    async (request) => {
      const { bytes } = await readSingleUpload(request, AVATAR_MAX_BYTES, '请选择头像图片');
      const avatarPath = await saveAvatar(app.db, currentUser(request).id, bytes, app.storage);
      return ok({ path: avatarPath }, '上传成功');
    },
  );

  app.post(
    '/api/users/me/realname-qr',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: '获取实名认证（人脸识别）二维码',
        response: { 200: envelopeOf(realnameQrSchema) },
      },
    },
    async (request) => {
      await requirePrivacyConsent(app.db, currentUser(request).id);
      return ok(await realname.issueQr(currentUser(request).id, requestOrigin(request)));
    },
  );

  app.get(
    '/api/users/me/export',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary:
          '下载我的数据（JSON：资料、订单、房源、收藏、浏览记录、消息、反馈、房聊、同意记录、订阅、举报）',
        response: { 200: envelopeOf(z.record(z.string(), z.unknown())) },
      },
    },
    async (request, reply) => {
      const data = await exportMyData(app.db, currentUser(request).id);
      const day = data.exportedAt.slice(0, 10);
      void reply.header('cache-control', 'no-store');
      void reply.header('content-disposition', `attachment; filename="my-data-${day}.json"`);
      return ok(data);
    },
  );

  app.post(
    '/api/users/me/close',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: '注销账号（须登录密码或短信验证码；依法保留的记录去标识化保存，其余删除）',
        body: accountCloseSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      await closeAccount(app.db, currentUser(request).id, request.body);
      clearSessionCookies(reply);
      return ok(null, '账号已注销');
    },
  );
};
