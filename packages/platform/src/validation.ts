import { LONE_SURROGATE_MESSAGE, type Operation, TEXT_RULE_MESSAGES } from '@listings/contracts';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import type { FieldError } from './errors.ts';

// ajv-formats is CommonJS: under ESM its plugin is the default export's `default`.
const addFormats = formatsModule.default;

export type InputPart = 'params' | 'query' | 'body';

export interface OperationInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export type InputCheck = { ok: true; input: OperationInput } | { ok: false; errors: FieldError[] };

/**
 * Two validators over the same contract schemas:
 * - `wire`: for path and query strings as they arrive over HTTP: integers and booleans are parsed
 *   from text, defaults filled in.
 * - `strict`: for JSON bodies and tool arguments: no coercion ("7" is not 7), unknown properties
 *   rejected (never silently removed), defaults filled in.
 */
const makeAjv = (coerce: boolean) => {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce,
    useDefaults: true,
    removeAdditional: false,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  return ajv;
};

const wireAjv = makeAjv(true);
const strictAjv = makeAjv(false);
const caches = new Map<Ajv, WeakMap<object, ValidateFunction>>([
  [wireAjv, new WeakMap()],
  [strictAjv, new WeakMap()],
]);

/** Compiles each contract schema once per validator. */
const compile = (ajv: Ajv, schema: object): ValidateFunction => {
  const cache = caches.get(ajv) as WeakMap<object, ValidateFunction>;
  let fn = cache.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    cache.set(schema, fn);
  }
  return fn;
};

/**
 * Turns Ajv's errors into `{ field, message }` with the field's full path, e.g. `body.fields.name`.
 * A value that fits none of a union's forms (say, text or null) gets the messages of its real
 * form only, not "must be null".
 */
export const fieldErrors = (part: InputPart, errors: readonly ErrorObject[] | null | undefined): FieldError[] => {
  const byField = new Map<string, { messages: string[]; union: boolean }>();
  for (const error of errors ?? []) {
    // `if`/`then` failures repeat the inner error, which names the field.
    if (error.keyword === 'if') continue;
    let path = error.instancePath
      .split('/')
      .slice(1)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') {
      path = [...path, String(error.params.missingProperty)];
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      path = [...path, String(error.params.additionalProperty)];
      message = 'is not a known property';
    } else if (error.keyword === 'pattern' && TEXT_RULE_MESSAGES[String(error.params.pattern)]) {
      message = TEXT_RULE_MESSAGES[String(error.params.pattern)] as string;
    } else if (error.keyword === 'enum') {
      message = `must be one of: ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`;
    }
    const field = [part, ...path].join('.');
    const entry = byField.get(field) ?? { messages: [], union: false };
    byField.set(field, entry);
    if (error.keyword === 'anyOf') entry.union = true;
    else if (!entry.messages.includes(message)) entry.messages.push(message);
  }
  const out: FieldError[] = [];
  for (const [field, { messages, union }] of byField) {
    const meaningful = union
      ? messages.filter((m) => m !== 'must be null' && m !== 'must be equal to constant')
      : messages;
    if (meaningful.length === 0) out.push({ field, message: 'is not an allowed value' });
    for (const message of meaningful) out.push({ field, message });
  }
  return out;
};

const defaultsBySchema = new WeakMap<object, boolean>();

/** whether a schema (at any depth) declares a `default` */
const hasDefaults = (schema: object): boolean => {
  let known = defaultsBySchema.get(schema);
  if (known === undefined) {
    known = JSON.stringify(schema).includes('"default":');
    defaultsBySchema.set(schema, known);
  }
  return known;
};

const checkPart = (
  ajv: Ajv,
  part: InputPart,
  schema: object | undefined,
  value: unknown,
  errors: FieldError[],
): unknown => {
  if (!schema) {
    const empty =
      value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0);
    if (!empty)
      errors.push({
        field: part,
        message: `this operation takes no ${part === 'body' ? 'body' : `${part} parameters`}`,
      });
    return part === 'body' ? undefined : {};
  }
  // validate a copy: Ajv writes coerced values and defaults into what it checks. Path and query
  // parameters are flat (a shallow copy is whole); a body is deep-copied only when its schema has
  // defaults Ajv could write into it.
  const copy =
    value === undefined
      ? part === 'body'
        ? undefined
        : {}
      : part !== 'body' && typeof value === 'object' && value !== null
        ? { ...value }
        : hasDefaults(schema)
          ? structuredClone(value)
          : value;
  if (part === 'body' && copy === undefined) {
    errors.push({ field: 'body', message: 'a JSON body is required' });
    return copy;
  }
  // path and query integers arrive as text: only plain decimal digits count as a number (Ajv's
  // coercion would also take `0x10`, `1e+23`, ` 7` or `0321`)
  const refused = new Set<string>();
  if (part !== 'body' && ajv === wireAjv && typeof copy === 'object' && copy !== null)
    for (const [name, property] of Object.entries(
      (schema as { properties?: Record<string, unknown> }).properties ?? {},
    )) {
      const text = (copy as Record<string, unknown>)[name];
      if (integerSchema(property) && typeof text === 'string' && !DECIMAL_INTEGER.test(text)) {
        refused.add(`${part}.${name}`);
        errors.push({
          field: `${part}.${name}`,
          message: 'must be a whole number in decimal digits (no sign, leading zeros, exponent or hex)',
        });
      }
    }
  for (const field of loneSurrogateFields(copy, part)) {
    refused.add(field);
    errors.push({ field, message: LONE_SURROGATE_MESSAGE });
  }
  const validate = compile(ajv, schema);
  if (!validate(copy)) errors.push(...fieldErrors(part, validate.errors).filter((e) => !refused.has(e.field)));
  return copy;
};

/**
 * The paths of the strings (keys included) in `value` that are not well-formed UTF-16, in document
 * order. A loop over a stack, not recursion: a body nested 10,000 deep is refused (400), not a
 * stack overflow (500).
 */
const loneSurrogateFields = (value: unknown, path: string): string[] => {
  const out: string[] = [];
  const pending: [unknown, string][] = [[value, path]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, at] = next;
    const children: [unknown, string][] = [];
    if (typeof node === 'string') {
      if (!node.isWellFormed()) out.push(at);
    } else if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) children.push([item, `${at}.${i}`]);
    } else if (node !== null && typeof node === 'object')
      for (const [key, item] of Object.entries(node)) {
        if (!key.isWellFormed()) out.push(`${at}.${key}`);
        else children.push([item, `${at}.${key}`]);
      }
    pending.push(...children.reverse());
  }
  return out;
};

const DECIMAL_INTEGER = /^(0|[1-9][0-9]*)$/;
const integerSchema = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && (schema as { type?: unknown }).type === 'integer';

/**
 * Checks an operation's input against its contract. `wire: true` when params and query are raw
 * HTTP strings (the REST edge); tool arguments and bus messages are already typed JSON.
 */
export const checkOperationInput = (
  operation: Operation,
  raw: { params?: unknown; query?: unknown; body?: unknown },
  options: { wire: boolean },
): InputCheck => {
  const errors: FieldError[] = [];
  const paramsAjv = options.wire ? wireAjv : strictAjv;
  const params = checkPart(paramsAjv, 'params', operation.params, raw.params, errors) as Record<string, unknown>;
  const query = checkPart(paramsAjv, 'query', operation.query, raw.query, errors) as Record<string, unknown>;
  const body = checkPart(strictAjv, 'body', operation.body, raw.body, errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, input: { params, query, body } };
};

/**
 * Compiles the checks of these operations' input ahead of use, one operation per turn of the
 * event loop (requests go in between): otherwise each validator is compiled by the first request
 * that needs it, a few milliseconds each. `wire` as in checkOperationInput.
 */
export const compileInputChecks = async (operations: readonly Operation[], options: { wire: boolean }) => {
  for (const operation of operations) {
    await new Promise((resolve) => setImmediate(resolve));
    checkOperationInput(operation, { params: {}, query: {}, body: {} }, options);
  }
};

/**
 * Compiles the strict checks of these schemas (what checkValue uses: internal operations'
 * requests, stored events' data) ahead of use, one per turn of the event loop, as
 * compileInputChecks does for operations' input.
 */
export const compileValueChecks = async (schemas: readonly object[]) => {
  for (const schema of schemas) {
    await new Promise((resolve) => setImmediate(resolve));
    compile(strictAjv, schema);
  }
};

/** Validates any contract value (e.g. an integration event) strictly. */
export const checkValue = (schema: object, value: unknown, part: InputPart = 'body'): FieldError[] => {
  const validate = compile(strictAjv, schema);
  return validate(value) ? [] : fieldErrors(part, validate.errors);
};

/** the brand markChecked puts on a request; no wire carries a symbol-keyed property (JSON drops it) */
const CHECKED = Symbol('checked by an edge in this process');

/**
 * Marks an operation request an edge built from input it has just checked against the contract.
 * A service in the same process that receives this very object (handed over, not copied) takes it
 * without checking it again; anything that crossed a wire or was copied through JSON is checked as
 * usual. (A brand on the object rather than a WeakSet: a set insertion per request cost more than
 * the check it saves.)
 */
export const markChecked = <T extends object>(request: T): T => {
  (request as Record<symbol, unknown>)[CHECKED] = true;
  return request;
};

/** whether `value` is a request object marked by markChecked in this process */
export const isMarkedChecked = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[CHECKED] === true;
