import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StorageConfig } from '../../config/index';
import { DIRECT, type OutboundProxy } from '../outbound-proxy';
import { LocalDiskStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';

export * from './object-storage';
export { LocalDiskStorage } from './local-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every uploaded and generated file lives (docs/architecture.md). */
    storage: ObjectStorage;
  }
}

/**
 * The object storage the configuration selects: the local disk by default, an S3-compatible
 * bucket with STORAGE=s3. The S3 SDK is loaded only then, so a local run never pays for it.
 */
export async function createObjectStorage(
  config: StorageConfig,
  proxy: OutboundProxy = DIRECT,
): Promise<ObjectStorage> {
  if (config.driver === 's3' && config.s3) {
    const { S3ObjectStorage } = await import('./s3-storage');
    return new S3ObjectStorage(config.s3, undefined, proxy);
  }
  return new LocalDiskStorage({ publicDir: config.publicDir, privateDir: config.privateDir });
}

/**
 * The local-disk storage of a data folder known by its uploads root (`DATA_DIR/uploads`):
 * private objects go to the `private` folder beside it, as with the default configuration.
 */
export function localDataStorage(uploadsDir: string): ObjectStorage {
  return new LocalDiskStorage({
    publicDir: uploadsDir,
    privateDir: path.join(path.dirname(path.resolve(uploadsDir)), 'private'),
  });
}

export interface StoragePluginOptions {
  storage: ObjectStorage;
  /** Close the storage with the app (true when the app created it). */
  closeOnShutdown: boolean;
}

/** Makes the storage available to routes as `app.storage`. */
export const storagePlugin = fp(async (app: FastifyInstance, options: StoragePluginOptions) => {
  app.decorate('storage', options.storage);
  if (options.closeOnShutdown) app.addHook('onClose', async () => options.storage.close());
});
