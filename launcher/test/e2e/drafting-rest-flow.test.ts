import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { connectNatsBus } from '@listings/platform/bus';
import { loadConfig } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';
import { readOutbox } from '@listings/platform/mail';
import { natsServerAvailable } from '@listings/platform/testing/nats-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FACTS,
  type FixtureSite,
  SECRET,
  startFixtureSite,
} from '../../../services/drafting/test/support/fixture-site.ts';
import { startAllInOne } from '../../src/all-in-one.ts';
import { CLUSTER_START_TIMEOUT_MS, startClusterOverNats } from '../support.ts';

/**
 * The whole drafting flow through REST. Who is calling comes from a hook: `authorizationFor(email)`
 * gives the Authorization header of a signed-in account. It uses the operator CLI (`api-key create`)
 * against the same DATA_DIR, so the calls carry real API keys.
 */
type AuthorizationFor = (email: string) => Promise<string>;
// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
const json = async (response: Response): Promise<any> => response.json();

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const apiKeysFromCli =
  (dataDir: string): AuthorizationFor =>
  async (email) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'api-key', 'create', '--email', email, '--scopes', 'account:read,listings:write,orders:write'],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } },
    );
    const key = stdout.trim().split('\n').at(-1) as string;
    return `Bearer ${key}`;
  };

/** a running service: its REST base URL, an internal request on its bus (the checkout's pay step), stop */
interface Running {
  readonly base: string;
  internal(subject: string, request: object): Promise<unknown>;
  stop(): Promise<void>;
}

const restFlow = (mode: string, start: (dataDir: string) => Promise<Running>, skip = false) =>
  describe.skipIf(skip)(`the drafting flow through REST (${mode})`, () => {
    let site: FixtureSite;
    let dataDir: string;
    let running: Running;
    let authorizationFor: AuthorizationFor;

    beforeAll(async () => {
      site = await startFixtureSite();
      dataDir = mkdtempSync(path.join(os.tmpdir(), `drafting-rest-${mode}-`));
      running = await start(dataDir);
      authorizationFor = apiKeysFromCli(dataDir);
    }, CLUSTER_START_TIMEOUT_MS);
    afterAll(async () => {
      await running?.stop();
      await site?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('when a signed-in person submits a URL, edits, invites and submits then every step answers as the spec says', async () => {
      const alice = await authorizationFor('alice@example.com');
      const bob = await authorizationFor('bob@example.com');
      const api = (auth: string | null, method: string, url: string, body?: unknown) =>
        fetch(`${running.base}/api/v1${url}`, {
          method,
          headers: {
            ...(auth ? { authorization: auth } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });

      expect((await api(null, 'POST', '/drafts', { url: site.url })).status).toBe(401);

      const created = await api(alice, 'POST', '/drafts', { url: site.url });
      expect(created.status).toBe(201);
      const { id, status } = await json(created);
      expect(status).toBe('crawling');

      // poll as a client would, bounded
      // biome-ignore lint/suspicious/noExplicitAny: a draft body
      let draft: any = { status: 'crawling' };
      const deadline = Date.now() + 30_000;
      while (draft.status === 'crawling' || draft.status === 'drafting') {
        if (Date.now() > deadline) throw new Error('draft never became ready');
        const polled = await api(alice, 'GET', `/drafts/${id}`);
        expect(polled.status).toBe(200);
        draft = await json(polled);
        if (draft.status === 'crawling' || draft.status === 'drafting') await new Promise((r) => setTimeout(r, 50));
      }
      expect(draft.status).toBe('ready');
      expect(draft.fields.name.value).toBe(FACTS.name);
      expect(JSON.stringify(draft)).not.toContain(SECRET);
      expect(site.requested).not.toContain('/internal/plans');

      expect((await api(bob, 'GET', `/drafts/${id}`)).status).toBe(404);
      const listed = await json(await api(alice, 'GET', '/drafts'));
      expect(listed.items[0]).toMatchObject({ id, status: 'ready' });

      const patched = await api(alice, 'PATCH', `/drafts/${id}`, { fields: { city: 'Berlin' }, lock_fields: ['name'] });
      expect(patched.status).toBe(200);
      const afterPatch = await json(patched);
      expect(afterPatch.fields.city).toMatchObject({ value: 'Berlin', state: 'manual' });
      expect(afterPatch.fields.name.state).toBe('override');
      const badCategory = await api(alice, 'PATCH', `/drafts/${id}`, {
        fields: { categories: ['No Such Category 42'] },
      });
      expect(badCategory.status).toBe(400);
      expect(badCategory.headers.get('content-type')).toContain('application/problem+json');
      expect(JSON.stringify(await json(badCategory))).toContain('No Such Category 42');

      const invited = await api(alice, 'POST', `/drafts/${id}/invites`, { email: 'bob@example.com' });
      expect(invited.status).toBe(201);
      const mail = (await readOutbox(dataDir)).find((m) => m.to === 'bob@example.com');
      expect(mail?.text).toMatch(/\/invites\/[0-9a-f-]{36}\.\S+/);

      const submitted = await api(alice, 'POST', `/drafts/${id}/submit`);
      const submittedBody = await json(submitted);
      expect(submitted.status, JSON.stringify(submittedBody)).toBe(200);
      expect(submittedBody.listing_id).toBeGreaterThanOrEqual(1);
      const again = await json(await api(alice, 'POST', `/drafts/${id}/submit`));
      expect(again.listing_id).toBe(submittedBody.listing_id);

      const mine = await api(alice, 'GET', `/me/listings/${submittedBody.listing_id}`);
      expect(mine.status).toBe(200);
      const listing = await json(mine);
      expect(listing).toMatchObject({ status: 'draft', plan: 'none' });

      // a paid launch: quote, checkout, the person pays on the checkout page (its internal pay
      // step here), the order's workflow in commerce fulfils it and the catalog shows it live
      const items = [{ product: 'launch', listing_id: submittedBody.listing_id }];
      const quoted = await api(alice, 'POST', '/orders/quote', { items, billing_country: 'US' });
      expect(quoted.status).toBe(200);
      const checkout = await api(alice, 'POST', '/orders/checkout', { items, billing_country: 'US' });
      const order = await json(checkout);
      expect(checkout.status, JSON.stringify(order)).toBe(200);
      expect(order).toMatchObject({ status: 'pending', billing_country: 'US' });
      expect((await api(bob, 'GET', `/orders/${order.number}`)).status).toBe(404);
      const me = await json(await api(alice, 'GET', '/me'));
      const paid = (await running.internal('commerce.internal.pay_order', {
        number: order.number,
        account_id: me.id,
      })) as {
        status: number;
        body: { status: string };
      };
      expect(paid).toMatchObject({ status: 200, body: { status: 'fulfilled' } });
      expect(await json(await api(alice, 'GET', `/orders/${order.number}`))).toMatchObject({
        status: 'fulfilled',
        lines: [{ product: 'launch', fulfilled: true }],
      });
      const live = await api(null, 'GET', `/listings/${listing.slug}`);
      expect(live.status).toBe(200);
      expect(await json(live)).toMatchObject({ status: 'live' });
    }, 60_000);
  });

const configFor = (dataDir: string, extra: Record<string, string> = {}) =>
  loadConfig({
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
    FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
    DEMO_DATA: 'off',
    ...extra,
  });

restFlow('all-in-one', async (dataDir) => {
  const running = await startAllInOne(configFor(dataDir), silentLogger(), { host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${running.port}`,
    internal: (subject, request) => running.bus.request(subject, request),
    stop: running.stop,
  };
});

const natsAvailable = natsServerAvailable();
if (!natsAvailable)
  console.warn('cluster REST flow skipped: nats-server is not on the PATH (apt-get install nats-server)');
restFlow(
  'cluster over NATS',
  async (dataDir) => {
    const cluster = await startClusterOverNats({ DATA_DIR: dataDir, FETCH_ALLOW_PRIVATE_NETWORKS: 'true' });
    // the test's own connection to the cluster's NATS, for the checkout's internal pay step
    const bus = await connectNatsBus({ servers: cluster.natsUrl, name: 'drafting-rest-flow-test' });
    return {
      base: `http://127.0.0.1:${cluster.port}`,
      internal: (subject, request) => bus.request(subject, request),
      stop: async () => {
        await bus.close();
        await cluster.stop();
      },
    };
  },
  !natsAvailable,
);
