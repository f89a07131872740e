import { type Operation, operations, SCOPES } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { sampleOf } from '@listings/platform/testing/contract-samples';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityOf } from '../src/app.ts';
import { accountWithKey, buildTestApp } from './support.ts';

const pathOf = (op: Operation) => {
  const params = op.params ? (sampleOf(op.params as never) as Record<string, unknown>) : {};
  return `/api/v1${op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))}`;
};
const requestOf = (op: Operation, authorization?: string) => ({
  method: op.method,
  url: pathOf(op),
  headers: {
    ...(authorization ? { authorization } : {}),
    ...(op.body ? { 'content-type': 'application/json' } : {}),
  },
  ...(op.body ? { payload: JSON.stringify(sampleOf(op.body as never)) } : {}),
});

const signedIn = operations.filter((op) => op.scope !== null);
const publicOps = operations.filter((op) => op.scope === null);

describe('authentication and scopes at the REST edge', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  beforeAll(async () => {
    app = await buildTestApp(bus);
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it.each(signedIn.map((op) => [op.operationId, op] as const))(
    'when %s is called without, with a bad, with a wrong-scope and with a right-scope credential then 401, 401, 403, not 401/403',
    async (_, op) => {
      const none = await app.inject(requestOf(op));
      expect(none.statusCode).toBe(401);
      expect(none.headers['content-type']).toContain('application/problem+json');
      expect(String(none.headers['www-authenticate'])).toMatch(/^Bearer /);
      expect(String(none.headers['www-authenticate'])).not.toContain('error=');
      expect(String(none.headers['www-authenticate'])).toContain(
        'resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/api/v1"',
      );

      const bad = await app.inject(requestOf(op, 'Bearer ldk_AAAAAAAA_notARealKeyxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'));
      expect(bad.statusCode).toBe(401);
      expect(String(bad.headers['www-authenticate'])).toContain('error="invalid_token"');

      const other = SCOPES.filter((s) => s !== op.scope);
      const wrong = await accountWithKey(app, `wrong-${op.operationId}@example.com`, other);
      const forbidden = await app.inject(requestOf(op, wrong.authorization));
      expect(forbidden.statusCode).toBe(403);
      expect(String(forbidden.headers['www-authenticate'])).toContain(
        `Bearer error="insufficient_scope", scope="${op.scope}"`,
      );

      const right = await accountWithKey(app, `right-${op.operationId}@example.com`, [
        op.scope as (typeof SCOPES)[number],
      ]);
      // an operation with a role (operators') needs the role too: without it, 403 (moderation tests)
      if (op.role) await identityOf(app).store.setRole(right.account.id, op.role, true);
      const allowed = await app.inject(requestOf(op, right.authorization));
      expect([401, 403]).not.toContain(allowed.statusCode);
    },
  );

  it('when a signed-in operation is called anonymously with invalid input then it is 401, not 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: { 'content-type': 'application/json' },
      payload: { nope: true },
    });
    expect(response.statusCode).toBe(401);
  });

  it.each(publicOps.map((op) => [op.operationId, op] as const))(
    'when public %s is called with no credential or a valid one then it is not 401/403, and with a bad one 401',
    async (_, op) => {
      expect([401, 403]).not.toContain((await app.inject(requestOf(op))).statusCode);
      const valid = await accountWithKey(app, `public-${op.operationId}@example.com`, ['account:read']);
      expect([401, 403]).not.toContain((await app.inject(requestOf(op, valid.authorization))).statusCode);
      const bad = await app.inject(requestOf(op, 'Bearer not-a-token'));
      expect(bad.statusCode).toBe(401);
      expect(String(bad.headers['www-authenticate'])).toContain('error="invalid_token"');
    },
  );

  it('when get_account is called with a key then it returns the account and the credential used', async () => {
    const { account, authorization } = await accountWithKey(app, 'me@example.com', ['account:read', 'orders:write']);
    const response = await app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: account.id,
      email: 'me@example.com',
      name: null,
      created_at: account.createdAt,
      credential: { type: 'api_key', scopes: ['account:read', 'orders:write'] },
    });
  });

  it('when a key is revoked then it is refused with 401', async () => {
    const { account, key, authorization } = await accountWithKey(app, 'revoked@example.com');
    const { identityOf } = await import('../src/app.ts');
    const id = key.split('_')[1] as string;
    expect(await identityOf(app).store.revokeApiKey(account.id, id)).toBe(true);
    const response = await app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization } });
    expect(response.statusCode).toBe(401);
  });
});
