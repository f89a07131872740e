import { randomBytes } from 'node:crypto';
import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity, type Identity } from '../src/identity/identity-module.ts';
import { SESSION_COOKIE } from '../src/identity/pages.ts';
import { CSRF_COOKIE } from '../src/site-page.ts';
import { buildTestApp } from './support.ts';

describe('the /account/api-keys page past API_KEYS_PER_ACCOUNT_PER_DAY', () => {
  const bus = createInProcessBus();
  let identity: Identity;
  let app: FastifyInstance;
  beforeAll(async () => {
    identity = createIdentity({ publicUrl: 'http://localhost:3000', apiKeysPerDay: 1 });
    app = await buildTestApp(bus, { identity });
  });
  afterAll(async () => {
    await app.close();
    identity.close();
    await bus.close();
  });

  it('when the account made its keys of the day then the form answers 429 with the limit named and Retry-After, and no key is made', async () => {
    const { account } = identity.store.ensureAccount('page@example.com');
    const session = identity.store.createSession(account.id);
    const csrf = randomBytes(32).toString('base64url');
    const post = (name: string) =>
      app.inject({
        method: 'POST',
        url: '/account/api-keys',
        headers: {
          cookie: `${SESSION_COOKIE}=${session.token}; ${CSRF_COOKIE}=${csrf}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ csrf, name, scopes: 'account:read' }).toString(),
      });
    expect((await post('first')).statusCode).toBe(201);
    const refused = await post('second');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('API_KEYS_PER_ACCOUNT_PER_DAY');
    expect(identity.store.listApiKeys(account.id).map((k) => k.name)).toEqual(['first']);
  });
});
