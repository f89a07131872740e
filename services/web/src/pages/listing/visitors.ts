import { randomBytes } from 'node:crypto';
import { DIRECT_REFERRER, NETWORK_MAX_LENGTH, REFERRER_HOST_MAX_LENGTH } from '@listings/contracts';
import { type SiteCookie, siteCookie } from '@listings/platform/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * Who a page view is from, for `record_views`: a signed-in person is their account; anyone else is
 * the random id of the visitor cookie, set on their first listing page (HttpOnly, SameSite=Lax, a
 * year; `__Host-ld_visitor` on https, like every cookie of the site). A client that keeps no cookie is
 * a new visitor each time, which catalog's per-network rule (VIEWERS_PER_NETWORK_PER_DAY) holds down.
 */
export const visitorCookie = (publicUrl: string): SiteCookie => siteCookie('ld_visitor', publicUrl);
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 86_400;

/** the visitor cookie's id when the request carries a well-formed one */
export const visitorCookieOf = (request: FastifyRequest, cookie: SiteCookie): string | null => {
  const id = request.cookies?.[cookie.name];
  return id && VISITOR_ID.test(id) ? id : null;
};

/** a new visitor id (128 random bits), set as the visitor cookie */
export const setVisitorCookie = (reply: FastifyReply, cookie: SiteCookie): string => {
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(cookie.name, id, { ...cookie.options, maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS });
  return id;
};

/**
 * The network a client address belongs to, for discounting bursts: its IPv4 /24 or IPv6 /64 (an
 * IPv4-mapped IPv6 address is its IPv4 address), written as a prefix: `203.0.113.0/24`,
 * `2001:db8:1:2::/64`. Votes take the wider IPv6 /48 (`ipv6Bits` 48: a site's allocation, not one
 * subnet; the ranking rules' network bursts).
 */
export const networkOf = (ip: string, ipv6Bits: 48 | 64 = 64): string => {
  if (!ipaddr.isValid(ip)) return (ip || 'unknown').slice(0, NETWORK_MAX_LENGTH);
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') {
    const [a, b, c] = (address as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (address as ipaddr.IPv6).parts.slice(0, ipv6Bits / 16).map((part) => part.toString(16));
  return `${parts.join(':')}::/${ipv6Bits}`;
};

/**
 * Where a page view came from, for the owner's analytics: the host of the `Referer` header alone
 * (lower case; never its path or query), or `direct` when there is none, or it is not an http(s)
 * URL with a plain host name.
 */
export const referrerHostOf = (referer: string | string[] | undefined): string => {
  if (typeof referer !== 'string' || referer === '') return DIRECT_REFERRER;
  const url = URL.parse(referer);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return DIRECT_REFERRER;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return host.length > 0 && host.length <= REFERRER_HOST_MAX_LENGTH && /^[a-z0-9.-]+$/.test(host)
    ? host
    : DIRECT_REFERRER;
};
