import {
  avatarResultSchema,
  profileUpdateSchema,
  realnameQrSchema,
} from '@portal/shared/schemas/auth';
import { envelopeOf } from '@portal/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RealnameService } from '../../integrations/realname/index';
import { ok } from '../../lib/envelope';
import { readSingleUpload } from '../../lib/single-upload';
import { currentUser, requireUser } from '../../plugins/auth';
import { requestOrigin } from '../auth/auth-client';
import { AVATAR_MAX_BYTES, saveAvatar } from './avatar.service';
import { updateProfile } from './users.service';

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
    async (request) => ok(await realname.issueQr(currentUser(request).id, requestOrigin(request))),
  );
};
