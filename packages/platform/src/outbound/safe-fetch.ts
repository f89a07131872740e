import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { addressRefusal } from './address-policy.ts';

/** One resolved address of a host name, as `dns.lookup(..., { all: true })` gives it. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has. Tests inject one; production uses node's resolver. */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/**
 * A name under `.invalid` never resolves (RFC 6761 §6.4), and resolver libraries should answer
 * such a name at once: this one does, without asking DNS. A resolver that is slow to say so (the
 * libuv pool's 4 threads each waiting seconds) would otherwise queue every lookup behind it, and
 * each request waiting there holds its socket and TLS context.
 */
const neverResolves = (hostname: string): boolean => /(^|\.)invalid\.?$/i.test(hostname);

export const systemLookup: HostLookup = async (hostname) => {
  if (neverResolves(hostname))
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
  return (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));
};

export interface SafeFetchOptions {
  /** `true` lifts the address check (FETCH_ALLOW_PRIVATE_NETWORKS): development and tests only */
  readonly allowPrivateNetworks: boolean;
  /**
   * Ports a URL may name. Default: 80 and 443 only; when private networks are allowed and no list
   * is given, any port (so tests can reach fixture servers on ephemeral loopback ports).
   */
  readonly allowedPorts?: readonly number[];
  /** largest decoded body accepted (default 2 MiB); a larger one fails the request */
  readonly maxBytes?: number;
  /** redirects followed (default 5); every hop is checked like the first request */
  readonly maxRedirects?: number;
  /** whole request, redirects and body included (default 10 000 ms) */
  readonly timeoutMs?: number;
  /** the service's named user agent, sent on every request */
  readonly userAgent: string;
  /** host name resolution (default: node's dns.lookup) */
  readonly lookup?: HostLookup;
  /**
   * Why an address is refused, or null when it may be reached (default: `addressRefusal`, public
   * unicast only). Tests use it to stand a loopback fixture in for a public host.
   */
  readonly addressCheck?: (address: string) => string | null;
}

export interface SafeFetchInit {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  /** `follow` (default) follows checked redirects; `manual` returns the 3xx response */
  readonly redirect?: 'follow' | 'manual';
  readonly signal?: AbortSignal;
}

/** A standard `Response`; `url` is the final URL after redirects, `redirected` says whether any happened. */
export type SafeFetch = (url: string | URL, init?: SafeFetchInit) => Promise<Response>;

/** The request was not sent (or not followed) because the guard refused it; `reason` says why. */
export class OutboundRequestRefused extends Error {
  readonly url: string;
  readonly reason: string;
  constructor(url: string, reason: string) {
    super(`outbound request to ${url} refused: ${reason}`);
    this.name = 'OutboundRequestRefused';
    this.url = url;
    this.reason = reason;
  }
}

/** The request was allowed but failed: timeout, connection error, body too large, too many redirects. */
export class OutboundRequestFailed extends Error {
  readonly url: string;
  constructor(url: string, message: string, options?: { cause?: unknown }) {
    super(`outbound request to ${url} failed: ${message}`, options);
    this.name = 'OutboundRequestFailed';
    this.url = url;
  }
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * THE outbound fetch of the system: crawler, badge checks, claim checks and OAuth client metadata
 * documents all go through it. Only http and https; only allowed ports; the address every request
 * connects to (each redirect hop included) is checked at connect time, inside the socket's own DNS
 * lookup, so a name that resolves to a public address for a check and a private one for the
 * connection (DNS rebinding) cannot slip through.
 */
export const createSafeFetch = (options: SafeFetchOptions): SafeFetch => {
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const resolve = options.lookup ?? systemLookup;
  const check = options.addressCheck ?? addressRefusal;
  const ports = options.allowedPorts ?? (options.allowPrivateNetworks ? null : [80, 443]);

  const checkUrl = (url: URL): void => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundRequestRefused(url.href, `scheme ${url.protocol} is not http or https`);
    if (url.username || url.password) throw new OutboundRequestRefused(url.href, 'credentials in the URL are not sent');
    const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
    if (ports !== null && !ports.includes(port as number))
      throw new OutboundRequestRefused(url.href, `port ${port} is not allowed`);
    const host = bareHost(url);
    if (net.isIP(host) && !options.allowPrivateNetworks) {
      const refusal = check(host);
      if (refusal) throw new OutboundRequestRefused(url.href, refusal);
    }
  };

  /** node's socket lookup hook: resolve, refuse when any address is not public, hand the rest on */
  const guardedLookup =
    (href: string, refused: { error?: OutboundRequestRefused }) =>
    (hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void): void => {
      resolve(hostname).then(
        (addresses) => {
          if (addresses.length === 0)
            return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
          if (!options.allowPrivateNetworks) {
            for (const entry of addresses) {
              const refusal = check(entry.address);
              if (refusal) {
                refused.error = new OutboundRequestRefused(href, `${hostname} resolves to ${refusal}`);
                return callback(refused.error);
              }
            }
          }
          if (lookupOptions.all)
            return callback(
              null,
              addresses.map((a) => ({ address: a.address, family: a.family })),
            );
          const first = addresses[0] as ResolvedAddress;
          return callback(null, first.address, first.family);
        },
        (error: unknown) => callback(error),
      );
    };

  const once = (url: URL, init: SafeFetchInit, signal: AbortSignal): Promise<Response> =>
    new Promise<Response>((resolvePromise, reject) => {
      const refused: { error?: OutboundRequestRefused } = {};
      const headers: Record<string, string> = {
        'user-agent': options.userAgent,
        'accept-encoding': 'gzip, deflate, br',
        ...lowerKeys(init.headers ?? {}),
      };
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(
        url,
        {
          method: init.method ?? 'GET',
          headers,
          signal,
          lookup: guardedLookup(url.href, refused) as unknown as net.LookupFunction,
          agent: false,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, v);
          }
          readBody(decoded(response), maxBytes, url.href).then((body) => {
            const nullBody = status === 204 || status === 304 || (init.method ?? 'GET').toUpperCase() === 'HEAD';
            resolvePromise(
              new Response(nullBody ? null : body, { status: Math.max(200, status), headers: responseHeaders }),
            );
          }, reject);
        },
      );
      request.on('error', (error) => {
        if (refused.error) return reject(refused.error);
        if (error instanceof OutboundRequestRefused) return reject(error);
        reject(
          new OutboundRequestFailed(url.href, signal.aborted ? 'timed out or aborted' : error.message, {
            cause: error,
          }),
        );
      });
      if (init.body !== undefined) request.write(init.body);
      request.end();
    });

  return async (input, init = {}) => {
    const signal = init.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs);
    let url: URL;
    try {
      url = new URL(String(input));
    } catch {
      throw new OutboundRequestRefused(String(input), 'not an absolute URL');
    }
    let current = init;
    for (let hop = 0; ; hop += 1) {
      checkUrl(url);
      const response = await once(url, current, signal);
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null || current.redirect === 'manual') {
        return withUrl(response, url.href, hop > 0);
      }
      if (hop >= maxRedirects) throw new OutboundRequestFailed(url.href, `more than ${maxRedirects} redirects`);
      url = new URL(location, url);
      const method = (current.method ?? 'GET').toUpperCase();
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        const { body: _dropped, ...rest } = current;
        current = { ...rest, method: 'GET' };
      }
    }
  };
};

const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

const lowerKeys = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

const decoded = (response: http.IncomingMessage): Readable => {
  switch ((response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
};

/** Reads at most `maxBytes` of decoded body (so a compressed bomb is cut off too). */
const readBody = (stream: Readable, maxBytes: number, href: string): Promise<Uint8Array<ArrayBuffer>> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stream.destroy();
        reject(new OutboundRequestFailed(href, `body larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    stream.on('error', (error) => reject(new OutboundRequestFailed(href, error.message, { cause: error })));
  });

const withUrl = (response: Response, url: string, redirected: boolean): Response => {
  Object.defineProperty(response, 'url', { value: url });
  Object.defineProperty(response, 'redirected', { value: redirected });
  return response;
};
