/**
 * Claim expiry as a workflow, through the claims service with the real claim aggregate: on the
 * in-process runner with an injected clock (the 14-day timer passes when the test advances it), and
 * on the Temporal time-skipping server (the timer passes in skipped time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CLAIM_TTL_DAYS,
  getListingForClaim,
  type OperationReply,
  operationById,
  type Principal,
} from '@listings/contracts';
import { type Bus, createInProcessBus } from '@listings/platform/bus';
import { manualClockWithTimers } from '@listings/platform/clock';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import {
  stopTemporalServers,
  temporalServer,
  timeSkippingRunnerKind,
} from '@listings/platform/testing/workflow-runners';
import type { InProcessRunner } from '@listings/platform/workflows';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startClaims } from '../src/main.ts';
import { claimExpiryWorkflowId } from '../src/workflows/expiry-workflow.ts';

const DAY = 86_400_000;
const TTL = CLAIM_TTL_DAYS * DAY;
// biome-ignore lint/suspicious/noExplicitAny: tests read reply bodies freely
type Body = any;

const principal = (account: string): Principal => ({
  account_id: account,
  scopes: ['account:read', 'listings:write'],
  via: 'api_key',
});

/** a claims service on its own data dir and bus, with a fake catalog and DNS that publish what the test says */
const aClaimsService = async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'claim-expiry-'));
  const bus: Bus = createInProcessBus({ eventLogPath: path.join(dataDir, 'bus.sqlite') });
  const clock = manualClockWithTimers('2026-02-02T10:00:00.000Z');
  const txt = new Map<string, string[][]>();
  const listings = new Map<string, { listing_id: number }>();
  await bus.serve(getListingForClaim.subject, async (request) => {
    const slug = (request as { slug: string }).slug;
    const found = listings.get(slug);
    return found
      ? {
          status: 200,
          body: {
            ...found,
            slug,
            status: 'live',
            url: `https://${slug}.example/`,
            owners: ['founder'],
            verified: false,
          },
        }
      : { status: 404, problem: { type: 'x', title: 'Not found', status: 404, detail: 'no listing' } };
  });
  let service: Awaited<ReturnType<typeof startClaims>> | null = null;
  const start = async (workflows?: { temporalAddress: string; temporalTaskQueue: string }) => {
    service = await startClaims({
      bus,
      logger: silentLogger(),
      config: { dataDir, publicUrl: 'https://listings.test', fetchAllowPrivateNetworks: true },
      overrides: { clock, timers: clock.timers, resolveTxt: async (name) => txt.get(name) ?? [] },
      ...(workflows ? { workflows } : {}),
    });
    return service;
  };
  const call = async (operationId: string, account: string, input: { params?: object; body?: object }) => {
    const op = operationById(operationId);
    if (!op) throw new Error(operationId);
    const reply = (await bus.request(op.subject, {
      operation_id: operationId,
      principal: principal(account),
      params: input.params ?? {},
      query: {},
      ...(input.body ? { body: input.body } : {}),
    })) as OperationReply;
    return { status: reply.status, body: ('body' in reply ? reply.body : reply.problem) as Body };
  };
  /** a listing and a dns claim on it by `account` */
  const claim = async (slug: string, account: string) => {
    const listingId = listings.size + 1;
    listings.set(slug, { listing_id: listingId });
    const started = await call('claim_listing', account, { body: { slug, method: 'dns' } });
    expect(started.status).toBe(200);
    const token = /listings-verification=([0-9a-f]+)/.exec(started.body.instructions)?.[1] as string;
    return { claimId: started.body.claim_id as number, listingId, slug, token };
  };
  /** the claim events its listing's stream holds, by type */
  const eventTypes = async (listingId: number): Promise<string[]> => {
    const store = openSqliteEventStore({ path: path.join(dataDir, 'claims', 'events.sqlite') });
    try {
      return (await store.readStream(`listing-claims-${listingId}`)).map((e) => e.type);
    } finally {
      await store.close();
    }
  };
  return {
    clock,
    txt,
    start,
    call,
    claim,
    eventTypes,
    /** the in-process runner of the claim expiries */
    runner: () => service?.runner as unknown as InProcessRunner,
    stop: async () => {
      await service?.stop();
      service = null;
    },
    close: async () => {
      await service?.stop();
      await bus.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const services: Awaited<ReturnType<typeof aClaimsService>>[] = [];
const aService = async () => {
  const made = await aClaimsService();
  services.push(made);
  return made;
};
afterEach(async () => {
  for (const made of services.splice(0)) await made.close();
});
afterAll(stopTemporalServers);

describe('claim expiry on the in-process runner (injected clock)', () => {
  it('when 14 days pass without verification then the workflow records the claim expired, once, and not a minute before', async () => {
    const claims = await aService();
    await claims.start();
    const { claimId, listingId } = await claims.claim('slow-co', 'frank');
    const id = claimExpiryWorkflowId(claimId);
    expect(claims.runner().running()).toContain(id);
    claims.clock.advance(TTL - 60_000);
    expect(claims.runner().running()).toContain(id);
    expect(await claims.eventTypes(listingId)).not.toContain('ClaimExpired');
    claims.clock.advance(60_000);
    await claims.runner().settled(id);
    expect((await claims.eventTypes(listingId)).filter((type) => type === 'ClaimExpired')).toHaveLength(1);
    const verify = await claims.call('verify_claim', 'frank', { params: { claim_id: claimId } });
    expect(verify.body.status).toBe('expired');
  });

  it('when the claim was verified before its expiry then the workflow leaves it alone', async () => {
    const claims = await aService();
    await claims.start();
    const { claimId, listingId, slug, token } = await claims.claim('quick-co', 'grace');
    claims.txt.set(`${slug}.example`, [[`listings-verification=${token}`]]);
    const verified = await claims.call('verify_claim', 'grace', { params: { claim_id: claimId } });
    expect(verified.body.status).toBe('verified');
    claims.clock.advance(TTL + 60_000);
    await claims.runner().settled(claimExpiryWorkflowId(claimId));
    expect(await claims.eventTypes(listingId)).toEqual(['ClaimStarted', 'ClaimVerified']);
  });

  it('when the service restarts mid-wait then the open claim’s workflow starts again and expires it on time', async () => {
    const claims = await aService();
    await claims.start();
    const { claimId, listingId } = await claims.claim('restart-co', 'heidi');
    await claims.stop();
    claims.clock.advance(TTL - DAY);
    await claims.start();
    const id = claimExpiryWorkflowId(claimId);
    expect(claims.runner().running()).toEqual([id]);
    claims.clock.advance(DAY - 60_000);
    expect(claims.runner().running()).toEqual([id]);
    claims.clock.advance(60_000);
    await claims.runner().settled(id);
    expect(await claims.eventTypes(listingId)).toEqual(['ClaimStarted', 'ClaimExpired']);
    // a claim no longer open is not watched after the next restart
    await claims.stop();
    await claims.start();
    expect(claims.runner().running()).toEqual([]);
  });
});

const timeSkipping = timeSkippingRunnerKind.skipReason === null;
if (!timeSkipping) console.log(`skipped claim expiry on Temporal: ${timeSkippingRunnerKind.skipReason}`);

describe.skipIf(!timeSkipping)('claim expiry on Temporal (time-skipping server)', () => {
  it('when the claims service runs its workflows on Temporal then a pending claim is recorded expired 14 days later', async () => {
    const env = await temporalServer('time-skipping');
    const claims = await aService();
    await claims.start({ temporalAddress: env.address, temporalTaskQueue: `claims-test-${process.pid}` });
    const { claimId, listingId } = await claims.claim('temporal-co', 'ivan');
    const before = await env.currentTimeMs();
    // the service's own clock moves on too: the aggregate checks the claim is due
    claims.clock.advance(TTL);
    await env.client.workflow.getHandle(claimExpiryWorkflowId(claimId)).result();
    expect(await env.currentTimeMs()).toBeGreaterThanOrEqual(before + TTL - 60_000);
    expect(await claims.eventTypes(listingId)).toEqual(['ClaimStarted', 'ClaimExpired']);
  }, 120_000);
});
