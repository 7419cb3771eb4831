/** A point on the map's layer, in CSS pixels. */
export interface LayerPoint {
  x: number;
  y: number;
}

/** Height of a price label with its pointer, px (18 px line, 3 px padding twice, 6 px arrow). */
export const LABEL_HEIGHT = 30;
/** Free space kept between two labels, px. */
const GAP = 2;

/**
 * Width of a price label such as `12,345元/㎡` in the 12 px font, px: about 7 px per Latin
 * character, 12 px per Chinese one, plus 16 px of padding. An estimate that errs wide.
 */
export function labelWidth(text: string): number {
  let width = 16;
  for (const char of text) width += char.charCodeAt(0) > 0x2e80 ? 12 : 7;
  return width;
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const CELL = 128;

/** A label of the map: one item, or several whose labels would overlap, shown as a count. */
export interface LabelGroup<T> {
  /** The first item of the group in the given order; the group's label sits at its point. */
  lead: T;
  members: T[];
}

/**
 * Groups markers so that every one is either labelled or counted (docs/decisions/0056): in the
 * given order (most watched or newest first), a marker whose label, centred above its point,
 * overlaps no group placed before it starts a group of its own; otherwise it joins the first
 * group it overlaps. A group of one shows its name and price, a larger one its count, in the
 * lead's place, so no two labels ever overlap. Runs in linear time over a grid.
 */
export function groupLabels<T>(
  items: readonly T[],
  pointOf: (item: T) => LayerPoint,
  textOf: (item: T) => string,
): Array<LabelGroup<T>> {
  const grid = new Map<string, Array<Box & { group: LabelGroup<T> }>>();
  const cellsOf = (box: Box) => {
    const keys: string[] = [];
    for (let cx = Math.floor(box.left / CELL); cx <= Math.floor(box.right / CELL); cx += 1)
      for (let cy = Math.floor(box.top / CELL); cy <= Math.floor(box.bottom / CELL); cy += 1)
        keys.push(`${cx}:${cy}`);
    return keys;
  };
  const groups: Array<LabelGroup<T>> = [];
  for (const item of items) {
    const { x, y } = pointOf(item);
    const half = labelWidth(textOf(item)) / 2 + GAP;
    const box = { left: x - half, right: x + half, top: y - LABEL_HEIGHT - GAP, bottom: y + GAP };
    const keys = cellsOf(box);
    let joined: LabelGroup<T> | undefined;
    for (const key of keys) {
      joined = (grid.get(key) ?? []).find(
        (other) =>
          box.left < other.right &&
          other.left < box.right &&
          box.top < other.bottom &&
          other.top < box.bottom,
      )?.group;
      if (joined) break;
    }
    if (joined) {
      joined.members.push(item);
      continue;
    }
    const group = { lead: item, members: [item] };
    groups.push(group);
    for (const key of keys) {
      const placed = { ...box, group };
      const cell = grid.get(key);
      if (cell) cell.push(placed);
      else grid.set(key, [placed]);
    }
  }
  return groups;
}
