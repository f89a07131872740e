import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressRefusal } from './address-policy.ts';
import { createSafeFetch, OutboundRequestFailed, OutboundRequestRefused, systemLookup } from './safe-fetch.ts';

const requested: string[] = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requested.push(req.url ?? '');
    const url = req.url ?? '/';
    if (url === '/hello') {
      res.setHeader('content-type', 'text/plain');
      res.end(`hello ${req.headers['user-agent']}`);
    } else if (url.startsWith('/redirect?to=')) {
      res.statusCode = 302;
      res.setHeader('location', decodeURIComponent(url.slice('/redirect?to='.length)));
      res.end();
    } else if (url === '/loop') {
      res.statusCode = 301;
      res.setHeader('location', '/loop');
      res.end();
    } else if (url === '/big') {
      res.end('x'.repeat(5000));
    } else if (url === '/bomb') {
      res.setHeader('content-encoding', 'gzip');
      res.end(zlib.gzipSync(Buffer.alloc(1_000_000)));
    } else if (url === '/gzip') {
      res.setHeader('content-encoding', 'gzip');
      res.end(zlib.gzipSync('compressed text'));
    } else {
      res.statusCode = 404;
      res.end('nope');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const userAgent = 'ListingsBot/1.0 (+test)';

describe('address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
  ])('when the address is %s then it is refused as %s', (address, range) => {
    expect(addressRefusal(address)).toContain(range);
  });

  it('when the address is public unicast then it passes', () => {
    expect(addressRefusal('93.184.215.14')).toBeNull();
    expect(addressRefusal('2606:4700::1111')).toBeNull();
  });
});

describe('safe fetch without private networks', () => {
  const safeFetch = createSafeFetch({ allowPrivateNetworks: false, userAgent, allowedPorts: [80, 443, 0] });

  it.each([
    'http://127.0.0.1:PORT/hello',
    'http://[::1]:PORT/hello',
    'http://10.0.0.1/',
    'http://192.168.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://[::ffff:127.0.0.1]:PORT/hello',
  ])('when the URL is %s then it is refused before any connection', async (raw) => {
    const before = requested.length;
    const guarded = createSafeFetch({ allowPrivateNetworks: false, userAgent, allowedPorts: [80, port] });
    await expect(guarded(raw.replace('PORT', String(port)))).rejects.toBeInstanceOf(OutboundRequestRefused);
    expect(requested.length).toBe(before);
  });

  it('when a name resolves to loopback then it is refused at connect time', async () => {
    const before = requested.length;
    const guarded = createSafeFetch({
      allowPrivateNetworks: false,
      userAgent,
      allowedPorts: [port],
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const error = await guarded(`http://sneaky.example:${port}/hello`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRequestRefused);
    expect((error as OutboundRequestRefused).reason).toContain('loopback');
    expect(requested.length).toBe(before);
  });

  it('when any address of a name is private then it is refused', async () => {
    const guarded = createSafeFetch({
      allowPrivateNetworks: false,
      userAgent,
      lookup: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });
    await expect(guarded('http://mixed.example/')).rejects.toBeInstanceOf(OutboundRequestRefused);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/', 'data:text/plain,hi', 'not a url'])(
    'when the scheme of %s is not http(s) then it is refused',
    async (raw) => {
      await expect(safeFetch(raw)).rejects.toBeInstanceOf(OutboundRequestRefused);
    },
  );

  it('when the port is not a default one then it is refused', async () => {
    const guarded = createSafeFetch({
      allowPrivateNetworks: false,
      userAgent,
      lookup: async () => [{ address: '93.184.215.14', family: 4 }],
    });
    const error = await guarded('http://public.example:8080/').catch((e: unknown) => e);
    expect((error as OutboundRequestRefused).reason).toContain('port 8080');
  });
});

describe('redirects from a public-looking host', () => {
  // The fixture on 127.0.0.1 stands in for a public host; every other special address stays refused.
  const guarded = () =>
    createSafeFetch({
      allowPrivateNetworks: false,
      userAgent,
      allowedPorts: [80, 443, port],
      lookup: async (hostname) =>
        hostname === 'public.example'
          ? [{ address: '127.0.0.1', family: 4 }]
          : hostname === 'internal.example'
            ? [{ address: '10.0.0.1', family: 4 }]
            : [],
      addressCheck: (address) => (address === '127.0.0.1' ? null : addressRefusal(address)),
    });

  it('when the public host answers then the body arrives with the user agent sent', async () => {
    const response = await guarded()(`http://public.example:${port}/hello`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`hello ${userAgent}`);
  });

  it.each([
    ['a private IP literal', 'http://10.0.0.1/admin'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', `http://[::1]:PORT/secret`],
    ['a name resolving to a private address', 'http://internal.example/'],
    ['a file URL', 'file:///etc/passwd'],
  ])('when it redirects to %s then the hop is refused and never requested', async (_label, target) => {
    const to = encodeURIComponent(target.replace('PORT', String(port)));
    const before = requested.filter((u) => u === '/secret').length;
    const error = await guarded()(`http://public.example:${port}/redirect?to=${to}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRequestRefused);
    expect(requested.filter((u) => u === '/secret').length).toBe(before);
  });
});

describe('safe fetch with private networks allowed (tests, development)', () => {
  const safeFetch = createSafeFetch({ allowPrivateNetworks: true, userAgent, maxBytes: 1000, maxRedirects: 3 });

  it('when the fixture redirects on loopback then the redirect is followed and the final URL reported', async () => {
    const response = await safeFetch(`http://127.0.0.1:${port}/redirect?to=%2Fhello`);
    expect(await response.text()).toBe(`hello ${userAgent}`);
    expect(response.url).toBe(`http://127.0.0.1:${port}/hello`);
    expect(response.redirected).toBe(true);
  });

  it('when redirects loop then it stops after the limit', async () => {
    await expect(safeFetch(`http://127.0.0.1:${port}/loop`)).rejects.toBeInstanceOf(OutboundRequestFailed);
  });

  it('when the body is larger than allowed then it fails', async () => {
    await expect(safeFetch(`http://127.0.0.1:${port}/big`)).rejects.toThrow(/larger than 1000 bytes/);
  });

  it('when a compressed body expands past the limit then it fails', async () => {
    await expect(safeFetch(`http://127.0.0.1:${port}/bomb`)).rejects.toThrow(/larger than 1000 bytes/);
  });

  it('when the body is gzip encoded then it is decoded', async () => {
    expect(await (await safeFetch(`http://127.0.0.1:${port}/gzip`)).text()).toBe('compressed text');
  });

  it('when the scheme is not http(s) then it is still refused', async () => {
    await expect(safeFetch('file:///etc/passwd')).rejects.toBeInstanceOf(OutboundRequestRefused);
  });

  it('when nothing listens then it fails without hanging', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(safeFetch(`http://127.0.0.1:${freePort}/`)).rejects.toBeInstanceOf(OutboundRequestFailed);
  });
});

describe('names that never resolve', () => {
  it('when the host is under .invalid then the fetch fails as not found without asking DNS', async () => {
    const lookup = vi.spyOn(dns.promises, 'lookup');
    try {
      const safeFetch = createSafeFetch({ allowPrivateNetworks: false, userAgent });
      const failure = await safeFetch('https://soak.invalid/robots.txt').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(OutboundRequestFailed);
      expect((failure as OutboundRequestFailed).cause).toMatchObject({ code: 'ENOTFOUND' });
      await expect(systemLookup('INVALID.')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      expect(lookup).not.toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
  });
});
