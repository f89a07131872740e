import type { FieldError } from '../errors.ts';

/**
 * Keys a JSON body may not hold at any depth: merged into an object by assignment they reach its
 * prototype (`__proto__`) or its class (`constructor.prototype`). No contract has a field of these
 * names, so a body that sends one is refused by name rather than cleaned silently.
 */
export const FORBIDDEN_KEYS: readonly string[] = ['__proto__', 'constructor'];

const FORBIDDEN = new Set(FORBIDDEN_KEYS);

/**
 * Whether the JSON text may hold a forbidden key: a cheap test on the text, so most bodies are not
 * walked (a key can be written with escapes, `"\u005f_proto__"`, hence any `\u` counts).
 */
export const mayHoldForbiddenKey = (text: string): boolean =>
  text.includes('__proto__') || text.includes('constructor') || text.includes('\\u');

/** each forbidden key in a parsed JSON value, as its field path (`body.__proto__`, `body.links.0.constructor`) */
export const forbiddenKeyErrors = (value: unknown, path: string): FieldError[] => {
  const errors: FieldError[] = [];
  const pending: [unknown, string][] = [[value, path]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, at] = next;
    if (Array.isArray(node)) for (const [i, item] of node.entries()) pending.push([item, `${at}.${i}`]);
    else if (node !== null && typeof node === 'object')
      for (const key of Object.keys(node)) {
        if (FORBIDDEN.has(key)) errors.push({ field: `${at}.${key}`, message: 'is not allowed (a reserved key)' });
        else pending.push([(node as Record<string, unknown>)[key], `${at}.${key}`]);
      }
  }
  return errors.sort((a, b) => a.field.localeCompare(b.field));
};
