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
import { AppError } from '../../lib/app-error';
import { DIRECT, proxyNodeAgent, type OutboundProxy } from '../outbound-proxy';
import { networkCodeOf, ProviderFailure } from '../provider-failure';
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

/**
 * Deadlines of every bucket call (ms): connecting, the socket staying silent, and the whole call
 * until the answer's headers (an object's body then streams under the silence limit only).
 */
export interface S3Deadlines {
  connectMs: number;
  idleMs: number;
  callMs: number;
}
export const S3_DEADLINES: S3Deadlines = { connectMs: 5_000, idleMs: 10_000, callMs: 10_000 };

/**
 * 503 for a bucket that failed or did not answer in time, logged as the storage provider's
 * failure: the S3 error code (AccessDenied, SignatureDoesNotMatch …) or the network failure,
 * never the request, its address or the SDK's message.
 */
function storageUnavailable(thrown: unknown): AppError {
  const { name, $metadata } = (thrown ?? {}) as {
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  const status = $metadata?.httpStatusCode;
  const code =
    typeof name === 'string' && status && /^[A-Z][A-Za-z]+$/.test(name) && name !== 'Error'
      ? name
      : networkCodeOf(thrown, status ? `HTTP${status}` : 'NetworkError');
  const hint = /AccessDenied|SignatureDoesNotMatch|InvalidAccessKeyId/.test(code)
    ? '访问密钥错误，或 S3_ENDPOINT 不是存储服务自己的域名（签名包含主机名）'
    : /PermanentRedirect|AuthorizationHeaderMalformed|SecondLevelDomainForbidden/.test(code)
      ? '地域或寻址方式不符（阿里云 OSS 只接受虚拟主机方式：不要设置 S3_FORCE_PATH_STYLE）'
      : '';
  const error = new AppError('SERVICE_UNAVAILABLE', '文件存储服务暂不可用，请稍后再试');
  error.cause = new ProviderFailure('s3', code, hint);
  return error;
}

/** The origin presigned links point at: the endpoint (path style) or the bucket's own host. */
function bucketOrigin(options: S3StorageOptions): string {
  if (!options.endpoint) return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
  const endpoint = new URL(options.endpoint);
  return options.forcePathStyle
    ? endpoint.origin
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
}

/**
 * The agents of the bucket's calls through the forward proxy (a CONNECT tunnel to the endpoint,
 * the host the calls go to); none when the bucket is reached directly.
 */
function s3Agents(options: S3StorageOptions, proxy: OutboundProxy) {
  const target = bucketOrigin(options);
  const agent = proxyNodeAgent(proxy, target);
  if (!agent) return {};
  return new URL(target).protocol === 'https:' ? { httpsAgent: agent } : { httpAgent: agent };
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

  private readonly deadlines: S3Deadlines;

  constructor(
    options: S3StorageOptions,
    deadlines: S3Deadlines = S3_DEADLINES,
    proxy: OutboundProxy = DIRECT,
  ) {
    this.deadlines = deadlines;
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
      requestHandler: {
        connectionTimeout: deadlines.connectMs,
        requestTimeout: deadlines.idleMs,
        ...s3Agents(options, proxy),
      },
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

  /**
   * Sends one command under the call deadline (an AbortSignal, cleared once the answer's headers
   * arrived); a missing object's error is passed on as it is, any other failure becomes the 503.
   */
  private async call<T>(send: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.deadlines.callMs);
    try {
      return await send(controller.signal);
    } catch (error) {
      if (isMissing(error)) throw error;
      throw storageUnavailable(error);
    } finally {
      clearTimeout(timer);
    }
  }

  private objectKey(visibility: Visibility, key: string): string {
    assertValidKey(key);
    return `${visibility}/${key}`;
  }

  async put(visibility: Visibility, key: string, bytes: Buffer, contentType: string) {
    await this.call((abortSignal) =>
      this.client.send(
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
        { abortSignal },
      ),
    );
  }

  async get(visibility: Visibility, key: string): Promise<ObjectBody | null> {
    try {
      const result = await this.call((abortSignal) =>
        this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
          { abortSignal },
        ),
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
      await this.call((abortSignal) =>
        this.client.send(
          new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
          { abortSignal },
        ),
      );
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(visibility: Visibility, key: string): Promise<void> {
    await this.call((abortSignal) =>
      this.client.send(
        new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
        { abortSignal },
      ),
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
      const page = await this.call((abortSignal) =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: folder + prefix,
            ContinuationToken: token,
          }),
          { abortSignal },
        ),
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
