/**
 * The read-model store port: named collections of JSON documents keyed by id, plus the position
 * of the last event folded into them. A write of documents and the position is atomic, so after a
 * crash the documents and the position always agree and catching up from the position is safe.
 * Production adapter: MongoDB (the production issue); embedded: SQLite (queries answered by SQLite too).
 */
import type { FindOptions, Scalar, Where } from './document-query.ts';

export interface ReadModelWrite {
  readonly collection: string;
  readonly id: string;
  /** null deletes the document */
  readonly doc: unknown;
}

/**
 * An index a read-model collection's queries need, on fields of its documents as written
 * (`slug`, `doc.owners`: a dotted path reaches into nested objects; an array field is indexed per
 * element). Stores without indexes (the in-memory one) ignore it.
 */
export interface ReadModelIndex {
  readonly fields: readonly string[];
  /** two documents may not share the value (documents without the field are left out) */
  readonly unique?: boolean;
}

export interface ReadModelStore {
  /** position of the last event whose effects were written (0 when nothing was) */
  position(): Promise<number>;
  get(collection: string, id: string): Promise<unknown | undefined>;
  /** every document of a collection, in id order */
  all(collection: string): Promise<{ id: string; doc: unknown }[]>;
  /**
   * The documents matching a query (document-query.ts), sorted and paged by the store: a query
   * path that does not hold a collection in memory (MongoDB and SQLite answer with the declared
   * indexes). Absent where the store cannot query: the reader then keeps the collection in memory.
   */
  find?(collection: string, options: FindOptions): Promise<{ id: string; doc: unknown }[]>;
  /** how many documents match `where` (present with `find`) */
  count?(collection: string, where?: Where): Promise<number>;
  /** the distinct values of `field` among the documents matching `where`, sorted (present with `find`) */
  distinct?(collection: string, field: string, where?: Where): Promise<Scalar[]>;
  /** how many documents matching `where` hold each value of `field` (present with `find`; document-query.ts) */
  countBy?(collection: string, field: string, where?: Where): Promise<Map<Scalar, number>>;
  /** writes all documents and the new position in one atomic step; a position not above the current one is refused */
  write(writes: readonly ReadModelWrite[], position: number): Promise<void>;
  /** declares the indexes a collection's queries need (idempotent); absent where the store has none */
  declareIndexes?(collection: string, indexes: readonly ReadModelIndex[]): Promise<void>;
  /**
   * whether another process has this store open now (a running service), for operator commands
   * that must not run beside it; absent where the store cannot tell (the caller checks otherwise)
   */
  openElsewhere?(): Promise<boolean>;
  /** drops every document and resets the position to 0 (before a rebuild) */
  clear(): Promise<void>;
  close(): Promise<void>;
}

export class StalePositionError extends Error {
  constructor(current: number, attempted: number) {
    super(`read model is at position ${current}; refusing to write position ${attempted}`);
    this.name = 'StalePositionError';
  }
}
