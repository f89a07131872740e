export { type AuthenticationClient, createAuthenticationClient } from './authentication-client.ts';
export {
  type EdgeConfig,
  fastifyTrustProxy,
  loadEdgeConfig,
  parseTrustProxy,
  type TrustProxy,
  trustFunctionOf,
} from './config.ts';
export { type EdgeStores, openEdgeStores, rateLimitCounterTtlMs } from './edge-stores.ts';
export { atEndOfTurn, endOfTurn, writeAtEndOfTurn } from './end-of-turn.ts';
export { FORBIDDEN_KEYS, forbiddenKeyErrors, mayHoldForbiddenKey } from './forbidden-keys.ts';
export { type FrontDoor, type FrontDoorLabels, type FrontDoorServerOptions, frontDoorServer } from './front-door.ts';
export {
  connectNatsIdempotencyStore,
  createMemoryIdempotencyStore,
  type IdempotencyOptions,
  type IdempotencyRecord,
  type IdempotencyStore,
  type IdempotentOutcome,
  type ParsedIdempotencyKey,
  parseIdempotencyKey,
  requestFingerprint,
  runIdempotent,
  type StoredResponse,
} from './idempotency.ts';
export {
  COOKIE_KEY_MIN_LENGTH,
  type HiddenIdentitySecrets,
  type IdentitySecrets,
  newCookieKey,
  newIdentitySecrets,
  newSigningKey,
  parseCookieKeys,
  parseJwks,
  SIGNING_ALGORITHMS,
} from './identity-secrets.ts';
export { type LoggedRequest, loggablePath, REDACTED, SECRET_PATH_PARAMS } from './loggable-path.ts';
export { type NatsKvBucket, openNatsKvBucket } from './nats-kv.ts';
export { connectNatsRateLimitCounter } from './nats-rate-limit-counter.ts';
export {
  createMemoryRateLimitCounter,
  createRateLimiter,
  type RateLimitCounter,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitPolicy,
  rateLimitHeaders,
  rateLimitPolicyValue,
  rateLimitValue,
} from './rate-limit.ts';
export {
  type Answer,
  createReadCache,
  isPublicRead,
  type ReadCache,
  type ReadCacheOptions,
} from './read-cache.ts';
export { RETRY_AFTER_OUTAGE_SECONDS, retryAfterOnOutage } from './retry-after.ts';
export { type SiteCookie, sessionCookie, siteCookie } from './site-cookies.ts';
