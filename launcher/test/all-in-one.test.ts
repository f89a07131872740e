import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from './in-process.ts';

describe('all-in-one mode', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let base: string;

  beforeAll(async () => {
    running = await startAllInOneInProcess({ PUBLIC_URL: 'http://directory.test' });
    base = running.base;
  });
  afterAll(async () => {
    await running.stop();
  });

  it('when GET /api/v1/site then catalog answers through the gateway and the bus', async () => {
    const response = await fetch(`${base}/api/v1/site`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const site = await response.json();
    expect(site).toMatchObject({
      name: expect.any(String),
      purpose: expect.any(String),
      urls: {
        site: 'http://directory.test',
        api: 'http://directory.test/api/v1',
        docs: 'http://directory.test/api/v1/docs',
        openapi: 'http://directory.test/api/v1/openapi.json',
        mcp: 'http://directory.test/mcp',
      },
      counts: { live_listings: 0, categories: 0 },
    });
  });

  it('when the public product list is read then commerce answers with prices in USD cents', async () => {
    const response = await fetch(`${base}/api/v1/products`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { slug: string; price_cents: number; currency: string }[] };
    expect(body.items.map((p) => p.slug)).toContain('launch');
    expect(body.items.every((p) => Number.isInteger(p.price_cents) && p.currency === 'USD')).toBe(true);
  });

  it('when the gateway-owned get_account is called without a credential then 401 with a Bearer challenge', async () => {
    const response = await fetch(`${base}/api/v1/me`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });
});
