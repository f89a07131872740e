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

  it('encodes a kept answer once: the same object gives the same encoding', () => {
    const answer = { items: [1, 2, 3] };
    const first = encodedOnce(answer) as EncodedJson;
    expect(encodedOnce(answer)).toBe(first);
    expect(encodedOnce({ items: [1, 2, 3] })).not.toBe(first);
    expect(first.text).toBe('{"items":[1,2,3]}');
    expect(encodedOnce(7)).toBe(7);
  });
});
