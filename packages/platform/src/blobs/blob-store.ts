import { createHash } from 'node:crypto';

/**
 * The blob port: immutable byte strings addressed by their content. `put` stores bytes and gives
 * their reference, `sha256:` + the SHA-256 of the bytes in lowercase hex (the `BlobRef` schema of
 * `@listings/contracts/events`); the same bytes always give the same reference, so putting them
 * again is a no-op and a retried activity is safe. Events carry references, never the payload.
 */
export type BlobRef = string;

export interface BlobStore {
  /** stores the bytes (a string is stored as UTF-8) and returns their reference; idempotent */
  put(bytes: Uint8Array | string): Promise<BlobRef>;
  /** the bytes of a stored blob; BlobNotFoundError when there is none */
  get(ref: BlobRef): Promise<Uint8Array>;
  /** whether the blob is stored */
  has(ref: BlobRef): Promise<boolean>;
}

const REF = /^sha256:([0-9a-f]{64})$/;

export const toBytes = (bytes: Uint8Array | string): Uint8Array =>
  typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;

/** The reference the bytes are stored under. */
export const blobRefOf = (bytes: Uint8Array | string): BlobRef =>
  `sha256:${createHash('sha256').update(toBytes(bytes)).digest('hex')}`;

/** The hex digest of a well-formed reference; InvalidBlobRefError otherwise (never a path from outside). */
export const digestOf = (ref: BlobRef): string => {
  const match = REF.exec(ref);
  if (!match?.[1]) throw new InvalidBlobRefError(ref);
  return match[1];
};

export class BlobNotFoundError extends Error {
  readonly ref: BlobRef;
  constructor(ref: BlobRef) {
    super(`blob ${ref} is not in the blob store`);
    this.name = 'BlobNotFoundError';
    this.ref = ref;
  }
}

export class InvalidBlobRefError extends Error {
  readonly ref: string;
  constructor(ref: string) {
    super(`not a blob reference (sha256:<64 hex>): ${ref.slice(0, 100)}`);
    this.name = 'InvalidBlobRefError';
    this.ref = ref;
  }
}
