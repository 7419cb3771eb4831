import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/app-error';
import {
  assertValidKey,
  clampTtl,
  contentTypeOf,
  isValidKey,
  PRIVATE_URL_PREFIX,
  PUBLIC_URL_PREFIX,
  type ObjectBody,
  type ObjectStorage,
  type SignedQuery,
  type SignedUrlOptions,
  type StoredObject,
  type Visibility,
} from './object-storage';

export interface LocalStorageOptions {
  /** Public objects; served as-is at `/oss/app/` (`DATA_DIR/uploads`). */
  publicDir: string;
  /** Private objects; never served statically (`DATA_DIR/private`). */
  privateDir: string;
}

/** File of the HMAC key of signed links, in the private folder (dot files are never objects). */
const SIGNING_KEY_FILE = '.url-signing-key';

const isMissing = (error: unknown) =>
  error instanceof Error &&
  'code' in error &&
  (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/**
 * Object storage on the local disk: one folder per visibility, the key as the relative path.
 * Writes go to a temporary dot file renamed into place, so a reader never sees half a file.
 * Signed links point back at this server (`/oss/private/<key>?expires=&sig=`) and carry an
 * HMAC-SHA256 over key, expiry and download name; the key is 32 random bytes kept in the private
 * folder, so every instance sharing the data folder signs and checks alike.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  readonly fileOrigins: readonly string[] = [];
  readonly publicRoot: string;
  private readonly privateRoot: string;
  private signingKey: Promise<Buffer> | null = null;

  constructor(options: LocalStorageOptions) {
    this.publicRoot = path.resolve(options.publicDir);
    this.privateRoot = path.resolve(options.privateDir);
  }

  private file(visibility: Visibility, key: string): string {
    assertValidKey(key);
    return path.join(visibility === 'public' ? this.publicRoot : this.privateRoot, key);
  }

  /** The content type is not kept: on disk the key's extension gives it back (`contentTypeOf`). */
  async put(
    visibility: Visibility,
    key: string,
    bytes: Buffer,
    _contentType: string,
  ): Promise<void> {
    const target = this.file(visibility, key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await writeFile(temp, bytes, { mode: visibility === 'private' ? 0o600 : 0o644 });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(visibility: Visibility, key: string): Promise<ObjectBody | null> {
    const file = this.file(visibility, key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return {
        stream: createReadStream(file),
        contentType: contentTypeOf(key),
        size: info.size,
        lastModified: info.mtime,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(visibility: Visibility, key: string): Promise<boolean> {
    try {
      return (await stat(this.file(visibility, key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(visibility: Visibility, key: string): Promise<void> {
    await rm(this.file(visibility, key), { force: true });
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return PUBLIC_URL_PREFIX + key;
  }

  async signedUrl(key: string, options: SignedUrlOptions = {}): Promise<string> {
    assertValidKey(key);
    const now = options.now ?? new Date();
    const expires = Math.floor(now.getTime() / 1000) + clampTtl(options.ttlSeconds);
    const sig = await this.signature(key, expires, options.downloadName);
    const query = new URLSearchParams({ expires: String(expires), sig });
    if (options.downloadName) query.set('download', options.downloadName);
    return `${PRIVATE_URL_PREFIX}${key}?${query.toString()}`;
  }

  async openSigned(key: string, query: SignedQuery, now = new Date()): Promise<ObjectBody> {
    const refuse = () => new AppError('FILE_LINK_INVALID');
    if (!isValidKey(key) || query.expires <= Math.floor(now.getTime() / 1000)) throw refuse();
    const expected = Buffer.from(await this.signature(key, query.expires, query.download));
    const given = Buffer.from(query.sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
    const body = await this.get('private', key);
    if (!body) throw new AppError('NOT_FOUND', '文件不存在或已删除');
    return body;
  }

  async *list(visibility: Visibility, prefix: string): AsyncIterable<StoredObject> {
    const root = visibility === 'public' ? this.publicRoot : this.privateRoot;
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    yield* this.walk(root, folder, prefix);
  }

  private async *walk(root: string, folder: string, prefix: string): AsyncIterable<StoredObject> {
    let entries;
    try {
      entries = await readdir(path.join(root, folder), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (prefix.startsWith(`${key}/`) || `${key}/`.startsWith(prefix))
          yield* this.walk(root, key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix) && isValidKey(key)) {
        try {
          const info = await stat(path.join(root, key));
          yield { key, size: info.size, lastModified: info.mtime };
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    }
  }

  async close(): Promise<void> {}

  private async signature(key: string, expires: number, download = ''): Promise<string> {
    this.signingKey ??= this.loadSigningKey().catch((error: unknown) => {
      this.signingKey = null;
      throw error;
    });
    return createHmac('sha256', await this.signingKey)
      .update(`${key}\n${expires}\n${download}`)
      .digest('base64url');
  }

  /**
   * Reads the signing key, creating it on first use. The new key is written to a temporary file
   * and hard-linked into place, which fails if another instance got there first: then its key,
   * complete on disk, is the one everybody uses.
   */
  private async loadSigningKey(): Promise<Buffer> {
    const file = path.join(this.privateRoot, SIGNING_KEY_FILE);
    try {
      return await readFile(file);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    await mkdir(this.privateRoot, { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, randomBytes(32), { mode: 0o600 });
    try {
      await link(temp, file);
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    } finally {
      await rm(temp, { force: true });
    }
    return readFile(file);
  }
}
