import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInProcessBus } from '@listings/platform/bus';
import { freePort } from '@listings/platform/testing/free-port';
import type { FastifyInstance } from 'fastify';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './support.ts';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) console.warn(`skipping the API reference browser test: ${CHROMIUM} is not installed`);

/**
 * The API reference page opened at another origin than PUBLIC_URL (127.0.0.1 while PUBLIC_URL
 * says localhost, as a newcomer often does): "Try it" must reach the API, not fail on CORS.
 */
describe.skipIf(!available)('the API reference page in a headless browser', () => {
  const bus = createInProcessBus();
  const profile = mkdtempSync(path.join(tmpdir(), 'chromium-profile-'));
  let app: FastifyInstance;
  let context: BrowserContext;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    app = await buildTestApp(bus, { config: { publicUrl: `http://localhost:${port}` } });
    await app.listen({ port, host: '127.0.0.1' });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await app?.close();
    await bus.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('when the page is opened at 127.0.0.1 and PUBLIC_URL is localhost then "Try it" calls 127.0.0.1 and shows the answer', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/me')) calls.push(request.url());
    });
    await page.goto(`http://127.0.0.1:${port}/api/v1/docs/`);
    await page.locator('#operations-account-get_account .opblock-summary').click();
    await page.locator('#operations-account-get_account .try-out__btn').click();
    await page.locator('#operations-account-get_account .execute').click();
    // no credential: the API's own 401, shown as the live response (a CORS failure shows no status)
    const status = page.locator('#operations-account-get_account .live-responses-table tbody .response-col_status');
    await expect(status.first().textContent({ timeout: 10_000 })).resolves.toContain('401');
    expect(calls).toEqual([`http://127.0.0.1:${port}/api/v1/me`]);
  }, 60_000);
});
