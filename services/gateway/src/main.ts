import { discountVotesOfSuspended, recordAccountModeration } from '@listings/contracts';
import { createIdentity } from '@listings/identity';
import { createClientMetadataFetch } from '@listings/identity/oauth';
import { openConfiguredIdentityStore } from '@listings/identity/store';
import type { Bus } from '@listings/platform/bus';
import { systemClock } from '@listings/platform/clock';
import { type Config, ConfigError } from '@listings/platform/config';
import { type EdgeConfig, type EdgeStores, loadEdgeConfig, openEdgeStores } from '@listings/platform/edge';
import { requestOutcome } from '@listings/platform/internal-client';
import type { Logger } from '@listings/platform/logger';
import { createMailer } from '@listings/platform/mail';
import type { Ops } from '@listings/platform/observability';
import { serveOperations } from '@listings/platform/service-host';
import { storeWaits } from '@listings/platform/store-wait';
import { buildApp, type GatewayOptions } from './app.ts';

export interface GatewayDeps {
  readonly bus: Bus;
  readonly config: Pick<Config, 'port' | 'publicUrl' | 'dataDir' | 'natsUrl' | 'fetchAllowPrivateNetworks'> &
    Partial<Pick<Config, 'edge' | 'mail' | 'dailyLimits' | 'mongo'>>;
  readonly logger: Logger;
  /** default 0.0.0.0 */
  readonly host?: string;
  readonly mounts?: GatewayOptions['mounts'];
  readonly frontDoor?: GatewayOptions['frontDoor'];
  readonly siteAtRoot?: boolean;
  /** default: read from the environment (RATE_LIMIT_*, OAUTH_ACCESS_TOKEN_TTL, OAUTH_JWKS, COOKIE_KEYS, SECRETS_DIR, TRUST_PROXY) */
  readonly edgeConfig?: EdgeConfig;
  /** idempotency records and rate-limit counters shared with the MCP edge (all-in-one); default: opened here */
  readonly edgeStores?: EdgeStores;
  /** the process's /healthz, /readyz and /metrics, served on PORT */
  readonly ops?: Ops;
}

/**
 * Composition root of the REST gateway: identity (accounts, keys, OAuth) in MongoDB with MONGO_URL
 * (nothing under DATA_DIR then: keys from configuration, mail by SMTP or the MongoDB outbox), else
 * on SQLite under DATA_DIR; rate-limit counters and idempotency records in NATS KV when there is NATS (shared by replicas),
 * in memory otherwise; serves `gateway.internal.authenticate`; listens on PORT.
 */
export const startGateway = async (deps: GatewayDeps) => {
  const edge = deps.edgeConfig ?? deps.config.edge ?? loadEdgeConfig(deps.config.dataDir);
  // with the production stores (MONGO_URL) nothing is kept under DATA_DIR: the OAuth signing and
  // cookie keys come from configuration (a Kubernetes Secret) or the gateway does not start
  if (deps.config.mongo && !edge.identitySecrets)
    throw new ConfigError([
      'OAUTH_JWKS and COOKIE_KEYS must be set when MONGO_URL is (the production stores): the gateway generates no keys under DATA_DIR then. Make them with `npm run --silent cli -- secrets generate` and give them from a Secret (docs/deployment.md, Keys)',
    ]);
  const stores = deps.edgeStores ?? (await openEdgeStores({ natsUrl: deps.config.natsUrl, edge, clock: systemClock }));
  const identityStore = openConfiguredIdentityStore(deps.config, systemClock);
  const identity = createIdentity({
    publicUrl: deps.config.publicUrl,
    store: identityStore,
    // sign-in and confirmation links: SMTP when SMTP_URL is set, else the outbox (MongoDB with MONGO_URL, else DATA_DIR/outbox)
    mailer: createMailer(deps.config),
    rateLimitCounter: stores.rateLimitCounter,
    ...(deps.config.dailyLimits ? { apiKeysPerDay: deps.config.dailyLimits.apiKeysPerAccount } : {}),
    ...(edge.identitySecrets ? { secrets: edge.identitySecrets.reveal() } : { secretsDir: edge.secretsDir }),
    accessTokenTtlSeconds: edge.accessTokenTtlSeconds,
    // client ID metadata documents go through THE outbound guard: no redirects, 5 KB at most
    metadataFetch: createClientMetadataFetch({
      allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks,
      publicUrl: deps.config.publicUrl,
    }),
    // the operator console's suspend_account: catalog discounts the account's standing votes
    discountVotesOfSuspended: (accountId) =>
      requestOutcome(
        deps.bus,
        discountVotesOfSuspended.subject,
        { account_id: accountId },
        { service: 'catalog', timeoutMs: 10_000 },
      ),
    // suspend_account and restore_account: catalog records the change for the audit
    recordAccountModeration: (entry) =>
      requestOutcome(deps.bus, recordAccountModeration.subject, entry, { service: 'catalog', timeoutMs: 10_000 }),
  });
  const authenticateServed = await identity.serve(deps.bus, deps.logger);
  // the gateway's own operations (get_account) answer on the bus too, for the MCP edge
  const operationsServed = await serveOperations({
    service: 'gateway',
    bus: deps.bus,
    handlers: identity.handlers,
    logger: deps.logger,
  });
  const app = await buildApp({
    bus: deps.bus,
    config: deps.config,
    logger: deps.logger,
    identity,
    rateLimits: {
      authenticated: edge.rateLimitAuthenticated,
      anonymous: edge.rateLimitAnonymous,
      signIn: edge.rateLimitSignIn,
      token: edge.rateLimitToken,
    },
    trustProxy: edge.trustProxy,
    readCacheTtlMs: edge.readCacheMs,
    idempotencyStore: stores.idempotencyStore,
    rateLimitCounter: stores.rateLimitCounter,
    ...(deps.mounts ? { mounts: deps.mounts } : {}),
    ...(deps.frontDoor ? { frontDoor: deps.frontDoor } : {}),
    ...(deps.siteAtRoot ? { siteAtRoot: true } : {}),
    ...(deps.ops ? { ops: deps.ops } : {}),
  });
  await app.listen({ port: deps.config.port, host: deps.host ?? '0.0.0.0' });
  // listening first, so that /readyz (503 while the process starts) names the identity store
  // while it is awaited: MongoDB not answering yet is waited for with backoff, never a crash
  await storeWaits({ logger: deps.logger, readiness: deps.ops })('identity store', () =>
    identityStore.findAccountById('store-wait-probe'),
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : deps.config.port;
  return {
    port,
    identity,
    /** /readyz pings the identity store (accounts, keys, OAuth grants) */
    probes: {
      stores: [{ name: 'identity store', ping: async () => await identity.store.findAccountById('readiness') }],
    },
    /** stops taking connections and lets requests in flight finish */
    stop: async () => {
      await app.close();
      await authenticateServed.stop();
      await operationsServed.stop();
      if (!deps.edgeStores) await stores.close();
      await identity.close();
    },
  };
};

export { buildApp };
