import type { Binary, Collection, Db } from 'mongodb';
import { MongoServerError } from 'mongodb';

/**
 * The identity store's documents in MongoDB (mongo-identity-store.ts), in MONGO_DB with the
 * gateway's prefix (`gateway.accounts`, ...), like a service's state beside its read models
 * (`<service>.subscription_checkpoints`). Every key a query names is at the top level and indexed
 * (FerretDB uses no index on a nested path); most lookups are by `_id`, a hash or an id.
 *
 * Who wins a race is decided only by what FerretDB 1.24 makes atomic as well as MongoDB: an insert
 * under a unique index, or a `deleteOne`'s count. FerretDB runs `findOneAndUpdate`,
 * `findOneAndDelete` and a filtered `updateOne` as a read, then a write: two clients racing on one
 * document BOTH match (tried: 3 of 3 won, 29 times in 30). So a link or a ceremony is used by
 * deleting it, and a first confirmation or a passkey counter step by inserting a claim.
 */
export const IDENTITY_COLLECTION_PREFIX = 'gateway.';

export interface AccountDoc {
  _id: string;
  /** trimmed and lowercased: the unique index holds one account per address */
  email: string;
  name: string | null;
  passwordHash: string | null;
  createdAt: string;
  emailConfirmedAt: string | null;
  /** the operators' suspension (absent or null: not suspended), and the last change's note */
  suspendedAt?: string | null;
  suspensionReason?: string | null;
  suspensionNote?: string | null;
}

export interface ApiKeyDoc {
  _id: string;
  accountId: string;
  name: string;
  /**
   * `<accountId>\n<name, ASCII letters lowercased>` while the key is live, `revoked\n<id>` once
   * revoked: a plain unique index then holds "one live key per name and account" (FerretDB 1.24
   * has no partial indexes)
   */
  liveName: string;
  /**
   * `<accountId>/<UTC day>/<n>`: the n-th key the account made that day, unique, so two replicas
   * cannot both take the last place of API_KEYS_PER_ACCOUNT_PER_DAY
   */
  daySlot: string;
  secretHash: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  origin: 'site' | 'operator';
}

export interface SessionDoc {
  /** SHA-256 of the cookie value */
  _id: string;
  accountId: string;
  expiresAt: Date;
  csrfToken: string;
  publicId: string;
  method: string | null;
}

export interface EmailTokenDoc {
  /** SHA-256 of the token in the link (deleted by the step that uses it) */
  _id: string;
  purpose: string;
  email: string;
  accountId: string | null;
  next: string | null;
  expiresAt: Date;
}

/** the claim of the first proof of an account's address: inserted once, by the proof that takes away */
export interface FirstProofDoc {
  /** the account id */
  _id: string;
  at: string;
}

/** a passkey's counter moved off `from`: inserted once, so of two sign-ins with one counter one passes */
export interface PasskeyCounterStepDoc {
  /** `<passkey id>@<from>` */
  _id: string;
  passkeyId: string;
  accountId: string;
  from: number;
}

/** a role an account holds (ROLES), granted by the operator CLI */
export interface AccountRoleDoc {
  /** `<accountId>\n<role>`: granting twice inserts once */
  _id: string;
  accountId: string;
  role: string;
  grantedAt: string;
}

export interface MailSentDoc {
  _id: string;
  sentAt: string;
}

export interface PasskeyDoc {
  _id: string;
  credentialId: string;
  accountId: string;
  /** `<accountId>/<n>` with n below the limit, unique: an account holds at most PASSKEYS_PER_ACCOUNT_MAX */
  slot: string;
  name: string;
  publicKey: Binary;
  counter: number;
  transports: string[];
  backedUp: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CeremonyDoc {
  /** SHA-256 of `<purpose>:<binding token>` */
  _id: string;
  purpose: string;
  accountId: string | null;
  challenge: string;
  expiresAt: Date;
}

export interface OAuthRecordDoc {
  /** `<model>:<id>` */
  _id: string;
  model: string;
  /** oidc-provider's payload as JSON text (its keys may hold dots: resource URLs, client metadata) */
  payload: string;
  /** null: kept until deleted (registered clients) */
  expiresAt: Date | null;
  /** when the record was consumed (seconds), set alone by `consume` */
  consumed: number | null;
  grantId: string | null;
  uid: string | null;
  userCode: string | null;
  accountId: string | null;
  clientId: string | null;
}

export interface IdentityCollections {
  readonly accounts: Collection<AccountDoc>;
  readonly apiKeys: Collection<ApiKeyDoc>;
  readonly sessions: Collection<SessionDoc>;
  readonly emailTokens: Collection<EmailTokenDoc>;
  readonly mailsSent: Collection<MailSentDoc>;
  readonly firstProofs: Collection<FirstProofDoc>;
  readonly passkeys: Collection<PasskeyDoc>;
  readonly passkeyCounterSteps: Collection<PasskeyCounterStepDoc>;
  readonly ceremonies: Collection<CeremonyDoc>;
  readonly oauthRecords: Collection<OAuthRecordDoc>;
  readonly accountRoles: Collection<AccountRoleDoc>;
}

export const identityCollections = (db: Db, prefix = IDENTITY_COLLECTION_PREFIX): IdentityCollections => ({
  accounts: db.collection<AccountDoc>(`${prefix}accounts`),
  apiKeys: db.collection<ApiKeyDoc>(`${prefix}api_keys`),
  sessions: db.collection<SessionDoc>(`${prefix}sessions`),
  emailTokens: db.collection<EmailTokenDoc>(`${prefix}email_tokens`),
  mailsSent: db.collection<MailSentDoc>(`${prefix}mails_sent`),
  firstProofs: db.collection<FirstProofDoc>(`${prefix}first_proofs`),
  passkeys: db.collection<PasskeyDoc>(`${prefix}passkeys`),
  passkeyCounterSteps: db.collection<PasskeyCounterStepDoc>(`${prefix}passkey_counter_steps`),
  ceremonies: db.collection<CeremonyDoc>(`${prefix}passkey_ceremonies`),
  oauthRecords: db.collection<OAuthRecordDoc>(`${prefix}oauth_records`),
  accountRoles: db.collection<AccountRoleDoc>(`${prefix}account_roles`),
});

const NOT_IMPLEMENTED = 238;
const DUPLICATE_KEY = 11000;
export const isDuplicateKey = (error: unknown): boolean =>
  error instanceof MongoServerError && error.code === DUPLICATE_KEY;

/**
 * Creates the indexes (idempotent: every replica and the CLI do it on first use). Expiring
 * documents get a TTL index on their Date field where the server has them (MongoDB); FerretDB 1.24
 * has none (`expireAfterSeconds` is not implemented), so there a plain index serves the sweeps the
 * store runs when it writes such documents. Either way expiry is checked on every read: a TTL
 * monitor runs once a minute at best. Returns whether the server deletes expired documents itself.
 */
export const createIdentityIndexes = async (c: IdentityCollections): Promise<{ ttl: boolean }> => {
  // one after another: the first connects, and a refused first connect fails this once, cleanly
  // (operations started beside it would fail on the topology the refusal closed: mongo-client.ts)
  const indexes: (() => Promise<string>)[] = [
    () => c.accounts.createIndex({ email: 1 }, { unique: true, name: 'email_unique' }),
    () => c.apiKeys.createIndex({ liveName: 1 }, { unique: true, name: 'live_name_unique' }),
    () => c.apiKeys.createIndex({ daySlot: 1 }, { unique: true, name: 'day_slot_unique' }),
    () => c.apiKeys.createIndex({ accountId: 1 }, { name: 'account' }),
    () => c.sessions.createIndex({ accountId: 1 }, { name: 'account' }),
    () => c.emailTokens.createIndex({ accountId: 1 }, { name: 'account' }),
    () => c.passkeys.createIndex({ credentialId: 1 }, { unique: true, name: 'credential_unique' }),
    () => c.passkeys.createIndex({ slot: 1 }, { unique: true, name: 'slot_unique' }),
    () => c.passkeys.createIndex({ accountId: 1 }, { name: 'account' }),
    () => c.passkeyCounterSteps.createIndex({ passkeyId: 1 }, { name: 'passkey' }),
    () => c.passkeyCounterSteps.createIndex({ accountId: 1 }, { name: 'account' }),
    () => c.ceremonies.createIndex({ accountId: 1 }, { name: 'account' }),
    () => c.oauthRecords.createIndex({ grantId: 1 }, { name: 'grant' }),
    () => c.oauthRecords.createIndex({ uid: 1 }, { name: 'uid' }),
    () => c.oauthRecords.createIndex({ userCode: 1 }, { name: 'user_code' }),
    () => c.oauthRecords.createIndex({ accountId: 1 }, { name: 'account' }),
    () => c.accountRoles.createIndex({ accountId: 1 }, { name: 'account' }),
  ];
  for (const create of indexes) await create();
  const expiring = [c.sessions, c.emailTokens, c.ceremonies, c.oauthRecords] as unknown as Collection[];
  let ttl = true;
  for (const collection of expiring) {
    if (ttl)
      try {
        await collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiry' });
        continue;
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NOT_IMPLEMENTED)) throw error;
        ttl = false;
      }
    await collection.createIndex({ expiresAt: 1 }, { name: 'expiry' });
  }
  return { ttl };
};
