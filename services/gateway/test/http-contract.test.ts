import { operations } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, buildTestApp } from './support.ts';

const concretePath = (path: string) => `/api/v1${path.replace(/\{\w+\}/g, '1')}`;

describe('methods the API does not declare', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  beforeAll(async () => {
    app = await buildTestApp(bus);
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('when a known path is called with an undeclared method then 405 problem+json names the allowed ones in Allow', async () => {
    // as in OpenAPI, a path's methods are those of its own path item: GET /orders/quote is not get_order
    const byPath = new Map<string, Set<string>>();
    for (const op of operations) {
      const methods = byPath.get(op.path) ?? new Set<string>();
      methods.add(op.method);
      if (op.method === 'GET') methods.add('HEAD');
      byPath.set(op.path, methods);
    }
    for (const [path, methods] of byPath) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'QUERY'] as const) {
        if (methods.has(method)) continue;
        const res = await app.inject({ method, url: concretePath(path) });
        expect(res.statusCode, `${method} ${path}`).toBe(405);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(new Set(String(res.headers.allow).split(', ')), `${method} ${path}`).toEqual(methods);
        expect(res.json()).toMatchObject({ status: 405, title: 'Method not allowed' });
      }
    }
  });

  it('when a path is unknown then it stays 404 problem+json, whatever the method', async () => {
    for (const method of ['GET', 'DELETE', 'TRACE'] as const) {
      const res = await app.inject({ method, url: '/api/v1/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
});

describe('the statuses the OpenAPI document declares', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  let authorization: string;
  beforeAll(async () => {
    app = await buildTestApp(bus, { requestTimeoutMs: 200 });
    authorization = (await accountWithKey(app, 'statuses@example.com')).authorization;
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  const declared = async (operationId: string) => {
    const document = (await app.inject({ url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    for (const methods of Object.values(document.paths))
      for (const operation of Object.values(methods))
        if (operation.operationId === operationId) return Object.keys(operation.responses);
    throw new Error(`no ${operationId} in the document`);
  };

  it('when the refusals the edge itself makes happen then each status is declared for that operation, as problem+json', async () => {
    const cases = [
      // a body that is not JSON
      {
        operationId: 'submit_listing',
        status: 415,
        request: {
          method: 'POST' as const,
          url: '/api/v1/drafts',
          payload: 'url=https://example.com',
          headers: { 'content-type': 'text/plain' },
        },
      },
      // a body over the 1 MiB limit
      {
        operationId: 'submit_listing',
        status: 413,
        request: {
          method: 'POST' as const,
          url: '/api/v1/drafts',
          payload: JSON.stringify({ url: `https://example.com/${'a'.repeat(1_100_000)}` }),
          headers: { 'content-type': 'application/json' },
        },
      },
      // no catalog answers on this bus
      { operationId: 'get_listing', status: 503, request: { method: 'GET' as const, url: '/api/v1/listings/acme' } },
      // a credential that is not one
      {
        operationId: 'get_account',
        status: 401,
        request: { method: 'GET' as const, url: '/api/v1/me', headers: { authorization: 'Bearer nope' } },
      },
    ];
    for (const { operationId, status, request } of cases) {
      const res = await app.inject({ ...request, headers: { authorization, ...request.headers } });
      expect(res.statusCode, operationId).toBe(status);
      expect(res.headers['content-type'], operationId).toMatch(/^application\/problem\+json/);
      expect(await declared(operationId), operationId).toContain(String(status));
    }
  });
});

describe('the text rule (no control characters, no lone surrogates; line breaks in prose only)', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  let authorization: string;
  beforeAll(async () => {
    app = await buildTestApp(bus, { requestTimeoutMs: 200 });
    authorization = (await accountWithKey(app, 'text@example.com')).authorization;
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  // raw JSON text, so a lone surrogate escape reaches the server as it would from any client
  const postUpdate = (json: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/me/listings/1/updates',
      headers: { authorization, 'content-type': 'application/json' },
      payload: json,
    });

  it('when a title holds NUL, a line break, a C1 control, U+FFFE or U+FFFF (no XML carries them) or a lone surrogate then 400 names body.title', async () => {
    for (const [title, message] of [
      ['\\u0000', /one line/],
      ['not xml \\ufffe', /one line/],
      ['not xml \\uffff', /one line/],
      ['two\\nlines', /one line/],
      ['next\\u0085line', /one line/],
      ['half \\ud800 a pair', /lone surrogate/],
    ] as const) {
      const res = await postUpdate(`{"title":"Launch ${title}","body":"We shipped."}`);
      expect(res.statusCode, title).toBe(400);
      expect(res.json().errors, title).toEqual([{ field: 'body.title', message: expect.stringMatching(message) }]);
    }
  });

  it('when prose holds tabs and line breaks, and text holds any script or emoji, then the edge lets it through', async () => {
    const res = await postUpdate('{"title":"Déjà vu 🚀 中文","body":"Line one\\r\\nLine two\\tindented"}');
    // no catalog answers on this bus: past validation means 503
    expect(res.statusCode).toBe(503);
  });

  it('when prose holds another control character or U+FFFE then 400 names body.body', async () => {
    const nonCharacter = await postUpdate('{"title":"Fine","body":"not xml \\ufffe here"}');
    expect(nonCharacter.statusCode).toBe(400);
    expect(nonCharacter.json().errors).toEqual([{ field: 'body.body', message: expect.stringMatching(/U\+FFFE/) }]);
    const res = await postUpdate('{"title":"Fine","body":"bell \\u0007 here"}');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'body.body', message: expect.stringMatching(/control characters/) }]);
  });

  it('when the OpenAPI document describes a free-text field then it carries the same rule as a pattern', async () => {
    const document = (await app.inject({ url: '/api/v1/openapi.json' })).json();
    const schema =
      document.paths['/me/listings/{listing_id}/updates'].post.requestBody.content['application/json'].schema;
    expect(new RegExp(schema.properties.title.pattern, 'u').test('a\u0000b')).toBe(false);
    expect(new RegExp(schema.properties.body.pattern, 'u').test('a\nb')).toBe(true);
  });
});

describe('integers in the path and the query string', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  beforeAll(async () => {
    app = await buildTestApp(bus, { requestTimeoutMs: 200 });
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('when a page number is written in hex, with an exponent, a sign, spaces or a leading zero then 400 names query.page', async () => {
    for (const page of ['0x10', '1e1', '1e+23', '+2', '%202', '0321', '2.0']) {
      const res = await app.inject({ url: `/api/v1/listings?page=${page}` });
      expect(res.statusCode, page).toBe(400);
      expect(res.json().errors, page).toEqual([
        { field: 'query.page', message: expect.stringMatching(/decimal digits/) },
      ]);
    }
  });

  it('when an id has more digits than a service can hold exactly then 400 names it (not a 404 for a rounded id)', async () => {
    const { authorization } = await accountWithKey(app, 'long-ids@example.com');
    for (const id of ['99999999999999999999', '9007199254740992']) {
      const res = await app.inject({ url: `/api/v1/me/listings/${id}`, headers: { authorization } });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['params.listing_id']);
    }
  });

  it('when it is plain decimal digits then it passes the edge', async () => {
    // no catalog answers on this bus: past validation means 503
    expect((await app.inject({ url: '/api/v1/listings?page=12' })).statusCode).toBe(503);
  });
});

describe('errors Fastify raises itself, and keys that would reach prototypes', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  let authorization: string;
  beforeAll(async () => {
    app = await buildTestApp(bus, { requestTimeoutMs: 200 });
    authorization = (await accountWithKey(app, 'keys@example.com')).authorization;
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('when a path holds a percent-encoded sequence that is not UTF-8 then 400 problem+json names the path', async () => {
    for (const url of ['/api/v1/listings/%E0%A4%A', '/api/v1/drafts/%C0', '/badges/%FF/launch.svg', '/%E0%A4%A']) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect(res.json(), url).toMatchObject({
        status: 400,
        title: 'Invalid input',
        errors: [{ field: 'path', message: expect.stringContaining(url) }],
      });
    }
  });

  const post = (url: string, json: string) =>
    app.inject({ method: 'POST', url, headers: { authorization, 'content-type': 'application/json' }, payload: json });

  it('when a JSON body holds __proto__ or constructor at any depth then 400 names each key, and no prototype changes', async () => {
    for (const [json, fields] of [
      ['{"url":"https://a.example","__proto__":{"polluted":true}}', ['body.__proto__']],
      ['{"url":"https://a.example","constructor":{"prototype":{"polluted":true}}}', ['body.constructor']],
      ['{"url":"https://a.example","constructor":"x"}', ['body.constructor']],
      ['{"url":"https://a.example","a":[{"b":{"__proto__":{"polluted":true}}}]}', ['body.a.0.b.__proto__']],
      // escapes spell the same key
      ['{"url":"https://a.example","\\u005f_proto__":{"polluted":true}}', ['body.__proto__']],
      ['{"__proto__":{},"constructor":{}}', ['body.__proto__', 'body.constructor']],
    ] as const) {
      const res = await post('/api/v1/drafts', json);
      expect(res.statusCode, json).toBe(400);
      expect(res.headers['content-type'], json).toMatch(/^application\/problem\+json/);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        json,
      ).toEqual(fields);
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect((Object.prototype as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('when a body is not JSON at all then it is still the one "not valid JSON" complaint', async () => {
    const res = await post('/api/v1/drafts', '{"__proto__": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'body', message: expect.stringMatching(/not valid JSON/) }]);
  });

  it('when a body only mentions the words in values then it passes the edge', async () => {
    const res = await post('/api/v1/me/listings/1/updates', '{"title":"__proto__ and constructor","body":"\\u00e9"}');
    // no catalog answers on this bus: past validation means 503
    expect(res.statusCode).toBe(503);
  });
});

describe('badge image parameters', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  beforeAll(async () => {
    app = await buildTestApp(bus, { requestTimeoutMs: 200 });
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  const fieldsOf = async (url: string) => {
    const res = await app.inject({ url });
    expect(res.statusCode, url).toBe(400);
    expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    return res.json().errors.map((e: { field: string }) => e.field);
  };

  it('when the slug or the kind in the path is bad then 400 names params.slug or params.kind, and the options query.*', async () => {
    expect(await fieldsOf('/badges/Not_A_Slug/launch.svg')).toEqual(['params.slug']);
    expect(await fieldsOf('/badges/acme/Bad_Kind.svg')).toEqual(['params.kind']);
    expect(await fieldsOf('/badges/acme/launch.png')).toEqual(['params.kind']);
    expect(await fieldsOf('/badges/Bad_Slug/launch.svg?shape=blob&size=xxl')).toEqual([
      'params.slug',
      'query.shape',
      'query.size',
    ]);
    expect(await fieldsOf('/badges/acme/launch.svg?colour=red')).toEqual(['query.colour']);
  });

  it('when the query repeats a path part then it is refused as query.*, not silently replaced', async () => {
    expect(await fieldsOf('/badges/acme/launch.svg?slug=other')).toEqual(['query.slug']);
  });
});
