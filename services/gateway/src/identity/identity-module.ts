import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { identityOperations } from '@listings/contracts';
import type { Bus, Served } from '@listings/platform/bus';
import { type Clock, systemClock } from '@listings/platform/clock';
import { NotFoundError } from '@listings/platform/errors';
import { typedHandlers } from '@listings/platform/service-host';
import { createAuthenticator, serveAuthenticate } from './authenticate.ts';
import { openIdentityStore } from './identity-store.ts';
import { createOAuthServer, type MetadataFetch } from './oauth-server.ts';
import { type IdentitySecrets, loadOrCreateSecrets } from './secrets.ts';

export interface IdentityOptions {
  readonly publicUrl: string;
  /** the SQLite file (default: in memory, for tests) */
  readonly file?: string;
  /** where generated keys live (default: generated per process, for tests) */
  readonly secretsDir?: string;
  readonly clock?: Clock;
  readonly accessTokenTtlSeconds?: number;
  /** how client ID metadata documents are fetched: the outbound guard (see main.ts) */
  readonly metadataFetch?: MetadataFetch;
}

const ephemeralSecrets = (): IdentitySecrets => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    cookieKeys: [randomBytes(32).toString('base64url')],
    jwks: {
      keys: [{ ...(privateKey.export({ format: 'jwk' }) as object), kid: 'ephemeral', use: 'sig', alg: 'RS256' }],
    },
  };
};

/** The gateway's identity: accounts, API keys, sessions, the OAuth server, authentication and get_account. */
export const createIdentity = (options: IdentityOptions) => {
  const clock = options.clock ?? systemClock;
  const store = openIdentityStore({ file: options.file ?? ':memory:', clock });
  const oauth = createOAuthServer({
    publicUrl: options.publicUrl,
    store,
    secrets: options.secretsDir ? loadOrCreateSecrets(options.secretsDir) : ephemeralSecrets(),
    clock,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    metadataFetch:
      options.metadataFetch ??
      (async () => {
        throw new Error('client ID metadata documents are not fetched in this configuration');
      }),
  });
  const authenticator = createAuthenticator({ publicUrl: options.publicUrl, store, oauth, clock });
  const handlers = typedHandlers<(typeof identityOperations)[number]>({
    get_account: async ({ principal }) => {
      const account = principal.account_id ? store.findAccountById(principal.account_id) : null;
      if (!account) throw new NotFoundError('the account no longer exists');
      return {
        id: account.id,
        email: account.email,
        name: account.name,
        created_at: account.createdAt,
        credential: { type: principal.via, scopes: principal.scopes },
      };
    },
  });
  return {
    store,
    oauth,
    authenticator,
    handlers,
    serve: (bus: Bus): Promise<Served> => serveAuthenticate(bus, authenticator),
    close: () => store.close(),
  };
};

export type Identity = ReturnType<typeof createIdentity>;
