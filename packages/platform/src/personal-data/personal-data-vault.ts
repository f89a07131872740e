/**
 * The personal-data port: crypto-shredding for event logs that are never rewritten.
 *
 * Personal data (an email address, a person's name given in confidence) goes into an event only
 * sealed: encrypted with a key that belongs to one subject (an account id). Erasing the subject
 * deletes its key, after which every sealed value of it, in every stored event and in every export
 * or replay of the log, opens to `null`. Nothing else of the event changes, so streams still fold
 * and positions stay where they were.
 */
export interface PersonalDataVault {
  /** encrypts `value` under `subject`'s key (made on first use); the result is safe to store in an event */
  seal(subject: string, value: string): Promise<SealedValue>;
  /** the plain value, or null once the subject was erased */
  open(sealed: SealedValue): Promise<string | null>;
  /** deletes the subject's key: every value sealed for it is unreadable from now on; idempotent */
  forget(subject: string): Promise<void>;
  /** whether the subject was erased (a key that was made and then forgotten) */
  forgotten(subject: string): Promise<boolean>;
  close(): Promise<void>;
}

/** `pii1:<subject>:<iv>:<ciphertext with tag>` (base64url parts): opaque to everything but the vault */
export type SealedValue = string;

const PREFIX = 'pii1';

export const isSealedValue = (value: unknown): value is SealedValue =>
  typeof value === 'string' && value.startsWith(`${PREFIX}:`) && value.split(':').length === 4;

/** the subject a sealed value belongs to (it is an opaque account id, not personal data itself) */
export const sealedSubject = (sealed: SealedValue): string => {
  if (!isSealedValue(sealed)) throw new Error('not a sealed value');
  return decodeURIComponent(sealed.split(':')[1] as string);
};

export const formatSealed = (subject: string, iv: Buffer, ciphertext: Buffer): SealedValue =>
  `${PREFIX}:${encodeURIComponent(subject)}:${iv.toString('base64url')}:${ciphertext.toString('base64url')}`;

export const parseSealed = (sealed: SealedValue): { subject: string; iv: Buffer; ciphertext: Buffer } => {
  if (!isSealedValue(sealed)) throw new Error('not a sealed value');
  const [, subject, iv, ciphertext] = sealed.split(':') as [string, string, string, string];
  return {
    subject: decodeURIComponent(subject),
    iv: Buffer.from(iv, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
  };
};
