import type { Readable } from 'node:stream';

/**
 * `public`: anyone may fetch the object at its public URL (house photos, avatars, news pictures).
 * `private`: only through a short-lived signed URL handed to someone already authorised
 * (certification photos of listings, invoices and receipts of orders).
 */
export type Visibility = 'public' | 'private';

/** One stored object as a listing reports it. */
export interface StoredObject {
  key: string;
  /** Bytes. */
  size: number;
  lastModified: Date;
}

/** An object opened for reading. */
export interface ObjectBody {
  stream: Readable;
  contentType: string;
  /** Bytes. */
  size: number;
  lastModified: Date;
}

export interface SignedUrlOptions {
  /** How long the link stays valid, seconds; default DEFAULT_SIGNED_URL_TTL_SECONDS. */
  ttlSeconds?: number;
  /** Set: the link downloads the file under this name instead of showing it. */
  downloadName?: string;
  /** The clock the expiry counts from (tests pass their own). */
  now?: Date;
}

/** The query of a link signed by the server itself (local disk), as the browser sends it back. */
export interface SignedQuery {
  expires: number;
  sig: string;
  download?: string;
}

/**
 * Object storage (docs/architecture.md): every uploaded or generated file goes through this, so one
 * setting moves the files from the local disk to an S3-compatible store. Keys are paths such as
 * `listing/12/ab…cd.jpg`; the database stores the key, never a URL.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Origins other than the site's that serve stored files (bucket, CDN); none for the disk. */
  readonly fileOrigins: readonly string[];
  /** Stores (or replaces) an object; the content type is what readers get back. */
  put(visibility: Visibility, key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Opens an object for reading; null when there is none. */
  get(visibility: Visibility, key: string): Promise<ObjectBody | null>;
  exists(visibility: Visibility, key: string): Promise<boolean>;
  /** Removes an object; removing one that is already gone is not an error (idempotent). */
  delete(visibility: Visibility, key: string): Promise<void>;
  /** Where a browser fetches a public object: `/oss/app/<key>`, or the configured CDN/bucket URL. */
  publicUrl(key: string): string;
  /** A link to a private object valid for a short time; anyone holding it may fetch the file. */
  signedUrl(key: string, options?: SignedUrlOptions): Promise<string>;
  /** Every object whose key starts with `prefix` (a folder such as `listing/`), in no set order. */
  list(visibility: Visibility, prefix: string): AsyncIterable<StoredObject>;
  /**
   * Local disk only: checks a link made by `signedUrl` (the server serves those itself) and opens
   * the object. Throws FILE_LINK_INVALID for a bad, tampered or expired link.
   */
  openSigned?(key: string, query: SignedQuery, now?: Date): Promise<ObjectBody>;
  /** Local disk only: the folder served as-is at `/oss/app/`. */
  readonly publicRoot?: string;
  close(): Promise<void>;
}

/** Default life of a signed link, seconds. */
export const DEFAULT_SIGNED_URL_TTL_SECONDS = 10 * 60;
/** Longest life a signed link may be given, seconds (S3 allows up to 7 days; we need far less). */
export const MAX_SIGNED_URL_TTL_SECONDS = 24 * 60 * 60;

/** Prefix under which public objects are served: key `seed/a.svg` is `/oss/app/seed/a.svg`. */
export const PUBLIC_URL_PREFIX = '/oss/app/';
/** Prefix of links to private objects that the server signs and serves itself (local disk). */
export const PRIVATE_URL_PREFIX = '/oss/private/';

/** A key: folders and a file name of lower-case letters, digits, `.`, `_` and `-`; no `..`. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Whether `key` is a well-formed object key (safe as a path on disk and in a URL). */
export function isValidKey(key: string): boolean {
  return key.length <= 300 && KEY_PATTERN.test(key) && !key.includes('..');
}

/** Throws for a malformed key: keys come from code, so a bad one is a programming error. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The content type a key's extension stands for; `application/octet-stream` when unknown. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** Whether a stored file's type is a picture (shown inline); anything else is a document. */
export function isPicture(contentType: string): boolean {
  return /^image\//i.test(contentType.trim());
}

/** The TTL to sign with, seconds: the requested one within 1 s … MAX_SIGNED_URL_TTL_SECONDS. */
export function clampTtl(ttlSeconds: number | undefined): number {
  const ttl = Math.floor(ttlSeconds ?? DEFAULT_SIGNED_URL_TTL_SECONDS);
  return Math.min(Math.max(ttl, 1), MAX_SIGNED_URL_TTL_SECONDS);
}

/** A Content-Disposition header value, with an RFC 5987 name for non-ASCII (Chinese) names. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName?: string): string {
  if (!fileName) return kind;
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
