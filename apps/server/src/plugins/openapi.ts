import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const MULTIPART = 'multipart/form-data';

/** The body every upload route reads: one file in the multipart field `file`. */
const MULTIPART_FILE_BODY = {
  type: 'object',
  properties: { file: { type: 'string', format: 'binary', description: '上传的文件' } },
  required: ['file'],
};

/**
 * The zod transform, plus the multipart body of upload routes (`consumes: [multipart/form-data]`,
 * whose file is read in the handler, not by a schema): without it the document would not show
 * that these operations take a file, and the upload tests could not find them.
 */
const transform: SwaggerTransform = (document) => {
  const output = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  const consumes = (document.schema as { consumes?: unknown } | undefined)?.consumes;
  if (!Array.isArray(consumes) || !consumes.includes(MULTIPART)) return output;
  return { ...output, schema: { ...output.schema, consumes, body: MULTIPART_FILE_BODY } };
};

/** OpenAPI generated from the route zod schemas, browsable at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '房地产交易服务平台 API',
        description: '所有响应均为 { code, message, data }，code 为 000000 表示成功。',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
});
