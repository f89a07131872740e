/**
 * The free plan's launch through the catalog itself (its real badge check and launch activity): a
 * free listing queued 6 weeks out whose homepage carries the badge is scheduled, then goes live on
 * its week's Monday by its free launch workflow, not a minute before. On the in-process runner with
 * the manual clock's timers, and with the catalog's workflows on the Temporal time-skipping server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSafeFetch } from '@listings/platform/outbound';
import {
  stopTemporalServers,
  temporalServer,
  timeSkippingRunnerKind,
} from '@listings/platform/testing/workflow-runners';
import type { InProcessRunner } from '@listings/platform/workflows';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { badgeWorkflowId } from '../src/workflows/badge-workflow.ts';
import { freeLaunchWorkflowId } from '../src/workflows/free-launch-workflow.ts';
import { type Reply, startTestCatalog, type TestCatalog } from './support.ts';

const OWNER = 'account-a';
/** Wednesday; the free queue's default of 6 weeks puts the launch on Monday 2026-12-28 */
const NOW = '2026-11-18T12:00:00.000Z';
const MONDAY = '2026-12-28T00:00:00.000Z';
const MINUTE = 60_000;

let site: http.Server;
let base = '';
const pages: Record<string, string> = {};
let t: TestCatalog | undefined;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const page = pages[req.url ?? '/'];
    res.statusCode = page === undefined ? 404 : 200;
    res.setHeader('content-type', 'text/html');
    res.end(page ?? 'not here');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await t?.stop();
  t = undefined;
});
afterAll(async () => {
  await stopTemporalServers();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const loopbackOnly = createSafeFetch({ allowPrivateNetworks: true, userAgent: 'test' });
const startCatalog = (workflows?: { temporalAddress: string; temporalTaskQueue: string }) =>
  startTestCatalog({
    now: NOW,
    injectTimers: true,
    ...(workflows ? { workflows } : {}),
    safeFetch: (url, init) =>
      new URL(String(url)).hostname === '127.0.0.1'
        ? loopbackOnly(url, init)
        : Promise.reject(new Error('not loopback')),
  });

const asOwner = async (catalog: TestCatalog, operation: string, listingId: number) =>
  (await catalog.bus.request(`catalog.${operation}`, {
    operation_id: operation,
    principal: { account_id: OWNER, scopes: ['account:read', 'listings:write'], via: 'api_key' },
    params: { listing_id: listingId },
    query: {},
  })) as Reply;

/** a submitted listing whose homepage (on loopback) carries the badge, or not yet */
const aListing = async (catalog: TestCatalog, name: string, badge: boolean) => {
  const saved = await catalog.internal('save_listing_from_draft', {
    listing_id: null,
    draft_id: `00000000-0000-4000-9100-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    owner_account_ids: [OWNER],
    profile: { url: `${base}/${name}`, name, tagline: `${name} tagline` },
  });
  const { listing_id: id, slug } = saved.body as { listing_id: number; slug: string };
  pages[`/${name}`] = badge
    ? `<a href="http://directory.test/listings/${slug}">Listed on the directory</a>`
    : '<p>no badge</p>';
  return id;
};

const statusOf = async (catalog: TestCatalog, id: number) =>
  ((await asOwner(catalog, 'get_my_listing', id)).body as { status: string }).status;

describe('the free launch on the in-process runner (manual clock)', () => {
  it('when a free listing’s badge was found then it goes live on its launch week’s Monday by its workflow, not a minute before', async () => {
    t = await startCatalog();
    const id = await aListing(t, 'nu', true);
    expect((await asOwner(t, 'choose_free_listing', id)).body).toMatchObject({ launch_week: '2026-12-28' });
    const runner = t.catalog.runner as InProcessRunner;
    await runner.settled(badgeWorkflowId(id));
    expect(await statusOf(t, id)).toBe('scheduled');
    expect(runner.running()).toContain(freeLaunchWorkflowId(id));

    t.clock.set(new Date(Date.parse(MONDAY) - MINUTE));
    await t.catalog.ticker.tick();
    expect(await statusOf(t, id)).toBe('scheduled');
    t.clock.advance(MINUTE);
    await runner.settled(freeLaunchWorkflowId(id));
    expect(await statusOf(t, id)).toBe('live');
  });

  it('when the week begins before the badge is found then the listing waits for it, and goes live once found', async () => {
    t = await startCatalog();
    const id = await aListing(t, 'xi', false);
    await asOwner(t, 'choose_free_listing', id);
    const runner = t.catalog.runner as InProcessRunner;
    t.clock.set(MONDAY);
    await runner.settled(freeLaunchWorkflowId(id));
    expect(await statusOf(t, id)).toBe('awaiting_badge');
    expect(runner.running()).toContain(badgeWorkflowId(id));
    pages['/xi'] =
      `<a href="http://directory.test/listings/${(await t.catalog.readModel.view.listing(id))?.slug}">badge</a>`;
    expect(await t.catalog.badgeCheck.checkBadge({ listingId: id })).toBe('found');
    expect(await statusOf(t, id)).toBe('live');
  });

  it('when the catalog restarts before the launch week then the queued listing’s workflow starts again and launches it on time', async () => {
    t = await startCatalog();
    const id = await aListing(t, 'omicron', true);
    await asOwner(t, 'choose_free_listing', id);
    await (t.catalog.runner as InProcessRunner).settled(badgeWorkflowId(id));
    const dir = t.dir;
    await t.stop(false);
    t = await startTestCatalog({
      now: new Date(Date.parse(MONDAY) - 86_400_000).toISOString(),
      dir,
      injectTimers: true,
    });
    const runner = t.catalog.runner as InProcessRunner;
    expect(runner.running()).toEqual([freeLaunchWorkflowId(id)]);
    t.clock.advance(86_400_000);
    await runner.settled(freeLaunchWorkflowId(id));
    expect(await statusOf(t, id)).toBe('live');
  });
});

const timeSkipping = timeSkippingRunnerKind.skipReason === null;
if (!timeSkipping) console.log(`skipped the free launch on Temporal: ${timeSkippingRunnerKind.skipReason}`);

describe.skipIf(!timeSkipping)('the free launch on Temporal (time-skipping server)', () => {
  it('when the catalog runs its workflows on Temporal then a free listing with its badge goes live 6 weeks later, on its Monday', async () => {
    const env = await temporalServer('time-skipping');
    t = await startCatalog({ temporalAddress: env.address, temporalTaskQueue: `catalog-test-${process.pid}` });
    const id = await aListing(t, 'pi', true);
    // the server's time when the free plan is chosen: the launch's timer runs from here (waiting on
    // the badge workflow below lets the time-skipping server jump ahead already)
    const before = await env.currentTimeMs();
    await asOwner(t, 'choose_free_listing', id);
    await env.client.workflow.getHandle(badgeWorkflowId(id)).result();
    expect(await statusOf(t, id)).toBe('scheduled');
    // the catalog's own clock moves on too: the listing aggregate checks the week has begun
    t.clock.set(MONDAY);
    await env.client.workflow.getHandle(freeLaunchWorkflowId(id)).result();
    expect(await env.currentTimeMs()).toBeGreaterThanOrEqual(before + Date.parse(MONDAY) - Date.parse(NOW) - MINUTE);
    expect(await statusOf(t, id)).toBe('live');
  }, 120_000);
});
