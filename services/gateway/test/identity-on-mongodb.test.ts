import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openConfiguredIdentityStore } from '@listings/identity/store';
import { connectNatsBus } from '@listings/platform/bus';
import { loadConfig } from '@listings/platform/config';
import { newCookieKey, newSigningKey } from '@listings/platform/edge';
import { silentLogger } from '@listings/platform/logger';
import { readMongoOutbox } from '@listings/platform/mail';
import { ferretDbMissing, type RunningFerretDb, startFerretDb } from '@listings/platform/testing/ferretdb-server';
import { expectToWaitForLateStore } from '@listings/platform/testing/late-store';
import { natsServerAvailable, startNatsServer } from '@listings/platform/testing/nats-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../src/main.ts';

const missing = natsServerAvailable() ? ferretDbMissing() : 'nats-server not found';
if (missing) console.warn(`the gateway on MongoDB: skipped (${missing})`);

/** the keys a gateway on the production stores is given (a Kubernetes Secret) */
const keys = () => ({
  OAUTH_JWKS: JSON.stringify({ keys: [newSigningKey()] }),
  COOKIE_KEYS: newCookieKey(),
});

/**
 * Issue #28: the gateway kept accounts, keys, sessions and OAuth records in DATA_DIR/identity.sqlite,
 * so it could run on one node only. With MONGO_URL its identity store is MongoDB (here FerretDB):
 * two gateways (two replicas, each with its own DATA_DIR) share it, the operator CLI's store too,
 * and nothing is written under either DATA_DIR, mail included (the outbox is in MongoDB).
 */
describe.skipIf(missing !== undefined)('the gateway on MongoDB (MONGO_URL)', () => {
  let mongo: RunningFerretDb;
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  const dirs: string[] = [];
  beforeAll(async () => {
    mongo = await startFerretDb();
    nats = await startNatsServer();
  }, 30_000);
  afterAll(async () => {
    await nats?.stop();
    await mongo?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('when a key is made on one replica and a person signs up on it then the other replica knows both, and neither wrote under its DATA_DIR', async () => {
    const shared = { MONGO_URL: mongo.url, MONGO_DB: 'gateway_replicas', PORT: '0', LOG_LEVEL: 'silent', ...keys() };
    const start = async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-replica-'));
      dirs.push(dataDir);
      const config = loadConfig({ ...shared, DATA_DIR: dataDir, NATS_URL: nats.url });
      const bus = await connectNatsBus({ servers: nats.url, name: 'gateway-replica' });
      const gateway = await startGateway({ bus, config, logger: silentLogger(), host: '127.0.0.1' });
      return {
        dataDir,
        config,
        base: `http://127.0.0.1:${gateway.port}`,
        people: gateway.identity.people.handlers,
        stop: async () => {
          await gateway.stop();
          await bus.close();
        },
      };
    };
    const one = await start();
    const two = await start();
    try {
      // the operator's key, through the store the CLI opens with the same settings
      const cli = openConfiguredIdentityStore(one.config, { now: () => new Date() });
      const { account } = await cli.ensureAccount('operator@example.com');
      const { key } = await cli.createApiKey({ accountId: account.id, name: 'ops', scopes: ['account:read'] });
      await cli.close();
      const me = await fetch(`${two.base}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: 'operator@example.com' });

      // a sign-in link asked for on one replica is mailed (to the outbox in MongoDB: no SMTP_URL),
      // signs in on the other, once, and the session it opens is known to both
      await one.people.request_sign_in_link({ email: 'person@example.com' });
      const mailed = (await readMongoOutbox(mongo.url, 'gateway_replicas')).find((m) => m.to === 'person@example.com');
      const token = new URL(/https?:\/\/\S+/.exec(mailed?.text ?? '')?.[0] ?? 'http://x/').searchParams.get('token');
      const signedIn = await two.people.redeem_sign_in_link({ token: token as string });
      expect(signedIn.session.email).toBe('person@example.com');
      await expect(one.people.redeem_sign_in_link({ token: token as string })).rejects.toMatchObject({ status: 410 });
      expect(await one.people.lookup_session({ session_token: signedIn.session_token })).toMatchObject({
        email: 'person@example.com',
      });

      for (const replica of [one, two]) expect(readdirSync(replica.dataDir)).toEqual([]);
    } finally {
      await one.stop();
      await two.stop();
    }
  }, 60_000);

  it('when MongoDB is not there yet then the gateway waits, /readyz names the identity store with 503, and it becomes ready once MongoDB starts', async () => {
    await expectToWaitForLateStore({
      service: 'gateway',
      start: startGateway,
      env: (port) => ({ MONGO_URL: `mongodb://127.0.0.1:${port}/listings`, ...keys() }),
      check: 'identity store',
      startStore: (port) => startFerretDb({ port }),
      ownHttp: true,
    });
  }, 120_000);
});
