/** where `entry` is in `order` (sorted by `compare`), or where it would go: the first not before it */
export const placeIn = <T>(order: readonly T[], entry: T, compare: (a: T, b: T) => number): number => {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(order[middle] as T, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
};
