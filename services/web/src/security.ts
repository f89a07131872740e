import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The site's Content-Security-Policy: everything from this origin, scripts and styles only from
 * files here or elements carrying the request's nonce (helmet adds `'nonce-…'` per request), no
 * inline script or style, no plugins, no framing, forms post only here. Logos and screenshots are
 * the listings' own https images.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'https:', 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** helmet's headers on every response of the web edge, with a fresh CSP nonce per request */
export const installSecurityHeaders = async (app: FastifyInstance): Promise<void> => {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // same-origin images, and the listings' own logos from elsewhere
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
};
