import path from 'node:path';
import { openSqliteIdentityStore } from '@listings/identity/store';
import { systemClock } from '@listings/platform/clock';
import { openPersonalDataVault, revealPersonalData } from '@listings/platform/personal-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runCli, type StartedProcess, startAllInOneProcess, tempDataDir } from './support.ts';

describe('operator CLI', () => {
  const data = tempDataDir();
  let service: StartedProcess;
  let base: string;
  const env = () => ({ DATA_DIR: data.dir, DEMO_DATA: 'off', LOG_LEVEL: 'info' });

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    service = startAllInOneProcess({ ...env(), PORT: String(port), PUBLIC_URL: base });
    await service.listening;
  }, 60_000);
  afterAll(async () => {
    await service?.interrupt();
    data.remove();
  });

  const cli = (...args: string[]) => runCli(env(), ...args);

  it('when a key is created then it is alone on the last stdout line and works at once on the running service', async () => {
    const result = await cli('api-key', 'create', '--email', 'x@example.com', '--scopes', 'account:read');
    expect(result.code).toBe(0);
    const key = result.stdout.trimEnd().split('\n').at(-1) as string;
    expect(key).toMatch(/^ldk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);

    const me = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: 'x@example.com',
      credential: { type: 'api_key', scopes: ['account:read'] },
    });
    // the scope is what was asked for, nothing more
    const submit = await fetch(`${base}/api/v1/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com' }),
    });
    expect(submit.status).toBe(403);
  });

  it('when the scopes are wrong or missing then it says so clearly and exits non-zero, creating nothing', async () => {
    const bad = await cli('api-key', 'create', '--email', 'y@example.com', '--scopes', 'account:read,admin:all');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('unknown scope "admin:all"');
    expect(bad.stderr).toContain('scopes: account:read, listings:write, orders:write');
    expect(bad.stdout).not.toMatch(/ldk_/);

    const none = await cli('api-key', 'create', '--email', 'y@example.com');
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('--scopes needs at least one scope');

    const email = await cli('api-key', 'create', '--email', 'not-an-email', '--scopes', 'account:read');
    expect(email.code).not.toBe(0);
    expect(email.stderr).toContain('--email must be an email address');
  });

  it('when a key name the account uses is given again then it exits non-zero naming --name; without a name a number is added', async () => {
    const first = await cli(
      'api-key',
      'create',
      '--email',
      'n@example.com',
      '--scopes',
      'account:read',
      '--name',
      'ci',
    );
    expect(first.code).toBe(0);
    const again = await cli(
      'api-key',
      'create',
      '--email',
      'n@example.com',
      '--scopes',
      'account:read',
      '--name',
      'CI',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('--name: you already have an API key named "CI"');
    expect(again.stdout).not.toMatch(/ldk_/);
    // the default name twice: both keys are made, the second one numbered
    expect((await cli('api-key', 'create', '--email', 'n@example.com', '--scopes', 'account:read')).code).toBe(0);
    expect((await cli('api-key', 'create', '--email', 'n@example.com', '--scopes', 'account:read')).code).toBe(0);
  });

  it('when the operator sets a price then the running service quotes it at once; mistakes are said, not applied', async () => {
    const priceOf = async (slug: string) => {
      const products = (await (await fetch(`${base}/api/v1/products`)).json()) as {
        items: { slug: string; price_cents: number }[];
      };
      return products.items.find((p) => p.slug === slug)?.price_cents;
    };
    const set = await cli('product', 'set-price', 'launch', '5900');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('launch costs 5900 cents');
    expect(await priceOf('launch')).toBe(5900);
    expect((await cli('product', 'set-price', 'launch', '5900')).stdout).toContain('(unchanged)');
    expect((await cli('product', 'list')).stdout).toMatch(/^launch\t5900 cents\t/m);

    const unknown = await cli('product', 'set-price', 'nope', '100');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no product nope');
    const cents = await cli('product', 'set-price', 'launch', '12.50');
    expect(cents.code).toBe(2);
    expect(cents.stderr).toContain('<cents> must be a whole number >= 0');
    expect(await priceOf('launch')).toBe(5900);

    expect((await cli('shop', 'set-launch-capacity', '5')).code).toBe(0);
    const country = await cli('shop', 'set-seller-country', 'IRL');
    expect(country.code).toBe(1);
    expect(country.stderr).toContain('must be two capital letters');
    expect((await cli('shop', 'nothing')).code).toBe(2);
  });

  it('when the operator sets the order hold then it is said; out of range it is refused', async () => {
    const hold = await cli('shop', 'set-order-hold', '45');
    expect([hold.code, hold.stdout.trim()]).toEqual([0, 'an unpaid order holds its launch week slots for 45 minutes']);
    const noHold = await cli('shop', 'set-order-hold', '0');
    expect(noHold.code).toBe(1);
    expect(noHold.stderr).toContain('minutes: must be a whole number of minutes from 1 to 1440');
    expect((await cli('shop', 'set-order-hold', '30')).code).toBe(0);
  });

  it('when an account is granted the operator role then its key reaches the operator operations at once; revoked, 403 again', async () => {
    const key = (await cli('api-key', 'create', '--email', 'op@example.com', '--scopes', 'account:read')).stdout
      .trimEnd()
      .split('\n')
      .at(-1) as string;
    const queue = () => fetch(`${base}/api/v1/admin/queue`, { headers: { authorization: `Bearer ${key}` } });
    expect((await queue()).status).toBe(403);

    const granted = await cli('account', 'grant-operator', '--email', 'op@example.com');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain('op@example.com');
    expect(granted.stdout).toContain('is an operator');
    const answer = await queue();
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ submissions: expect.any(Array), reports: expect.any(Array) });
    expect((await cli('account', 'grant-operator', '--email', 'op@example.com')).stdout).toContain('(unchanged)');

    expect((await cli('account', 'revoke-operator', '--email', 'op@example.com')).code).toBe(0);
    expect((await queue()).status).toBe(403);
    expect((await cli('account', 'grant-operator', '--email', 'nobody@example.com')).code).toBe(1);
    expect((await cli('account', 'grant-operator', '--email', 'not-an-email')).code).toBe(2);
  });

  it('when an account is erased then its keys stop working and the addresses its events sealed can no longer be read', async () => {
    const created = await cli(
      'api-key',
      'create',
      '--email',
      'erase-me@example.com',
      '--scopes',
      'account:read,listings:write',
    );
    expect(created.code).toBe(0);
    const key = created.stdout.trimEnd().split('\n').at(-1) as string;
    const api = (method: string, route: string, body?: object) =>
      fetch(`${base}/api/v1${route}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const draft = (await (await api('POST', '/drafts', { url: 'https://example.com' })).json()) as { id: string };
    const invited = await api('POST', `/drafts/${draft.id}/invites`, { email: 'cofounder@example.org' });
    expect(invited.status).toBe(201);
    expect(
      ((await (await api('GET', `/drafts/${draft.id}`)).json()) as { invites: { email: string }[] }).invites,
    ).toEqual([expect.objectContaining({ email: 'cofounder@example.org' })]);
    // the log holds the address sealed, never in clear
    const exported = await cli('events', 'export', '--service', 'drafting');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain('CofounderInvited');
    expect(exported.stdout).not.toContain('cofounder@example.org');
    const sealed = (
      exported.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; data: { email: string } })
        .find((e) => e.type === 'CofounderInvited') as { data: { email: string } }
    ).data.email;

    const erased = await cli('account', 'erase', '--email', 'erase-me@example.com');
    expect(erased.code).toBe(0);
    expect(erased.stdout).toContain('erased account');
    expect((await api('GET', '/me')).status).toBe(401);
    const vault = openPersonalDataVault({ path: path.join(data.dir, 'drafting', 'personal-data.sqlite') });
    try {
      expect(await revealPersonalData(vault, sealed)).toBeNull();
    } finally {
      await vault.close();
    }
    // the address can start afresh, and erasing again finds nobody
    expect((await cli('account', 'erase', '--email', 'erase-me@example.com')).code).toBe(1);
    expect((await cli('account', 'erase', '--email', 'not-an-email')).code).toBe(2);
  });

  it('when an account is suspended and restored then identity says so with the reason, and the catalog is told (#31)', async () => {
    expect((await cli('api-key', 'create', '--email', 'ring@example.com', '--scopes', 'account:read')).code).toBe(0);
    const suspended = await cli('account', 'suspend', '--email', 'ring@example.com', '--reason', 'vote ring');
    expect(suspended.code, suspended.stderr).toBe(0);
    expect(suspended.stdout).toMatch(
      /account \S+ is suspended\n0 standing vote\(s\) discounted: account suspended by operators/,
    );
    const store = openSqliteIdentityStore({ file: path.join(data.dir, 'identity.sqlite'), clock: systemClock });
    try {
      expect(await store.findAccountForSignIn('ring@example.com')).toMatchObject({
        suspendedAt: expect.any(String),
        suspensionReason: 'vote ring',
      });
      expect((await cli('account', 'suspend', '--email', 'ring@example.com', '--reason', 'again')).stdout).toContain(
        '(unchanged)',
      );
      const restored = await cli('account', 'restore', '--email', 'ring@example.com', '--reason', 'appeal upheld');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(/is restored\n$/);
      const ring = await store.findAccountForSignIn('ring@example.com');
      expect(ring).toMatchObject({ suspendedAt: null, suspensionReason: null });
      // each change (not the unchanged one) is in the running service's audit, by the CLI's operator
      const auditor = (
        await cli('api-key', 'create', '--email', 'auditor@example.com', '--scopes', 'account:read')
      ).stdout
        .trimEnd()
        .split('\n')
        .at(-1) as string;
      expect((await cli('account', 'grant-operator', '--email', 'auditor@example.com')).code).toBe(0);
      const audited = async () => {
        const r = await fetch(`${base}/api/v1/admin/actions?per_page=100`, {
          headers: { authorization: `Bearer ${auditor}` },
        });
        const body = (await r.json()) as {
          items: { account_id: string | null; action: string; operator: string; reason: string }[];
        };
        return body.items.filter((a) => a.account_id === ring?.id).map((a) => [a.action, a.operator, a.reason]);
      };
      await expect.poll(audited).toEqual([
        ['account_restored', 'operator-cli', 'appeal upheld'],
        ['account_suspended', 'operator-cli', 'vote ring'],
      ]);
    } finally {
      await store.close();
    }
    expect((await cli('account', 'suspend', '--email', 'ring@example.com')).code).toBe(2);
    expect((await cli('account', 'suspend', '--email', 'nobody@example.com', '--reason', 'x')).code).toBe(1);
  });
});
