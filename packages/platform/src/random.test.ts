import { describe, expect, it } from 'vitest';
import { randomHex } from './random.ts';

describe('random hex from the pool', () => {
  it('when ids are asked for across many refills of the pool then each has its length in hex and none repeats', () => {
    const seen = new Set<string>();
    // 4 KiB a pool: 3,000 ids of 16 bytes run through it about twelve times
    for (let i = 0; i < 3_000; i++) {
      const id = randomHex(16);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(3_000);
    expect(randomHex(1)).toMatch(/^[0-9a-f]{2}$/);
    expect(randomHex(256)).toHaveLength(512);
  });

  it('when the size is not 1 to 256 whole bytes then it is refused', () => {
    for (const bytes of [0, -1, 257, 1.5, Number.NaN]) expect(() => randomHex(bytes)).toThrow(RangeError);
  });
});
