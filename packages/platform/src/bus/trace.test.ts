import { describe, expect, it } from 'vitest';
import { newTraceparent, traceparentOrNew } from './trace.ts';

const FORMAT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;

describe('traceparent', () => {
  it('makes valid, distinct trace ids, also across refills of the random pool', () => {
    const ids = Array.from({ length: 1_000 }, () => newTraceparent());
    for (const id of ids) expect(id).toMatch(FORMAT);
    expect(new Set(ids.map((id) => id.slice(3, 35))).size).toBe(ids.length);
  });

  it('keeps a valid incoming traceparent and replaces a malformed or missing one', () => {
    const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(traceparentOrNew(incoming)).toBe(incoming);
    expect(traceparentOrNew('00-xyz-01')).toMatch(FORMAT);
    expect(traceparentOrNew(['a', 'b'])).toMatch(FORMAT);
    expect(traceparentOrNew(undefined)).toMatch(FORMAT);
  });
});
