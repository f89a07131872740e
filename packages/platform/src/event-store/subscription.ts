import type { AllSubscription, RecordedEvent, SubscribeAllOptions } from './event-store.ts';

/**
 * The subscribeAll loop shared by the adapters, so they deliver with identical semantics.
 *
 * It only ever reads pages of `readAll(cursor, pageSize)` and moves the cursor past each event
 * once its handler has finished; that alone gives position order, one at a time, never twice,
 * never skipped (positions are assigned in commit order, so nothing can later appear below the
 * cursor). When a page comes back short the subscription is caught up and waits to be woken:
 * by `wake()` (the adapter calls it after each in-process append), by `pollMs` (for appends by
 * other processes) or by `close()`.
 *
 * A handler error (or a read error) stops the subscription: `caughtUp` rejects if still pending,
 * and `onError` is called; without `onError` the error is rethrown as an unhandled rejection so
 * a broken subscriber is never silent. `close()` waits for the handler in flight, so a handler
 * must not await its own subscription's `close()` (that would wait on itself).
 */
export interface SubscriptionSource {
  readAll(after: number, limit: number): Promise<RecordedEvent[]>;
  readonly pageSize: number;
  /** re-read at this interval while idle; undefined: only `wake()` wakes the loop */
  readonly pollMs?: number;
  /** called once the loop has ended, however it ended */
  onEnded(): void;
}

export interface RunningSubscription extends AllSubscription {
  /** new events may have been committed */
  wake(): void;
}

export function startSubscription(options: SubscribeAllOptions, source: SubscriptionSource): RunningSubscription {
  const { handler, onError } = options;
  let cursor = options.after;
  let closed = false;
  let isCaughtUp = false;
  // set by wake(); a wake that arrives while a page is being handled must not be lost
  let woken = false;
  let stopWaiting: (() => void) | undefined;

  const { promise: caughtUp, resolve: resolveCaughtUp, reject: rejectCaughtUp } = Promise.withResolvers<void>();
  caughtUp.catch(() => {}); // a rejection is also reported through onError; never unhandled on its own

  function wait(): Promise<void> {
    if (woken || closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = source.pollMs === undefined ? undefined : setTimeout(done, source.pollMs);
      function done(): void {
        clearTimeout(timer);
        stopWaiting = undefined;
        resolve();
      }
      stopWaiting = done;
    });
  }

  async function run(): Promise<void> {
    while (!closed) {
      woken = false;
      const page = await source.readAll(cursor, source.pageSize);
      for (const event of page) {
        if (closed) return;
        await handler(event);
        cursor = event.position;
      }
      if (page.length < source.pageSize) {
        if (!isCaughtUp) {
          isCaughtUp = true;
          resolveCaughtUp();
        }
        await wait();
      }
    }
  }

  const ended = run()
    .catch((error: unknown) => {
      closed = true;
      rejectCaughtUp(error);
      if (onError) onError(error);
      else void Promise.reject(error);
    })
    .finally(() => {
      // closed before catching up: nothing more will come, so do not leave awaiters hanging
      resolveCaughtUp();
      source.onEnded();
    });

  return {
    caughtUp,
    wake() {
      woken = true;
      stopWaiting?.();
    },
    async close() {
      closed = true;
      stopWaiting?.();
      await ended;
    },
  };
}

/** what an adapter gives its subscription host: how to read, and what to release once they stopped */
export interface SubscriptionHostSource {
  readAll(after: number, limit: number): Promise<RecordedEvent[]>;
  readonly pageSize: number;
  readonly pollMs?: number;
  /** before each subscription starts (KurrentDB starts its one server-side notifier) */
  readonly beforeSubscribe?: () => void;
  /** after every subscription stopped: what the adapter holds (a connection, a file) */
  release(): Promise<void> | void;
}

/**
 * The part of an event store every adapter does the same way: `subscribeAll` (refused once the
 * store is closing), waking the subscriptions after an append, and a `close` that runs once and
 * stops the subscriptions first (each finishes its handler in flight, which may still use the
 * store), then marks the store closed (`assertOpen` throws from then on) and releases it.
 */
export function createSubscriptionHost(source: SubscriptionHostSource) {
  const subscriptions = new Set<RunningSubscription>();
  let closing: Promise<void> | undefined;
  let closed = false;
  return {
    assertOpen(): void {
      if (closed) throw new Error('event store is closed');
    },
    wake(): void {
      for (const subscription of subscriptions) subscription.wake();
    },
    subscribeAll(options: SubscribeAllOptions): AllSubscription {
      if (closing) throw new Error('event store is closed');
      source.beforeSubscribe?.();
      const subscription: RunningSubscription = startSubscription(options, {
        readAll: (after, limit) => source.readAll(after, limit),
        pageSize: source.pageSize,
        ...(source.pollMs === undefined ? {} : { pollMs: source.pollMs }),
        onEnded: () => subscriptions.delete(subscription),
      });
      subscriptions.add(subscription);
      return subscription;
    },
    close(): Promise<void> {
      closing ??= (async () => {
        await Promise.all([...subscriptions].map((subscription) => subscription.close()));
        closed = true;
        await source.release();
      })();
      return closing;
    },
  };
}
