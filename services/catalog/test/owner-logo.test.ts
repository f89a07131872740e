import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { imageDigestOf } from '@listings/contracts';
import { initialsLogoSvg, normaliseLogo, openImageStore } from '@listings/platform/images';
import { createSafeFetch } from '@listings/platform/outbound';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Reply, startTestCatalog, type TestCatalog } from './support.ts';

/**
 * Issue #30 item 6: an owner replaces the listing's logo through update_my_listing; the image is
 * fetched through the safe fetch (private networks allowed here, as FETCH_ALLOW_PRIVATE_NETWORKS
 * does, to reach the loopback site), checked and kept on our origin; what is not an image is a 400
 * naming the field.
 */
const OWNER = 'account-owner';
let t: TestCatalog;
let site: http.Server;
let origin: string;

const asOwner = async (operation: string, input: { params?: object; body?: unknown } = {}) =>
  (await t.bus.request(`catalog.${operation}`, {
    operation_id: operation,
    principal: { account_id: OWNER, scopes: ['account:read', 'listings:write'], via: 'api_key' },
    params: input.params ?? {},
    query: {},
    ...(input.body !== undefined ? { body: input.body } : {}),
  })) as Reply;

beforeAll(async () => {
  const png = Buffer.from(await normaliseLogo(new TextEncoder().encode(initialsLogoSvg('New Logo'))));
  site = http.createServer((request, response) => {
    if (request.url === '/new-logo.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (request.url === '/page.png')
      return void response.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><title>no</title>');
    if (request.url === '/huge.png')
      return void response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(3 * 1024 * 1024));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await startTestCatalog({
    safeFetch: createSafeFetch({ allowPrivateNetworks: true, userAgent: 'ListingsDirectoryTest/1.0' }),
  });
});
afterAll(async () => {
  await t.stop();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

let drafts = 0;
const ownedListing = async () => {
  const saved = await t.internal('save_listing_from_draft', {
    listing_id: null,
    draft_id: `00000000-0000-4000-9000-${String(++drafts).padStart(12, '0')}`,
    owner_account_ids: [OWNER],
    profile: { url: 'https://www.acme-logo.test', name: 'Acme Logo', tagline: 'Logos for all' },
  });
  expect(saved.status).toBe(200);
  return saved.body.listing_id as number;
};

describe('an owner replaces the logo (update_my_listing fields.logo_url)', () => {
  it('when the URL is an image then our copy is stored and the listing names it on our origin; "" removes it', async () => {
    const id = await ownedListing();
    const edited = await asOwner('update_my_listing', {
      params: { listing_id: id },
      body: { fields: { logo_url: `${origin}/new-logo.png` } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.logo_url).toMatch(/^http:\/\/directory\.test\/images\/[0-9a-f]{64}\.png$/);
    const stored = Buffer.from(
      await openImageStore({ dataDir: t.dir }).get(`sha256:${imageDigestOf(edited.body.logo_url)}`),
    );
    expect(stored.subarray(1, 4).toString('latin1')).toBe('PNG');
    const mine = await asOwner('get_my_listing', { params: { listing_id: id } });
    expect(mine.body.logo_url).toBe(edited.body.logo_url);

    const removed = await asOwner('update_my_listing', {
      params: { listing_id: id },
      body: { fields: { logo_url: '' } },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.logo_url ?? null).toBeNull();
  });

  it('when the URL is not an image or too big then the answer is 400 naming fields.logo_url and nothing changes', async () => {
    const id = await ownedListing();
    for (const [path, words] of [
      ['/page.png', 'not an image'],
      ['/huge.png', 'larger than'],
      ['/missing.png', 'answered 404'],
    ] as const) {
      const refused = await asOwner('update_my_listing', {
        params: { listing_id: id },
        body: { fields: { logo_url: `${origin}${path}` } },
      });
      expect(refused.status, path).toBe(400);
      expect(JSON.stringify(refused.problem)).toContain('body.fields.logo_url');
      expect(JSON.stringify(refused.problem)).toContain(words);
    }
    const mine = await asOwner('get_my_listing', { params: { listing_id: id } });
    expect(mine.body.logo_url ?? null).toBeNull();
  });
});
