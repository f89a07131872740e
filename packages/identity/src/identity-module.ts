import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { identityInternalOperations, type identityOperations } from '@listings/contracts';
import type { Bus, Served } from '@listings/platform/bus';
import { type Clock, systemClock } from '@listings/platform/clock';
import { DEFAULT_DAILY_LIMITS } from '@listings/platform/config';
import { newIdentitySecrets, type RateLimitCounter } from '@listings/platform/edge';
import { ServiceUnavailableError } from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import { createOutboxMailer, type Mailer } from '@listings/platform/mail';
import { typedHandlers } from '@listings/platform/service-host';
import type { DiscountVotesOfSuspended, RecordAccountModeration } from './application/account-suspension.ts';
import { getAccount } from './application/get_account.ts';
import { restoreAccount } from './application/restore_account.ts';
import { suspendAccount } from './application/suspend_account.ts';
import { createAuthenticator, serveAuthenticate } from './authenticate.ts';
import { createOAuthServer, type MetadataFetch } from './oauth/oauth-server.ts';
import { createPeople } from './people/people.ts';
import { type IdentitySecrets, loadOrCreateSecrets } from './secrets.ts';
import type { IdentityStore } from './store/identity-store.ts';
import { openSqliteIdentityStore } from './store/sqlite-identity-store.ts';

export interface IdentityOptions {
  readonly publicUrl: string;
  /** the identity store (default: a SQLite file, `file`) */
  readonly store?: IdentityStore;
  /** the SQLite file when no `store` is given (default: in memory, for tests) */
  readonly file?: string;
  /** the signing and cookie keys from configuration (OAUTH_JWKS, COOKIE_KEYS); before `secretsDir` */
  readonly secrets?: IdentitySecrets;
  /** where generated keys live (default: generated per process, for tests) */
  readonly secretsDir?: string;
  readonly clock?: Clock;
  readonly accessTokenTtlSeconds?: number;
  /** how client ID metadata documents are fetched: the outbound guard (see main.ts) */
  readonly metadataFetch?: MetadataFetch;
  /** sign-in and confirmation links go out through it (default: an outbox in a temporary directory, for tests) */
  readonly mailer?: Mailer;
  /** counts mail requests per address and IP (default: in memory) */
  readonly rateLimitCounter?: RateLimitCounter;
  /** API_KEYS_PER_ACCOUNT_PER_DAY: keys an account can create on the site per UTC day */
  readonly apiKeysPerDay?: number;
  /**
   * asks catalog to discount a suspended account's standing votes (suspend_account): main.ts composes
   * it over the bus; absent (tests of the edge alone), suspend_account answers 503
   */
  readonly discountVotesOfSuspended?: DiscountVotesOfSuspended;
  /**
   * asks catalog to record a suspension or restore for the audit (suspend_account, restore_account):
   * main.ts composes it over the bus; absent, a suspension or restore that changed the account answers 503
   */
  readonly recordAccountModeration?: RecordAccountModeration;
}

const noCatalog = async (): Promise<never> => {
  throw new ServiceUnavailableError('the catalog is not reachable from this gateway (no bus)');
};

/** an outbox in a temporary directory made on the first mail (tests that pass no mailer) */
const temporaryOutbox = (clock: Clock): Mailer => {
  let mailer: Mailer | undefined;
  return {
    send: (message) => {
      mailer ??= createOutboxMailer({
        dataDir: mkdtempSync(path.join(tmpdir(), 'identity-mail-')),
        now: () => clock.now(),
      });
      return mailer.send(message);
    },
  };
};

/** The gateway's identity: accounts, API keys, sessions, the OAuth server, authentication and get_account. */
export const createIdentity = (options: IdentityOptions) => {
  const clock = options.clock ?? systemClock;
  const apiKeysPerDay = options.apiKeysPerDay ?? DEFAULT_DAILY_LIMITS.apiKeysPerAccount;
  const store: IdentityStore = options.store ?? openSqliteIdentityStore({ file: options.file ?? ':memory:', clock });
  const oauth = createOAuthServer({
    publicUrl: options.publicUrl,
    store,
    secrets: options.secrets ?? (options.secretsDir ? loadOrCreateSecrets(options.secretsDir) : newIdentitySecrets()),
    clock,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    metadataFetch:
      options.metadataFetch ??
      (async () => {
        throw new Error('client ID metadata documents are not fetched in this configuration');
      }),
  });
  const people = createPeople({
    store,
    clock,
    publicUrl: options.publicUrl,
    mailer: options.mailer ?? temporaryOutbox(clock),
    apiKeysPerDay,
    ...(options.rateLimitCounter ? { rateLimitCounter: options.rateLimitCounter } : {}),
  });
  const authenticator = createAuthenticator({ publicUrl: options.publicUrl, store, oauth, clock });
  const handlers = typedHandlers<(typeof identityOperations)[number]>({
    get_account: getAccount({ store }),
    suspend_account: suspendAccount({
      store,
      discountVotesOfSuspended: options.discountVotesOfSuspended ?? noCatalog,
      recordAccountModeration: options.recordAccountModeration ?? noCatalog,
    }),
    restore_account: restoreAccount({ store, recordAccountModeration: options.recordAccountModeration ?? noCatalog }),
  });
  return {
    store,
    /** what the site's key forms pass to `store.createApiKey` (the operator CLI passes none) */
    apiKeysPerDay,
    oauth,
    authenticator,
    handlers,
    people,
    /** `gateway.internal.authenticate` and the people operations (`gateway.internal.<name>`) */
    serve: async (bus: Bus, logger: Pick<Logger, 'error'> = { error: () => {} }): Promise<Served> => {
      const served = [
        await serveAuthenticate(bus, authenticator),
        await people.serve(bus, logger, identityInternalOperations),
      ];
      return { stop: async () => void (await Promise.all(served.map((s) => s.stop()))) };
    },
    close: () => store.close(),
  };
};

export type Identity = ReturnType<typeof createIdentity>;
