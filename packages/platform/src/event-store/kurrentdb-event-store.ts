import type {
  AllStreamSubscription,
  AppendStreamState,
  EventData,
  JSONType,
  Position,
} from '@kurrent/kurrentdb-client';
import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  streamNameFilter,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from './event-store.ts';
import { DuplicateEventIdError, WrongExpectedRevisionError } from './event-store.ts';
import type { EncodedEvent } from './internal.ts';
import { checkEventSizes, checkExpectedRevision, encodeEvent } from './internal.ts';
import { createSubscriptionHost } from './subscription.ts';

export interface KurrentDbEventStoreOptions {
  /** a KurrentDB connection string, e.g. `kurrentdb://localhost:2113?tls=false` */
  readonly url: string;
  /**
   * The service whose log this is: its streams are stored in KurrentDB as `<service>.<stream>`,
   * and `$all` is read through a stream-name prefix filter on `<service>.` (which also leaves out
   * every system stream, whose names start with `$`). Letters, digits and `_` only.
   */
  readonly service: string;
  /** events per `$all` page (index sync, readAll, subscription catch-up; default 500) */
  readonly pageSize?: number;
  /** idle subscriptions also re-read at this interval, should a server notification be missed (default 1000 ms) */
  readonly pollIntervalMs?: number;
}

/**
 * An EventStore on KurrentDB (or EventStoreDB: same gRPC API), through `@kurrent/kurrentdb-client`.
 *
 * Streams and revisions map one to one: `<service>.<stream>`, revisions 0-based on both sides;
 * `no_stream`, `any` and a number map to the client's `NO_STREAM`, `ANY` and a bigint, and the
 * server's WrongExpectedVersionError becomes WrongExpectedRevisionError (actual -1 for a stream
 * that does not exist). Appends are atomic per stream, which is what the expected revision guards.
 *
 * Positions. The port wants 1-based, dense positions in commit order; KurrentDB's `$all` gives
 * (commit, prepare) log positions that are in commit order but sparse and shared by every
 * service. The port's position of an event is its ordinal among the service's events in the
 * prefix-filtered `$all`: the n-th event of `<service>.*` in `$all` order has position n. Since
 * `$all` order is the server's single commit order, every instance and every process derives the
 * same positions. Each instance keeps an index ordinal → log position in memory (two
 * BigUint64Arrays: 16 bytes an event), brought up to date by reading the filtered `$all` forwards
 * from its last entry before every append result, readAll and readStream; the first use scans the
 * service's whole log once. The ordinals stay stable as long as the service's events are never
 * deleted or truncated (no `$maxAge`/`$maxCount`/`$tb` on them, no stream deletion, no scavenge of
 * them): the port's log is append-only anyway.
 *
 * Event ids. KurrentDB de-duplicates by event id only as idempotent retries of the same append
 * to the same stream (an identical batch at the same expected revision succeeds without writing
 * again); it does not refuse an id used in another stream. The port's DuplicateEventIdError is
 * therefore checked here: ids repeated within a batch, and ids already in the service's log as
 * this instance has indexed it (a Set of ids, kept alongside the index). Two instances appending
 * the same new id at the same moment are not caught across streams; on the same stream the
 * server's idempotence makes the second a no-op, reported here as DuplicateEventIdError.
 *
 * Subscriptions use the same page loop as the other adapters (subscription.ts), reading pages of
 * readAll from the subscriber's checkpoint (`after`): delivery order and at-most-once-per-run are
 * identical by construction. They are woken by one server-side catch-up subscription to `$all`
 * (from its end, with the same prefix filter) per instance, so appends by other processes are
 * seen at once; `pollIntervalMs` is only the fallback.
 */
export function openKurrentDbEventStore(options: KurrentDbEventStoreOptions): EventStore {
  if (!/^[A-Za-z0-9_]+$/.test(options.service)) {
    throw new Error(`KurrentDB event store: service must be letters, digits and _ only, got "${options.service}"`);
  }
  const prefix = `${options.service}.`;
  const pageSize = options.pageSize ?? 500;
  const pollMs = options.pollIntervalMs ?? 1000;
  const client = KurrentDBClient.connectionString(options.url);
  const filter = () => streamNameFilter({ prefixes: [prefix] });

  // ordinal n (1-based) ↔ index slot n - 1
  let commits = new BigUint64Array(1024);
  let prepares = new BigUint64Array(1024);
  let count = 0;
  const knownIds = new Set<string>();
  /** ids of events being appended by this instance → their ordinal, once the index has seen them */
  const pending = new Map<string, number | undefined>();
  let syncing: Promise<void> = Promise.resolve();

  let notifier: AllStreamSubscription | undefined;
  const host = createSubscriptionHost({
    readAll,
    pageSize,
    pollMs,
    beforeSubscribe: startNotifier,
    release: async () => {
      await notifier?.unsubscribe().catch(() => {});
      await syncing;
      await client.dispose();
    },
  });
  const assertOpen = host.assertOpen;

  function compare(commit: bigint, prepare: bigint, slot: number): number {
    const c = commits[slot] as bigint;
    if (commit !== c) return commit < c ? -1 : 1;
    const p = prepares[slot] as bigint;
    return prepare === p ? 0 : prepare < p ? -1 : 1;
  }

  function addToIndex(position: Position, id: string): void {
    if (count === commits.length) {
      const grownCommits = new BigUint64Array(commits.length * 2);
      grownCommits.set(commits);
      commits = grownCommits;
      const grownPrepares = new BigUint64Array(prepares.length * 2);
      grownPrepares.set(prepares);
      prepares = grownPrepares;
    }
    commits[count] = position.commit;
    prepares[count] = position.prepare;
    count++;
    knownIds.add(id);
    if (pending.has(id)) pending.set(id, count);
  }

  /** the ordinal of a log position already in the index, or undefined */
  function ordinalOf(position: Position): number | undefined {
    let low = 0;
    let high = count - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = compare(position.commit, position.prepare, middle);
      if (order === 0) return middle + 1;
      if (order < 0) high = middle - 1;
      else low = middle + 1;
    }
    return undefined;
  }

  /**
   * Reads the filtered `$all` past the index's last entry, to the end. Syncs run one after the
   * other, and each starts after it was asked for: an append that awaits its sync is sure the read
   * began after its own commit (a sync already under way might have missed it).
   */
  function syncIndex(): Promise<void> {
    const next = syncing.then(readToEnd);
    syncing = next.catch(() => {});
    return next;
  }

  async function readToEnd(): Promise<void> {
    for (;;) {
      const from =
        count === 0 ? START : { commit: commits[count - 1] as bigint, prepare: prepares[count - 1] as bigint };
      let read = 0;
      for await (const resolved of client.readAll({
        fromPosition: from,
        direction: FORWARDS,
        maxCount: pageSize,
        filter: filter(),
      })) {
        read++;
        const event = resolved.event;
        if (!event?.streamId.startsWith(prefix)) continue;
        // a forward read from a position may include the event at it: skip what is indexed already
        if (count > 0 && compare(event.position.commit, event.position.prepare, count - 1) <= 0) continue;
        addToIndex(event.position, event.id);
      }
      if (read < pageSize) return;
    }
  }

  function toRecorded(
    event: {
      streamId: string;
      id: string;
      revision: bigint;
      type: string;
      data: unknown;
      metadata: unknown;
      created: Date;
      isJson: boolean;
    },
    position: number,
  ): RecordedEvent {
    if (!event.isJson) throw new Error(`event ${event.id} in ${event.streamId} is not JSON`);
    const metadata = event.metadata;
    return {
      id: event.id,
      stream: event.streamId.slice(prefix.length),
      revision: Number(event.revision),
      position,
      type: event.type,
      data: event.data ?? null,
      metadata:
        metadata && typeof metadata === 'object' && !(metadata instanceof Uint8Array)
          ? (metadata as Record<string, unknown>)
          : {},
      recordedAt: event.created.toISOString(),
    };
  }

  async function positionOf(stream: string, position: Position | undefined): Promise<number> {
    if (!position) {
      throw new Error(
        `KurrentDB event store: the server gives no log position for events of ${stream} (needs KurrentDB/EventStoreDB 22.6 or later)`,
      );
    }
    let ordinal = ordinalOf(position);
    if (ordinal === undefined) {
      await syncIndex();
      ordinal = ordinalOf(position);
    }
    if (ordinal === undefined)
      throw new Error(`KurrentDB event store: an event of ${stream} is not in the ${prefix} log`);
    return ordinal;
  }

  async function readStreamEvents(stream: string, backwardsOne: boolean): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(
        prefix + stream,
        backwardsOne
          ? { direction: BACKWARDS, fromRevision: END, maxCount: 1 }
          : { direction: FORWARDS, fromRevision: START },
      )) {
        const event = resolved.event;
        if (!event) continue;
        events.push(toRecorded(event, await positionOf(stream, event.position)));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async function readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    assertOpen();
    await syncIndex();
    const available = Math.min(limit, count - after);
    if (available <= 0) return [];
    const start = Math.max(after, 0);
    const events: RecordedEvent[] = [];
    // read from the event before the first wanted one and skip it: right whether the server's
    // forward read from a position includes the event at it or not
    const from = start === 0 ? START : { commit: commits[start - 1] as bigint, prepare: prepares[start - 1] as bigint };
    for await (const resolved of client.readAll({
      fromPosition: from,
      direction: FORWARDS,
      maxCount: available + 1,
      filter: filter(),
    })) {
      const event = resolved.event;
      if (!event?.streamId.startsWith(prefix)) continue;
      if (start > 0 && compare(event.position.commit, event.position.prepare, start - 1) <= 0) continue;
      const ordinal = start + events.length + 1;
      if (compare(event.position.commit, event.position.prepare, ordinal - 1) !== 0) {
        throw new Error(
          `KurrentDB event store: the ${prefix} log changed under its index at position ${ordinal} (were events deleted?)`,
        );
      }
      events.push(toRecorded(event, ordinal));
      if (events.length === available) break;
    }
    return events;
  }

  function toStreamState(expected: ExpectedRevision): AppendStreamState {
    if (expected === 'any') return 'any';
    if (expected === 'no_stream') return 'no_stream';
    return BigInt(expected);
  }

  function toEventData(event: EncodedEvent): EventData {
    // the payload as the other adapters store it (JSON text), sent as a JSON event: the client
    // stringifies `data` and `metadata` again, which gives back exactly this text
    return {
      id: event.id,
      contentType: 'application/json',
      type: event.type,
      data: JSON.parse(event.data) as JSONType,
      metadata: JSON.parse(event.metadata) as JSONType,
    };
  }

  function wakeSubscriptions(): void {
    host.wake();
  }

  function startNotifier(): void {
    if (notifier) return;
    // one server-side subscription, from the end of $all, only to wake the page loops
    notifier = client.subscribeToAll({ fromPosition: END, filter: filter() });
    notifier.on('data', wakeSubscriptions);
    // a dropped notifier only costs latency: the loops keep polling every pollMs
    notifier.on('error', () => {
      notifier = undefined;
    });
  }

  return {
    async append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      assertOpen();
      const encoded = events.map(encodeEvent);
      checkEventSizes(stream, encoded);
      const ids = new Set<string>();
      for (const event of encoded) {
        if (ids.has(event.id)) throw new DuplicateEventIdError(stream, event.id);
        ids.add(event.id);
      }
      if (encoded.length === 0) {
        // appending nothing only checks the expected revision and reports the stream's head
        const [head] = await readStreamEvents(stream, true);
        checkExpectedRevision(stream, expected, head?.revision ?? -1);
        return { revision: head?.revision ?? -1, position: head?.position ?? 0 };
      }
      await syncIndex();
      for (const event of encoded) if (knownIds.has(event.id)) throw new DuplicateEventIdError(stream, event.id);

      const lastId = (encoded.at(-1) as EncodedEvent).id;
      // registered before sending: a sync running concurrently may index the event first
      pending.set(lastId, undefined);
      try {
        let result: Awaited<ReturnType<typeof client.appendToStream>>;
        try {
          result = await client.appendToStream(prefix + stream, encoded.map(toEventData), {
            streamState: toStreamState(expected),
          });
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) {
            const actual = error.actualState === 'no_stream' ? -1 : Number(error.actualState);
            throw new WrongExpectedRevisionError(stream, expected, actual);
          }
          throw error;
        }
        await syncIndex();
        const position = pending.get(lastId);
        // the server took the batch as an idempotent retry of events already in the stream
        if (position === undefined) throw new DuplicateEventIdError(stream, lastId);
        wakeSubscriptions();
        return { revision: Number(result.nextExpectedRevision), position };
      } finally {
        pending.delete(lastId);
      }
    },

    async readStream(stream: string): Promise<RecordedEvent[]> {
      assertOpen();
      return readStreamEvents(stream, false);
    },

    readAll,

    subscribeAll: host.subscribeAll,
    close: host.close,
  };
}
