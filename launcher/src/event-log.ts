import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import {
  type AllSubscription,
  type EventStore,
  openSqliteEventStore,
  type RecordedEvent,
} from '@listings/platform/event-store';

/**
 * The services that keep an event log, each in its own store under DATA_DIR, in the order an
 * export lists them on a tie. Identity (in the gateway) keeps plain SQLite state, no events.
 */
export const LOGGED_SERVICES = ['catalog', 'claims', 'commerce', 'drafting'] as const;
export type LoggedService = (typeof LOGGED_SERVICES)[number];

/** where a service keeps its log: asked of the service itself (loaded only when needed: it is big) */
const eventsFileOf = async (service: LoggedService, dataDir: string): Promise<string> => {
  switch (service) {
    case 'catalog':
      return (await import('@listings/catalog')).catalogEventsFile(dataDir);
    case 'claims':
      return (await import('@listings/claims')).claimsEventsFile(dataDir);
    case 'commerce':
      return (await import('@listings/commerce/shop-admin')).commerceEventsFile(dataDir);
    case 'drafting':
      return (await import('@listings/drafting')).draftingEventsFile(dataDir);
  }
};

/** One line of `events export` and `events tail` (JSON Lines). */
export interface EventLine {
  /**
   * the event's position in the log being read, strictly increasing line after line: its service's
   * log position when one service is read; when several services' logs are exported together, the
   * merged log's position (1, 2, 3, ... in the order the lines are written)
   */
  readonly position: number;
  readonly service: LoggedService;
  /** the event's position in its own service's log (strictly increasing per service) */
  readonly service_position: number;
  readonly id: string;
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
  /** the event's schema version: `metadata.schema_version` when the event carries one, else 1 */
  readonly version: number;
  /** when the service's store recorded it (ISO-8601) */
  readonly time: string;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
}

export const lineOf = (service: LoggedService, event: RecordedEvent, mergedPosition?: number): EventLine => {
  const version = event.metadata.schema_version;
  return {
    position: mergedPosition ?? event.position,
    service,
    service_position: event.position,
    id: event.id,
    stream: event.stream,
    revision: event.revision,
    type: event.type,
    version: typeof version === 'number' && Number.isInteger(version) && version >= 1 ? version : 1,
    time: event.recordedAt,
    data: event.data,
    metadata: event.metadata,
  };
};

/** the services' event stores that exist under `dataDir` (a service never started has none) */
const openLogs = async (dataDir: string, services: readonly LoggedService[]) => {
  const logs: { service: LoggedService; store: EventStore }[] = [];
  for (const service of services) {
    const file = await eventsFileOf(service, dataDir);
    if (existsSync(file)) logs.push({ service, store: openSqliteEventStore({ path: file }) });
  }
  return logs;
};

const PAGE = 1000;

/** one service's events after `after`, a page at a time (constant memory) */
async function* eventsOf(store: EventStore, after: number): AsyncGenerator<RecordedEvent> {
  let cursor = after;
  for (;;) {
    const page = await store.readAll(cursor, PAGE);
    for (const event of page) yield event;
    if (page.length < PAGE) return;
    cursor = (page.at(-1) as RecordedEvent).position;
  }
}

/** writes one line, waiting for the destination to drain when its buffer is full */
const writeLine = async (out: Writable, line: EventLine) => {
  if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
};

/**
 * Writes every event of the chosen services as JSON Lines, in log order. Each service's events
 * come in its own log order (positions strictly increase per service); several services' logs
 * are merged by recorded time (ties in service order) into one log whose positions number the
 * lines 1, 2, 3, ... (each line keeps its `service_position`). Reads a page at a time and waits for the destination to drain: constant memory.
 */
export const exportEvents = async (options: {
  dataDir: string;
  services: readonly LoggedService[];
  /** only events after this position (with one service) */
  after: number;
  out: Writable;
}): Promise<Record<string, number>> => {
  const logs = await openLogs(options.dataDir, options.services);
  const counts: Record<string, number> = {};
  try {
    const heads = [];
    for (const { service, store } of logs) {
      const events = eventsOf(store, options.after);
      const first = await events.next();
      counts[service] = 0;
      if (!first.done) heads.push({ service, events, event: first.value });
    }
    // one service: its own log positions; several: the merged log's
    const merged = logs.length > 1;
    let sequence = 0;
    while (heads.length > 0) {
      let next = 0;
      for (let i = 1; i < heads.length; i++)
        if ((heads[i]?.event.recordedAt as string) < (heads[next]?.event.recordedAt as string)) next = i;
      const head = heads[next] as (typeof heads)[number];
      await writeLine(options.out, lineOf(head.service, head.event, merged ? ++sequence : undefined));
      counts[head.service] = (counts[head.service] ?? 0) + 1;
      const following = await head.events.next();
      if (following.done) heads.splice(next, 1);
      else head.event = following.value;
    }
    return counts;
  } finally {
    for (const { store } of logs) await store.close();
  }
};

/** the last position of a store's log (0 when empty), by a binary search over `readAll(p, 1)` */
export const lastPosition = async (store: EventStore): Promise<number> => {
  const anyAfter = async (position: number) => (await store.readAll(position, 1)).length > 0;
  if (!(await anyAfter(0))) return 0;
  let low = 0; // some event lies after low
  let high = 1;
  while (await anyAfter(high)) {
    low = high;
    high *= 2;
  }
  // nothing lies after high
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await anyAfter(middle)) low = middle;
    else high = middle;
  }
  return high;
};

/**
 * Follows the chosen services' logs from their current end and writes each new event as a JSON
 * line as it is appended (by this or any other process on the same DATA_DIR). `ready` resolves
 * once every log is followed; `stop()` ends it.
 */
export const tailEvents = (options: { dataDir: string; services: readonly LoggedService[]; out: Writable }) => {
  const logs: Awaited<ReturnType<typeof openLogs>> = [];
  const subscriptions: AllSubscription[] = [];
  let failed: (error: unknown) => void = () => {};
  const stopped = new Promise<void>((_resolve, reject) => {
    failed = reject;
  });
  stopped.catch(() => {});
  const ready = (async () => {
    logs.push(...(await openLogs(options.dataDir, options.services)));
    for (const { service, store } of logs) {
      const subscription = store.subscribeAll({
        after: await lastPosition(store),
        handler: (event) => writeLine(options.out, lineOf(service, event)),
        onError: (error) => failed(error),
      });
      subscriptions.push(subscription);
      await subscription.caughtUp;
    }
    return logs.map((log) => log.service);
  })();
  return {
    ready,
    /** rejects when a log can no longer be read */
    failure: stopped,
    stop: async () => {
      await ready.catch(() => {});
      for (const subscription of subscriptions) await subscription.close();
      for (const { store } of logs) await store.close();
    },
  };
};
