import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { decodePayload, EncodedJson, encodedOnce, encodePayload, withPlainValues } from './encoded-json.ts';

const body = { slug: 'notion', tags: ['notes'], price: 8.5, note: 'naïve — “quoted”\nline' };

describe('encoded JSON on a wire', () => {
  it('when a payload has no encoded part then it travels as plain JSON', () => {
    const data = encodePayload({ status: 200, body });
    expect(new TextDecoder().decode(data)).toBe(JSON.stringify({ status: 200, body }));
    expect(decodePayload(data, true)).toEqual({ status: 200, body });
    expect(decodePayload(encodePayload(undefined), false)).toBeUndefined();
  });

  it('when a property is encoded then its bytes travel as they are and come back encoded or as a value', () => {
    const encoded = EncodedJson.of(body);
    const data = encodePayload({ status: 200, body: encoded });
    // the encoded part's bytes are in the message verbatim, after the rest
    expect(Buffer.from(data).includes(Buffer.from(JSON.stringify(body)))).toBe(true);
    const kept = decodePayload(data, true) as { status: number; body: EncodedJson };
    expect(kept.status).toBe(200);
    expect(kept.body).toBeInstanceOf(EncodedJson);
    expect(kept.body.text).toBe(JSON.stringify(body));
    expect(decodePayload(data, false)).toEqual({ status: 200, body });
  });

  it('when the whole payload is encoded then it comes back whole', () => {
    const data = encodePayload(EncodedJson.of([1, 'two', { three: 3 }]));
    expect((decodePayload(data, true) as EncodedJson).value).toEqual([1, 'two', { three: 3 }]);
    expect(decodePayload(data, false)).toEqual([1, 'two', { three: 3 }]);
  });

  it('when a property name cannot be told apart in the layout then the payload goes as plain JSON', () => {
    const data = encodePayload({ 'a,b:c': EncodedJson.of(1) });
    expect(new TextDecoder().decode(data)).toBe('{"a,b:c":1}');
  });

  it('when JSON.stringify meets an encoded value then it writes the value', () => {
    expect(JSON.stringify({ body: EncodedJson.fromBytes(new TextEncoder().encode('{"a":[1,2]}')) })).toBe(
      '{"body":{"a":[1,2]}}',
    );
  });

  it('gives plain values back for the encoded parts, leaving other payloads alone', () => {
    const plain = { status: 200 };
    expect(withPlainValues(plain)).toBe(plain);
    expect(withPlainValues({ status: 200, body: EncodedJson.of(body) })).toEqual({ status: 200, body });
    expect(withPlainValues(EncodedJson.of(3))).toBe(3);
  });

  it('encodes a kept answer once: the same object gives the same bytes', () => {
    const answer = { items: [1, 2, 3] };
    const first = encodedOnce(answer) as EncodedJson;
    const bytes = first.bytes;
    expect((encodedOnce(answer) as EncodedJson).bytes).toBe(bytes);
    expect((encodedOnce(answer) as EncodedJson).value).toBe(answer);
    expect((encodedOnce({ items: [1, 2, 3] }) as EncodedJson).bytes).not.toBe(bytes);
    // what a writer (the REST edge) sends is those bytes too: made once, whichever is asked first
    const other = { items: [4] };
    expect((encodedOnce(other) as EncodedJson).wire).toBe((encodedOnce(other) as EncodedJson).bytes);
    expect(first.text).toBe('{"items":[1,2,3]}');
    expect(encodedOnce(7)).toBe(7);
  });

  it('does not keep a wrapped answer alive through young-generation collections', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;
    const oldSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0;
    gc();
    const before = oldSpace();
    // 1,000 answers of 10 KB wrapped and sent (their bytes made), then dropped by everyone but encodedOnce's map
    for (let i = 0; i < 1000; i++) {
      const answer = { i, text: JSON.parse(`"${'x'.repeat(10_000)}"`) as string };
      expect((encodedOnce(answer) as EncodedJson).bytes.length).toBeGreaterThan(10_000);
    }
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    // none of the 10 MB outlived the young generation into the old one
    expect(oldSpace() - before).toBeLessThan(3_000_000);
  });

  it('keeps a kept answer’s encoding as bytes outside the JavaScript heap, not as a string in it', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    // a hundred answers of 20,000 characters that take two bytes each in a string (40 KB), three in UTF-8
    // (each a flat string from JSON.parse: a repeat() is a rope that stringifying would flatten, growing the heap)
    const answers = Array.from({ length: 100 }, (_, i) => ({
      i,
      text: JSON.parse(`"${'“'.repeat(20_000)}"`) as string,
    }));
    const encodings = answers.map((answer) => encodedOnce(answer) as EncodedJson);
    gc();
    const before = process.memoryUsage();
    // what a bus does with a reply: its bytes
    for (const encoding of encodings) expect(encoding.bytes.length).toBeGreaterThan(60_000);
    gc();
    const after = process.memoryUsage();
    // 6 MB of bytes outside the heap; the 4 MB of JSON strings made on the way are not kept
    expect(after.arrayBuffers - before.arrayBuffers).toBeGreaterThan(5_500_000);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(1_500_000);
    expect(encodings[7]?.text).toBe(JSON.stringify(answers[7]));
  });
});
