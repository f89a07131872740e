import path from 'node:path';
import { ConfigError, type Environment } from '../environment.ts';
import type { RateLimitPolicy } from './rate-limit.ts';

/** Configuration of the edges (REST and MCP gateways); README lists every variable. */
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
  /** generated signing and cookie keys */
  readonly secretsDir: string;
  /**
   * take the client IP from X-Forwarded-For (only behind a proxy that sets it); no request header
   * ever makes a URL: links, OAuth metadata and the OpenAPI `servers` come from PUBLIC_URL
   */
  readonly trustProxy: boolean;
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
  const trustRaw = (env.TRUST_PROXY ?? 'off').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'].includes(trustRaw))
    problems.push(`TRUST_PROXY must be on/off, got "${env.TRUST_PROXY}"`);
  const config: EdgeConfig = {
    rateLimitAuthenticated: parsePolicy('authenticated', 'RATE_LIMIT_AUTHENTICATED', env, '600/60', problems),
    rateLimitAnonymous: parsePolicy('anonymous', 'RATE_LIMIT_ANONYMOUS', env, '120/60', problems),
    rateLimitSignIn: parsePolicy('sign-in', 'RATE_LIMIT_SIGN_IN', env, '10/60', problems),
    rateLimitToken: parsePolicy('token', 'RATE_LIMIT_TOKEN', env, '60/60', problems),
    accessTokenTtlSeconds: Number.isInteger(ttl) ? ttl : 3600,
    secretsDir: path.resolve(dataDir, env.SECRETS_DIR ?? 'secrets'),
    trustProxy: ['on', 'true', '1', 'yes'].includes(trustRaw),
  };
  return config;
};

/** the edge settings of `env` alone (tests and partial configs; production reads `config.edge`) */
export const loadEdgeConfig = (dataDir: string, env: Environment = {}): EdgeConfig => {
  const problems: string[] = [];
  const config = edgeConfigOf(env, dataDir, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
};
