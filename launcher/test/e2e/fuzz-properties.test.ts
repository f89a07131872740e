import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Operation, operations, SCOPES } from '@listings/contracts';
import { sampleOf } from '@listings/platform/testing/contract-samples';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { createApiKey } from '../support.ts';
import { arbitraryOf, objectArbitrary, remember, type Schema } from './schema-arbitraries.ts';

/**
 * Property-based fuzzing of every operation of the contracts (issue #16, item 13): inputs derived
 * from each operation's own params/query/body schemas, sent over HTTP to an all-in-one with the
 * demo catalog, signed in with a key holding every scope.
 * - valid inputs (as the schemas describe them): never a 5xx, and every error is problem+json;
 * - invalid inputs (one mutation of a valid one: wrong type, out of range, extra key, `__proto__`,
 *   control characters, a huge string, a missing required key): a 4xx problem+json, a 400 names
 *   its fields, and a write stores nothing (the account's drafts, listings, claims and orders are
 *   the same before and after).
 * FUZZ_SEED replays a run; fast-check prints the seed and the shrunk counterexample on failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/** FUZZ_REPORT=1 prints, per operation and kind of input, how many answers of each status the fuzzing met */
const statuses = new Map<string, Map<number, number>>();
let phase: 'invalid' | 'valid' = 'invalid';

/** the JSON types a schema accepts */
const typesOf = (schema: Schema): Set<string> => {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((s) => [...typesOf(s)]));
  if (schema.enum) return new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
  if (schema.const !== undefined) return new Set([typeof schema.const]);
  const types = [schema.type ?? []].flat();
  return new Set(types.flatMap((t) => (t === 'integer' ? ['number'] : [t])));
};

// ---- invalid mutations

const CONTROL = ['\u0000', '\u0007', '\u001b', '\u0085', '\u009f'];

/** a value of the wrong JSON type for `schema` */
const wrongTypeFor = (schema: Schema): fc.Arbitrary<unknown> => {
  const accepted = typesOf(schema);
  const candidates: unknown[] = [];
  if (!accepted.has('boolean')) candidates.push(true);
  if (!accepted.has('number')) candidates.push(7);
  else if (schema.type === 'integer') candidates.push(3.5);
  if (!accepted.has('string')) candidates.push('not-a-number');
  if (!accepted.has('array')) candidates.push([1, 'two']);
  if (!accepted.has('object')) candidates.push({ nested: true });
  if (!accepted.has('null')) candidates.push(null);
  return fc.constantFrom(...candidates);
};

/** a value of the right type that breaks a bound, a pattern, an enum or the text rules, when the schema has one */
const outOfBoundsFor = (schema: Schema): fc.Arbitrary<unknown> | null => {
  if (schema.enum) return fc.constant('zz-not-one-of-them');
  if (schema.type === 'integer') {
    const options: unknown[] = [];
    if (schema.maximum !== undefined) options.push(schema.maximum + 1, Number.MAX_SAFE_INTEGER);
    if (schema.minimum !== undefined) options.push(schema.minimum - 1, -1_000_000);
    return options.length > 0 ? fc.constantFrom(...options) : null;
  }
  if (schema.type === 'string') {
    return fc.oneof(
      fc.constantFrom(...CONTROL).map((c) => `a${c}b`),
      fc.constant('lone \uD800 surrogate'),
      ...(schema.maxLength !== undefined ? [fc.constant('a'.repeat(schema.maxLength + 1))] : []),
    );
  }
  if (schema.type === 'array' && schema.maxItems !== undefined && schema.items)
    return fc.array(arbitraryOf(schema.items), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 });
  return null;
};

type Location = { path: (string | number)[]; schema: Schema };

/** every place in a body a mutation can go: each property, at any depth, and the first item of each array */
const locationsOf = (schema: Schema, at: (string | number)[] = []): Location[] => {
  const here: Location[] = [];
  for (const [key, s] of Object.entries(schema.properties ?? {})) {
    here.push({ path: [...at, key], schema: s }, ...locationsOf(s, [...at, key]));
  }
  if (schema.type === 'array' && schema.items)
    here.push({ path: [...at, 0], schema: schema.items }, ...locationsOf(schema.items, [...at, 0]));
  return here;
};

/**
 * `value` with `v` at `path`, the objects and arrays on the way made when missing (a parent made
 * empty may lack a required key: the body is still invalid). Keys are defined, not assigned, so
 * `__proto__` stays an own key and reaches the wire.
 */
const setAt = (value: unknown, path: (string | number)[], v: unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return v;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = setAt(list[head], rest, v);
    return list;
  }
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  Object.defineProperty(object, head, {
    value: setAt((object as Record<string, unknown>)[head], rest, v),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return object;
};

/** the value at `path` without its key `key` (a required one) */
const withoutAt = (value: unknown, path: (string | number)[], key: string): unknown => {
  const parent = path.reduce<unknown>((v, step) => (v as Record<string | number, unknown> | undefined)?.[step], value);
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return setAt(value, path, {});
  const { [key]: _, ...rest } = parent as Record<string, unknown>;
  return setAt(value, path, rest);
};

/** one JSON body that breaks `schema` at one place, at any depth, as text (so `__proto__` is a real key on the wire) */
const invalidBodyOf = (schema: Schema): fc.Arbitrary<string> => {
  const valid = objectArbitrary(schema);
  const everywhere: Location[] = [{ path: [], schema }, ...locationsOf(schema)];
  const at = (locations: Location[], mutation: (l: Location) => fc.Arbitrary<unknown>) =>
    fc
      .tuple(valid, fc.constantFrom(...locations))
      .chain(([body, location]) => mutation(location).map((v) => JSON.stringify(setAt(body, location.path, v))));
  const objects = everywhere.filter((l) => l.schema.type === 'object');
  const mutations: fc.Arbitrary<string>[] = [
    fc.constantFrom('[]', '"text"', 'null', '42', '{"a":', 'not json'),
    // an unknown key, `__proto__` or `constructor` in any object of the body
    fc
      .tuple(
        valid,
        fc.constantFrom(...objects),
        fc.constantFrom('zz_unknown', '__proto__', 'constructor'),
        fc.jsonValue({ maxDepth: 1 }),
      )
      .map(([body, location, key, v]) =>
        JSON.stringify(setAt(body, [...location.path, key], key === 'zz_unknown' ? v : { polluted: true })),
      ),
  ];
  const inner = everywhere.slice(1);
  if (inner.length > 0) mutations.push(at(inner, (l) => wrongTypeFor(l.schema)));
  const bounded = inner.filter((l) => outOfBoundsFor(l.schema) !== null);
  if (bounded.length > 0) mutations.push(at(bounded, (l) => outOfBoundsFor(l.schema) as fc.Arbitrary<unknown>));
  const strings = inner.filter((l) => typesOf(l.schema).has('string'));
  if (strings.length > 0) mutations.push(at(strings, () => fc.constant('x'.repeat(2_000_000))));
  const requiring = objects.filter((l) => (l.schema.required ?? []).length > 0);
  if (requiring.length > 0)
    mutations.push(
      fc
        .tuple(valid, fc.constantFrom(...requiring))
        .chain(([body, location]) =>
          fc
            .constantFrom(...(location.schema.required ?? []))
            .map((key) => JSON.stringify(withoutAt(body, location.path, key))),
        ),
    );
  return fc.oneof(...mutations);
};

/** a string for a query or path parameter that breaks `schema` */
const invalidParameterOf = (schema: Schema): fc.Arbitrary<string> => {
  const texts: string[] = [...CONTROL.map((c) => `a${c}b`)];
  if (schema.enum || schema.anyOf) texts.push('zz-not-one-of-them');
  if (schema.type === 'integer') {
    texts.push('0x10', '1e3', '1.5', 'abc', '+1', ' 1', '99999999999999999999');
    if (schema.maximum !== undefined) texts.push(String(schema.maximum + 1));
    if (schema.minimum !== undefined) texts.push(String(schema.minimum - 1));
  }
  if (schema.format === 'date') texts.push('2026-02-30', '0373-30-18', '9999-12-31T00:00', '20261125');
  if (schema.maxLength !== undefined) texts.push('a'.repeat(schema.maxLength + 1));
  if (schema.pattern !== undefined && !schema.pattern.startsWith('^[^')) texts.push('NOT ~ valid!');
  return fc.constantFrom(...texts);
};

// ---- requests

interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** JSON text, or undefined for none */
  body?: string;
}

/**
 * Claims are made with the email method only: verifying a dns, meta or file claim would look up
 * or fetch the demo listing's real domain, and tests reach only loopback (the mail goes to the outbox).
 */
const claimByEmail = (body: Record<string, unknown>) =>
  body.method === undefined ? body : { ...body, method: 'email', email: 'owner@example.com' };

/**
 * Real data for the operations whose checks a schema cannot express (set once the service runs):
 * listings the fuzzing account owns, milestones of them, and order items the shop accepts (asked
 * of it: each product with and without a listing, an amount or a launch week to come). Valid
 * inputs of those operations are half generated, half built from it, so their success paths run.
 */
const real = {
  listings: [] as number[],
  milestones: [] as { listing_id: number; milestone_id: number }[],
  orderItems: [] as Record<string, unknown>[],
  countries: [] as string[],
};

/** operations on one listing of the signed-in account (`params.listing_id`) */
const OWNED_LISTING_OPERATIONS = new Set([
  'get_my_listing',
  'update_my_listing',
  'post_listing_update',
  'add_milestone',
  'set_founder_story',
  'choose_free_listing',
  'get_listing_analytics',
]);

/** a valid input built from `real`, or null when the operation needs no real data */
const realInputOf = (op: Operation, generated: fc.Arbitrary<Input>): fc.Arbitrary<Input> | null => {
  if (OWNED_LISTING_OPERATIONS.has(op.operationId) && real.listings.length > 0)
    return fc
      .tuple(generated, fc.constantFrom(...real.listings))
      .map(([input, listing_id]) => ({ ...input, params: { ...input.params, listing_id } }));
  if (op.operationId === 'delete_milestone' && real.milestones.length > 0)
    return fc
      .tuple(generated, fc.constantFrom(...real.milestones))
      .map(([input, params]) => ({ ...input, params: { ...input.params, ...params } }));
  if ((op.operationId === 'quote_order' || op.operationId === 'create_checkout') && real.orderItems.length > 0)
    return fc
      .record({ item: fc.constantFrom(...real.orderItems), billing_country: fc.constantFrom(...real.countries) })
      .map(({ item, billing_country }) => ({
        params: {},
        query: {},
        body: JSON.stringify({ items: [item], billing_country }),
      }));
  return null;
};

const generatedInputOf = (op: Operation): fc.Arbitrary<Input> =>
  fc.record({
    params: op.params ? objectArbitrary(op.params as Schema) : fc.constant({}),
    query: op.query ? objectArbitrary(op.query as Schema) : fc.constant({}),
    body: op.body
      ? objectArbitrary(op.body as Schema).map((b) =>
          JSON.stringify(op.operationId === 'claim_listing' ? claimByEmail(b) : b),
        )
      : fc.constant(undefined),
  }) as fc.Arbitrary<Input>;

const validInputOf = (op: Operation): fc.Arbitrary<Input> => {
  const generated = generatedInputOf(op);
  const built = realInputOf(op, generated);
  return built ? fc.oneof(generated, built) : generated;
};

/** one valid input with exactly one invalid part; null when the operation takes no input to break */
const invalidInputOf = (op: Operation): fc.Arbitrary<Input> | null => {
  const options: fc.Arbitrary<Input>[] = [];
  const valid = validInputOf(op);
  for (const part of ['params', 'query'] as const) {
    const schema = op[part] as Schema | undefined;
    if (!schema) continue;
    const entries = Object.entries(schema.properties ?? {});
    if (entries.length > 0)
      options.push(
        fc
          .tuple(valid, fc.constantFrom(...entries))
          .chain(([input, [key, s]]) =>
            invalidParameterOf(s).map((bad) => ({ ...input, [part]: { ...input[part], [key]: bad } })),
          ),
      );
    if (part === 'query')
      options.push(
        fc
          .tuple(valid, fc.constantFrom('zz_unknown', '__proto__', 'constructor'))
          .map(([input, key]) => ({ ...input, query: { ...input.query, [key]: '1' } })),
      );
  }
  if (op.body)
    options.push(fc.tuple(valid, invalidBodyOf(op.body as Schema)).map(([input, body]) => ({ ...input, body })));
  return options.length > 0 ? fc.oneof(...options) : null;
};

const paramsSample = (op: Operation): Record<string, unknown> =>
  op.params ? (sampleOf(op.params as never) as Record<string, unknown>) : {};

const pathOf = (op: Operation, params: Record<string, unknown>) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));

const queryOf = (query: Record<string, unknown>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    for (const item of [value].flat()) search.append(key, typeof item === 'string' ? item : JSON.stringify(item));
  const text = search.toString();
  return text ? `?${text}` : '';
};

describe('fuzzing every operation from its schemas (fast-check), signed in with a key holding every scope', () => {
  let service: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let key = '';
  beforeAll(async () => {
    service = await startAllInOneInProcess({
      DEMO_DATA: 'on',
      RATE_LIMIT_AUTHENTICATED: '1000000/60',
      RATE_LIMIT_ANONYMOUS: '1000000/60',
      DRAFTS_PER_ACCOUNT_PER_DAY: '100000',
      CLAIMS_PER_ACCOUNT_PER_DAY: '100000',
    });
    key = await createApiKey(
      { DATA_DIR: service.dataDir, LOG_LEVEL: 'silent' },
      'fuzzer@example.com',
      SCOPES.join(','),
    );
    const listings = (await (await fetch(`${service.base}/api/v1/listings?per_page=10`)).json()) as {
      items?: { slug: string }[];
    };
    expect(listings.items?.length, 'the demo catalog lists listings').toBeGreaterThan(0);
    for (const { slug } of listings.items ?? []) for (const field of ['slug', 'a', 'b']) remember(field, slug);
    const products = (await (await fetch(`${service.base}/api/v1/products`)).json()) as { items?: { slug?: string }[] };
    for (const product of products.items ?? []) remember('product', product.slug);
    const questions = (await (await fetch(`${service.base}/api/v1/interview-questions`)).json()) as {
      items?: { id: string }[];
    };
    for (const question of questions.items ?? []) remember('question_id', question.id);
    const week = (await (await fetch(`${service.base}/api/v1/launches/weeks/next`)).json()) as { week_start?: string };
    remember('launch_week', week.week_start);
    await seedRealData(
      (products.items ?? []).map((p) => p.slug as string),
      week.week_start as string,
    );
  }, 120_000);

  /** a signed-in call answering its status and JSON body (writes with an Idempotency-Key of their own) */
  const api = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${service.base}/api/v1${route}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers read as untyped JSON, checked by status
    return { status: response.status, body: (await response.json().catch(() => null)) as any };
  };

  /**
   * Fills `real`: two listings of the fuzzing account (drafts of an unreachable loopback site,
   * completed by hand and submitted), a milestone on each, and the order items the shop quotes.
   */
  const seedRealData = async (products: string[], nextWeek: string) => {
    for (const n of [1, 2]) {
      const draft = await api('POST', '/drafts', { url: `http://127.0.0.1:9/fuzz-${n}` });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      const id = draft.body.id as string;
      for (let status = draft.body.status; status === 'crawling' || status === 'drafting'; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await api('GET', `/drafts/${id}`)).body.status;
      }
      const typed = await api('PATCH', `/drafts/${id}`, {
        fields: { name: `Fuzzed ${n}`, tagline: 'Filled in by hand' },
      });
      expect(typed.status, JSON.stringify(typed.body)).toBe(200);
      const submitted = await api('POST', `/drafts/${id}/submit`);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const listing_id = submitted.body.listing_id as number;
      real.listings.push(listing_id);
      remember('listing_id', listing_id);
      const milestone = await api('POST', `/me/listings/${listing_id}/milestones`, {
        date: '2026-01-05',
        title: 'Seeded',
      });
      expect(milestone.status, JSON.stringify(milestone.body)).toBe(201);
      real.milestones.push({ listing_id, milestone_id: milestone.body.id });
    }
    const listing_id = real.listings[0];
    const weeks = [0, 7, 14].map((days) =>
      new Date(Date.parse(`${nextWeek}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10),
    );
    const candidates = products.flatMap((product) => [
      { product },
      { product, listing_id },
      { product, listing_id, amount_cents: 50_000 },
      ...weeks.map((launch_week) => ({ product, listing_id, launch_week })),
    ]);
    for (const item of candidates)
      if ((await api('POST', '/orders/quote', { items: [item], billing_country: 'DE' })).status === 200)
        real.orderItems.push(item);
    expect(real.orderItems.length, 'the shop quotes some items').toBeGreaterThan(0);
    for (const country of ['DE', 'FR', 'US', 'GB', 'JP'])
      if (
        (await api('POST', '/orders/quote', { items: [real.orderItems[0]], billing_country: country })).status === 200
      )
        real.countries.push(country);
  };
  afterAll(async () => {
    if (process.env.FUZZ_REPORT)
      for (const [operationId, seen] of statuses)
        console.log(operationId, Object.fromEntries([...seen].sort(([a], [b]) => a - b)));
    await service?.stop();
  });

  const send = async (op: Operation, input: Input) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    if (op.idempotent) headers['idempotency-key'] = randomUUID();
    const response = await fetch(`${service.base}/api/v1${pathOf(op, input.params)}${queryOf(input.query)}`, {
      method: op.method,
      headers,
      ...(input.body !== undefined ? { body: input.body } : {}),
    });
    const text = await response.text();
    if (response.ok && op.method !== 'GET') {
      const body = JSON.parse(text) as Record<string, unknown>;
      for (const [from, to] of [
        ['id', 'id'],
        ['claim_id', 'claim_id'],
        ['number', 'number'],
        ['listing_id', 'listing_id'],
        ['milestone_id', 'milestone_id'],
      ] as const)
        remember(to, body[from]);
    }
    const counted = `${op.operationId} (${phase})`;
    const seen = statuses.get(counted) ?? new Map<number, number>();
    statuses.set(counted, seen.set(response.status, (seen.get(response.status) ?? 0) + 1));
    return { status: response.status, type: response.headers.get('content-type') ?? '', text };
  };

  /** the answer is no 5xx, and an error is problem+json with its status, a title and (400) the fields */
  const expectWellFormed = (answer: Awaited<ReturnType<typeof send>>, what: string) => {
    expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 500)}`).toBeLessThan(500);
    if (answer.status < 400) return;
    expect(answer.type, `${what}: ${answer.status} not problem+json`).toContain('application/problem+json');
    const problem = JSON.parse(answer.text) as { status?: number; title?: unknown; errors?: { field?: unknown }[] };
    expect(problem.status, what).toBe(answer.status);
    expect(typeof problem.title, what).toBe('string');
    if (answer.status === 400) {
      expect(Array.isArray(problem.errors), `${what}: a 400 without errors[]: ${answer.text}`).toBe(true);
      for (const error of problem.errors ?? []) expect(typeof error.field, `${what}: ${answer.text}`).toBe('string');
    }
  };

  /** the position of each service's event store (DATA_DIR/<service>/events.sqlite): what was appended */
  const eventPositions = () =>
    ['catalog', 'drafting', 'commerce', 'claims'].map((name) => {
      const file = path.join(service.dataDir, name, 'events.sqlite');
      if (!existsSync(file)) return `${name} none`;
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        return `${name} ${(db.prepare('SELECT COALESCE(MAX(position), 0) AS at FROM events').get() as { at: number }).at}`;
      } finally {
        db.close();
      }
    });

  /** what the fuzzing account has stored (its drafts, listings, claims and orders), and every event store's position */
  const stored = async () => [
    ...eventPositions(),
    ...(await Promise.all(
      ['/drafts?per_page=100', '/me/listings?per_page=100', '/claims?per_page=100', '/orders?per_page=100'].map(
        async (route) => {
          const response = await fetch(`${service.base}/api/v1${route}`, {
            headers: { authorization: `Bearer ${key}` },
          });
          expect(response.status, route).toBe(200);
          return `${route} ${await response.text()}`;
        },
      ),
    )),
  ];

  const describeInput = (input: Input) =>
    JSON.stringify({
      ...input,
      body: input.body && input.body.length > 300 ? `${input.body.slice(0, 300)}…` : input.body,
    });

  /**
   * What held in the attack and must keep holding: bytes that are not a request body of any
   * kind get a 4xx, never a 5xx, as problem+json (but for Node's own 431 on headers past its limit,
   * answered before any route runs), and nothing is stored.
   */
  describe('malformed requests on the wire: never a 5xx, and nothing stored', () => {
    const writes = operations.filter((op) => op.body !== undefined);
    const raw = (op: Operation, body: Uint8Array<ArrayBuffer> | string, headers: Record<string, string> = {}) =>
      // every path parameter filled (a schema sample, the ids made real-looking), so the request reaches the operation's route
      fetch(
        `${service.base}/api/v1${pathOf(op, { ...paramsSample(op), id: randomUUID(), listing_id: 1, claim_id: 1, milestone_id: 1 })}`,
        {
          method: op.method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
          body,
        },
      );
    const expectRefused = async (response: Response, what: string, statuses: number[]) => {
      const text = await response.text();
      expect(statuses, `${what} → ${response.status} ${text.slice(0, 300)}`).toContain(response.status);
      expect(response.headers.get('content-type'), what).toContain('application/problem+json');
    };

    it('when bodies are random bytes, invalid UTF-8, 10,000-deep JSON or 5 MB then each is a 400, 413 or 415 problem', async () => {
      const before = await stored();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...writes),
          fc.uint8Array({ minLength: 1, maxLength: 2048 }),
          async (op, bytes) => expectRefused(await raw(op, bytes), `${op.operationId} random bytes`, [400, 415]),
        ),
        { seed: SEED, numRuns: RUNS * 4 },
      );
      for (const op of writes) {
        const what = op.operationId;
        await expectRefused(
          await raw(op, Uint8Array.of(0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d)),
          `${what} invalid UTF-8`,
          [400],
        );
        await expectRefused(await raw(op, `${'['.repeat(10_000)}${']'.repeat(10_000)}`), `${what} deep array`, [400]);
        await expectRefused(
          await raw(op, `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`),
          `${what} deep object`,
          [400],
        );
        await expectRefused(await raw(op, `{"url":"${'a'.repeat(5_000_000)}"}`), `${what} 5 MB`, [413]);
      }
      expect(await stored()).toEqual(before);
    }, 120_000);

    it('when the headers pass the server limit then Node answers 431 before any route, and the next request is served', async () => {
      const response = await fetch(`${service.base}/api/v1/categories`, {
        headers: { 'x-huge': 'h'.repeat(64 * 1024) },
      });
      expect(response.status).toBe(431);
      expect((await fetch(`${service.base}/api/v1/categories`)).status).toBe(200);
    });
  });

  // invalid inputs first: nothing valid has been written yet, so nothing changes behind the snapshot's back
  describe('invalid inputs: a 4xx problem+json naming the fields, and nothing stored', () => {
    for (const op of operations) {
      const invalid = invalidInputOf(op);
      it.skipIf(invalid === null)(
        `${op.operationId} (${op.method} ${op.path})`,
        async () => {
          const before = op.method === 'GET' ? null : await stored();
          await fc.assert(
            fc.asyncProperty(invalid as fc.Arbitrary<Input>, async (input) => {
              const what = `${op.operationId} ${describeInput(input)}`;
              const answer = await send(op, input);
              expectWellFormed(answer, what);
              // 400 (413 for a body past the limit): never a 2xx, and never a 404 for an id no service can hold
              expect([400, 413, 429], `${what}: ${answer.status} ${answer.text.slice(0, 300)}`).toContain(
                answer.status,
              );
            }),
            { seed: SEED, numRuns: RUNS, endOnFailure: true },
          );
          if (before) expect(await stored()).toEqual(before);
        },
        60_000,
      );
    }
  });

  describe('valid inputs: never a 5xx, and every error is problem+json', () => {
    for (const op of operations) {
      it(`${op.operationId} (${op.method} ${op.path})`, async () => {
        phase = 'valid';
        await fc.assert(
          fc.asyncProperty(validInputOf(op), async (input) => {
            expectWellFormed(await send(op, input), `${op.operationId} ${describeInput(input)}`);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      }, 60_000);
    }
  });
});
