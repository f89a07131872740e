import type { TSchema } from 'typebox';

/**
 * What free text may hold, everywhere the API takes it: no C0 or C1 control characters, neither
 * U+FFFE nor U+FFFF (XML 1.0 cannot carry them, even escaped: feeds, sitemaps, badge SVGs) and no
 * lone UTF-16 surrogates (those in any string: see LONE_SURROGATE_MESSAGE) (NUL breaks the badge SVG's XML; a lone surrogate is not text). Prose
 * (a field longer than `SINGLE_LINE_MAX`: descriptions, bodies, answers, story sections) may also
 * hold tab, line feed and carriage return; a single-line field (names, titles, taglines, links)
 * may not. Written as JSON Schema patterns, so the OpenAPI document and the MCP tools say it too.
 */
export const SINGLE_LINE_MAX = 500;
export const SINGLE_LINE_TEXT_PATTERN = '^[^\\x00-\\x1f\\x7f-\\x9f\\ufffe\\uffff]*$';
export const MULTI_LINE_TEXT_PATTERN = '^[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\ufffe\\uffff]*$';
/**
 * Lone surrogates are refused in every string of every input (`isWellFormed`, in the platform's
 * validation), not by the patterns: a surrogate range in a pattern is not portable (the Rust and
 * Python regex engines that OpenAPI tools use refuse or ignore it).
 */
export const LONE_SURROGATE_MESSAGE = 'must be well-formed Unicode text: it holds a lone surrogate';
export const TEXT_RULE_MESSAGES: Readonly<Record<string, string>> = {
  [SINGLE_LINE_TEXT_PATTERN]: 'must be one line of text: no control characters, line breaks, U+FFFE or U+FFFF',
  [MULTI_LINE_TEXT_PATTERN]: 'must be text: no control characters, U+FFFE or U+FFFF (tab and line breaks are fine)',
};

/** a copy of a schema node, TypeBox's hidden (non-enumerable) kind markers kept hidden */
const copyOf = (value: object): Record<string, unknown> =>
  Object.create(Object.getPrototypeOf(value), Object.getOwnPropertyDescriptors(value));

/**
 * `schema` with the text rule on every free-text string in it (one without a pattern, format,
 * enum or const of its own, which say exactly what they take already). The schema given is not
 * changed: shared pieces stay as they are where responses use them.
 */
export const withTextRules = <T extends TSchema>(schema: T): T => apply(schema) as T;

const apply = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(apply);
  if (node === null || typeof node !== 'object') return node;
  const schema = copyOf(node);
  if (
    schema.type === 'string' &&
    schema.pattern === undefined &&
    schema.format === undefined &&
    schema.enum === undefined &&
    schema.const === undefined
  ) {
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
    schema.pattern = max > SINGLE_LINE_MAX ? MULTI_LINE_TEXT_PATTERN : SINGLE_LINE_TEXT_PATTERN;
    return schema;
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else'] as const)
    if (schema[key] !== undefined && typeof schema[key] === 'object') schema[key] = apply(schema[key]);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const)
    if (Array.isArray(schema[key])) schema[key] = apply(schema[key]);
  for (const key of ['properties', 'patternProperties', '$defs'] as const)
    if (schema[key] && typeof schema[key] === 'object') {
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(schema[key] as Record<string, unknown>)) out[name] = apply(value);
      schema[key] = out;
    }
  return schema;
};
