import fc from 'fast-check';

/**
 * Arbitraries derived from the JSON Schema keywords the contracts use (docs/api-decisions.md,
 * "Property-based fuzzing"), shared by the fuzzing (fuzz-properties.test.ts) and the response
 * schema properties (response-schemas.test.ts).
 */

// ---- arbitraries from the JSON Schema keywords the contracts use

export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
};

/**
 * Values that exist, by the name of the field that takes them: the demo catalog's slugs and
 * products, and the ids the fuzzing's own successful writes answered with, so that some generated
 * requests reach something real instead of a 404.
 */
export const known = new Map<string, Set<unknown>>();
export const remember = (field: string, value: unknown) => {
  if (value === undefined || value === null) return;
  known.set(field, (known.get(field) ?? new Set()).add(value));
};
export const orKnown = (field: string, generated: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => {
  const values = [...(known.get(field) ?? [])];
  return values.length > 0 ? fc.oneof(generated, fc.constantFrom(...values)) : generated;
};

const dateArbitrary = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

export const stringArbitrary = (schema: Schema): fc.Arbitrary<string> => {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 80, 80);
  const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  if (schema.format === 'date') return dateArbitrary;
  // loopback only: a crawl of a generated URL must not leave the machine (and the outbound guard refuses it)
  if (schema.format === 'uri') {
    const origin = schema.pattern === '^https://' ? 'https://127.0.0.1:9' : 'http://127.0.0.1:9';
    return fc.webPath().map((p) => `${origin}${p.startsWith('/') ? p : `/${p}`}`);
  }
  if (schema.format === 'email')
    return fc.stringMatching(/^[a-z0-9]{1,20}(\.[a-z0-9]{1,10})?$/).map((local) => `${local}@example.com`);
  if (schema.format === 'uuid') return fc.uuid();
  return schema.pattern === undefined || schema.pattern.startsWith('^[^')
    ? // free text (the text rules' patterns exclude control characters): printable text, some of it not ASCII
      fc
        .string({
          unit: fc.oneof(fc.constantFrom('é', 'ß', '中', '🚀', ' '), fc.string({ minLength: 1, maxLength: 1 })),
          minLength: min,
          maxLength: max,
        })
        .filter((s) => (schema.pattern ? new RegExp(schema.pattern, 'u').test(s) : true))
    : fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
};

export const arbitraryOf = (schema: Schema, key = ''): fc.Arbitrary<unknown> => {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => arbitraryOf(s, key)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (schema.type) {
    case 'string':
      return orKnown(key, stringArbitrary(schema));
    case 'integer':
      return orKnown(
        key,
        fc.integer({
          min: schema.minimum ?? -1000,
          max: schema.maximum ?? Math.max(1000, (schema.minimum ?? 0) + 1000),
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, key), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectArbitrary(schema);
    default:
      throw new Error(`the fuzzer does not know the schema ${JSON.stringify(schema)}: teach arbitraryOf`);
  }
};

export const objectArbitrary = (schema: Schema): fc.Arbitrary<Record<string, unknown>> => {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, arbitraryOf(s, k)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []) as never[] }) as fc.Arbitrary<
    Record<string, unknown>
  >;
};
