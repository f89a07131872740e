import { Writable } from 'node:stream';
import { SCOPES, type Scope } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { createLogger, silentLogger } from '@listings/platform/logger';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type GatewayOptions, identityOf } from '../src/app.ts';

/** rate limits high enough that table tests never meet them */
export const GENEROUS_RATE_LIMITS = {
  authenticated: { name: 'authenticated', limit: 1_000_000, windowSeconds: 60 },
  anonymous: { name: 'anonymous', limit: 1_000_000, windowSeconds: 60 },
} as const;

/**
 * The gateway on `bus` as the edge tests build it: quiet, its public URL http://localhost:3000,
 * GENEROUS_RATE_LIMITS unless `options` names others (a clock, an identity, …).
 */
export const buildTestApp = (bus: Bus, options: Partial<Omit<GatewayOptions, 'bus'>> = {}) =>
  buildApp({
    bus,
    config: { publicUrl: 'http://localhost:3000' },
    logger: silentLogger(),
    rateLimits: GENEROUS_RATE_LIMITS,
    ...options,
  });

/** a new account with an API key holding `scopes` (default: all three) */
export const accountWithKey = async (app: FastifyInstance, email: string, scopes: readonly Scope[] = SCOPES) => {
  const store = identityOf(app).store;
  const { account } = await store.ensureAccount(email);
  const { key } = await store.createApiKey({ accountId: account.id, name: 'test', scopes });
  return { account, key, authorization: `Bearer ${key}` };
};

/** `app.inject` with this credential on every request */
export const injectAs = (app: FastifyInstance, authorization: string) => (options: InjectOptions) =>
  app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization } });

/** a pino logger whose JSON lines land in `lines` */
export const capturingLogger = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ name: 'test', level: 'info', destination: stream }), lines };
};
