/**
 * Builds inputs from contract schemas for table-driven tests: a valid sample of every schema, and
 * one invalid variant per constraint the schema declares (each naming the field that must fail).
 * Only the JSON Schema keywords our contracts use are understood; an unknown one throws, so a new
 * kind of constraint cannot slip past the tests unnoticed.
 */

import { MULTI_LINE_TEXT_PATTERN, SINGLE_LINE_TEXT_PATTERN } from '@listings/contracts';

type Schema = Record<string, unknown>;

const PATTERN_SAMPLES: Record<string, string> = {
  [SINGLE_LINE_TEXT_PATTERN]: 'sample',
  [MULTI_LINE_TEXT_PATTERN]: 'sample',
  '^[a-z0-9][a-z0-9-]{0,219}$': 'sample-slug',
  '^[A-Za-z]{2}$': 'US',
  '^[A-Za-z0-9-]{1,64}$': 'ORD-1',
  '^https?://': 'https://example.com/',
  '^https://': 'https://example.com/',
  '^[A-Za-z0-9 .-]+$': 'DE123456789',
  '^msg_[0-9a-f]{32}$': 'msg_0123456789abcdef0123456789abcdef',
  '^[A-Za-z0-9._~-]+$': 'launch-week',
  '^[A-Za-z0-9._~-]*$': 'launch-week',
};

/** a value the pattern refuses, where the generic one would pass (free text takes `!!Not Valid!!`) */
const PATTERN_INVALID: Record<string, string> = {
  [SINGLE_LINE_TEXT_PATTERN]: 'two\nlines',
  [MULTI_LINE_TEXT_PATTERN]: 'nul \u0000 inside',
};

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: '3b241101-e2bb-4255-8caf-4136c566a962',
  email: 'founder@example.com',
  date: '2026-11-23',
  'date-time': '2026-11-23T10:00:00Z',
  uri: 'https://example.com/',
};

const FORMAT_INVALID: Record<string, string> = {
  uuid: 'not-a-uuid',
  email: 'not-an-email',
  date: '2026-02-30',
  'date-time': 'yesterday',
  uri: 'not a uri',
};

const KNOWN_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'items',
  'maxItems',
  'minItems',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'enum',
  'const',
  'anyOf',
  'minimum',
  'maximum',
  'default',
  'description',
  'if',
  'then',
]);

/** A union's main branch: the one that is neither null nor a lone constant. */
const mainBranch = (schema: Schema): Schema => {
  const branches = schema.anyOf as Schema[];
  return branches.find((b) => b.type !== 'null' && b.const === undefined) ?? (branches[0] as Schema);
};

const check = (schema: Schema) => {
  for (const key of Object.keys(schema)) {
    if (!KNOWN_KEYWORDS.has(key)) throw new Error(`contract-samples does not understand the keyword "${key}"`);
  }
};

/** A valid value for the schema; `full` fills optional properties too (arrays get one item). */
export const sampleOf = (schema: Schema, full = true): unknown => {
  check(schema);
  if (schema.anyOf) return sampleOf(mainBranch(schema), full);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return (schema.enum as unknown[])[0];
  switch (schema.type) {
    case 'string': {
      if (typeof schema.format === 'string') {
        const sample = FORMAT_SAMPLES[schema.format];
        if (sample === undefined) throw new Error(`no sample for format ${schema.format}`);
        return sample;
      }
      if (typeof schema.pattern === 'string') {
        const sample = PATTERN_SAMPLES[schema.pattern];
        if (sample === undefined) throw new Error(`no sample for pattern ${schema.pattern}`);
        return sample;
      }
      return 'sample';
    }
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? 1;
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.max((schema.minItems as number | undefined) ?? 0, full ? 1 : 0);
      return Array.from({ length: count }, () => sampleOf(schema.items as Schema, full));
    }
    case 'object': {
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries((schema.properties as Record<string, Schema>) ?? {})) {
        if (full || required.has(key)) out[key] = sampleOf(property, full);
      }
      return out;
    }
    default:
      throw new Error(`no sample for schema ${JSON.stringify(schema)}`);
  }
};

export interface InvalidVariant {
  /** what kind of constraint is broken: maxLength, enum, required, ... */
  readonly kind: string;
  /** property path inside the part, e.g. ['fields', 'name'] */
  readonly path: readonly (string | number)[];
  /** the invalid value; `undefined` with kind `required` means "remove it" */
  readonly value: unknown;
}

/**
 * One invalid variant per constraint of the schema, found by walking it. `wire` marks query and
 * path parameters: type confusion there is text that does not parse ("abc" for an integer); in
 * JSON bodies it is a string where a number belongs ("7" for 7), which must not be coerced.
 */
export const invalidVariantsOf = (
  schema: Schema,
  options: { wire: boolean },
  path: (string | number)[] = [],
): InvalidVariant[] => {
  check(schema);
  const out: InvalidVariant[] = [];
  if (schema.anyOf) return invalidVariantsOf(mainBranch(schema), options, path);
  if (schema.enum) out.push({ kind: 'enum', path, value: 'not-one-of-the-allowed-values' });
  switch (schema.type) {
    case 'string':
      if (typeof schema.maxLength === 'number') {
        const base = String(sampleOf(schema));
        out.push({ kind: 'maxLength', path, value: base + 'x'.repeat(schema.maxLength + 1 - base.length) });
      }
      if (typeof schema.minLength === 'number' && schema.minLength > 0)
        out.push({ kind: 'minLength', path, value: '' });
      if (typeof schema.pattern === 'string')
        out.push({ kind: 'pattern', path, value: PATTERN_INVALID[schema.pattern] ?? '!!Not Valid!!' });
      if (typeof schema.format === 'string') {
        const invalid = FORMAT_INVALID[schema.format];
        if (invalid === undefined) throw new Error(`no invalid sample for format ${schema.format}`);
        out.push({ kind: `format:${schema.format}`, path, value: invalid });
      }
      if (!options.wire) out.push({ kind: 'type', path, value: 12345 });
      break;
    case 'integer':
    case 'number':
      if (typeof schema.minimum === 'number') out.push({ kind: 'minimum', path, value: schema.minimum - 1 });
      if (typeof schema.maximum === 'number') out.push({ kind: 'maximum', path, value: schema.maximum + 1 });
      if (schema.type === 'integer') out.push({ kind: 'integer', path, value: 1.5 });
      out.push({
        kind: 'type',
        path,
        value: options.wire ? 'abc' : String((schema.minimum as number | undefined) ?? 1),
      });
      break;
    case 'boolean':
      out.push({ kind: 'type', path, value: options.wire ? 'maybe' : 'true' });
      break;
    case 'array': {
      const item = sampleOf(schema.items as Schema);
      if (typeof schema.maxItems === 'number') {
        out.push({
          kind: 'maxItems',
          path,
          value: Array.from({ length: schema.maxItems + 1 }, () => structuredClone(item)),
        });
      }
      if (typeof schema.minItems === 'number' && schema.minItems > 0) out.push({ kind: 'minItems', path, value: [] });
      out.push(...invalidVariantsOf(schema.items as Schema, options, [...path, 0]));
      break;
    }
    case 'object': {
      if (schema.additionalProperties === false) {
        out.push({ kind: 'additionalProperties', path: [...path, 'unexpected_property'], value: 'x' });
      }
      for (const key of (schema.required as string[] | undefined) ?? []) {
        out.push({ kind: 'required', path: [...path, key], value: undefined });
      }
      for (const [key, property] of Object.entries((schema.properties as Record<string, Schema>) ?? {})) {
        out.push(...invalidVariantsOf(property, options, [...path, key]));
      }
      if (schema.then) {
        // conditional requirement (claim_listing: method email needs email): satisfy `if`, drop the `then` field
        const condition = schema.if as { properties: Record<string, { const: unknown }> };
        for (const key of ((schema.then as Schema).required as string[]) ?? []) {
          out.push({
            kind: 'required-if',
            path: [...path, key],
            value: {
              conditional: Object.fromEntries(Object.entries(condition.properties).map(([k, v]) => [k, v.const])),
            },
          });
        }
      }
      break;
    }
  }
  return out;
};

/** Applies a variant to a copy of a valid sample. */
export const applyVariant = (sample: unknown, variant: InvalidVariant): unknown => {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  if (variant.path.length === 0) return variant.value;
  let target = copy as Record<string | number, unknown>;
  for (const segment of variant.path.slice(0, -1)) target = target[segment] as Record<string | number, unknown>;
  const last = variant.path[variant.path.length - 1] as string | number;
  if (variant.kind === 'required') delete target[last];
  else if (variant.kind === 'required-if') {
    Object.assign(target, (variant.value as { conditional: Record<string, unknown> }).conditional);
    delete target[last];
  } else target[last] = variant.value;
  return copy;
};
