import { randomFillSync } from 'node:crypto';

/**
 * Random ids and nonces for every request, from a pool of random bytes (crypto-strong, from the
 * same source as `randomBytes`) refilled 4 KiB at a time: one system call per a hundred or more
 * ids instead of one per id.
 */
const POOL_SIZE = 4096;
const pool = Buffer.allocUnsafe(POOL_SIZE);
let offset = POOL_SIZE;

/** `bytes` random bytes (at most 256) as lowercase hex */
export const randomHex = (bytes: number): string => {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > 256)
    throw new RangeError(`randomHex: 1 to 256 bytes, not ${bytes}`);
  if (offset + bytes > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
};
