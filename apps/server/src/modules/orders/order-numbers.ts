/** Order number: DJ, the Beijing time yyyyMMddHHmmss, then the order id padded to 5 digits. */
export function orderNumber(id: number, createdAt: Date): string {
  const stamp = new Date(createdAt.getTime() + 8 * 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace(/[-T:]/g, '');
  return `DJ${stamp}${String(id).padStart(5, '0')}`;
}

/** Whether a database error (or its cause) is a unique-constraint violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
