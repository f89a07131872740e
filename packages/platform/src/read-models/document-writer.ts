import type { RecordedEvent } from '../event-store/event-store.ts';
import type { DocumentProjection, StoredDocument } from './document-read-model.ts';
import { type ReadModelStore, type ReadModelWrite, StalePositionError } from './read-model-store.ts';

/** a document a fold changed: written at the next flush */
export interface DocumentRef {
  readonly collection: string;
  readonly id: string;
}

export interface DocumentWriter {
  /** `collection/id` changed: the next flush writes it */
  mark(collection: string, id: string): void;
  /** how many documents wait for a flush (to the store, or to what follows it) */
  readonly pending: number;
  /**
   * Writes the pending documents and the position (read when the write starts) to the store, in
   * one atomic step, after any flush already under way, then hands them to `afterWrite`. A failed
   * flush keeps its documents pending and does not block the next one: what the store took but
   * `afterWrite` failed on is handed to `afterWrite` again by the next flush, whole.
   */
  flush(): Promise<void>;
}

/**
 * The batching writer of a document read model: what folds mark is written with the position,
 * one atomic write per flush. Several instances may share one store (replicas on one DATA_DIR):
 * a write refused as stale (`StalePositionError`) means another instance already stored at least
 * this far, documents included, so it is dropped.
 */
export const createDocumentWriter = (deps: {
  store: ReadModelStore;
  /** the position of the last event folded in */
  position: () => number;
  /** the position the store holds now (nothing to write until the read model moves past it) */
  flushedAt: number;
  /** the value to write (null deletes it); undefined: nothing is pending for it (written already) */
  valueToWrite: (ref: DocumentRef) => unknown;
  /** write only when a document changed: the position alone waits for the next change */
  changesOnly?: boolean;
  /** the order documents are written in within one write (default: as marked) */
  order?: (a: DocumentRef, b: DocumentRef) => number;
  /**
   * After the store took the write, or refused it as stale (`stale`): what follows the store (a
   * search index) is brought to `at`. A failure keeps the batch pending, as a failed store write
   * does: the next flush hands `afterWrite` these writes again (with its own, newer ones winning),
   * even those `valueToWrite` no longer gives, so what follows never moves past a write it missed.
   */
  afterWrite?: (writes: readonly ReadModelWrite[], at: number, stale: boolean) => Promise<void>;
}): DocumentWriter => {
  const dirty = new Map<string, DocumentRef>();
  const keyOf = (collection: string, id: string) => `${collection}/${id}`;
  /**
   * What the store took but `afterWrite` did not (it failed): `valueToWrite` may no longer give it
   * (written already), so it is kept here and handed to `afterWrite` again with the next flush.
   */
  const unfollowed = new Map<string, ReadModelWrite>();
  let flushedAt = deps.flushedAt;
  let flushing: Promise<void> = Promise.resolve();

  const writesOf = (batch: readonly DocumentRef[]) => {
    const writes: ReadModelWrite[] = [];
    for (const ref of batch) {
      const doc = deps.valueToWrite(ref);
      if (doc !== undefined) writes.push({ collection: ref.collection, id: ref.id, doc });
    }
    return writes;
  };

  /** the writes an earlier failed `afterWrite` missed (unless written again since), then this flush's */
  const toFollow = (writes: readonly ReadModelWrite[]) => {
    if (unfollowed.size === 0) return writes;
    const now = new Set(writes.map((write) => keyOf(write.collection, write.id)));
    return [...[...unfollowed].filter(([key]) => !now.has(key)).map(([, write]) => write), ...writes];
  };

  /** the store's write; `stale`: another instance stored this far already */
  const writeStore = async (writes: readonly ReadModelWrite[], at: number) => {
    try {
      await deps.store.write(writes, at);
      return false;
    } catch (error) {
      if (!(error instanceof StalePositionError)) throw error;
      return true;
    }
  };

  const flushNow = async () => {
    const at = deps.position();
    if (at === flushedAt || (deps.changesOnly && dirty.size === 0 && unfollowed.size === 0)) return;
    const batch = [...dirty.values()];
    if (deps.order) batch.sort(deps.order);
    dirty.clear();
    const writes = writesOf(batch);
    const follow = toFollow(writes);
    let stored = false;
    try {
      const stale = await writeStore(writes, at);
      stored = true;
      await deps.afterWrite?.(follow, at, stale);
    } catch (error) {
      for (const ref of batch) {
        const key = keyOf(ref.collection, ref.id);
        if (!dirty.has(key)) dirty.set(key, ref);
      }
      if (stored) for (const write of follow) unfollowed.set(keyOf(write.collection, write.id), write);
      throw error;
    }
    unfollowed.clear();
    flushedAt = at;
  };

  return {
    mark: (collection, id) => {
      dirty.set(keyOf(collection, id), { collection, id });
    },
    get pending() {
      let waiting = dirty.size;
      for (const key of unfollowed.keys()) if (!dirty.has(key)) waiting++;
      return waiting;
    },
    flush: () => {
      const next = flushing.then(flushNow);
      flushing = next.catch(() => {});
      return next;
    },
  };
};

/** One projection's documents held in memory, with its view kept in step. */
export interface DocumentSet<Doc, View> {
  readonly collection: string;
  readonly view: View;
  /** how many documents it holds */
  readonly size: number;
  get(id: string): StoredDocument<Doc> | undefined;
  /** a document as stored (at start) */
  load(id: string, stored: StoredDocument<Doc>): void;
  /**
   * Folds an event with the `at` guard (a document already holding it is left alone, so a replay
   * or a duplicate delivery changes nothing). Returns the id of the document it changed, if any.
   */
  fold(event: RecordedEvent): string | undefined;
}

export const createDocumentSet = <Doc, View>(projection: DocumentProjection<Doc, View>): DocumentSet<Doc, View> => {
  const docs = new Map<string, StoredDocument<Doc>>();
  const lookups = projection.createView();
  return {
    collection: projection.collection,
    view: lookups.view,
    get size() {
      return docs.size;
    },
    get: (id) => docs.get(id),
    load: (id, stored) => {
      const before = docs.get(id);
      docs.set(id, stored);
      lookups.put(id, before?.doc, stored.doc);
    },
    fold: (event) => {
      const id = projection.documentOf(event);
      if (id === undefined) return undefined;
      const before = docs.get(id);
      if (before && before.at >= event.position) return undefined;
      const after = projection.evolve(before?.doc, event);
      if (after === before?.doc) return undefined;
      if (after === undefined) docs.delete(id);
      else docs.set(id, { at: event.position, doc: after });
      lookups.put(id, before?.doc, after);
      return id;
    },
  };
};
