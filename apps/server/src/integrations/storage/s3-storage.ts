import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config/index';
import {
  assertValidKey,
  clampTtl,
  contentDisposition,
  contentTypeOf,
  isPicture,
  isValidKey,
  PUBLIC_URL_PREFIX,
  type ObjectBody,
  type ObjectStorage,
  type SignedUrlOptions,
  type StoredObject,
  type Visibility,
} from './object-storage';

/** The S3 store is built from the S3 settings of the configuration (config/index.ts). */
export type S3StorageOptions = S3Config;

/** The origin presigned links point at: the endpoint (path style) or the bucket's own host. */
function bucketOrigin(options: S3StorageOptions): string {
  if (!options.endpoint) return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
  const endpoint = new URL(options.endpoint);
  return options.forcePathStyle
    ? endpoint.origin
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
}

const isMissing = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || status === 404;
};

/**
 * Object storage in one S3-compatible bucket: public objects under `public/`, private ones under
 * `private/` (the bucket policy or CDN exposes `public/` only). Private links are S3 presigned
 * GET URLs, so the bucket itself checks signature and expiry. Checksums are sent only where the
 * API requires them, which S3-compatible services that predate the 2025 checksum defaults need.
 */
export class S3ObjectStorage implements ObjectStorage {
  readonly driver = 's3' as const;
  readonly fileOrigins: readonly string[];
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBaseUrl: string | undefined;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicBaseUrl = options.publicBaseUrl?.replace(/\/+$/, '');
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.fileOrigins = [
      ...new Set([
        bucketOrigin(options),
        ...(this.publicBaseUrl ? [new URL(this.publicBaseUrl).origin] : []),
      ]),
    ];
  }

  private objectKey(visibility: Visibility, key: string): string {
    assertValidKey(key);
    return `${visibility}/${key}`;
  }

  async put(visibility: Visibility, key: string, bytes: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(visibility, key),
        Body: bytes,
        ContentType: contentType,
        CacheControl: visibility === 'public' ? 'public, max-age=3600' : 'private, no-store',
        // Served straight from the bucket or CDN: a public document downloads, never opens as a
        // page (pictures stay inline; stored-file-routes.ts).
        ContentDisposition:
          visibility === 'public' && !isPicture(contentType) ? 'attachment' : undefined,
      }),
    );
  }

  async get(visibility: Visibility, key: string): Promise<ObjectBody | null> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
      );
      if (!(result.Body instanceof Readable)) throw new Error('S3 body is not a Node stream');
      return {
        stream: result.Body,
        contentType: result.ContentType ?? contentTypeOf(key),
        size: result.ContentLength ?? 0,
        lastModified: result.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(visibility: Visibility, key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
      );
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(visibility: Visibility, key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
    );
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return this.publicBaseUrl ? `${this.publicBaseUrl}/${key}` : PUBLIC_URL_PREFIX + key;
  }

  async signedUrl(key: string, options: SignedUrlOptions = {}): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey('private', key),
      ResponseContentDisposition: options.downloadName
        ? contentDisposition('attachment', options.downloadName)
        : undefined,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: clampTtl(options.ttlSeconds),
      signingDate: options.now,
    });
  }

  async *list(visibility: Visibility, prefix: string): AsyncIterable<StoredObject> {
    const folder = `${visibility}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: folder + prefix,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        const key = item.Key?.slice(folder.length) ?? '';
        if (!isValidKey(key)) continue;
        yield { key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
