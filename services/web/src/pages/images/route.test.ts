import { getImage, LOGO_SIZES } from '@listings/contracts';
import { openMemoryBlobStore } from '@listings/platform/blobs';
import { createInProcessBus } from '@listings/platform/bus';
import { createImageIntake, createLogoServer, initialsLogoSvg } from '@listings/platform/images';
import { silentLogger } from '@listings/platform/logger';
import type { SafeFetch } from '@listings/platform/outbound';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../app.ts';
import { IMAGE_CACHE_CONTROL } from './route.ts';

const PUBLIC_URL = 'http://directory.test';

/** a PNG's signature and its width and height, read from its IHDR chunk */
const pngHeader = (bytes: Buffer) => ({
  png: bytes.subarray(1, 4).toString('latin1') === 'PNG',
  width: bytes.readUInt32BE(16),
  height: bytes.readUInt32BE(20),
});

describe('logos served from our origin (/images/)', () => {
  const bus = createInProcessBus();
  const store = openMemoryBlobStore();
  let app: FastifyInstance;
  let digest: string;
  let stored: Uint8Array;
  let asked = 0;

  beforeAll(async () => {
    const noFetch: SafeFetch = () => Promise.reject(new Error('no fetch in this test'));
    const logo = await createImageIntake({ safeFetch: noFetch, store, publicUrl: PUBLIC_URL }).logoFromBytes(
      initialsLogoSvg('Acme Widgets'),
    );
    digest = logo.digest;
    stored = await store.get(`sha256:${digest}`);
    // a stand-in for the catalog's get_image (catalog serves it the same way: createLogoServer over the bucket)
    const logos = createLogoServer(store);
    await bus.serve(getImage.subject, async (request) => {
      asked += 1;
      const { digest: wanted, size } = request as { digest: string; size?: number };
      const served = await logos.get(wanted, size);
      return served
        ? { status: 200, body: { png_base64: Buffer.from(served.bytes).toString('base64'), etag: served.etag } }
        : { status: 404, problem: { type: 'about:blank', title: 'Not Found', status: 404 } };
    });
    app = await buildWebApp({ bus, publicUrl: PUBLIC_URL, logger: silentLogger() });
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('when the stored logo is asked for then its bytes are served as a PNG with a strong ETag, a year of immutable cache and nosniff', async () => {
    const response = await app.inject({ method: 'GET', url: `/images/${digest}.png` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toBe(`"${digest}-stored"`);
    expect(Buffer.compare(response.rawPayload, Buffer.from(stored))).toBe(0);
  });

  it('when a size the site shows is asked for then a square PNG of that size is served', async () => {
    for (const size of LOGO_SIZES) {
      const response = await app.inject({ method: 'GET', url: `/images/${digest}/${size}.png` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers.etag).toBe(`"${digest}-${size}"`);
      expect(pngHeader(response.rawPayload)).toEqual({ png: true, width: size, height: size });
    }
  });

  it('when If-None-Match names the ETag then the answer is 304 with no body', async () => {
    const first = await app.inject({ method: 'GET', url: `/images/${digest}/48.png` });
    const again = await app.inject({
      method: 'GET',
      url: `/images/${digest}/48.png`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const other = await app.inject({
      method: 'GET',
      url: `/images/${digest}/48.png`,
      headers: { 'if-none-match': `"${digest}-96"` },
    });
    expect(other.statusCode).toBe(200);
  });

  it('when an image was served once then the edge keeps it: the catalog is asked once per image and size', async () => {
    const noFetch: SafeFetch = () => Promise.reject(new Error('no fetch in this test'));
    const other = await createImageIntake({ safeFetch: noFetch, store, publicUrl: PUBLIC_URL }).logoFromBytes(
      initialsLogoSvg('Other Listing'),
    );
    const before = asked;
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ method: 'GET', url: `/images/${other.digest}/144.png` })).statusCode).toBe(200);
    expect(asked - before).toBe(1);
  });

  it('when the catalog does not answer then the answer is 503 with Retry-After, not 404', async () => {
    const lone = createInProcessBus();
    const alone = await buildWebApp({
      bus: lone,
      publicUrl: PUBLIC_URL,
      logger: silentLogger(),
      requestTimeoutMs: 200,
    });
    const response = await alone.inject({ method: 'GET', url: `/images/${digest}.png` });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['cache-control']).toBe('no-store');
    await alone.close();
    await lone.close();
  });

  it('when the image, the size or the name is unknown then the answer is 404', async () => {
    for (const url of [
      `/images/${'0'.repeat(64)}.png`,
      `/images/${digest}/50.png`,
      '/images/../etc/passwd',
      `/images/${digest}.svg`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('when a page is served then its CSP allows images from this origin only', async () => {
    const page = await app.inject({ method: 'GET', url: `/images/${digest}.png` });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self'");
    expect(csp).not.toMatch(/img-src[^;]*https:/);
  });
});
