import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CredentialsReset,
  type Role,
  type Scope,
  type SESSION_METHODS,
  SESSION_TTL_DAYS,
} from '@listings/contracts';
import { ConflictError } from '@listings/platform/errors';
import type { PasskeyStore } from './passkey-store.ts';

/**
 * The identity store PORT: accounts, API keys, site sessions, one-time mailed links, the mails'
 * de-duplication keys, passkeys and the OAuth server's records. Two adapters keep the same
 * guarantees (unique emails and live key names per account, ignoring case; expiry checked on every
 * read; one-use links and ceremonies; the passkey limits; the daily key limit):
 *  - sqlite-identity-store.ts: `DATA_DIR/identity.sqlite`, the embedded all-in-one's and whenever
 *    MONGO_URL is absent;
 *  - mongo-identity-store.ts: collections `gateway.*` in MONGO_DB, when MONGO_URL is set (the
 *    gateway and the operator CLI alike), so gateway replicas on any node share them.
 * Every method is asynchronous. Secrets are stored hashed: passwords with Argon2id (by the caller),
 * API keys, session ids and link tokens with SHA-256 (256-bit random values: a fast hash is enough).
 */
export interface IdentityStore {
  /** the accounts' passkeys (WebAuthn credentials) and the challenges of ceremonies under way */
  readonly passkeys: PasskeyStore;
  /** oidc-provider's storage adapter over this store (grants, tokens, sessions, clients, ...) */
  readonly oauthAdapter: OAuthAdapterConstructor;
  close(): Promise<void>;

  findAccountById(id: string): Promise<Account | null>;
  /** the account and its password hash, for sign-in */
  findAccountForSignIn(email: string): Promise<(Account & { passwordHash: string | null }) | null>;
  /** ConflictError when the address has an account (two sign-ups at once: one wins) */
  createAccount(input: { email: string; name: string | null; passwordHash: string | null }): Promise<Account>;
  /**
   * Erases an account (the operator's `account erase`): its email and name are overwritten, its
   * password, API keys, passkeys, sessions, links and OAuth records (grants, tokens, consent) are
   * deleted. The id stays, so the events that name it still fold, but it names nobody: the address
   * can sign up again as a new account. False when there is no such account.
   */
  eraseAccount(accountId: string): Promise<boolean>;
  /** the operator CLI's path: the account with this email, created (without a password) when missing */
  ensureAccount(email: string): Promise<{ account: Account; created: boolean }>;
  /**
   * The operators suspend an account (the CLI's `account suspend`, the console): `suspendedAt` is
   * now, with the reason and the operator who did it. Its votes count 0 from then on (catalog,
   * docs/ranking.md). False when there is no such account or it is suspended already (unchanged).
   */
  suspendAccount(accountId: string, input: SuspensionInput): Promise<boolean>;
  /** Lifts a suspension (the reason and operator recorded too); false when none, or not suspended. */
  restoreAccount(accountId: string, input: SuspensionInput): Promise<boolean>;

  /** the account's roles (ROLES), none for an unknown account */
  rolesOf(accountId: string): Promise<Role[]>;
  /**
   * Grants (`held` true) or revokes a role (the operator CLI's `account grant-operator`); false
   * when nothing changed (held already, or not held). Erasing the account takes its roles too.
   */
  setRole(accountId: string, role: Role, held: boolean): Promise<boolean>;

  /**
   * Returns the key in clear: shown once, never stored. The name is unique among the account's
   * keys that are not revoked (ignoring case, as SQLite's NOCASE: ASCII letters), held by a unique
   * index so two gateway replicas or the CLI cannot both take it: a taken name throws
   * ApiKeyNameTakenError, or with `suffixIfTaken` becomes `name (2)`, `name (3)`, ...
   * `perDay` (API_KEYS_PER_ACCOUNT_PER_DAY; the operator CLI passes none) caps the keys the
   * account creates per UTC day, revoked ones and the operator's included (DailyLimitError), so
   * that replicas cannot both take the last one.
   */
  createApiKey(input: CreateApiKeyInput): Promise<{ key: string; summary: ApiKeySummary }>;
  /** the account's live keys, newest first */
  listApiKeys(accountId: string): Promise<ApiKeySummary[]>;
  /** false when the key is not the account's own (or already revoked) */
  revokeApiKey(accountId: string, keyId: string): Promise<boolean>;
  /** the key's account and scopes, or null for an unknown, revoked or malformed key */
  verifyApiKey(key: string): Promise<{ keyId: string; accountId: string; scopes: Scope[] } | null>;

  /**
   * A new site session: the cookie value is returned, its hash kept, with its CSRF token, a public
   * id (for the sessions list) and how it was opened (a mailed link's session may set a password).
   */
  createSession(
    accountId: string,
    method?: SessionMethod | null,
  ): Promise<{ token: string; expiresAt: Date; csrfToken: string }>;
  /** how the session behind a cookie value was opened and when (its end less the session lifetime) */
  sessionOrigin(token: string): Promise<{ method: SessionMethod | null; createdAt: Date } | null>;
  /** the account's live sessions, newest first, the one of `currentToken` marked */
  listSessions(accountId: string, currentToken: string): Promise<SessionRecord[]>;
  /** ends one of the account's sessions by its public id; false when it is not the account's (or ended) */
  endSessionById(accountId: string, publicId: string): Promise<boolean>;
  /** ends every session of the account but the one of `keepToken`; how many ended */
  endOtherSessions(accountId: string, keepToken: string): Promise<number>;
  /** the live session behind a cookie value: its account, CSRF token and end; null when unknown, ended or expired */
  sessionDetails(
    token: string | undefined,
  ): Promise<{ account: Account; emailConfirmed: boolean; csrfToken: string; expiresAt: Date } | null>;
  sessionAccount(token: string | undefined): Promise<Account | null>;
  endSession(token: string | undefined): Promise<void>;
  /**
   * Ends every session of the account, the site's and the OAuth server's own sign-in sessions
   * (oidc-provider's `Session` records: without this a browser that signed in to an app earlier
   * could still authorize one without signing in); how many site sessions there were.
   */
  endAllSessions(accountId: string): Promise<number>;

  /** true when the account has a password */
  hasPassword(accountId: string): Promise<boolean>;
  /** the account's password hash, for checking the current one */
  passwordHashOf(accountId: string): Promise<string | null>;
  /** sets (an Argon2id hash) or removes (null) the account's password; false when there was nothing to remove */
  setPasswordHash(accountId: string, passwordHash: string | null): Promise<boolean>;
  /**
   * The owner of the address proved it for the first time, on an account whose email was never
   * confirmed: whoever made the account (and anything on it) without the mailbox loses every way
   * in. Only while the email is unconfirmed (so of two replicas or two links one does it): the
   * email is confirmed, the password removed, every session ended, API keys made on the site
   * revoked (the operator's stay; keys from before origins were kept go too), OAuth grants with
   * their tokens and oidc-provider's sessions deleted, passkeys and their ceremonies deleted.
   * `confirmed-already` when the email was confirmed before (nothing is touched); null when there
   * was nothing to take away.
   */
  confirmEmailAndResetEntry(accountId: string): Promise<CredentialsReset | 'confirmed-already'>;
  isEmailConfirmed(accountId: string): Promise<boolean>;
  /** the account's email is confirmed from now on (a no-op when it was) */
  markEmailConfirmed(accountId: string): Promise<void>;

  /** takes a mail's de-duplication key: false when it was taken before (the mail went out already) */
  takeMailKey(dedupeKey: string): Promise<boolean>;
  /** gives a key back when its mail could not be handed over, so a retry sends it */
  releaseMailKey(dedupeKey: string): Promise<void>;
  /** a one-time link token for a mail: returned in clear (it goes into the link), kept as SHA-256 */
  issueEmailToken(input: {
    purpose: EmailTokenPurpose;
    email: string;
    accountId: string | null;
    next: string | null;
    ttlMs: number;
  }): Promise<string>;
  /**
   * Uses a link token: marks it used and returns what it was issued for, in one atomic step, so two
   * clicks (or two replicas) cannot both use it. Null when unknown, used, expired or for another purpose.
   */
  consumeEmailToken(
    token: string,
    purpose: EmailTokenPurpose,
  ): Promise<{ email: string; accountId: string | null; next: string | null } | null>;

  /**
   * The account's live OAuth grants (oidc-provider's `Grant` records), newest first, each with
   * its registered client's name and home page when the client is stored here (a client known
   * by its metadata document URL may not be).
   */
  listOAuthGrants(accountId: string): Promise<OAuthGrantRecord[]>;
  /**
   * Revokes one of the account's grants and everything issued under it (access and refresh
   * tokens, codes); false when the grant is not this account's (or is gone).
   */
  revokeOAuthGrant(accountId: string, grantId: string): Promise<boolean>;
}

/** The port by concern: each adapter implements each part in a file of its own (sqlite/, mongo/). */
export type AccountsPort = Pick<
  IdentityStore,
  | 'findAccountById'
  | 'findAccountForSignIn'
  | 'createAccount'
  | 'eraseAccount'
  | 'ensureAccount'
  | 'suspendAccount'
  | 'restoreAccount'
  | 'hasPassword'
  | 'passwordHashOf'
  | 'setPasswordHash'
>;
export type EmailProofPort = Pick<
  IdentityStore,
  'confirmEmailAndResetEntry' | 'isEmailConfirmed' | 'markEmailConfirmed'
>;
export type ApiKeysPort = Pick<IdentityStore, 'createApiKey' | 'listApiKeys' | 'revokeApiKey' | 'verifyApiKey'>;
export type SessionsPort = Pick<
  IdentityStore,
  | 'createSession'
  | 'sessionOrigin'
  | 'listSessions'
  | 'endSessionById'
  | 'endOtherSessions'
  | 'sessionDetails'
  | 'sessionAccount'
  | 'endSession'
  | 'endAllSessions'
>;
export type EmailLinksPort = Pick<
  IdentityStore,
  'takeMailKey' | 'releaseMailKey' | 'issueEmailToken' | 'consumeEmailToken'
>;
export type OAuthGrantsPort = Pick<IdentityStore, 'listOAuthGrants' | 'revokeOAuthGrant'>;
export type RolesPort = Pick<IdentityStore, 'rolesOf' | 'setRole'>;

export interface Account {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly createdAt: string;
  /** when the operators suspended it (null: not suspended), and why */
  readonly suspendedAt: string | null;
  readonly suspensionReason: string | null;
}

/** why an operator suspends or restores an account, and who */
export interface SuspensionInput {
  readonly reason: string;
  readonly operatorAccountId: string;
}

export interface ApiKeySummary {
  readonly id: string;
  readonly name: string;
  /** what the person sees in the list: `ldk_<id>_…` */
  readonly prefix: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

export interface CreateApiKeyInput {
  readonly accountId: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly suffixIfTaken?: boolean;
  readonly perDay?: number;
  /**
   * `site` for a key a signed-in person made (revoked when the owner of the address proves it
   * for the first time); the operator's (the default: the CLI) stay
   */
  readonly origin?: 'site' | 'operator';
}

/** how a site session was opened */
export type SessionMethod = (typeof SESSION_METHODS)[number];

/** one live session of an account, as /me lists it */
export interface SessionRecord {
  readonly id: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly method: SessionMethod | null;
  /** the session the asking token opened */
  readonly current: boolean;
}

/** what a mailed one-time link is for */
export type EmailTokenPurpose = 'sign_in' | 'confirm_email';

/** one OAuth grant as the connected apps list shows it */
export interface OAuthGrantRecord {
  readonly grantId: string;
  readonly clientId: string;
  readonly clientName: string | null;
  readonly clientUri: string | null;
  readonly scopes: string[];
  readonly resources: string[];
  readonly grantedAt: string;
}

/** what oidc-provider stores through its adapter (a JSON object) */
export type OAuthPayload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
  accountId?: string;
  clientId?: string;
};

/** oidc-provider's adapter contract, one instance per model (`Grant`, `AccessToken`, `Client`, ...) */
export interface OAuthAdapter {
  upsert(id: string, payload: OAuthPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<OAuthPayload | undefined>;
  findByUid(uid: string): Promise<OAuthPayload | undefined>;
  findByUserCode(userCode: string): Promise<OAuthPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}
export type OAuthAdapterConstructor = new (model: string) => OAuthAdapter;

/** An API key name the account already uses (on a key that is not revoked). */
export class ApiKeyNameTakenError extends ConflictError {
  readonly field = 'name';
  constructor(name: string) {
    super(`you already have an API key named "${name}": choose another name`);
  }
}

// What both adapters share: how keys and tokens look, and how names and addresses compare.

/** API keys look like `ldk_<8 id chars>_<43 secret chars>`; only a SHA-256 of the whole key is kept. */
export const API_KEY_PREFIX = 'ldk_';
export const API_KEY_PATTERN = /^ldk_([A-Za-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
export const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** a key's `last used` moves at most once a minute (one write per minute, not per request) */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** cookie values longer than this are nobody's session (never hashed) */
export const SESSION_TOKEN_MAX_LENGTH = 100;

/** the last suspension change of an account, as both adapters keep it: who did what, when asked why */
export const suspensionNote = (what: 'suspended' | 'restored', operatorAccountId: string, reason: string): string =>
  `${what} by ${operatorAccountId}: ${reason}`;
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
/** how key names compare: ASCII letters ignoring case, as SQLite's NOCASE collation */
export const apiKeyNameKey = (name: string): string => name.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** whether a presented key is the one whose SHA-256 is stored (compared in constant time) */
export const apiKeySecretMatches = (key: string, storedHash: string): boolean => {
  const presented = Buffer.from(sha256(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
};
/** whether a key's `last used` is older than its resolution, so this use is written */
export const lastUseIsStale = (lastUsedAt: string | null, at: Date): boolean =>
  !lastUsedAt || at.getTime() - Date.parse(lastUsedAt) >= LAST_USED_RESOLUTION_MS;
/** what a first proof of an address took away, or null when there was nothing */
export const resetOrNull = (reset: NonNullable<CredentialsReset>): CredentialsReset =>
  reset.password_removed ||
  reset.sessions_ended + reset.api_keys_revoked + reset.apps_revoked + reset.passkeys_removed > 0
    ? reset
    : null;
/** a new key: its id and the key in clear */
export const newApiKey = (): { id: string; key: string } => {
  const id = randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 8);
  return { id, key: `${API_KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}` };
};
export const apiKeyPrefixOf = (id: string): string => `${API_KEY_PREFIX}${id}_…`;
export const newToken = (): string => randomBytes(32).toString('base64url');
/** a session's public id (what /me's "sign out this session" names, never the token) */
export const newSessionPublicId = (): string => randomBytes(9).toString('hex');

/** `base`, else `base (2)`, `base (3)`, ...: the first name none of `taken` (name keys) has */
export const freeApiKeyName = (taken: ReadonlySet<string>, base: string): string => {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base} (${n})`;
    if (!taken.has(apiKeyNameKey(name))) return name;
  }
};

/** how the connected apps list shows a stored grant (and its client's metadata, when stored) */
export const grantRecordOf = (grantId: string, grantJson: string, clientJson: string | null): OAuthGrantRecord => {
  const grant = JSON.parse(grantJson) as {
    clientId: string;
    iat?: number;
    resources?: Record<string, string>;
  };
  const client = clientJson ? (JSON.parse(clientJson) as { client_name?: unknown; client_uri?: unknown }) : {};
  const scopes = new Set(Object.values(grant.resources ?? {}).flatMap((scope) => scope.split(' ').filter(Boolean)));
  return {
    grantId,
    clientId: grant.clientId,
    clientName: typeof client.client_name === 'string' ? client.client_name : null,
    clientUri: typeof client.client_uri === 'string' ? client.client_uri : null,
    scopes: [...scopes],
    resources: Object.keys(grant.resources ?? {}),
    grantedAt: new Date((grant.iat ?? 0) * 1000).toISOString(),
  };
};

/** newest first, then by id */
export const byGrantedAtDesc = (a: OAuthGrantRecord, b: OAuthGrantRecord): number =>
  b.grantedAt.localeCompare(a.grantedAt) || a.grantId.localeCompare(b.grantId);
