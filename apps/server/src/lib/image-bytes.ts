/** JPEG, PNG, GIF or WebP by its first bytes, whatever the file name claims. */
export function isImageBytes(bytes: Buffer): boolean {
  const starts = (...sig: number[]) => sig.every((value, i) => bytes[i] === value);
  const isWebp =
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return (
    starts(0xff, 0xd8, 0xff) ||
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    starts(0x47, 0x49, 0x46, 0x38) ||
    isWebp
  );
}
