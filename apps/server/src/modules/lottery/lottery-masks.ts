/** A name as public lists show it: the family name and, from three characters, the last one. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return `${chars[0] ?? ''}*`;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** An ID number as public lists show it: the first four and the last four characters. */
export function maskId(idCard: string): string {
  const id = idCard.trim();
  return `${id.slice(0, 4)}${'*'.repeat(Math.max(0, id.length - 8))}${id.slice(-4)}`;
}
