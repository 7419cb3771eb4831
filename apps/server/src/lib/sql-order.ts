/**
 * A comparator that sorts rows in memory as `order by <value> <direction> nulls last, id
 * <direction>` does in SQL: the in-process search indexes sort their rows once per sort code
 * exactly as the SQL searches they stand for.
 */
export function orderLikeSql<T>(
  value: (row: T) => number | null,
  id: (row: T) => number,
  direction: 1 | -1,
): (a: T, b: T) => number {
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x - y) * direction;
    }
    return (id(a) - id(b)) * direction;
  };
}
