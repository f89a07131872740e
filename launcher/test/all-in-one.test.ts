import { silentLogger } from '@listings/platform/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOne } from '../src/all-in-one.ts';
import { tempDataDir, testConfig } from './support.ts';

describe('all-in-one mode', () => {
  const data = tempDataDir();
  let running: Awaited<ReturnType<typeof startAllInOne>>;
  let base: string;

  beforeAll(async () => {
    running = await startAllInOne(
      testConfig({ PORT: '0', DATA_DIR: data.dir, PUBLIC_URL: 'http://directory.test' }),
      silentLogger(),
      {
        host: '127.0.0.1',
      },
    );
    base = `http://127.0.0.1:${running.port}`;
  });
  afterAll(async () => {
    await running.stop();
    data.remove();
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

  it('when an operation has no handler yet then 501 problem+json names it', async () => {
    const response = await fetch(`${base}/api/v1/products`);
    expect(response.status).toBe(501);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(((await response.json()) as { detail: string }).detail).toContain('list_products');
  });

  it('when the gateway-owned get_account is called without a credential then 401 with a Bearer challenge', async () => {
    const response = await fetch(`${base}/api/v1/me`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });
});
