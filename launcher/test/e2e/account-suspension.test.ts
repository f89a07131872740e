import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { ageAccount } from '../support.ts';
import { formClient, hidden, mailedPath } from './web-support.ts';

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;

interface Entry {
  listing: string;
  voter: string;
  weight: number;
  reason: string | null;
}

/**
 * #31 item 6 through the REST API (suspend_account, restore_account) and the site's votes: an
 * operator suspends an account by its email; its standing vote on the running week is discounted
 * and its next vote weighs 0, both `account_suspended` in the vote ledger; restored, a new vote counts.
 */
describe('operators suspend and restore an account (all-in-one, demo votes)', () => {
  let running: Running;
  let slugs: string[];
  const keys: Record<'operator' | 'member', string> = { operator: '', member: '' };
  const ids: Record<'operator' | 'member', string> = { operator: '', member: '' };

  beforeAll(async () => {
    running = await startAllInOneInProcess({ DEMO_DATA: 'on' });
    const board = (await (await fetch(`${running.base}/api/v1/leaderboards/community-weekly?per_page=100`)).json()) as {
      items: { listing: { slug: string } }[];
    };
    slugs = board.items.map((item) => item.listing.slug);
    for (const who of ['operator', 'member'] as const) {
      const { account } = await running.identity.store.ensureAccount(`${who}@example.com`);
      ids[who] = account.id;
      if (who === 'operator') await running.identity.store.setRole(account.id, 'operator', true);
      keys[who] = (
        await running.identity.store.createApiKey({
          accountId: account.id,
          name: who,
          scopes: ['account:read', 'listings:write'],
        })
      ).key;
    }
  }, 120_000);
  afterAll(() => running?.stop());

  const post = async (who: 'operator' | 'member', path: string, body: unknown) => {
    const response = await fetch(`${running.base}/api/v1/admin/accounts/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys[who]}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** this week's vote ledger, every page (any date of the week names it) */
  const ledger = async (): Promise<Entry[]> => {
    const week = new Date().toISOString().slice(0, 10);
    const all: Entry[] = [];
    for (let page = 1; ; page++) {
      const r = (await (
        await fetch(`${running.base}/api/v1/launches/weeks/${week}/ledger?per_page=100&page=${page}`)
      ).json()) as { items: Entry[]; total: number };
      all.push(...r.items);
      if (all.length >= r.total || r.items.length === 0) return all;
    }
  };

  /** a person signed in on the site by the mailed link */
  const signedIn = async (email: string) => {
    const c = formClient(running.base);
    const form = await c.go('/signin/email?next=/me');
    await c.go('/signin/email', {
      method: 'POST',
      form: { email, next: '/me', form_id: hidden(form.text, 'form_id') },
    });
    const link = await mailedPath(running.dataDir, email, '/signin/link');
    const token = new URLSearchParams(link.split('?')[1]).get('token') as string;
    expect(await c.go('/signin/link', { method: 'POST', form: { token } })).toMatchObject({ status: 303 });
    return c;
  };

  /** a person signed in on the site, their account made old enough to vote in full */
  const oldVoter = async (email: string) => {
    const c = await signedIn(email);
    await ageAccount(running, email);
    const csrf = hidden((await c.go('/me')).text, 'csrf');
    return {
      vote: async (slug: string) =>
        expect((await c.go(`/listings/${slug}/vote`, { method: 'POST', form: { csrf } })).status).toBe(303),
    };
  };

  it('when someone who is not an operator suspends or restores an account then it is 403, and nothing changes', async () => {
    for (const path of ['suspend', 'restore']) {
      const r = await post('member', path, { email: 'operator@example.com', reason: 'vote ring' });
      expect(r.status).toBe(403);
      expect(r.body.detail).toMatch(/operator role/);
    }
    const anonymous = await fetch(`${running.base}/api/v1/admin/accounts/suspend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'operator@example.com', reason: 'vote ring' }),
    });
    expect(anonymous.status).toBe(401);
    // the operator's own account was not suspended by those attempts
    expect((await post('operator', 'restore', { email: 'operator@example.com', reason: 'check' })).body).toMatchObject({
      suspended: false,
      changed: false,
    });
  });

  it('when an operator names an unknown email then it is 404; a reason too short is 400 naming body.reason', async () => {
    const unknown = await post('operator', 'suspend', { email: 'nobody@example.com', reason: 'vote ring' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain('nobody@example.com');
    const short = await post('operator', 'suspend', { email: 'member@example.com', reason: 'no' });
    expect(short.status).toBe(400);
    expect((short.body.errors as { field: string }[]).map((e) => e.field)).toContain('body.reason');
    const noEmail = await post('operator', 'restore', { reason: 'appeal upheld' });
    expect(noEmail.status).toBe(400);
    expect((noEmail.body.errors as { field: string }[]).map((e) => e.field)).toContain('body.email');
  });

  it('when an operator suspends a voter then its standing vote and its next vote weigh 0 (account_suspended); restored, a new vote counts', async () => {
    expect(slugs.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = slugs as [string, string, string];
    const voter = await oldVoter('ringleader@example.com');
    await voter.vote(first);
    const standing = (await ledger()).filter((e) => e.listing === first).at(-1) as Entry;
    expect(standing).toMatchObject({ weight: 1, reason: null });
    const mine = (entries: Entry[]) => entries.filter((e) => e.voter === standing.voter);

    const suspended = await post('operator', 'suspend', { email: 'ringleader@example.com', reason: 'vote ring' });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({
      email: 'ringleader@example.com',
      suspended: true,
      changed: true,
      votes_discounted: 1,
    });
    await voter.vote(second);
    expect(mine(await ledger()).map((e) => [e.listing, e.weight, e.reason])).toEqual([
      [first, 0, 'account_suspended'],
      [second, 0, 'account_suspended'],
    ]);
    // again: nothing changes, no vote left to discount
    expect(
      (await post('operator', 'suspend', { email: 'ringleader@example.com', reason: 'vote ring' })).body,
    ).toMatchObject({ suspended: true, changed: false, votes_discounted: 0 });

    const restored = await post('operator', 'restore', { email: 'ringleader@example.com', reason: 'appeal upheld' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ suspended: false, changed: true, votes_discounted: 0 });
    await voter.vote(third);
    expect(mine(await ledger()).map((e) => [e.listing, e.weight, e.reason])).toEqual([
      [first, 0, 'account_suspended'],
      [second, 0, 'account_suspended'],
      [third, 1, null],
    ]);
  });

  it('when an operator suspends and restores an account then the audit lists both with the operator and the reason; a suspension that changes nothing adds no row', async () => {
    const audited = async () => {
      const r = await fetch(`${running.base}/api/v1/admin/actions?per_page=100`, {
        headers: { authorization: `Bearer ${keys.operator}` },
      });
      expect(r.status).toBe(200);
      const body = (await r.json()) as { items: Record<string, unknown>[] };
      return body.items.filter((a) => a.account_id === ids.member);
    };
    expect(await audited()).toEqual([]);
    const who = { email: 'member@example.com' };
    expect((await post('operator', 'suspend', { ...who, reason: 'spam votes' })).body).toMatchObject({ changed: true });
    expect((await post('operator', 'suspend', { ...who, reason: 'spam votes again' })).body).toMatchObject({
      changed: false,
    });
    expect((await post('operator', 'restore', { ...who, reason: 'appeal upheld' })).body).toMatchObject({
      changed: true,
    });
    const rows = await audited();
    expect(rows.map((a) => [a.action, a.operator, a.reason])).toEqual([
      ['account_restored', ids.operator, 'appeal upheld'],
      ['account_suspended', ids.operator, 'spam votes'],
    ]);
    expect(rows[0]).toMatchObject({ listing_id: null, slug: null, category: null, order: null });
    // the audit page shows them, the account acted on included
    const page = await (await signedIn('operator@example.com')).go('/admin/audit');
    expect(page.status).toBe(200);
    for (const text of ['Account suspended', 'Account restored', `account ${ids.member}`, 'appeal upheld'])
      expect(page.text).toContain(text);
    // a member is not shown the audit
    const member = await fetch(`${running.base}/api/v1/admin/actions`, {
      headers: { authorization: `Bearer ${keys.member}` },
    });
    expect(member.status).toBe(403);
  });
});
