import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { ConfigError, type Environment } from '../environment.ts';
import { Secret } from '../mail/mail-settings.ts';
import { type HiddenIdentitySecrets, parseCookieKeys, parseJwks } from './identity-secrets.ts';
import type { RateLimitPolicy } from './rate-limit.ts';

/**
 * Which proxies in front of an edge may name the client in `X-Forwarded-For` (TRUST_PROXY):
 * nobody (`false`: the socket's address is the client), the nearest N hops, or the proxies at
 * these addresses and CIDRs. The client is the right-most address no trusted proxy stands for,
 * as Fastify (`trustProxy`, through proxy-addr) and the front door compute it alike.
 */
export type TrustProxy = false | number | readonly string[];

/** TRUST_PROXY: off | on (one hop) | a number of hops | addresses and CIDRs, comma-separated */
export const parseTrustProxy = (raw: string | undefined): { ok: true; value: TrustProxy } | { ok: false } => {
  const text = (raw ?? '').trim().toLowerCase();
  if (['', 'off', 'false', 'no', '0'].includes(text)) return { ok: true, value: false };
  if (['on', 'true', 'yes'].includes(text)) return { ok: true, value: 1 };
  if (/^\d+$/.test(text)) return Number(text) <= 99 ? { ok: true, value: Number(text) } : { ok: false };
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => entry === '')) return { ok: false };
  try {
    // proxy-addr's own parser: an address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or a range's name
    // (`loopback`, `linklocal`, `uniquelocal`)
    proxyAddr.compile(entries);
  } catch {
    return { ok: false };
  }
  return { ok: true, value: entries };
};

/**
 * proxy-addr's trust function for a TrustProxy, or null for none: a hop count trusts the nearest
 * N peers whatever their address (Fastify itself no longer takes a number, since a client that
 * reaches the edge directly is then trusted as a proxy: with a count the edge must be reachable
 * only through its proxies; addresses and CIDRs check the peer too).
 */
export const trustFunctionOf = (trust: TrustProxy): ((address: string, hop: number) => boolean) | null => {
  if (trust === false) return null;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile([...trust]);
};

/** the value of Fastify's `trustProxy` option for a TrustProxy: the same trust function, or false */
export const fastifyTrustProxy = (trust: TrustProxy): false | ((address: string, hop: number) => boolean) =>
  trustFunctionOf(trust) ?? false;

/** Configuration of the edges (REST and MCP gateways); docs/configuration.md lists every variable. */
export interface EdgeConfig {
  /** per credential (API key or OAuth grant) */
  readonly rateLimitAuthenticated: RateLimitPolicy;
  /** per client IP, for calls without a credential */
  readonly rateLimitAnonymous: RateLimitPolicy;
  /** per client IP, on the password forms (POST /signin, /signup, the OAuth sign-in form) */
  readonly rateLimitSignIn: RateLimitPolicy;
  /** per client IP, on POST /oauth/token */
  readonly rateLimitToken: RateLimitPolicy;
  readonly accessTokenTtlSeconds: number;
  /** generated signing and cookie keys (when `identitySecrets` is null) */
  readonly secretsDir: string;
  /** OAUTH_JWKS and COOKIE_KEYS (a Kubernetes Secret); null: generated under `secretsDir` (not with MONGO_URL) */
  readonly identitySecrets: HiddenIdentitySecrets | null;
  /**
   * whose X-Forwarded-For names the client (TRUST_PROXY); no request header ever makes a URL:
   * links, OAuth metadata and the OpenAPI `servers` come from PUBLIC_URL
   */
  readonly trustProxy: TrustProxy;
  /**
   * EDGE_READ_CACHE_MS: how long the REST edge keeps the answer of an anonymous public read at
   * most (the catalog's notices empty it on each change first); 0 turns the cache off
   */
  readonly readCacheMs: number;
}

const parsePolicy = (
  name: string,
  variable: keyof Environment,
  env: Environment,
  fallback: string,
  problems: string[],
): RateLimitPolicy => {
  const raw = env[variable];
  const text = raw?.trim() ? raw.trim() : fallback;
  const match = /^(\d{1,9})\/(\d{1,6})$/.exec(text);
  const limit = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || limit < 1 || windowSeconds < 1) {
    problems.push(
      `${variable} must look like <requests>/<seconds> (1 to 999999999 requests, 1 to 999999 seconds), e.g. 600/60, got "${raw}"`,
    );
    return parsePolicy(name, variable, {}, fallback, []);
  }
  return { name, limit, windowSeconds };
};

/** the edges' variables of `env` (from `loadConfig`, which holds the result as `config.edge`); bad values go to `problems` */
export const edgeConfigOf = (env: Environment, dataDir: string, problems: string[]): EdgeConfig => {
  const ttlRaw = env.OAUTH_ACCESS_TOKEN_TTL?.trim() || '3600';
  const ttl = Number(ttlRaw);
  if (!Number.isInteger(ttl) || ttl < 60 || ttl > 86_400)
    problems.push(`OAUTH_ACCESS_TOKEN_TTL must be whole seconds from 60 to 86400, got "${env.OAUTH_ACCESS_TOKEN_TTL}"`);
  const cacheRaw = env.EDGE_READ_CACHE_MS?.trim() || '1000';
  const readCacheMs = Number(cacheRaw);
  if (!Number.isInteger(readCacheMs) || readCacheMs < 0 || readCacheMs > 60_000)
    problems.push(`EDGE_READ_CACHE_MS must be whole milliseconds from 0 to 60000, got "${env.EDGE_READ_CACHE_MS}"`);
  const trust = parseTrustProxy(env.TRUST_PROXY);
  if (!trust.ok)
    problems.push(
      `TRUST_PROXY must be off, on (one proxy), a number of proxies (0 to 99) or proxy addresses and CIDRs separated by commas (e.g. 10.0.0.0/8,fd00::/8; loopback, linklocal, uniquelocal), got "${env.TRUST_PROXY}"`,
    );
  const config: EdgeConfig = {
    rateLimitAuthenticated: parsePolicy('authenticated', 'RATE_LIMIT_AUTHENTICATED', env, '600/60', problems),
    rateLimitAnonymous: parsePolicy('anonymous', 'RATE_LIMIT_ANONYMOUS', env, '120/60', problems),
    rateLimitSignIn: parsePolicy('sign-in', 'RATE_LIMIT_SIGN_IN', env, '10/60', problems),
    rateLimitToken: parsePolicy('token', 'RATE_LIMIT_TOKEN', env, '60/60', problems),
    accessTokenTtlSeconds: Number.isInteger(ttl) ? ttl : 3600,
    secretsDir: path.resolve(dataDir, env.SECRETS_DIR ?? 'secrets'),
    identitySecrets: identitySecretsOf(env, problems),
    trustProxy: trust.ok ? trust.value : false,
    readCacheMs: Number.isInteger(readCacheMs) && readCacheMs >= 0 ? Math.min(readCacheMs, 60_000) : 1000,
  };
  return config;
};

/** OAUTH_JWKS and COOKIE_KEYS go together: both set = the keys from configuration, neither = generated */
const identitySecretsOf = (env: Environment, problems: string[]): HiddenIdentitySecrets | null => {
  const jwksRaw = env.OAUTH_JWKS?.trim() ?? '';
  const cookieRaw = env.COOKIE_KEYS?.trim() ?? '';
  if (jwksRaw === '' && cookieRaw === '') return null;
  if (jwksRaw === '' || cookieRaw === '') {
    problems.push(
      `OAUTH_JWKS and COOKIE_KEYS go together (set both, or neither for keys generated under SECRETS_DIR); only ${jwksRaw === '' ? 'COOKIE_KEYS' : 'OAUTH_JWKS'} is set`,
    );
    return null;
  }
  const jwks = parseJwks(jwksRaw);
  const cookieKeys = parseCookieKeys(cookieRaw);
  if (!jwks.ok) problems.push(jwks.problem);
  if (!cookieKeys.ok) problems.push(cookieKeys.problem);
  return jwks.ok && cookieKeys.ok ? new Secret({ jwks: jwks.value, cookieKeys: cookieKeys.value }) : null;
};

/** the edge settings of `env` alone (tests and partial configs; production reads `config.edge`) */
export const loadEdgeConfig = (dataDir: string, env: Environment = {}): EdgeConfig => {
  const problems: string[] = [];
  const config = edgeConfigOf(env, dataDir, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
};
