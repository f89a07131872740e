import { IDEMPOTENCY_KEY_MAX_LENGTH, type Operation } from '@listings/contracts';

/** A JSON Schema as plain data (no TypeBox symbols, no `$ref`s): what MCP clients see. */
export type JsonSchema = Record<string, unknown>;

/** The tool argument that carries the Idempotency-Key of a write tool (same semantics as the header). */
export const IDEMPOTENCY_KEY_ARGUMENT = 'idempotency_key';

export type InputPart = 'params' | 'query' | 'body';
const PARTS: readonly InputPart[] = ['params', 'query', 'body'];

/** Deep plain copy with every local `#/$defs/...` reference inlined (the SDK resolves none outside). */
export const inlineRefs = (schema: unknown): JsonSchema => {
  const plain = JSON.parse(JSON.stringify(schema)) as JsonSchema;
  const defs = { ...((plain.$defs as JsonSchema | undefined) ?? {}), ...((plain.definitions as JsonSchema) ?? {}) };
  const walk = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, seen));
    if (!node || typeof node !== 'object') return node;
    const object = node as JsonSchema;
    if (typeof object.$ref === 'string') {
      const name = object.$ref.replace(/^#\/(\$defs|definitions)\//, '');
      if (!(name in defs) || seen.includes(name)) throw new Error(`cannot inline $ref ${object.$ref}`);
      const { $ref: _ref, ...rest } = object;
      return walk({ ...(defs[name] as JsonSchema), ...rest }, [...seen, name]);
    }
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(object)) {
      if (key === '$defs' || key === 'definitions' || key === '$id') continue;
      out[key] = walk(value, seen);
    }
    return out;
  };
  return walk(plain, []) as JsonSchema;
};

const partSchema = (op: Operation, part: InputPart): JsonSchema | undefined => {
  const schema = op[part];
  return schema ? inlineRefs(schema) : undefined;
};

/** per operation, computed once (every tool call splits its arguments with it) */
const partsOf = new WeakMap<Operation, ReadonlyMap<string, InputPart>>();

/** Which input part each argument name belongs to. Names never collide (a test proves it). */
export const argumentParts = (op: Operation): ReadonlyMap<string, InputPart> => {
  const known = partsOf.get(op);
  if (known) return known;
  const parts = new Map<string, InputPart>();
  for (const part of PARTS) {
    for (const name of Object.keys(op[part]?.properties ?? {})) {
      if (parts.has(name))
        throw new Error(`${op.operationId}: argument ${name} is in both ${parts.get(name)} and ${part}`);
      parts.set(name, part);
    }
  }
  partsOf.set(op, parts);
  return parts;
};

/**
 * The tool's input schema: the contract's path, query and body properties merged into one object,
 * each property schema exactly as the contract writes it (every limit kept), required where the
 * contract requires it, nothing else allowed. Write tools add the optional `idempotency_key`.
 */
export const toolInputSchema = (op: Operation): JsonSchema => {
  argumentParts(op); // throws on a collision
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const part of PARTS) {
    const schema = partSchema(op, part);
    if (!schema) continue;
    Object.assign(properties, schema.properties as Record<string, unknown>);
    required.push(...((schema.required as string[] | undefined) ?? []));
  }
  if (op.idempotent)
    properties[IDEMPOTENCY_KEY_ARGUMENT] = {
      type: 'string',
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      description:
        'Optional. Makes retries safe, like the REST Idempotency-Key header: send the same key with the same arguments again and the first result is returned without running twice (remembered 24 hours per account). Reusing a key with different arguments is an error.',
    };
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
};

/** The tool's output schema: the contract's response schema (always an object). */
export const toolOutputSchema = (op: Operation): JsonSchema => {
  const schema = inlineRefs(op.response);
  if (schema.type !== 'object') throw new Error(`${op.operationId}: response schema is not an object`);
  return schema;
};

export interface SplitArguments {
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  /** undefined when the operation takes no body */
  readonly body: Record<string, unknown> | undefined;
  readonly idempotencyKey: unknown;
  /** argument names that belong to no part: reported as unknown properties */
  readonly unknown: readonly string[];
}

/** Splits tool arguments back into the operation's path, query and body. */
export const splitArguments = (op: Operation, args: Record<string, unknown>): SplitArguments => {
  const parts = argumentParts(op);
  const split = {
    params: {} as Record<string, unknown>,
    query: {} as Record<string, unknown>,
    body: {} as Record<string, unknown>,
  };
  const unknown: string[] = [];
  let idempotencyKey: unknown;
  for (const [name, value] of Object.entries(args)) {
    if (op.idempotent && name === IDEMPOTENCY_KEY_ARGUMENT) {
      idempotencyKey = value;
      continue;
    }
    const part = parts.get(name);
    if (part) split[part][name] = value;
    else unknown.push(name);
  }
  return {
    params: split.params,
    query: split.query,
    body: op.body ? split.body : undefined,
    idempotencyKey,
    unknown,
  };
};
