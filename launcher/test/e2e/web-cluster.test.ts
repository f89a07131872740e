import { natsServerAvailable } from '@listings/platform/testing/nats-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_START_TIMEOUT_MS, startClusterOverNats, tempDataDir } from '../support.ts';

const available = natsServerAvailable();
if (!available) console.warn('web cluster test skipped: nats-server is not on the PATH (apt-get install nats-server)');

/** Cluster mode: the site is its own process on WEB_PORT and reaches the catalog over a real nats-server. */
describe.skipIf(!available)('the site in cluster mode', () => {
  const data = tempDataDir();
  let cluster: Awaited<ReturnType<typeof startClusterOverNats>>;
  let site: string;

  beforeAll(async () => {
    cluster = await startClusterOverNats({ DATA_DIR: data.dir, DEMO_DATA: 'on' });
    site = `http://127.0.0.1:${cluster.webPort}`;
  }, CLUSTER_START_TIMEOUT_MS);
  afterAll(async () => {
    await cluster?.stop();
    data.remove();
  });

  it('when a listing page is asked of the web process then it answers with the listing the catalog process holds', async () => {
    expect(cluster.webPort).toBeGreaterThan(0);
    expect(cluster.webPort).not.toBe(cluster.port);
    const search = await fetch(`http://127.0.0.1:${cluster.port}/api/v1/listings?sort=votes&per_page=1`);
    const [top] = ((await search.json()) as { items: { slug: string; name: string }[] }).items;
    const page = await fetch(`${site}/listings/${top?.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(await page.text()).toContain(`<h1>${top?.name}</h1>`);
  });

  it('when a listing logo is asked of the web process then the catalog process reads it from the images bucket over NATS and the site serves it', async () => {
    const search = await fetch(`http://127.0.0.1:${cluster.port}/api/v1/listings?sort=votes&per_page=1`);
    const [top] = ((await search.json()) as { items: { logo_url: string }[] }).items;
    const digest = /\/images\/([0-9a-f]{64})\.png$/.exec(top?.logo_url ?? '')?.[1];
    expect(digest, top?.logo_url).toBeDefined();
    for (const path of [`/images/${digest}.png`, `/images/${digest}/48.png`]) {
      const image = await fetch(`${site}${path}`);
      expect(image.status, path).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(
        Buffer.from(await image.arrayBuffer())
          .subarray(1, 4)
          .toString('latin1'),
      ).toBe('PNG');
    }
  });

  it('when an unknown path is asked of the web process then it answers with the HTML 404 page and its search box', async () => {
    const page = await fetch(`${site}/no/such/page`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("'nonce-");
    expect(await page.text()).toContain('action="/search"');
  });

  it('when a person signs up with a password on the web process then identity (in the gateway process) makes the account and the session works there', async () => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const signIn = await fetch(`${site}/signin`);
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('content-security-policy')).toContain("'nonce-");
    const made = await fetch(`${site}/signup`, {
      method: 'POST',
      headers,
      redirect: 'manual',
      body: new URLSearchParams({ email: 'cluster@example.com', password: 'a long enough password' }).toString(),
    });
    expect(made.status).toBe(303);
    const session = made.headers
      .getSetCookie()
      .find((c) => c.startsWith('ld_session='))
      ?.split(';')[0] as string;
    const me = await fetch(`${site}/me`, { headers: { cookie: session } });
    expect(me.status).toBe(200);
    expect(await me.text()).toContain('cluster@example.com');
  });

  it('when the checkout, invite and claim link pages are asked of the web process then it answers them, and the gateway has no HTML of its own for them', async () => {
    const checkout = await fetch(`${site}/checkout/ORD-00000000000000000000`, { redirect: 'manual' });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get('location')).toBe(
      `/signin/email?next=${encodeURIComponent('/checkout/ORD-00000000000000000000')}`,
    );
    const invite = await fetch(`${site}/invites/00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`);
    expect(invite.status).toBe(404);
    expect(invite.headers.get('content-security-policy')).toContain("'nonce-");
    expect(await invite.text()).toContain('Invite not found');
    const claim = await fetch(`${site}/claims/verify-email?token=${'A'.repeat(43)}`);
    expect(claim.status).toBe(200);
    expect(await claim.text()).toContain('Verify my claim');
    for (const path of [
      '/signin',
      '/signup',
      '/account/api-keys',
      '/checkout/ORD-00000000000000000000',
      `/invites/x`,
      `/claims/verify-email?token=${'A'.repeat(43)}`,
    ]) {
      const gateway = await fetch(`http://127.0.0.1:${cluster.port}${path}`, { redirect: 'manual' });
      expect(gateway.status, path).toBe(404);
      expect(gateway.headers.get('content-type'), path).not.toContain('text/html');
    }
  });
});
