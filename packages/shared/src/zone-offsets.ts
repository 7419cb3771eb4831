/**
 * The local clock's offsets from UTC through the last three calendar years, written short: a
 * server-rendered page carries the server's, and the browser takes the page over only when its
 * own are the same, since every date on the page was drawn in the server's clock
 * (docs/decisions/0079-the-take-over-without-a-time-zone-name.md). Read from `Date` alone: the
 * first `Intl.DateTimeFormat` of a page costs a phone a sixth of a second.
 *
 * Sampled at noon on the 1st and the 15th of each month; a run of equal offsets is written once
 * with its length (`2026:-480*72` in China). Two clocks whose daylight saving starts on other
 * days of the same fortnight would compare equal: a date in those days then draws differently,
 * and React draws that part again.
 */
export function zoneOffsets(now: Date = new Date()): string {
  const year = now.getFullYear();
  const runs: { offset: number; count: number }[] = [];
  for (let y = year - 2; y <= year; y += 1) {
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 15]) {
        const offset = new Date(y, month, day, 12).getTimezoneOffset();
        const last = runs.at(-1);
        if (last?.offset === offset) last.count += 1;
        else runs.push({ offset, count: 1 });
      }
    }
  }
  return `${year}:${runs.map(({ offset, count }) => `${offset}*${count}`).join(',')}`;
}
