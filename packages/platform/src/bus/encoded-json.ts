/**
 * A JSON value that may already be encoded. A service hands one back when it has the encoding at
 * hand (an answer it caches, encoded once), and the buses carry the encoding as it is instead of
 * stringifying the value again; a requester that only passes the JSON on (the REST edge) asks to
 * receive it still encoded (`keepEncoded`) and writes those bytes to its client without parsing
 * them. Anyone else receives the plain value, as before.
 *
 * Only the top level of a payload, or a top-level property of a plain object payload (the `body`
 * of an operation reply), is looked at.
 */
export class EncodedJson {
  #value: unknown;
  #hasValue: boolean;
  #text: string | undefined;
  #bytes: Uint8Array | undefined;
  /** told the bytes once they are made from the value */
  #encoded: ((bytes: Uint8Array) => void) | undefined;

  private constructor(
    value: unknown,
    hasValue: boolean,
    text: string | undefined,
    bytes: Uint8Array | undefined,
    encoded?: (bytes: Uint8Array) => void,
  ) {
    this.#value = value;
    this.#hasValue = hasValue;
    this.#text = text;
    this.#bytes = bytes;
    this.#encoded = encoded;
  }

  /** a value, encoded the first time someone needs its encoding (and `encoded` told its bytes) */
  static of(value: unknown, encoded?: (bytes: Uint8Array) => void): EncodedJson {
    return new EncodedJson(value, true, undefined, undefined, encoded);
  }

  /** a value with its bytes made already */
  static encoded(value: unknown, bytes: Uint8Array): EncodedJson {
    return new EncodedJson(value, true, undefined, bytes);
  }

  /** UTF-8 JSON bytes, parsed only if someone asks for the value */
  static fromBytes(bytes: Uint8Array): EncodedJson {
    return new EncodedJson(undefined, false, undefined, bytes);
  }

  get value(): unknown {
    if (!this.#hasValue) {
      this.#value = JSON.parse(this.text);
      this.#hasValue = true;
    }
    return this.#value;
  }

  /** the JSON text (`null` for an undefined value, as JSON has no undefined) */
  get text(): string {
    if (this.#text === undefined) {
      this.#text = this.#bytes !== undefined ? decoder.decode(this.#bytes) : (JSON.stringify(this.#value) ?? 'null');
    }
    return this.#text;
  }

  /**
   * the UTF-8 bytes of `text`. Made from the value, they are all that is kept of its encoding (the
   * text is made again from them if someone asks): bytes live outside the JavaScript heap, while a
   * kept answer's JSON string (two bytes a character as soon as one is not Latin-1) was copied and
   * promoted by the young-generation collector, the largest part of what each cold listing page
   * left behind (docs/benchmarks.md)
   */
  get bytes(): Uint8Array {
    if (this.#bytes === undefined) {
      this.#bytes = encoder.encode(this.#text ?? JSON.stringify(this.#value) ?? 'null');
      this.#encoded?.(this.#bytes);
      this.#encoded = undefined;
    }
    return this.#bytes;
  }

  /**
   * what a writer sends: the bytes, made once (for an answer of `encodedOnce`, once for every
   * EncodedJson of it: a text made here would be made again for the next one)
   */
  get wire(): Uint8Array | string {
    return this.bytes;
  }

  /** JSON.stringify of anything holding an EncodedJson gives its value's JSON */
  toJSON(): unknown {
    return this.value;
  }
}

/**
 * The bytes each object was encoded to, by object. Only the bytes: an EncodedJson holds its value,
 * and a WeakMap entry whose value holds its own key keeps a young key alive through every
 * young-generation collection (the scavenger treats the entry's value as live, and the key with
 * it) until a full collection: every answer a service wrapped, kept or not, was promoted to the old
 * generation with its encoding, which made the scavenges of a browse over cold listings 15-23 ms
 * long at 100,000 listings (docs/benchmarks.md). Bytes do not point back at the key.
 */
const onceEncoded = new WeakMap<object, Uint8Array>();

/**
 * An EncodedJson of the object whose bytes are made once however often it is sent: for answers a
 * service keeps (cached, immutable, replaced rather than changed), and harmless for the others.
 * Never use it for an object that changes after it was first sent: its old encoding would go out.
 */
export const encodedOnce = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || value instanceof EncodedJson) return value;
  const bytes = onceEncoded.get(value);
  return bytes
    ? EncodedJson.encoded(value, bytes)
    : EncodedJson.of(value, (made) => {
        onceEncoded.set(value, made);
      });
};

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** the names of a plain object's top-level properties that are EncodedJson, or null if none */
export const encodedProperties = (value: unknown): string[] | null => {
  if (!isPlainObject(value)) return null;
  const names: string[] = [];
  for (const key in value) if (value[key] instanceof EncodedJson) names.push(key);
  return names.length > 0 ? names : null;
};

/** the payload with every EncodedJson (top level, or top-level property) replaced by its value */
export const withPlainValues = (value: unknown): unknown => {
  if (value instanceof EncodedJson) return value.value;
  const names = encodedProperties(value);
  if (!names) return value;
  const copy = { ...(value as Record<string, unknown>) };
  for (const name of names) copy[name] = (copy[name] as EncodedJson).value;
  return copy;
};

/**
 * Encodes a payload for a wire. Without encoded parts it is plain JSON (empty for undefined). With
 * them it is a NUL byte (no JSON text starts with one), the layout (`name:length,...`; an empty
 * name for a top-level EncodedJson), a newline, the JSON of the other properties, then each
 * part's bytes as they are.
 */
export const encodePayload = (value: unknown): Uint8Array => {
  if (value instanceof EncodedJson) return frame(`:${value.bytes.length}`, [value.bytes]);
  const names = encodedProperties(value);
  // (names that could not be told apart in the layout go as plain JSON: toJSON gives their values)
  if (!names?.every((name) => LAYOUT_NAME.test(name)))
    return value === undefined ? EMPTY : encoder.encode(JSON.stringify(value));
  const record = value as Record<string, unknown>;
  const rest: Record<string, unknown> = {};
  for (const key in record) if (!names.includes(key)) rest[key] = record[key];
  const parts = names.map((name) => (record[name] as EncodedJson).bytes);
  const layout = names.map((name, i) => `${name}:${(parts[i] as Uint8Array).length}`).join(',');
  return frame(layout, [encoder.encode(JSON.stringify(rest)), ...parts]);
};

const frame = (layout: string, parts: readonly Uint8Array[]): Uint8Array => {
  const head = encoder.encode(`\0${layout}\n`);
  const data = new Uint8Array(head.length + parts.reduce((n, part) => n + part.length, 0));
  data.set(head, 0);
  let offset = head.length;
  for (const part of parts) {
    data.set(part, offset);
    offset += part.length;
  }
  return data;
};

/** the inverse of encodePayload: encoded parts stay EncodedJson when `keepEncoded`, else become values */
export const decodePayload = (data: Uint8Array, keepEncoded: boolean): unknown => {
  if (data.length === 0) return undefined;
  if (data[0] !== 0) return JSON.parse(decoder.decode(data));
  const newline = data.indexOf(10);
  const parts = decoder
    .decode(data.subarray(1, newline))
    .split(',')
    .map((entry) => {
      const colon = entry.lastIndexOf(':');
      return { name: entry.slice(0, colon), length: Number(entry.slice(colon + 1)) };
    });
  const decodePart = (bytes: Uint8Array) =>
    keepEncoded ? EncodedJson.fromBytes(bytes) : JSON.parse(decoder.decode(bytes));
  if (parts.length === 1 && parts[0]?.name === '') return decodePart(data.subarray(newline + 1));
  const restEnd = data.length - parts.reduce((n, part) => n + part.length, 0);
  const record = JSON.parse(decoder.decode(data.subarray(newline + 1, restEnd))) as Record<string, unknown>;
  let offset = restEnd;
  for (const part of parts) {
    record[part.name] = decodePart(data.subarray(offset, offset + part.length));
    offset += part.length;
  }
  return record;
};

const EMPTY = new Uint8Array(0);
const LAYOUT_NAME = /^[A-Za-z_$][\w$-]*$/;
