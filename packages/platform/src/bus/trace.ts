import { randomHex } from '../random.ts';

/**
 * W3C trace context (https://www.w3.org/TR/trace-context/) for the requests the edges send: the
 * caller's `traceparent` when it sent a valid one, else a new trace, its ids from the pool of
 * random bytes (`randomHex`).
 */
const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
const ZERO_TRACE = '00000000000000000000000000000000';

/** a new sampled trace: `00-<32 hex>-<16 hex>-01` */
export const newTraceparent = (): string => {
  const trace = randomHex(16);
  const span = randomHex(8);
  // an all-zero id is invalid; with 128 random bits it does not come, but the spec says so
  return trace === ZERO_TRACE ? newTraceparent() : `00-${trace}-${span}-01`;
};

/** the incoming `traceparent` header when it is valid, else a new trace */
export const traceparentOrNew = (incoming: unknown): string =>
  typeof incoming === 'string' && TRACEPARENT.test(incoming) ? incoming : newTraceparent();
