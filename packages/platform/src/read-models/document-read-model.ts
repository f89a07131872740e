import type { AllSubscription, EventStore, RecordedEvent } from '../event-store/event-store.ts';
import { createDocumentSet, createDocumentWriter } from './document-writer.ts';
import type { ReadModelStore } from './read-model-store.ts';

/**
 * A read model made of one document per stream (an order, a claim, a draft), folded by a pure
 * `evolve`, plus lookups derived from the documents (an account's orders, pending orders, ...)
 * that a `put` keeps in step on every change. Both are mutated in place: one event costs one
 * document, never a copy of the whole index.
 */
export interface DocumentProjection<Doc, View> {
  /** the read-model store collection the documents live in */
  readonly collection: string;
  /** the document an event folds into; undefined when the event is not for this read model */
  documentOf(event: RecordedEvent): string | undefined;
  /** pure: the document after the event (undefined deletes it); `doc` itself when nothing changes */
  evolve(doc: Doc | undefined, event: RecordedEvent): Doc | undefined;
  /** empty lookups; `put` is called for every stored document at start and for every change */
  createView(): { view: View; put(id: string, before: Doc | undefined, after: Doc | undefined): void };
}

/** how a document is stored: with the position of the last event folded into it */
export interface StoredDocument<Doc> {
  readonly at: number;
  readonly doc: Doc;
}

export interface DocumentReadModel<View> {
  /** what queries read; a rebuild replaces it */
  view(): View;
  /** position of the last event folded in (in memory; the store follows in batches) */
  readonly position: number;
  /** resolves once the event at `position` is folded in (read-your-writes after an append) */
  waitFor(position: number): Promise<void>;
  /** resolves at the next folded event, or after `timeoutMs` */
  nextChange(timeoutMs: number): Promise<void>;
  /** writes the pending documents and the position to the store, in one atomic step */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** events per readAll page while catching up or rebuilding */
const PAGE = 2000;
/** pending documents that force a write while catching up */
const FLUSH_EVERY = 20_000;
/** a refused write is tried again after this long, then twice as long each time, up to WRITE_RETRY_MAX_MS */
const WRITE_RETRY_FIRST_MS = 200;
const WRITE_RETRY_MAX_MS = 30_000;

/**
 * Starts a document read model: loads the stored documents and their checkpoint, catches up from
 * the checkpoint in pages (so a restart reads only what is new), then follows the log.
 *
 * Several instances may share one store (replicas of a service on one DATA_DIR): each folds the
 * same log, and a write whose position is not above the stored one (`StalePositionError`) means
 * another instance already stored at least as far, documents included, so it is dropped. Loading
 * reads the position before the documents; a document a replica wrote in between is newer than
 * the position, and its `at` guard skips the events it already holds.
 */
export const openDocumentReadModel = async <Doc, View>(deps: {
  events: EventStore;
  store: ReadModelStore;
  projection: DocumentProjection<Doc, View>;
  onError: (error: unknown) => void;
  /** a write of folded documents was refused and is tried again in `retryInMs` (default: onError) */
  onWriteError?: (error: unknown, retryInMs: number) => void;
}): Promise<DocumentReadModel<View>> => {
  const { events, store, projection } = deps;
  const docs = createDocumentSet(projection);
  let position = await store.position();
  for (const { id, doc } of await store.all(projection.collection)) docs.load(id, doc as StoredDocument<Doc>);

  const writer = createDocumentWriter({
    store,
    position: () => position,
    flushedAt: position,
    valueToWrite: ({ id }) => docs.get(id) ?? null,
  });
  let flushScheduled = false;
  const waiters = new Set<{ position: number; resolve: () => void }>();
  let changeWaiters: (() => void)[] = [];

  const fold = (event: RecordedEvent) => {
    if (event.position <= position) return;
    const changed = docs.fold(event);
    if (changed !== undefined) writer.mark(projection.collection, changed);
    position = event.position;
    for (const waiter of waiters)
      if (waiter.position <= position) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    if (changeWaiters.length > 0) {
      const changed = changeWaiters;
      changeWaiters = [];
      for (const resolve of changed) resolve();
    }
  };
  const flush = writer.flush;
  // a write the store refused (MongoDB away, FerretDB restarting) is tried again with a growing
  // pause, events or not, until it goes through: the documents stay pending in memory meanwhile
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closing = false;
  const scheduleFlush = () => {
    if (flushScheduled || retryTimer) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      flush().then(
        () => {
          failures = 0;
        },
        (error: unknown) => {
          failures++;
          const retryInMs = Math.min(WRITE_RETRY_MAX_MS, WRITE_RETRY_FIRST_MS * 2 ** (failures - 1));
          (deps.onWriteError ?? deps.onError)(error, retryInMs);
          if (closing) return;
          retryTimer = setTimeout(() => {
            retryTimer = undefined;
            scheduleFlush();
          }, retryInMs);
          retryTimer.unref();
        },
      );
    });
  };

  // catch up in pages, writing every FLUSH_EVERY documents, then follow the log
  for (;;) {
    const page = await events.readAll(position, PAGE);
    for (const event of page) fold(event);
    if (writer.pending >= FLUSH_EVERY) await flush();
    if (page.length < PAGE) break;
  }
  await flush();
  const subscription: AllSubscription = events.subscribeAll({
    after: position,
    handler: (event) => {
      fold(event);
      scheduleFlush();
    },
    onError: deps.onError,
  });

  return {
    view: () => docs.view,
    get position() {
      return position;
    },
    waitFor: (at) =>
      at <= position ? Promise.resolve() : new Promise((resolve) => waiters.add({ position: at, resolve })),
    nextChange: (timeoutMs) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        changeWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    flush,
    close: async () => {
      closing = true;
      clearTimeout(retryTimer);
      await subscription.close();
      await flush();
    },
  };
};

/**
 * Rebuilds a document read model from position 0: drops the stored documents and checkpoint, then
 * folds the whole log in pages and writes documents and position every page. A crash half-way
 * leaves a consistent prefix (documents and checkpoint agree), from which the next start resumes.
 * Run it while no instance of the service has the store open (the CLI checks, see
 * `readModelStoreInUse`): a running instance would keep writing from what it had folded.
 */
export const rebuildDocumentReadModel = async <Doc, View>(deps: {
  events: EventStore;
  store: ReadModelStore;
  projection: DocumentProjection<Doc, View>;
}): Promise<{ events: number; documents: number; position: number }> => {
  const { events, store, projection } = deps;
  await store.clear();
  // documents only: nothing queries a rebuild, so its view is not kept
  const docs = createDocumentSet({ ...projection, createView: () => ({ view: undefined, put: () => {} }) });
  let position = 0;
  let folded = 0;
  const writer = createDocumentWriter({
    store,
    position: () => position,
    flushedAt: 0,
    valueToWrite: ({ id }) => docs.get(id) ?? null,
  });
  for (;;) {
    const page = await events.readAll(position, PAGE * 5);
    for (const event of page) {
      const changed = docs.fold(event);
      if (changed !== undefined) writer.mark(projection.collection, changed);
      position = event.position;
      folded++;
    }
    if (writer.pending >= FLUSH_EVERY) await writer.flush();
    if (page.length < PAGE * 5) break;
  }
  await writer.flush();
  return { events: folded, documents: docs.size, position };
};

/** Folds events into a projection's documents and view in memory (unit tests of projections). */
export const foldDocumentView = <Doc, View>(
  projection: DocumentProjection<Doc, View>,
  events: Iterable<RecordedEvent>,
): { view: View; docs: Map<string, Doc> } => {
  const docs = new Map<string, Doc>();
  const { view, put } = projection.createView();
  for (const event of events) {
    const id = projection.documentOf(event);
    if (id === undefined) continue;
    const before = docs.get(id);
    const after = projection.evolve(before, event);
    if (after === before) continue;
    if (after === undefined) docs.delete(id);
    else docs.set(id, after);
    put(id, before, after);
  }
  return { view, docs };
};
