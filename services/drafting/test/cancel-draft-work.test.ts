import { cancelDraftWork, DRAFT_CANCELLED_REASON, type OperationReply, type Principal } from '@listings/contracts';
import { createSafeFetch, type SafeFetch } from '@listings/platform/outbound';
import { temporalAvailable } from '@listings/platform/testing/temporal-server';
import { stopTemporalServers, temporalServer } from '@listings/platform/testing/workflow-runners';
import type { InProcessRunner } from '@listings/platform/workflows';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Drafter } from '../src/adapters/drafter.ts';
import { createExtractiveDrafter } from '../src/adapters/extractive-drafter.ts';
import { draftWorkflowId } from '../src/application/workflow-ids.ts';
import { userAgentFor } from '../src/main.ts';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { type FixtureSite, startFixtureSite } from './support/fixture-site.ts';
import {
  ALICE,
  ANONYMOUS,
  BOB,
  callOperation,
  pollDraft,
  settledStatus,
  startTestDrafting,
} from './support/harness.ts';

let site: FixtureSite;
let env: Awaited<ReturnType<typeof startTestDrafting>>;
let catalog: Awaited<ReturnType<typeof serveFakeCatalog>>;
/** the signal of every page request the crawler made (crawlee fetches pages through the safe fetch) */
const pageSignals: AbortSignal[] = [];
/** while set, a redraft (fewer keys than a whole profile) waits for it: the redraft is then in flight */
let redraftGate: Promise<void> | null = null;
let redraftStarted: () => void = () => {};

const cancel = async (draftId: string, principal: Principal) =>
  (await env.bus.request(cancelDraftWork.subject, { draft_id: draftId, principal })) as OperationReply & {
    // biome-ignore lint/suspicious/noExplicitAny: tests read reply bodies freely
    body?: any;
  };
const submit = async () => {
  const reply = await callOperation(env.bus, 'submit_listing', ALICE, { body: { url: site.url } });
  expect(reply.status).toBe(201);
  return reply.body.id as string;
};

const recordingSafeFetch = (): SafeFetch => {
  const safeFetch = createSafeFetch({
    allowPrivateNetworks: true,
    userAgent: userAgentFor('http://localhost:3000'),
    maxBytes: 2 * 1024 * 1024,
    maxRedirects: 5,
    timeoutMs: 120_000,
  });
  return (url, init) => {
    if (init?.signal && String(init.headers?.accept ?? '').startsWith('text/html')) pageSignals.push(init.signal);
    return safeFetch(url, init);
  };
};

beforeAll(async () => {
  site = await startFixtureSite();
  const recording = recordingSafeFetch();
  const extractive = createExtractiveDrafter();
  const drafter: Drafter = {
    ...extractive,
    draft: async (input) => {
      if (input.keys.length === 1 && redraftGate) {
        redraftStarted();
        await redraftGate;
      }
      return extractive.draft(input);
    },
  };
  // a page timeout far beyond the test's: only the cancel can end a held page request in time
  env = await startTestDrafting({
    overrides: { safeFetch: recording, drafter, crawlLimits: { timeoutMs: 120_000 } },
  });
  catalog = await serveFakeCatalog(env.bus);
});
afterAll(async () => {
  site.release();
  await catalog.stop();
  await env.stop();
  await site.close();
  await stopTemporalServers();
});

/** cancels a draft whose crawl is held mid-page; `ended` resolves when its workflow has ended */
const cancelMidCrawl = async (ended: (draftId: string) => Promise<unknown>) => {
  pageSignals.length = 0;
  site.hold(); // pages hang: the crawl is in flight
  const id = await submit();
  await vi.waitFor(() => expect(pageSignals.length).toBeGreaterThan(0), { timeout: 20_000 });
  expect(pageSignals.some((signal) => signal.aborted)).toBe(false);
  expect(await cancel(id, ALICE)).toMatchObject({ status: 200, body: { draft_id: id, cancelled: true } });
  // the crawl stops while the site still holds its pages: its requests are aborted, the workflow ends
  await vi.waitFor(() => expect(pageSignals.every((signal) => signal.aborted)).toBe(true), { timeout: 10_000 });
  await ended(id);
  const requestedAtEnd = site.requested.length;
  site.release();
  const draft = await pollDraft(env.bus, ALICE, id, settledStatus);
  expect(draft).toMatchObject({ status: 'failed', failure_reason: DRAFT_CANCELLED_REASON, pages: [] });
  expect(site.requested.length).toBe(requestedAtEnd);
  return { id, draft };
};

describe('drafting.internal.cancel_draft_work', () => {
  it('when the owner cancels a draft mid-crawl then its page requests are aborted, the workflow ends and the draft is failed "cancelled by the client"', async () => {
    const runner = env.service.runner as InProcessRunner;
    const { id, draft } = await cancelMidCrawl((draftId) => runner.settled(draftWorkflowId(draftId)));
    // idempotent: cancelling again changes nothing
    expect(await cancel(id, ALICE)).toMatchObject({ status: 200, body: { draft_id: id, cancelled: false } });
    expect(await pollDraft(env.bus, ALICE, id, settledStatus)).toEqual(draft);
  });

  it('when the owner cancels a draft that is ready then it stays ready (nothing is running); others cannot cancel it', async () => {
    const id = await submit();
    const ready = await pollDraft(env.bus, ALICE, id, settledStatus);
    expect(ready.status).toBe('ready');
    // only the owner, signed in
    expect((await cancel(id, ANONYMOUS)).status).toBe(401);
    expect((await cancel(id, BOB)).status).toBe(404);
    // #27 item 9a: the owner's read-only credential does not stop the work (it needs listings:write)
    expect((await cancel(id, { ...ALICE, scopes: ['account:read'] })).status).toBe(403);
    expect(await cancel(id, ALICE)).toMatchObject({ status: 200, body: { cancelled: false } });
    expect(await pollDraft(env.bus, ALICE, id, settledStatus)).toEqual(ready);
  });

  it('when a redraft is cancelled then it is abandoned, what the drafter still returns is not recorded, and the draft keeps its fields', async () => {
    const id = await submit();
    const ready = await pollDraft(env.bus, ALICE, id, settledStatus);
    let open: () => void = () => {};
    redraftGate = new Promise((resolve) => {
      open = resolve;
    });
    const started = new Promise<void>((resolve) => {
      redraftStarted = resolve;
    });
    const edited = await callOperation(env.bus, 'update_draft', ALICE, {
      params: { id },
      body: { regenerate: ['tagline'] },
    });
    expect(edited.status).toBe(200);
    await started;
    expect(await cancel(id, ALICE)).toMatchObject({ status: 200, body: { cancelled: true } });
    const cancelled = await pollDraft(env.bus, ALICE, id, (d) => d.regenerating.length === 0);
    redraftGate = null;
    open();
    const runner = env.service.runner as InProcessRunner;
    const redrafts = () => runner.running().filter((w) => w.startsWith(`${draftWorkflowId(id)}-regenerate-`));
    await vi.waitFor(() => expect(redrafts()).toEqual([]), { timeout: 10_000 });
    const after = await pollDraft(env.bus, ALICE, id, settledStatus);
    expect(after).toEqual(cancelled);
    expect(after.status).toBe('ready');
    expect(after.fields.name).toEqual(ready.fields.name);
  });
});

const temporal = temporalAvailable('dev', 'cancelling draft work on Temporal');
describe.skipIf(!temporal)('drafting.internal.cancel_draft_work on Temporal (dev server, a real worker)', () => {
  it('when the owner cancels a draft mid-crawl then the crawl activity aborts its page requests and the workflow completes', async () => {
    const server = await temporalServer('dev');
    const inProcess = env;
    env = await startTestDrafting({
      env: { TEMPORAL_ADDRESS: server.address, TEMPORAL_TASK_QUEUE: `drafting-cancel-${process.pid}` },
      overrides: { safeFetch: recordingSafeFetch(), crawlLimits: { timeoutMs: 120_000 } },
    });
    const temporalCatalog = await serveFakeCatalog(env.bus);
    try {
      await cancelMidCrawl((id) => server.client.workflow.getHandle(draftWorkflowId(id)).result());
    } finally {
      await temporalCatalog.stop();
      await env.stop();
      env = inProcess;
    }
  }, 90_000);
});
