import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { imageDigestOf } from '@listings/contracts';
import { initialsLogoSvg, normaliseLogo, openImageStore } from '@listings/platform/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { ALICE, callOperation, pollDraft, settledStatus, startTestDrafting } from './support/harness.ts';

/**
 * Issue #30 item 6: the logo a draft finds is fetched at draft time through the safe fetch
 * (FETCH_ALLOW_PRIVATE_NETWORKS lets this test reach its loopback site), checked, stored in the
 * images bucket (LogoStored), and the listing the draft becomes shows that copy; the draft's own
 * logo_url stays the URL the site states. A logo that is not an image is not kept, and an owner
 * typing one gets a 400 naming the field.
 */
const homepage = (icon: string) =>
  `<html><head><title>Iconic</title><link rel="apple-touch-icon" href="${icon}"></head>` +
  '<body><h1>Iconic</h1><p>Iconic draws icons for busy teams.</p></body></html>';

let server: Server;
let origin: string;
let env: Awaited<ReturnType<typeof startTestDrafting>>;
let catalog: Awaited<ReturnType<typeof serveFakeCatalog>>;

beforeAll(async () => {
  const png = Buffer.from(await normaliseLogo(new TextEncoder().encode(initialsLogoSvg('Iconic'))));
  const routes: Record<string, { type: string; body: string | Buffer }> = {
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
    '/good/': { type: 'text/html', body: homepage('/good/apple-touch-icon.png') },
    '/good/apple-touch-icon.png': { type: 'image/png', body: png },
    '/bad/': { type: 'text/html', body: homepage('/bad/apple-touch-icon.png') },
    '/bad/apple-touch-icon.png': { type: 'image/png', body: '<!doctype html><p>a page, not a logo</p>' },
  };
  server = createServer((request, response) => {
    const route = routes[(request.url ?? '/').split('?')[0] as string];
    if (!route) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<p>not found</p>');
    response.writeHead(200, { 'content-type': route.type }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env = await startTestDrafting();
  catalog = await serveFakeCatalog(env.bus);
});
afterAll(async () => {
  await catalog.stop();
  await env.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const draftOf = async (url: string) => {
  const started = await callOperation(env.bus, 'submit_listing', ALICE, { body: { url } });
  expect(started.status).toBe(201);
  return pollDraft(env.bus, ALICE, started.body.id, settledStatus);
};
const submitted = async (id: string) => {
  const reply = await callOperation(env.bus, 'submit_draft', ALICE, { params: { id } });
  expect(reply.status).toBe(200);
  return catalog.listings.get(reply.body.listing_id);
};
const isStoredPng = async (url: string) => {
  const stored = Buffer.from(await openImageStore({ dataDir: env.dataDir }).get(`sha256:${imageDigestOf(url)}`));
  return [stored.subarray(1, 4).toString('latin1'), stored.readUInt32BE(16), stored.readUInt32BE(20)];
};
const OUR_IMAGE = /^http:\/\/localhost:3000\/images\/[0-9a-f]{64}\.png$/;

describe('the logo of a drafted site', () => {
  it('when the site names an image as its logo then a copy is stored at draft time and the listing shows it from our origin', async () => {
    const draft = await draftOf(`${origin}/good/`);
    expect(draft.status).toBe('ready');
    // the draft keeps the fact as the site states it, with its evidence: the attribute as served
    expect(draft.fields.logo_url.value).toBe(`${origin}/good/apple-touch-icon.png`);
    expect(draft.fields.logo_url.evidence).toEqual([
      { quote: 'href="/good/apple-touch-icon.png"', url: `${origin}/good/` },
    ]);
    const listing = await submitted(draft.id);
    expect(listing?.profile.logo_url).toMatch(OUR_IMAGE);
    expect(await isStoredPng(String(listing?.profile.logo_url))).toEqual(['PNG', 256, 256]);
  });

  it('when the "logo" is a page served as image/png then no copy is kept and the listing shows no logo', async () => {
    const draft = await draftOf(`${origin}/bad/`);
    expect(draft.status).toBe('ready');
    const listing = await submitted(draft.id);
    expect(listing?.profile.logo_url).toBeUndefined();
  });

  it('when an owner types a logo URL that is not an image then the edit is refused with a 400 naming the field; an image is stored and the listing shows it', async () => {
    const draft = await draftOf(`${origin}/bad/`);
    await submitted(draft.id);
    const refused = await callOperation(env.bus, 'update_draft', ALICE, {
      params: { id: draft.id },
      body: { fields: { logo_url: `${origin}/bad/apple-touch-icon.png?again` } },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.problem)).toContain('body.fields.logo_url');
    expect(JSON.stringify(refused.problem)).toContain('not an image');
    const accepted = await callOperation(env.bus, 'update_draft', ALICE, {
      params: { id: draft.id },
      body: { fields: { logo_url: `${origin}/good/apple-touch-icon.png` } },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.fields.logo_url).toMatchObject({
      value: `${origin}/good/apple-touch-icon.png`,
      state: 'edited',
    });
    const listing = [...catalog.listings.values()].find((saved) => saved.draft_id === draft.id);
    expect(listing?.profile.logo_url).toMatch(OUR_IMAGE);
  });
});
