import { randomFillSync } from 'node:crypto';

/**
 * W3C trace context (https://www.w3.org/TR/trace-context/) for the requests the edges send: the
 * caller's `traceparent` when it sent a valid one, else a new trace. Ids come from a pool of random
 * bytes refilled 4 KiB at a time: one system call per ~170 traces instead of one or two per request.
 */
const POOL_SIZE = 4096;
const ID_BYTES = 24; // 16 for the trace id, 8 for the parent (span) id
const pool = Buffer.allocUnsafe(POOL_SIZE);
let offset = POOL_SIZE;

const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
const ZERO_TRACE = '00000000000000000000000000000000';

/** a new sampled trace: `00-<32 hex>-<16 hex>-01` */
export const newTraceparent = (): string => {
  if (offset + ID_BYTES > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const trace = pool.toString('hex', offset, offset + 16);
  const span = pool.toString('hex', offset + 16, offset + ID_BYTES);
  offset += ID_BYTES;
  // an all-zero id is invalid; with 128 random bits it does not come, but the spec says so
  return trace === ZERO_TRACE ? newTraceparent() : `00-${trace}-${span}-01`;
};

/** the incoming `traceparent` header when it is valid, else a new trace */
export const traceparentOrNew = (incoming: unknown): string =>
  typeof incoming === 'string' && TRACEPARENT.test(incoming) ? incoming : newTraceparent();
