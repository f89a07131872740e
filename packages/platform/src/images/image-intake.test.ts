import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IMAGE_MAX_BYTES, LOGO_STORED_SIDE } from '@listings/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryBlobStore } from '../blobs/memory-blob-store.ts';
import { createSafeFetch } from '../outbound/safe-fetch.ts';
import { ImageRefused } from './image-checks.ts';
import { createImageIntake } from './image-intake.ts';
import { initialsLogoSvg } from './initials-logo.ts';
import { createLogoServer } from './logo-server.ts';

const PUBLIC_URL = 'http://directory.test';

/** a loopback "product site" serving images, and things that only pretend to be */
let server: Server;
let site: string;
const routes = new Map<string, { type: string; body: Uint8Array | string }>();

beforeAll(async () => {
  const png = await sharp({ create: { width: 64, height: 32, channels: 4, background: '#3366cc' } })
    .png()
    .toBuffer();
  // 5000×5000 of one colour: a few KiB on the wire, 25 million pixels decoded
  const bomb = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  routes.set('/logo.png', { type: 'image/png', body: png });
  routes.set('/page-as-png.png', { type: 'image/png', body: '<!doctype html><html><body>not a logo</body></html>' });
  routes.set('/evil.svg', {
    type: 'image/svg+xml',
    body:
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">' +
      '<script>alert(document.cookie)</script><rect width="100" height="100" fill="#c00" onload="alert(1)"/>' +
      '<image href="file:///etc/hostname" width="10" height="10"/><image xlink:href="http://169.254.169.254/latest" width="10" height="10"/></svg>',
  });
  routes.set('/huge.png', { type: 'image/png', body: new Uint8Array(IMAGE_MAX_BYTES + 1024) });
  routes.set('/bomb.png', { type: 'image/png', body: bomb });
  server = createServer((request, response) => {
    const route = routes.get(request.url ?? '');
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': route.type }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const intake = () => {
  const store = openMemoryBlobStore();
  // tests reach the loopback fixture the way FETCH_ALLOW_PRIVATE_NETWORKS=true lets them
  const safeFetch = createSafeFetch({ allowPrivateNetworks: true, userAgent: 'ListingsDirectoryBot/1.0 (test)' });
  return { store, images: createImageIntake({ safeFetch, store, publicUrl: PUBLIC_URL }) };
};

const refusal = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRefused);
  return (error as ImageRefused).reason;
};

describe('image intake', () => {
  it('when a logo is fetched from a site, then a square PNG we wrote is stored under its content hash and named on our origin', async () => {
    const { store, images } = intake();
    const stored = await images.logoFromUrl(`${site}/logo.png`);
    expect(stored.url).toBe(`${PUBLIC_URL}/images/${stored.digest}.png`);
    const bytes = await store.get(`sha256:${stored.digest}`);
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe('image/png');
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([LOGO_STORED_SIDE, LOGO_STORED_SIDE]);
    // the same logo again is the same blob
    expect((await images.logoFromUrl(`${site}/logo.png`)).digest).toBe(stored.digest);
  });

  it('when HTML is served as image/png, then the type sniffed from the bytes refuses it', async () => {
    const { images } = intake();
    expect(await refusal(images.logoFromUrl(`${site}/page-as-png.png`))).toMatch(/not an image/);
  });

  it('when an SVG carries a script and external references, then it is rasterised to a PNG and nothing of the SVG is kept', async () => {
    const { store, images } = intake();
    const stored = await images.logoFromUrl(`${site}/evil.svg`);
    const bytes = await store.get(`sha256:${stored.digest}`);
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe('image/png');
    expect(Buffer.from(bytes).includes('script')).toBe(false);
    expect(Buffer.from(bytes).includes('alert')).toBe(false);
    // the red square was drawn
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([data[(128 * 256 + 128) * 4], data[(128 * 256 + 128) * 4 + 1]]).toEqual([204, 0]);
  });

  it('when a file is larger than the limit, then it is refused', async () => {
    const { images } = intake();
    expect(await refusal(images.logoFromUrl(`${site}/huge.png`))).toMatch(/larger than/);
  });

  it('when an image decodes to more pixels than the limit, then it is refused before it is decoded', async () => {
    const { images } = intake();
    expect(await refusal(images.logoFromUrl(`${site}/bomb.png`))).toMatch(/5000×5000, more than/);
  });

  it('when a logo address is not public and private networks are not allowed, then the guard refuses it', async () => {
    const store = openMemoryBlobStore();
    const safeFetch = createSafeFetch({
      allowPrivateNetworks: false,
      allowedPorts: [Number(new URL(site).port)],
      userAgent: 't',
    });
    const images = createImageIntake({ safeFetch, store, publicUrl: PUBLIC_URL });
    expect(await refusal(images.logoFromUrl(`${site}/logo.png`))).toMatch(/cannot be fetched/);
  });

  it('when the address answers 404, then it is refused', async () => {
    const { images } = intake();
    expect(await refusal(images.logoFromUrl(`${site}/missing.png`))).toMatch(/answered 404/);
  });
});

describe('a logo of ours', () => {
  it('when the URL given is already our stored copy then it is kept as it is, with no fetch', async () => {
    const store = openMemoryBlobStore();
    const fetched: string[] = [];
    const images = createImageIntake({
      safeFetch: async (url) => {
        fetched.push(String(url));
        throw new Error('no fetch expected');
      },
      store,
      publicUrl: PUBLIC_URL,
    });
    const stored = await images.logoFromBytes(initialsLogoSvg('Kept Logo'));
    expect(await images.logoFromUrl(stored.url)).toEqual(stored);
    expect(fetched).toEqual([]);
  });
});

describe('generated logos and serving sizes', () => {
  it('when a demo listing has no logo, then its initials on a colour make one', async () => {
    const { store, images } = intake();
    expect(initialsLogoSvg('Ledger Lark')).toContain('>LL</text>');
    expect(initialsLogoSvg('FlowPilot')).toContain('>FP</text>');
    const stored = await images.logoFromBytes(initialsLogoSvg('Ledger Lark'));
    const logos = createLogoServer(store);
    const small = await logos.get(stored.digest, 48);
    expect(small).not.toBeNull();
    const meta = await sharp(small?.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 48, 48]);
    expect(small?.etag).toBe(`"${stored.digest}-48"`);
    expect(await logos.get(stored.digest, 50)).toBeNull();
    expect(await logos.get('0'.repeat(64))).toBeNull();
  });
});
