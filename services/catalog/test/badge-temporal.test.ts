/**
 * The catalog with its badge workflows on a real Temporal (a dev server this file starts from the
 * stand-in binaries; skips, saying why, without them): the worker runs the real badge check, which
 * fetches the listing's homepage (a loopback page here) and schedules the listing once it links back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSafeFetch } from '@listings/platform/outbound';
import { startTemporalDevServer, temporalAvailable } from '@listings/platform/testing/temporal-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeWorkflowId } from '../src/workflows/badge-workflow.ts';
import { type Reply, startTestCatalog, type TestCatalog } from './support.ts';

const OWNER = 'account-a';
const available = temporalAvailable('dev', 'the catalog on Temporal');

describe.skipIf(!available)('the badge check on Temporal', () => {
  let temporal: Awaited<ReturnType<typeof startTemporalDevServer>>;
  let t: TestCatalog;
  let site: http.Server;
  let base = '';
  const pages: Record<string, string> = {};
  const asOwner = async (operation: string, listingId: number) =>
    (await t.bus.request(`catalog.${operation}`, {
      operation_id: operation,
      principal: { account_id: OWNER, scopes: ['account:read', 'listings:write'], via: 'api_key' },
      params: { listing_id: listingId },
      query: {},
    })) as Reply;

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      const page = pages[req.url ?? '/'];
      res.statusCode = page === undefined ? 404 : 200;
      res.setHeader('content-type', 'text/html');
      res.end(page ?? 'not here');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    temporal = await startTemporalDevServer();
    const loopbackOnly = createSafeFetch({ allowPrivateNetworks: true, userAgent: 'test' });
    t = await startTestCatalog({
      safeFetch: (url, init) =>
        new URL(String(url)).hostname === '127.0.0.1'
          ? loopbackOnly(url, init)
          : Promise.reject(new Error('not loopback')),
      workflows: { temporalAddress: temporal.address, temporalTaskQueue: `catalog-test-${process.pid}` },
    });
  }, 90_000);
  afterAll(async () => {
    await t?.stop();
    await temporal?.teardown();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  });

  it('when a listing chooses free and its homepage carries the badge then the workflow on Temporal finds it and schedules the listing', async () => {
    const saved = await t.internal('save_listing_from_draft', {
      listing_id: null,
      draft_id: '00000000-0000-4000-9000-000000000001',
      owner_account_ids: [OWNER],
      profile: { url: `${base}/mu`, name: 'Mu', tagline: 'Mu tagline' },
    });
    const { listing_id: id, slug } = saved.body as { listing_id: number; slug: string };
    pages['/mu'] = `<html><a href="http://directory.test/listings/${slug}">Listed on the directory</a></html>`;
    expect((await asOwner('choose_free_listing', id)).body).toMatchObject({ status: 'awaiting_badge' });

    const handle = temporal.client.workflow.getHandle(badgeWorkflowId(id));
    await handle.result();
    expect((await handle.describe()).status.name).toBe('COMPLETED');
    expect((await asOwner('get_my_listing', id)).body).toMatchObject({ status: 'scheduled', plan: 'free' });
  }, 60_000);
});
