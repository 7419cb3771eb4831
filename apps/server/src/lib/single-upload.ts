import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export interface SingleUpload {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

/**
 * Reads the one file of a single-file upload. A request carrying more than one file is refused
 * as a whole (nothing is stored), as is a file over `maxBytes`; the caller still checks the
 * bytes themselves, never the name or the declared type alone.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  maxBytes: number,
  missingMessage = '请选择要上传的文件',
): Promise<SingleUpload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', missingMessage);
  let upload: SingleUpload | undefined;
  for await (const part of request.files({ limits: { fileSize: maxBytes, files: 2 } })) {
    if (upload) {
      part.file.resume();
      throw new AppError('VALIDATION_FAILED', '一次只能上传一个文件');
    }
    const bytes = await part.toBuffer();
    upload = { filename: part.filename, mimetype: part.mimetype, bytes };
  }
  if (!upload) throw new AppError('VALIDATION_FAILED', missingMessage);
  return upload;
}
