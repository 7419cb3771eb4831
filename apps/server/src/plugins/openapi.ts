import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser } from '../modules/access/index';
import { ADMIN_API_PREFIX } from '../modules/admin/index';
import { completeDocument, documentPathOf, type RouteFacts } from './openapi-document';

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
function transformWith(facts: Map<string, RouteFacts>): SwaggerTransform {
  return (document) => {
    const output = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
    const consumes = (document.schema as { consumes?: unknown } | undefined)?.consumes;
    const upload = Array.isArray(consumes) && consumes.includes(MULTIPART);
    recordFacts(facts, document.route, document.url, upload);
    if (!upload) return output;
    return { ...output, schema: { ...output.schema, consumes, body: MULTIPART_FILE_BODY } };
  };
}

/**
 * How the route is guarded, from its hooks: the auth plugin moves a `requireUser` or
 * `requireAdmin` preHandler to onRequest, and every `/api/admin/…` route is guarded by the
 * operator console's guard; anything else is public.
 */
function recordFacts(
  facts: Map<string, RouteFacts>,
  route: Parameters<SwaggerTransform>[0]['route'],
  url: string,
  upload: boolean,
): void {
  const hooks = [route.onRequest ?? [], route.preHandler ?? []].flat();
  const guard =
    hooks.includes(requireAdmin as never) || url.startsWith(ADMIN_API_PREFIX)
      ? 'admin'
      : hooks.includes(requireUser as never)
        ? 'user'
        : 'public';
  const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  for (const method of [route.method].flat()) {
    facts.set(`${method} ${documentPathOf(url)}`, { guard, rateLimited, upload });
  }
}

/** OpenAPI generated from the route zod schemas, browsable at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  const facts = new Map<string, RouteFacts>();
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '房地产交易服务平台 API',
        description:
          '所有响应均为 { code, message, data }，code 为 000000 表示成功；失败时 code 为结果码，message 为中文提示，各接口列出可能的结果码及示例。',
        version: '1.0.0',
      },
    },
    transform: transformWith(facts),
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const complete = completeDocument(document.openapiObject, (method, path) =>
        facts.get(`${method} ${path}`),
      );
      // The citizen API first, the operator API (/api/admin) after it, each in route order.
      const paths = Object.entries(complete.paths ?? {});
      const operator = (path: string) => path.startsWith('/api/admin');
      complete.paths = Object.fromEntries([
        ...paths.filter(([path]) => !operator(path)),
        ...paths.filter(([path]) => operator(path)),
      ]);
      return complete as typeof document.openapiObject;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
});
