import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';
import { natsServerAvailable } from '@listings/platform/testing/nats-server';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAllInOne } from '../../src/all-in-one.ts';
import { apiKeysFor, startClusterOverNats } from '../support.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
const json = async (response: Response): Promise<any> => response.json();

interface Running {
  readonly port: number;
  /** cluster mode: the site's own process (the claim link page is the site's) */
  readonly webPort?: number;
  stop(): Promise<void>;
}

/** the service's settings in both modes: a loopback product site may be fetched */
const SETTINGS = {
  PORT: '0',
  DEMO_DATA: 'off',
  LOG_LEVEL: 'silent',
  FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
  PUBLIC_URL: 'http://directory.test',
};

/** Claims through REST: a listing made from a loopback site, claimed by meta tag. */
const claimsFlow = (mode: string, start: (dataDir: string) => Promise<Running>, skip = false) =>
  describe.skipIf(skip)(`claims through REST (${mode})`, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'claims-rest-'));
    let running: Running;
    let base: string;
    /** where the site's pages are: the same server in all-in-one mode, the web process in cluster mode */
    let pages: string;
    let site: ProductSite;
    let siteUrl: string;
    let meta = '';
    const keys: Record<'a' | 'b', string> = { a: '', b: '' };

    beforeAll(async () => {
      site = await startProductSite((requestPath) =>
        requestPath === '/'
          ? `<!doctype html><head><title>Acme Widgets</title>${meta}</head><h1>Acme Widgets</h1><p>Widgets for teams.</p>`
          : null,
      );
      siteUrl = site.url;
      running = await start(dataDir);
      base = `http://127.0.0.1:${running.port}`;
      pages = `http://127.0.0.1:${running.webPort ?? running.port}`;
      Object.assign(keys, await apiKeysFor(dataDir, ['a', 'b'], ['account:read', 'listings:write']));
    }, 60_000);
    afterAll(async () => {
      await running?.stop();
      await site?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const api = (who: 'a' | 'b' | null, method: string, url: string, body?: unknown) =>
      fetch(`${base}/api/v1${url}`, {
        method,
        headers: {
          ...(who ? { authorization: `Bearer ${keys[who]}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });

    it('when the owner of a listing publishes the meta tag then verify_claim verifies it; B sees none of it', async () => {
      // a listing of A's, made through the drafting operations from the loopback site
      const draft = await json(await api('a', 'POST', '/drafts', { url: siteUrl }));
      // polled as a client would: every 50 ms (a tight loop would spend the key's rate limit), each read a 200
      let ready = draft;
      await vi.waitFor(
        async () => {
          const polled = await api('a', 'GET', `/drafts/${draft.id}`);
          expect(polled.status).toBe(200);
          ready = await json(polled);
          expect(['crawling', 'drafting']).not.toContain(ready.status);
        },
        { timeout: 60_000, interval: 50 },
      );
      const named = await api('a', 'PATCH', `/drafts/${draft.id}`, { fields: { name: 'Acme Widgets' } });
      expect(named.status, JSON.stringify(await named.clone().json())).toBe(200);
      expect((await api('a', 'POST', `/drafts/${draft.id}/submit`)).status).toBe(200);

      expect((await api(null, 'POST', '/claims', { slug: 'acme-widgets', method: 'meta' })).status).toBe(401);
      const bad = await api('a', 'POST', '/claims', { slug: 'acme-widgets', method: 'email' });
      expect(bad.status).toBe(400);
      // the listing is not published: to anyone but its owners it does not exist
      expect((await api('b', 'POST', '/claims', { slug: 'acme-widgets', method: 'meta' })).status).toBe(404);

      const created = await api('a', 'POST', '/claims', { slug: 'acme-widgets', method: 'meta' });
      const claim = await json(created);
      expect(created.status, JSON.stringify(claim)).toBe(200);
      expect(claim).toMatchObject({ slug: 'acme-widgets', method: 'meta', status: 'pending' });
      const tag = /<meta name="listings-verification" content="[0-9a-f]+">/.exec(claim.instructions)?.[0] as string;
      expect(tag).toBeTruthy();

      const notYet = await json(await api('a', 'POST', `/claims/${claim.claim_id}/verify`));
      expect(notYet).toMatchObject({ status: 'pending', last_check: { passed: false } });

      const stolen = await api('b', 'POST', `/claims/${claim.claim_id}/verify`);
      const unknown = await api('b', 'POST', '/claims/987654/verify');
      expect(stolen.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect((await json(stolen)).detail.replace(String(claim.claim_id), '<id>')).toBe(
        (await json(unknown)).detail.replace('987654', '<id>'),
      );

      meta = tag;
      const verified = await json(await api('a', 'POST', `/claims/${claim.claim_id}/verify`));
      expect(verified.status).toBe('verified');

      const listed = await json(await api('a', 'GET', '/claims?per_page=5'));
      expect(listed).toMatchObject({
        page: 1,
        per_page: 5,
        total: 1,
        items: [{ claim_id: claim.claim_id, status: 'verified' }],
      });
      expect(await json(await api('b', 'GET', '/claims'))).toMatchObject({ total: 0, items: [] });
      // verified already: a new claim has nothing to prove
      expect((await api('a', 'POST', '/claims', { slug: 'acme-widgets', method: 'dns' })).status).toBe(409);
    }, 60_000);

    it('when the emailed link page is opened with a malformed or unknown token then it verifies nothing', async () => {
      expect((await fetch(`${pages}/claims/verify-email?token=nope`)).status).toBe(400);
      const form = await fetch(`${pages}/claims/verify-email?token=${'A'.repeat(43)}`);
      expect(form.status).toBe(200);
      expect(form.headers.get('content-security-policy')).toContain("'nonce-");
      expect(form.headers.get('referrer-policy')).toBe('no-referrer');
      const text = await form.text();
      expect(text).toContain('<form method="post" action="/claims/verify-email">');
      expect(text).toContain(`<input type="hidden" name="token" value="${'A'.repeat(43)}"/>`);
      const posted = await fetch(`${pages}/claims/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `token=${'A'.repeat(43)}`,
      });
      expect(posted.status).toBe(404);
      expect(await posted.text()).toContain('This link is not valid.');
      // a form from another site is refused before anything is asked
      const crossSite = await fetch(`${pages}/claims/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        body: `token=${'A'.repeat(43)}`,
      });
      expect(crossSite.status).toBe(403);
    });
  });

claimsFlow('all-in-one', (dataDir) =>
  startAllInOne(loadConfig({ ...SETTINGS, DATA_DIR: dataDir }), silentLogger(), { host: '127.0.0.1' }),
);

const natsAvailable = natsServerAvailable();
if (!natsAvailable)
  console.warn('cluster claims flow skipped: nats-server is not on the PATH (apt-get install nats-server)');
claimsFlow('cluster over NATS', (dataDir) => startClusterOverNats({ ...SETTINGS, DATA_DIR: dataDir }), !natsAvailable);
