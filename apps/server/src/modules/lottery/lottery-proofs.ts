import { randomBytes } from 'node:crypto';
import {
  LOTTERY_PROOF_KINDS,
  LOTTERY_PROOF_LABEL,
  LOTTERY_PROOF_LIMITS,
  LOTTERY_PROOF_MESSAGES,
  type LotteryProof,
  type LotteryProofKind,
  type LotteryProofUpload,
  missingLotteryProofs,
  type LotteryDeclarations,
} from '@portal/shared/schemas/lottery';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { lotteryProofs, lotteryRegistrations } from '../../db/schema/index';
import {
  contentTypeOf,
  type ObjectBody,
  type ObjectStorage,
} from '../../integrations/storage/index';
import { AppError } from '../../lib/app-error';
import { isNamedProof, selectOwnRegistrations, selectProofRows } from './lottery-proofs.queries';

/**
 * 证明材料 of the 意向登记 (docs/product/lottery.md, docs/decisions/0068-lottery-proofs.md):
 * private objects `lottery/<userId>/<32 hex>.jpg|png|webp|pdf`, read only through
 * `GET /api/lottery/proofs/<userId>/<file>`, which lets the uploader and the operators in.
 */
const PROOF_KEY = /^lottery\/(\d+)\/([a-f0-9]{32}\.(?:jpg|png|webp|pdf))$/;
const PROOF_FILE = /^[a-f0-9]{32}\.(?:jpg|png|webp|pdf)$/;
const PIXEL_LIMIT = 40_000_000;

type ImageFormat = 'jpeg' | 'png' | 'webp';
const EXTENSION: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** JPEG, PNG or WebP by the first bytes, PDF by its header; null for anything else. */
export function sniffProof(bytes: Buffer): ImageFormat | 'pdf' | null {
  const starts = (...sig: number[]) => sig.every((value, i) => bytes[i] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  const riff = bytes.subarray(0, 4).toString('latin1') === 'RIFF';
  if (riff && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

/** A picture decoded and encoded again in its format: orientation applied, metadata (GPS) gone. */
async function reencode(bytes: Buffer, format: ImageFormat): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: PIXEL_LIMIT });
    const meta = await image.metadata();
    if (meta.format !== format) throw new Error('format mismatch');
    const rotated = image.rotate();
    if (format === 'jpeg') return await rotated.jpeg({ quality: 85 }).toBuffer();
    if (format === 'png') return await rotated.png().toBuffer();
    return await rotated.webp({ quality: 85 }).toBuffer();
  } catch {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', LOTTERY_PROOF_MESSAGES.type);
  }
}

/** Where the browser opens a proof: the checked route, never a public or signed link. */
export function proofUrl(path: string): string {
  const match = PROOF_KEY.exec(path);
  return match ? `/api/lottery/proofs/${match[1]}/${match[2]}` : '';
}

/**
 * Checks one uploaded proof by its bytes (JPEG, PNG, WebP or PDF within the size limit), encodes
 * a picture again without metadata and stores it privately under the uploader's folder. It is
 * part of no registration until one names it; the file sweeper deletes it a day later otherwise.
 */
export async function storeLotteryProof(
  storage: ObjectStorage,
  userId: number,
  bytes: Buffer,
): Promise<LotteryProofUpload> {
  if (bytes.length > LOTTERY_PROOF_LIMITS.bytes)
    throw new AppError('FILE_TOO_LARGE', LOTTERY_PROOF_MESSAGES.size);
  const format = sniffProof(bytes);
  if (!format) throw new AppError('FILE_TYPE_NOT_ALLOWED', LOTTERY_PROOF_MESSAGES.type);
  const output = format === 'pdf' ? bytes : await reencode(bytes, format);
  const extension = format === 'pdf' ? 'pdf' : EXTENSION[format];
  const path = `lottery/${userId}/${randomBytes(16).toString('hex')}.${extension}`;
  const contentType = contentTypeOf(path);
  await storage.put('private', path, output, contentType);
  return { path, url: proofUrl(path), contentType, size: output.length };
}

/**
 * The proofs a registration is saved with, checked: every kind its declarations need has a file
 * (requiredLotteryProofs, the form's rule), at most LOTTERY_PROOF_LIMITS.perKind per kind, and
 * each file is an upload of the caller's own still in storage. Answers them without repeats.
 */
export async function checkProofs(
  storage: ObjectStorage,
  userId: number,
  declarations: LotteryDeclarations,
  proofs: ReadonlyArray<{ kind: LotteryProofKind; path: string }>,
): Promise<Array<{ kind: LotteryProofKind; path: string }>> {
  const unique = proofs.filter((p, i) => proofs.findIndex((q) => q.path === p.path) === i);
  const missing = missingLotteryProofs(declarations, unique);
  if (missing.length > 0)
    throw new AppError('VALIDATION_FAILED', LOTTERY_PROOF_MESSAGES.missing(missing));
  for (const kind of LOTTERY_PROOF_KINDS) {
    if (unique.filter((p) => p.kind === kind).length > LOTTERY_PROOF_LIMITS.perKind)
      throw new AppError('VALIDATION_FAILED', LOTTERY_PROOF_MESSAGES.tooMany);
  }
  for (const proof of unique) {
    const match = PROOF_KEY.exec(proof.path);
    if (!match || Number(match[1]) !== userId || !(await storage.exists('private', proof.path)))
      throw new AppError('VALIDATION_FAILED', LOTTERY_PROOF_MESSAGES.invalid);
  }
  return unique;
}

/** Replaces a registration's proofs (in the saving transaction). */
export async function replaceProofs(
  tx: Db,
  registrationId: number,
  proofs: ReadonlyArray<{ kind: LotteryProofKind; path: string }>,
): Promise<void> {
  await tx.delete(lotteryProofs).where(eq(lotteryProofs.registrationId, registrationId));
  if (proofs.length === 0) return;
  await tx
    .insert(lotteryProofs)
    .values(proofs.map((p, sort) => ({ registrationId, kind: p.kind, path: p.path, sort })));
}

/** The proofs of these registrations, by registration id, in upload order per kind. */
export async function proofsOf(
  db: Db,
  registrationIds: readonly number[],
): Promise<Map<number, LotteryProof[]>> {
  const byRegistration = new Map<number, LotteryProof[]>();
  if (registrationIds.length === 0) return byRegistration;
  const rows = await selectProofRows(db, registrationIds);
  for (const row of rows) {
    const list = byRegistration.get(row.registrationId) ?? [];
    list.push({
      kind: row.kind,
      label: LOTTERY_PROOF_LABEL[row.kind as LotteryProofKind] ?? row.kind,
      path: row.path,
      url: proofUrl(row.path),
      contentType: contentTypeOf(row.path),
    });
    byRegistration.set(row.registrationId, list);
  }
  return byRegistration;
}

/** The caller's registrations with their proofs (我的摇号 and the form's edit). */
export async function myProofs(
  db: Db,
  userId: number,
): Promise<Array<{ registrationId: number; batchId: number; proofs: LotteryProof[] }>> {
  const own = await selectOwnRegistrations(db, userId);
  const proofs = await proofsOf(
    db,
    own.map((r) => r.id),
  );
  return own.map((r) => ({
    registrationId: r.id,
    batchId: r.batchId,
    proofs: proofs.get(r.id) ?? [],
  }));
}

/**
 * Opens a proof for a caller: the uploader may read their own uploads (named by a registration
 * or not yet), an operator any file a registration names. Everyone else, and a file that does
 * not exist, gets the same 404, so nobody learns which files exist.
 */
export async function openProof(
  db: Db,
  storage: ObjectStorage,
  caller: { id: number; role: string },
  ownerId: number,
  file: string,
): Promise<ObjectBody> {
  const notFound = new AppError('NOT_FOUND', '文件不存在或无权查看');
  if (!PROOF_FILE.test(file)) throw notFound;
  const path = `lottery/${ownerId}/${file}`;
  let allowed = caller.id === ownerId;
  if (!allowed && caller.role === 'admin') {
    allowed = await isNamedProof(db, path);
  }
  if (!allowed) throw notFound;
  const body = await storage.get('private', path);
  if (!body) throw notFound;
  return body;
}

/**
 * 注销账号: the account's proofs are forgotten (their rows go in the closing transaction; the
 * file sweeper then deletes the files no row names). Answers how many rows went.
 */
export async function forgetLotteryProofsOf(tx: Db, userId: number): Promise<number> {
  const own = tx
    .select({ id: lotteryRegistrations.id })
    .from(lotteryRegistrations)
    .where(eq(lotteryRegistrations.userId, userId));
  const gone = await tx
    .delete(lotteryProofs)
    .where(inArray(lotteryProofs.registrationId, own))
    .returning({ id: lotteryProofs.id });
  return gone.length;
}
