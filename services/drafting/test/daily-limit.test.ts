import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { startFixtureSite } from './support/fixture-site.ts';
import { ALICE, BOB, callOperation, principalOf, startTestDrafting } from './support/harness.ts';

describe('drafts per account per day (DRAFTS_PER_ACCOUNT_PER_DAY)', () => {
  let env: Awaited<ReturnType<typeof startTestDrafting>>;
  let site: Awaited<ReturnType<typeof startFixtureSite>>;
  beforeAll(async () => {
    site = await startFixtureSite();
    env = await startTestDrafting({
      dailyLimits: { draftsPerAccount: 2, claimsPerAccount: 10, apiKeysPerAccount: 20, reportsPerAccount: 20 },
    });
    await serveFakeCatalog(env.bus);
  });
  afterAll(async () => {
    await env.stop();
    await site.close();
  });
  const submit = (principal = ALICE, key?: string) =>
    callOperation(env.bus, 'submit_listing', principal, {
      body: { url: site.url },
      ...(key ? { idempotencyKey: key } : {}),
    });

  it('when an account starts more drafts than the day allows then 429 names the limit; a retry of a counted one is free', async () => {
    const first = await submit(ALICE, 'day-1');
    expect(first.status).toBe(201);
    expect((await submit()).status).toBe(201);
    const third = await submit();
    expect(third.status).toBe(429);
    expect(third.problem.detail).toContain('at most 2 times a day (DRAFTS_PER_ACCOUNT_PER_DAY)');
    expect(third.problem.detail).toContain('00:00 UTC');
    // the same Idempotency-Key names the draft it made: not a new one, not refused
    const again = await submit(ALICE, 'day-1');
    expect([again.status, again.body.id]).toEqual([201, first.body.id]);
    // another account has its own allowance
    expect((await submit(BOB)).status).toBe(201);
  });

  it('when one account sends 8 drafts at once then exactly the allowance is started', async () => {
    const carol = principalOf('acct-carol');
    const replies = await Promise.all(Array.from({ length: 8 }, () => submit(carol)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(2);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(6);
    const mine = await callOperation(env.bus, 'list_my_drafts', carol, {});
    expect(mine.body.total).toBe(2);
  });
});
