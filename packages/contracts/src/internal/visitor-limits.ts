import Type from 'typebox';

/** the longest visitor key a page view names (`account:<id>`, `cookie:<id>`) */
export const VISITOR_MAX_LENGTH = 128;
/** the longest user agent the web edge passes on (longer ones are cut) */
export const USER_AGENT_MAX_LENGTH = 512;
/** the longest referrer host a page view names (a DNS name is at most 253 characters) */
export const REFERRER_HOST_MAX_LENGTH = 253;
/** the referrer of a page view that named none */
export const DIRECT_REFERRER = 'direct';

/** where a page's visitor came from: the `Referer`'s host (lower case, never its path or query), or `direct` */
export const ReferrerHost = Type.Union([
  Type.String({ minLength: 1, maxLength: REFERRER_HOST_MAX_LENGTH, pattern: '^[a-z0-9.-]+$' }),
  Type.Literal(DIRECT_REFERRER),
]);
