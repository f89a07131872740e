import { operationById, operations } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, registeredOperationRoutes } from '../src/app.ts';
import { SPEC_OPERATIONS } from './spec-operations.ts';

const specRows = SPEC_OPERATIONS.map(([id, method, path, scope, ik, status]) => ({
  id,
  method,
  path,
  scope,
  ik,
  status,
}));
const sortById = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

describe('the 65 operations of the spec', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  beforeAll(async () => {
    app = await buildApp({ bus, config: { publicUrl: 'http://localhost:3000' }, logger: silentLogger() });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('when the spec table is copied by hand then it has 65 distinct operations', () => {
    expect(new Set(specRows.map((r) => r.id)).size).toBe(65);
  });

  it('when the contracts are listed then they are exactly the spec table', () => {
    const contracts = operations.map((op) => ({
      id: op.operationId,
      method: op.method,
      path: op.path,
      scope: op.scope,
      ik: op.idempotent,
      status: op.successStatus,
    }));
    expect(sortById(contracts)).toEqual(sortById(specRows));
  });

  it('when every contract has a subject then it is <service>.<operationId>', () => {
    for (const op of operations) expect(op.subject).toBe(`${op.service}.${op.operationId}`);
  });

  it('when the gateway registers routes then they are exactly the spec table under /api/v1', () => {
    const routes = registeredOperationRoutes(app).map((r) => ({ id: r.operationId, method: r.method, url: r.url }));
    const expected = specRows.map((r) => ({
      id: r.id,
      method: r.method,
      url: `/api/v1${r.path.replace(/\{(\w+)\}/g, ':$1')}`,
    }));
    expect(sortById(routes)).toEqual(sortById(expected));
  });

  it('when the OpenAPI document is fetched then its operations are exactly the spec table', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    const found: typeof specRows = [];
    interface OpenApiOperation {
      operationId: string;
      responses: Record<string, unknown>;
      parameters: { name: string; in: string }[];
      security: unknown[];
      'x-scope': string | null;
    }
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, OpenApiOperation>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const success = Object.keys(op.responses).find((code) => code.startsWith('2'));
        found.push({
          id: op.operationId,
          method: method.toUpperCase(),
          path,
          scope: op['x-scope'],
          ik: op.parameters.some(
            (p: { name: string; in: string }) => p.in === 'header' && p.name === 'Idempotency-Key',
          ),
          status: Number(success),
        });
        // signed-in operations require one of the two schemes, with the scope on OAuth
        if (op['x-scope']) expect(op.security).toEqual([{ api_key: [] }, { oauth2: [op['x-scope']] }]);
        else expect(op.security).toContainEqual({});
      }
    }
    expect(sortById(found)).toEqual(sortById(specRows));
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['api_key', 'oauth2']);
    expect(Object.keys(doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes).sort()).toEqual([
      'account:read',
      'listings:write',
      'orders:write',
    ]);
  });

  it('when the API reference page is opened then it is served as HTML', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('links between operations (OpenAPI `links`, declared with the operations in the contracts)', () => {
  const pathParamsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();
  const required = (schema: unknown): string[] => (schema as { required?: string[] }).required ?? [];

  it('when an operation creates something then links lead to where it is read, changed or removed', () => {
    const linked = (from: string) => (operationById(from)?.links ?? []).map((link) => link.operationId).sort();
    expect(linked('submit_listing')).toEqual(['get_draft', 'invite_cofounder', 'submit_draft', 'update_draft']);
    expect(linked('submit_draft')).toEqual(['get_my_listing', 'update_my_listing']);
    expect(linked('claim_listing')).toEqual(['verify_claim']);
    expect(linked('create_checkout')).toEqual(['get_order', 'list_my_orders']);
    expect(linked('add_milestone')).toEqual(['delete_milestone']);
    expect(linked('create_webhook')).toEqual(['delete_webhook']);
  });

  it('when a link is declared then its target exists and each of its path parameters comes from a field the answer always has', () => {
    for (const op of operations)
      for (const link of op.links ?? []) {
        const where = `${op.operationId} → ${link.operationId}`;
        const target = operationById(link.operationId);
        expect(target, where).toBeDefined();
        expect(Object.keys(link.parameters).sort(), where).toEqual(pathParamsOf(target?.path ?? ''));
        for (const expression of Object.values(link.parameters)) {
          const field = /^\$response\.body#\/(\w+)$/.exec(expression)?.[1];
          const own = /^\$request\.path\.(\w+)$/.exec(expression)?.[1];
          if (field) expect(required(op.response), `${where}: ${expression}`).toContain(field);
          else expect(pathParamsOf(op.path), `${where}: ${expression}`).toContain(own);
        }
      }
  });

  it('when the OpenAPI document is built then each success response carries exactly the declared links', async () => {
    const bus = createInProcessBus();
    const app = await buildApp({ bus, config: { publicUrl: 'http://localhost:3000' }, logger: silentLogger() });
    const doc = (await app.inject({ url: '/api/v1/openapi.json' })).json();
    await app.close();
    await bus.close();
    let count = 0;
    for (const op of operations) {
      const success = doc.paths[op.path][op.method.toLowerCase()].responses[String(op.successStatus)];
      const expected = Object.fromEntries(
        (op.links ?? []).map((link) => [
          link.operationId,
          { operationId: link.operationId, parameters: link.parameters, description: link.description },
        ]),
      );
      if (op.links?.length) {
        count += op.links.length;
        expect(success.links, op.operationId).toEqual(expected);
      } else expect(success.links, op.operationId).toBeUndefined();
    }
    expect(count).toBe(11);
  });
});
