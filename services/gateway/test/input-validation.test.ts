import { type Operation, operations } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import {
  applyVariant,
  type InvalidVariant,
  invalidVariantsOf,
  sampleOf,
} from '@listings/platform/testing/contract-samples';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, buildTestApp, injectAs } from './support.ts';

type Part = 'params' | 'query' | 'body';
interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

const validInput = (op: Operation): Input => ({
  params: op.params ? (sampleOf(op.params as never) as Record<string, unknown>) : {},
  query: op.query ? (sampleOf(op.query as never) as Record<string, unknown>) : {},
  body: op.body ? sampleOf(op.body as never) : undefined,
});

/** The HTTP request for an input: params into the path, query into the query string, body as JSON. */
const requestOf = (op: Operation, input: Input): InjectOptions => {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name in input.params ? encodeURIComponent(String(input.params[name])) : '',
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query)) query.set(key, String(value));
  const qs = query.toString();
  return {
    method: op.method,
    url: `/api/v1${path}${qs ? `?${qs}` : ''}`,
    ...(input.body === undefined
      ? {}
      : { payload: JSON.stringify(input.body), headers: { 'content-type': 'application/json' } }),
  };
};

const cases: { op: Operation; part: Part; variant: InvalidVariant }[] = [];
for (const op of operations) {
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = op[part];
    if (!schema) continue;
    for (const variant of invalidVariantsOf(schema as never, { wire: part !== 'body' })) {
      // an empty path segment is a different route, not a bad parameter
      if (part === 'params' && (variant.kind === 'required' || variant.value === '')) continue;
      if (part === 'params' && variant.kind === 'additionalProperties') continue;
      cases.push({ op, part, variant });
    }
  }
}

describe('input validation at the REST edge', () => {
  let app: FastifyInstance;
  let inject: ReturnType<typeof injectAs>;
  const bus = createInProcessBus();
  beforeAll(async () => {
    app = await buildTestApp(bus);
    // signed-in operations are authenticated before validation: call with a key holding every scope
    inject = injectAs(app, (await accountWithKey(app, 'validator@example.com')).authorization);
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    'when %s gets a valid input then it is not refused as invalid',
    async (_, op) => {
      const response = await inject(requestOf(op, validInput(op)));
      expect(response.statusCode, response.body).not.toBe(400);
    },
  );

  it('when the table is built then every kind of constraint is covered somewhere', () => {
    const kinds = new Set(cases.map((c) => c.variant.kind));
    for (const kind of [
      'additionalProperties',
      'maxLength',
      'maxItems',
      'enum',
      'pattern',
      'format:uuid',
      'minimum',
      'maximum',
      'required',
      'type',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    // every operation with any input has at least one invalid case
    for (const op of operations.filter((o) => o.params || o.query || o.body)) {
      expect(
        cases.some((c) => c.op === op),
        op.operationId,
      ).toBe(true);
    }
  });

  it.each(
    cases.map((c) => [`${c.op.operationId} ${c.part}.${c.variant.path.join('.')} (${c.variant.kind})`, c] as const),
  )('when %s is invalid then 400 problem+json names the field', async (_, { op, part, variant }) => {
    const input = validInput(op);
    const broken = { ...input, [part]: applyVariant(input[part], variant) } as Input;
    const response = await inject(requestOf(op, broken));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const problem = response.json();
    expect(problem.status).toBe(400);
    const field = [part, ...variant.path].join('.');
    expect(
      problem.errors.map((e: { field: string }) => e.field),
      response.body,
    ).toContain(field);
  });

  it.each([
    ['page 0', '/api/v1/listings?page=0', 'query.page'],
    ['page 1001', '/api/v1/listings?page=1001', 'query.page'],
    ['per_page 0', '/api/v1/drafts?per_page=0', 'query.per_page'],
    ['per_page 101', '/api/v1/orders?per_page=101', 'query.per_page'],
    ['a bad slug', '/api/v1/listings/Not_A_Slug', 'params.slug'],
    ['a bad uuid', '/api/v1/drafts/12345', 'params.id'],
    ['listing id 0', '/api/v1/me/listings/0', 'params.listing_id'],
    ['a non-integer listing id', '/api/v1/me/listings/abc', 'params.listing_id'],
    ['an unknown board', '/api/v1/leaderboards/most-liked', 'params.board'],
    ['an over-long week', '/api/v1/launches/weeks/2026-11-230', 'params.week'],
    ['a country of three letters', '/api/v1/listings?country=USA', 'query.country'],
  ])('when a request has %s then 400 names %s', async (_, url, field) => {
    const response = await inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('when query integers and booleans arrive as text then they are parsed, not refused', async () => {
    const response = await inject({ method: 'GET', url: '/api/v1/categories?include_empty=false' });
    expect(response.statusCode).not.toBe(400);
    const paged = await inject({ method: 'GET', url: '/api/v1/listings?page=2&per_page=50' });
    expect(paged.statusCode).not.toBe(400);
  });

  it('when a body integer arrives as a string then it is refused, not coerced', async () => {
    const response = await inject({
      method: 'PATCH',
      url: '/api/v1/me/listings/7',
      payload: { fields: { founded_year: '2020' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field: 'body.fields.founded_year', message: 'must be integer' });
  });

  it('when a body has unknown properties at several depths then each is named and none is dropped silently', async () => {
    const response = await inject({
      method: 'PATCH',
      url: '/api/v1/drafts/3b241101-e2bb-4255-8caf-4136c566a962',
      payload: { extra: 1, fields: { colour: 'red' }, seo: { title: 'ok', keywords: 'x' } },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.extra', 'body.fields.colour', 'body.seo.keywords']));
  });

  it('when the body is not JSON then 400 problem+json, not 500', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/v1/drafts',
      payload: '{"url": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('when a JSON body is nested 10,000 deep (arrays or objects, a lone surrogate at the bottom) then 400, not a stack overflow', async () => {
    for (const payload of [
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      `${'{"a":'.repeat(10_000)}"\\ud800"${'}'.repeat(10_000)}`,
      `{"url":"https://a.example","fields":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    ]) {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/drafts',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, payload.slice(0, 40)).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('when a POST has no body where one is required then 400 names the body', async () => {
    const response = await inject({ method: 'POST', url: '/api/v1/drafts' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain('body');
  });

  it('when an operation without a body is sent one then 400 says it takes none', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/v1/drafts/3b241101-e2bb-4255-8caf-4136c566a962/submit',
      payload: { force: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field: 'body', message: 'this operation takes no body' });
  });

  it('when a path parameter is longer than the router’s default (100 characters) then 400 naming it, not 405 or 414', async () => {
    // Schemathesis found this one answered "405: answers GET, HEAD, not GET" (and plain long ones were 414)
    const found =
      "%5B'null',%20'null',%20%5B'null',%20'null',%20'null'%5D,%20%5B%5D,%20%5B%5D,%20%5B%5D,%20%5B%5D,%20%5B-1.1754943508222875e-38,%20'%5Cx18%5CU00100c9d%5Cx96',%20-184%5D%5D";
    for (const [url, field] of [
      [`/api/v1/launches/weeks/${found}`, 'params.week'],
      [`/api/v1/launches/weeks/${'x'.repeat(200)}`, 'params.week'],
      [`/api/v1/listings/${'a'.repeat(221)}`, 'params.slug'],
      [`/api/v1/founders/${'a'.repeat(221)}/`, 'params.slug'],
    ] as const) {
      const response = await inject({ method: 'GET', url });
      expect([url, response.statusCode], response.body).toEqual([url, 400]);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('when a route does not exist then 404 problem+json', async () => {
    const response = await inject({ method: 'GET', url: '/api/v1/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 404, title: 'Not found' });
  });
});
