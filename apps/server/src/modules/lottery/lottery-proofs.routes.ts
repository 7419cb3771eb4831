import { envelopeOf } from '@portal/shared/schemas/common';
import {
  LOTTERY_PROOF_LIMITS,
  LOTTERY_PROOF_MESSAGES,
  lotteryProofSchema,
  lotteryProofUploadSchema,
} from '@portal/shared/schemas/lottery';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STORED_FILE_CSP } from '../../integrations/storage/stored-file-routes';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { readSingleUpload } from '../../lib/single-upload';
import { currentUser, requireUser } from '../access/index';
import { myProofs, openProof, storeLotteryProof } from './lottery-proofs';

/** Uploads per signed-in citizen: a family's proofs in one go, little for flooding. */
const uploadRateLimit = {
  rateLimit: {
    max: 30,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user-${request.user.id}` : request.ip,
  },
};

const fileParams = z.object({
  owner: z.coerce.number().int().positive().max(2_147_483_647),
  file: z.string().max(60),
});

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * 证明材料 of the 意向登记 (docs/product/lottery.md): the upload, the caller's proofs per
 * registration, and the one way to open a proof file — for its uploader and the operators only
 * (lottery-proofs.ts `openProof`).
 */
export const lotteryProofRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/lottery/proofs',
    {
      preHandler: requireUser,
      config: uploadRateLimit,
      schema: {
        tags: ['lottery'],
        summary:
          '上传意向登记证明材料（multipart 字段 file，JPG/PNG/WebP 图片或 PDF，不超过 10MB；仅本人与运营人员可查看）',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(lotteryProofUploadSchema) },
      },
    },
    async (request) => {
      const upload = await readSingleUpload(
        request,
        LOTTERY_PROOF_LIMITS.bytes,
        '请选择要上传的证明材料',
      ).catch((error: unknown) => {
        throw isFileTooLarge(error)
          ? new AppError('FILE_TOO_LARGE', LOTTERY_PROOF_MESSAGES.size)
          : error;
      });
      const proof = await storeLotteryProof(app.storage, currentUser(request).id, upload.bytes);
      return ok(proof, '上传成功');
    },
  );

  app.get(
    '/api/lottery/mine/proofs',
    {
      preHandler: requireUser,
      schema: {
        tags: ['lottery'],
        summary: '我的摇号：各登记已提交的证明材料',
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                registrationId: z.number().int(),
                batchId: z.number().int(),
                proofs: z.array(lotteryProofSchema),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(await myProofs(app.db, currentUser(request).id)),
  );

  app.get(
    '/api/lottery/proofs/:owner/:file',
    {
      preHandler: requireUser,
      schema: {
        tags: ['lottery'],
        summary: '查看证明材料文件（仅上传者本人与运营人员；其他人 404）',
        params: fileParams,
      },
    },
    async (request, reply) => {
      const body = await openProof(
        app.db,
        app.storage,
        currentUser(request),
        request.params.owner,
        request.params.file,
      );
      // A PDF opens in the browser's viewer, which a sandbox policy would block
      // (integrations/storage/stored-file-routes.ts); a picture gets the stored-file policy.
      if (body.contentType !== 'application/pdf')
        reply.header('content-security-policy', STORED_FILE_CSP);
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('content-type', body.contentType)
        .header('content-length', body.size)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .send(body.stream);
    },
  );
};
