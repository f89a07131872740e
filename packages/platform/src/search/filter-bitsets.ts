/**
 * Bitsets of the row numbers that hold a filter value, for values many documents hold: the total
 * of several such filters is then an AND of words and a count of bits, not a probe of the index per
 * document (at 1,000,000 documents a category and a country took 100-200 ms to count by probes).
 * A value's bitset is read from the index at its first use (`read`), then kept up to date by each
 * write (`mark`); 125 KB per value at 1,000,000 rows.
 */
export const createFilterBitsets = (read: (field: string, value: string) => Iterable<number>) => {
  let sets = new Map<string, Uint32Array>();
  const keyOf = (field: string, value: string) => `${field}\u0000${value}`;
  /** the set, grown to hold `rid` (a new array in the map when it grew) */
  const holding = (key: string, set: Uint32Array, rid: number): Uint32Array => {
    if (rid >>> 5 < set.length) return set;
    const bigger = new Uint32Array(Math.max((rid >>> 5) + 1, set.length * 2));
    bigger.set(set);
    sets.set(key, bigger);
    return bigger;
  };
  return {
    /** the rows holding the value, as a bitset (read at its first use) */
    of(field: string, value: string): Uint32Array {
      const key = keyOf(field, value);
      let set = sets.get(key);
      if (!set) {
        set = new Uint32Array(1024);
        sets.set(key, set);
        for (const rid of read(field, value)) {
          set = holding(key, set, rid);
          set[rid >>> 5] = (set[rid >>> 5] as number) | (1 << (rid & 31));
        }
      }
      return set;
    },
    /** a row comes to hold a value (`on`) or stops holding it */
    mark(field: string, value: string, rid: number, on: boolean) {
      const key = keyOf(field, value);
      let set = sets.get(key);
      if (!set) return;
      set = holding(key, set, rid);
      const bit = 1 << (rid & 31);
      set[rid >>> 5] = on ? (set[rid >>> 5] as number) | bit : (set[rid >>> 5] as number) & ~bit;
    },
    clear() {
      sets = new Map();
    },
  };
};

/** how many rows are in every one of the sets */
export const countInAll = (sets: readonly Uint32Array[]): number => {
  const length = Math.min(...sets.map((set) => set.length));
  let count = 0;
  for (let i = 0; i < length; i++) {
    let word = 0xffffffff;
    for (const set of sets) word &= set[i] as number;
    // the bits of a 32-bit word, counted in parallel
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
};
