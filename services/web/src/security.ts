import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomHex } from '@listings/platform/random';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

/** the request's CSP nonce, where helmet's directive functions read it */
const NONCE = Symbol('csp nonce');
type WithNonce = ServerResponse & { [NONCE]?: string };
const nonceSource = (_request: IncomingMessage, response: ServerResponse) =>
  `'nonce-${(response as WithNonce)[NONCE] ?? ''}'`;

/**
 * The site's Content-Security-Policy: everything from this origin, scripts and styles only from
 * files here or elements carrying the request's nonce, no inline script or style, no plugins, no
 * framing, forms post only here. Images too come from here only: listing logos are fetched, checked
 * and stored when a listing is drafted or edited, and served from /images/ (pages/images).
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", nonceSource],
  'style-src': ["'self'", nonceSource],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * helmet's headers, built once. (@fastify/helmet builds helmet's middleware again on every request
 * to put the nonce in; with the nonce as a directive function the same headers come from one
 * middleware, about 40 µs less per request, measured on the site's smallest answer.) That
 * middleware runs once, at start, and what it did is replayed on every response (`recordHelmet`).
 */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
} as const satisfies Parameters<typeof helmet>[0];
const headers = helmet(HELMET_OPTIONS);

/** gives this response its CSP nonce (helmet's directive functions and the pages read it) */
export const setCspNonce = (response: ServerResponse, nonce: string): void => {
  (response as WithNonce)[NONCE] = nonce;
};

/** the nonce this response's CSP allows (pages put it on their script and stylesheet elements) */
export const cspNonceOf = (reply: FastifyReply): string => (reply.raw as WithNonce)[NONCE] ?? '';

/** stands for the nonce while helmet's headers are recorded (random: no header can contain it by chance) */
const NONCE_MARK = `mark${randomBytes(12).toString('hex')}`;

/**
 * What helmet does to a response, recorded once: the headers it sets (the CSP with NONCE_MARK where
 * the nonce goes) and the ones it removes. Its options are fixed, so it does the same to every
 * response but for the nonce; replaying the record costs a response a few `setHeader` calls
 * instead of helmet's eleven middlewares and the CSP built again (about 3% of a cold listing
 * page's CPU, docs/benchmarks.md). `security.test.ts` checks the replay against helmet itself.
 */
const recordHelmet = () => {
  const set: { name: string; value: string; nonced: boolean }[] = [];
  const removed: string[] = [];
  const response = {
    [NONCE]: NONCE_MARK,
    setHeader(name: string, value: string | number | readonly string[]) {
      const text = String(value);
      set.push({ name, value: text, nonced: text.includes(NONCE_MARK) });
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let failed: unknown;
  headers({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return (response: ServerResponse, nonce: string) => {
    for (const name of removed) response.removeHeader(name);
    for (const header of set)
      response.setHeader(header.name, header.nonced ? header.value.replaceAll(NONCE_MARK, nonce) : header.value);
  };
};

/** helmet's headers on every response of the web edge, with a fresh CSP nonce per request */
export const installSecurityHeaders = async (app: FastifyInstance): Promise<void> => {
  const replay = recordHelmet();
  app.addHook('onRequest', (_request, reply, done) => {
    const nonce = randomHex(16);
    setCspNonce(reply.raw, nonce);
    replay(reply.raw, nonce);
    done();
  });
};
