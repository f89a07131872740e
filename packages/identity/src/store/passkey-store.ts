import { createHash } from 'node:crypto';
import { ConflictError } from '@listings/platform/errors';

/** what a WebAuthn ceremony's challenge was made for */
export type PasskeyCeremonyPurpose = 'register' | 'sign_in';

/** a passkey as `/me` lists it */
export interface PasskeySummaryRecord {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly backedUp: boolean;
}

/** what verifying a sign-in needs of a stored passkey */
export interface StoredPasskey {
  readonly id: string;
  readonly accountId: string;
  readonly credentialId: string;
  readonly publicKey: Uint8Array<ArrayBuffer>;
  readonly counter: number;
  readonly transports: string[];
}

/** A passkey (credential id) stored already, for this account or another. */
export class PasskeyTakenError extends ConflictError {
  constructor() {
    super('this passkey is stored already: it is on your list, or on another account');
  }
}

/** More passkeys than one account may hold. */
export class TooManyPasskeysError extends ConflictError {
  constructor(max: number) {
    super(`at most ${max} passkeys: remove one first`);
  }
}

/**
 * The passkeys part of the identity store PORT (both adapters: sqlite-passkey-store.ts,
 * mongo-identity-store.ts). A passkey keeps what verifying a sign-in needs: the credential id and
 * public key (both public, so kept as they are), the signature counter and the transports. A
 * ceremony keeps one challenge, bound to a session (registration) or to a pre-session ceremony
 * token (sign-in) by the SHA-256 of that token; reading it deletes it, so a challenge works once,
 * even across replicas.
 */
/** a verified passkey to store, and the most the account may hold */
export interface NewPasskey {
  readonly accountId: string;
  readonly name: string;
  readonly credentialId: string;
  readonly publicKey: Uint8Array;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly backedUp: boolean;
  readonly max: number;
}

export interface PasskeyStore {
  /**
   * Keeps a ceremony's challenge for `binding` (a session token or a ceremony token, kept as
   * SHA-256), replacing the one it had: the newest "add a passkey" or "sign in" wins.
   */
  startCeremony(input: {
    purpose: PasskeyCeremonyPurpose;
    binding: string;
    accountId: string | null;
    challenge: string;
    ttlMs: number;
  }): Promise<void>;
  /** the ceremony's challenge, used up by this read; null when there is none or it has expired */
  takeCeremony(
    purpose: PasskeyCeremonyPurpose,
    binding: string,
  ): Promise<{ challenge: string; accountId: string | null } | null>;
  /**
   * Stores a verified passkey. The credential id is unique over all accounts (PasskeyTakenError),
   * and an account holds at most `max` (TooManyPasskeysError), even when replicas add at once.
   */
  addPasskey(input: NewPasskey): Promise<PasskeySummaryRecord>;
  /** the account's passkeys, oldest first */
  listPasskeys(accountId: string): Promise<PasskeySummaryRecord[]>;
  /** the account's credential ids and transports (registration excludes them) */
  credentialsOf(accountId: string): Promise<{ credentialId: string; transports: string[] }[]>;
  countPasskeys(accountId: string): Promise<number>;
  findPasskeyByCredentialId(credentialId: string): Promise<StoredPasskey | null>;
  /**
   * A sign-in with the passkey: its counter moves from `from` to `to` and it was used now. False
   * when the counter is no longer `from` (another sign-in with it got there first).
   */
  recordPasskeyUse(id: string, from: number, to: number): Promise<boolean>;
  /** false when it is not the account's */
  removePasskey(accountId: string, id: string): Promise<boolean>;
}

/** the key a ceremony is kept under: never the binding token itself */
export const ceremonyBindingHash = (purpose: PasskeyCeremonyPurpose, binding: string): string =>
  createHash('sha256').update(`${purpose}:${binding}`).digest('hex');
