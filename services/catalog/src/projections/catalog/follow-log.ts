import type { AllSubscription, EventStore } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { reportProgress } from '@listings/platform/progress';
import type { DocumentWriter } from '@listings/platform/read-models';
import { untilStoreAnswers } from '@listings/platform/store-wait';
import type { CatalogFold } from './catalog-fold.ts';

const FLUSH_EVERY = 5000;
/**
 * documents a first start on an empty store holds before it writes them (it writes once at the end
 * below this): bounds the memory of a first start at any catalog size (a few hundred MB here), while
 * a catalog up to about this many documents still goes in with no document written twice
 */
const FLUSH_EVERY_FROM_EMPTY = 50_000;
/**
 * how long folded changes wait before they are written, with whatever else is folded meanwhile:
 * a burst of page views (each an event) is one write of the store and the search index, not one
 * each (reads never wait for it: memory answers them, and a query on the store or the search
 * index writes what is pending first)
 */
const FLUSH_DELAY_MS = 50;

/**
 * Follows the catalog's log from the fold's position: catches up, then folds each new event and
 * writes what it changed FLUSH_DELAY_MS later. Resolves once caught up and written.
 *
 * While catching up (a first start, the demo catalog, a replay) changes are written in batches
 * of FLUSH_EVERY documents and once at the end, not every FLUSH_DELAY_MS: a document written and
 * then changed again costs an update, which FerretDB answers with a scan of its table.
 * `fromEmpty` (a store that held nothing, store mode) is filled with one write at the end of the
 * catch-up (or every FLUSH_EVERY_FROM_EMPTY documents, so memory stays bounded): every document
 * goes in once, by `insertMany`, and none is written and then updated (on FerretDB 1.24's SQLite
 * backend an update, even by `_id`, scans the whole table: 78 ms a document at 10,000 rows,
 * 226 ms at 30,000, so batches of FLUSH_EVERY grew quadratically). The documents stay in memory
 * until then; a crash meanwhile leaves the store empty at position 0, and the next start catches
 * up from 0 again.
 */
export const followCatalogLog = async (deps: {
  events: EventStore;
  fold: CatalogFold;
  writer: DocumentWriter;
  fromEmpty: boolean;
  logger: Pick<Logger, 'error' | 'info' | 'warn'>;
}): Promise<{ close(): Promise<void> }> => {
  const { fold, writer } = deps;
  let catchingUp = true;
  let folded = 0;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleFlush = () => {
    if (catchingUp || flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      writer.flush().catch((error) => deps.logger.error({ err: error }, 'catalog read model flush failed'));
    }, FLUSH_DELAY_MS);
    flushTimer.unref();
  };
  const subscription: AllSubscription = deps.events.subscribeAll({
    after: fold.position,
    // a store that stops answering while running (MongoDB restarting, an election) is waited for,
    // not the end of the read model: a fold reads before it changes anything, so trying it again is safe
    handler: (event) =>
      untilStoreAnswers(
        'catalog read model',
        async () => {
          await fold.apply(event);
          if (catchingUp && ++folded % 1000 === 0) reportProgress(`catalog read model: ${folded} events folded`);
          if (writer.pending >= (catchingUp && deps.fromEmpty ? FLUSH_EVERY_FROM_EMPTY : FLUSH_EVERY))
            await writer.flush();
          else scheduleFlush();
        },
        { logger: deps.logger },
      ),
    onError: (error) => deps.logger.error({ err: error }, 'catalog read model stopped'),
  });
  await subscription.caughtUp;
  catchingUp = false;
  await writer.flush();
  return {
    close: async () => {
      await subscription.close();
      clearTimeout(flushTimer);
      flushTimer = undefined;
      await writer.flush();
    },
  };
};
