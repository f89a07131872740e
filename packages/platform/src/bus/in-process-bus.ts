/**
 * A Bus inside one process, for tests and the all-in-one launcher. It keeps the semantics of the
 * NATS adapter that callers can observe: payloads are copied as if they crossed a wire, one
 * replica answers each request, events are de-duplicated by id and durable consumers resume after
 * their last ack. With `eventLogPath` the event log and the consumers' positions live in a SQLite
 * file, so they survive a restart of the process.
 */

import type {
  Bus,
  ConsumeOptions,
  Consumer,
  IntegrationEvent,
  RequestContext,
  RequestHandler,
  RequestOptions,
  Served,
  ServeOptions,
} from './bus.ts';
import { NoResponderError, RemoteHandlerError, RequestTimeoutError } from './bus.ts';
import { assertDurableName, createDeadlines, errorMessage, redeliveryDelayMs, subjectMatches } from './bus-support.ts';
import { decodePayload, encodePayload, withPlainValues } from './encoded-json.ts';
import { memoryEventLog, type StoredEvent, sqliteEventLog, toDelivered } from './in-process-event-log.ts';

export interface InProcessBusOptions {
  /**
   * SQLite file for the event log and the durable consumers' positions (created if missing).
   * Without it both live in memory. One bus writes the file at a time: a bus does not see events
   * that another bus appends to the same file while it runs (a new consume() does).
   */
  readonly eventLogPath?: string;
  /**
   * Hand replies to the requester as they are, without the JSON copy a wire would make (requests
   * are always copied). For the all-in-one process, where every requester (the two edges) only
   * reads and serialises replies: it saves a stringify and a parse of every response body.
   * Default false: tests and anything else get wire semantics.
   */
  readonly shareReplies?: boolean;
  /**
   * Hand a request marked `transferPayload` to the handler as it is, without the copy a wire
   * would make. For the all-in-one process, whose edges build a fresh request for every call and
   * never touch it again. Default false: every request is copied.
   */
  readonly shareRequests?: boolean;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const READ_BATCH = 100;

/** copies a value the way a wire would, so caller and handler never share an object */
function overTheWire(value: unknown, keepEncoded = false): unknown {
  return decodePayload(encodePayload(value), keepEncoded);
}

interface Registration {
  readonly pattern: string;
  readonly handler: RequestHandler;
  readonly inFlight: Set<Promise<unknown>>;
}

export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  const log = options.eventLogPath === undefined ? memoryEventLog() : sqliteEventLog(options.eventLogPath);
  const shareReplies = options.shareReplies ?? false;
  const shareRequests = options.shareRequests ?? false;
  const deadlines = createDeadlines<object>();
  const registrations: Registration[] = [];
  /** per request subject, how many requests were routed: drives the round robin */
  const routed = new Map<string, number>();
  /** consumers waiting for the next append */
  const appendListeners = new Set<() => void>();
  /**
   * consumers sharing a durable name (replicas of one service on one bus): one runner delivers
   * each event once, to the first member still consuming, like a JetStream durable pull consumer
   * shared by replicas (one event in flight)
   */
  const durableGroups = new Map<string, { filter: string; handlers: ConsumeOptions['handler'][]; runner: Consumer }>();
  const served = new Set<Served>();
  const consumers = new Set<Consumer>();
  /** live subscribers of published events (`watch`) */
  const watchers = new Set<{ filter: string; handler: Parameters<Bus['watch']>[1] }>();
  let closing: Promise<void> | undefined;

  const assertOpen = (): void => {
    if (closing) throw new Error('the bus is closed');
  };

  /** per request subject, the registrations that match it; cleared whenever registrations change */
  const candidatesBySubject = new Map<string, Registration[]>();

  /** one registration takes each request (the in-process bus is one replica set: queue names do not matter) */
  function route(subject: string): Registration | undefined {
    let candidates = candidatesBySubject.get(subject);
    if (!candidates) {
      candidates = registrations.filter((r) => subjectMatches(r.pattern, subject));
      candidatesBySubject.set(subject, candidates);
    }
    if (candidates.length === 0) return undefined;
    const count = routed.get(subject) ?? 0;
    routed.set(subject, count + 1);
    return candidates[count % candidates.length];
  }

  async function handle(
    registration: Registration,
    payload: unknown,
    context: RequestContext,
    keepEncoded: boolean,
  ): Promise<unknown> {
    // let the caller's turn finish first, as a real transport would
    await Promise.resolve();
    try {
      const reply = await registration.handler(payload, context);
      if (!shareReplies) return overTheWire(reply, keepEncoded);
      return keepEncoded ? reply : withPlainValues(reply);
    } catch (error) {
      throw new RemoteHandlerError(context.subject, errorMessage(error));
    }
  }

  function startConsumer({ durable, filter, handler }: ConsumeOptions): Consumer {
    let stopped = false;
    let wake: (() => void) | undefined;

    /** waits `ms`, or for the next append when `ms` is undefined; stop() cuts it short */
    const pause = (ms?: number): Promise<void> =>
      new Promise((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          appendListeners.delete(done);
          wake = undefined;
          resolve();
        };
        const timer = ms === undefined ? undefined : setTimeout(done, ms);
        if (ms === undefined) appendListeners.add(done);
        wake = done;
      });

    /** true once the handler resolved; false when stopped before that */
    async function deliver(event: StoredEvent): Promise<boolean> {
      for (let failures = 1; ; failures++) {
        try {
          // a fresh copy per attempt: a handler that mutated the event and failed cannot taint the retry
          await handler(toDelivered(event));
          return true;
        } catch {
          if (stopped) return false;
          await pause(redeliveryDelayMs(failures));
          if (stopped) return false;
        }
      }
    }

    async function run(): Promise<void> {
      // events that do not match the filter are skipped without moving the ack position
      let scanned = log.ackedSequence(durable);
      while (!stopped) {
        const batch = log.readAfter(scanned, READ_BATCH);
        if (batch.length === 0) {
          await pause();
          continue;
        }
        for (const event of batch) {
          if (stopped) return;
          if (subjectMatches(filter, event.subject)) {
            if (!(await deliver(event))) return;
            log.ack(durable, event.sequence);
          }
          scanned = event.sequence;
        }
      }
    }

    const running = run();
    // a failure surfaces from stop(); until then it must not count as unhandled
    running.catch(() => {});
    const consumer: Consumer = {
      async stop() {
        stopped = true;
        wake?.();
        try {
          await running;
        } finally {
          consumers.delete(consumer);
        }
      },
    };
    return consumer;
  }

  return {
    async request(subject: string, payload: unknown, requestOptions: RequestOptions = {}): Promise<unknown> {
      assertOpen();
      const registration = route(subject);
      if (!registration) throw new NoResponderError(subject);
      const timeoutMs = requestOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const reply = handle(
        registration,
        shareRequests && requestOptions.transferPayload ? payload : overTheWire(payload),
        { subject, headers: { ...requestOptions.headers } },
        requestOptions.keepEncoded ?? false,
      );
      registration.inFlight.add(reply);
      return new Promise((resolve, reject) => {
        const key = {};
        deadlines.add(key, timeoutMs, () => reject(new RequestTimeoutError(subject, timeoutMs)));
        reply.then(
          (value) => {
            registration.inFlight.delete(reply);
            deadlines.delete(key);
            resolve(value);
          },
          (error: unknown) => {
            registration.inFlight.delete(reply);
            deadlines.delete(key);
            reject(error);
          },
        );
      });
    },

    async serve(subject: string, handler: RequestHandler, _options?: ServeOptions): Promise<Served> {
      assertOpen();
      const registration: Registration = { pattern: subject, handler, inFlight: new Set() };
      registrations.push(registration);
      candidatesBySubject.clear();
      const serving: Served = {
        async stop() {
          const index = registrations.indexOf(registration);
          if (index !== -1) registrations.splice(index, 1);
          candidatesBySubject.clear();
          served.delete(serving);
          await Promise.allSettled([...registration.inFlight]);
        },
      };
      served.add(serving);
      return serving;
    },

    async publish(event: IntegrationEvent): Promise<void> {
      assertOpen();
      if (!log.append(event)) return;
      for (const listener of [...appendListeners]) listener();
      for (const watcher of [...watchers])
        if (subjectMatches(watcher.filter, event.subject))
          // a copy over the wire, after the publisher's turn, as a real transport would deliver it
          queueMicrotask(() => watcher.handler({ subject: event.subject, data: overTheWire(event.data, false) }));
    },

    notify(subject: string, data: unknown): void {
      // a notice from a process that is closing is one nobody needs: dropped, as on NATS
      if (closing) return;
      for (const watcher of [...watchers])
        if (subjectMatches(watcher.filter, subject))
          queueMicrotask(() => watcher.handler({ subject, data: overTheWire(data, false) }));
    },

    async watch(filter, handler): Promise<Consumer> {
      assertOpen();
      const watcher = { filter, handler };
      watchers.add(watcher);
      return {
        stop: async () => {
          watchers.delete(watcher);
        },
      };
    },

    async consume(consumeOptions: ConsumeOptions): Promise<Consumer> {
      assertOpen();
      assertDurableName(consumeOptions.durable);
      const { durable, filter, handler } = consumeOptions;
      let group = durableGroups.get(durable);
      if (group && group.filter !== filter)
        throw new Error(`durable consumer ${durable} already consumes ${group.filter} on this bus, not ${filter}`);
      if (!group) {
        const handlers: ConsumeOptions['handler'][] = [];
        const runner = startConsumer({
          durable,
          filter,
          handler: (event) => {
            const first = handlers[0];
            if (!first) throw new Error(`durable consumer ${durable} has no member`);
            return first(event);
          },
        });
        consumers.add(runner);
        group = { filter, handlers, runner };
        durableGroups.set(durable, group);
      }
      const members = group;
      members.handlers.push(handler);
      const member: Consumer = {
        async stop() {
          const index = members.handlers.indexOf(handler);
          if (index !== -1) members.handlers.splice(index, 1);
          if (members.handlers.length > 0 || durableGroups.get(durable) !== members) return;
          durableGroups.delete(durable);
          await members.runner.stop();
        },
      };
      return member;
    },

    close(): Promise<void> {
      closing ??= (async () => {
        await Promise.allSettled([...consumers, ...served].map((c) => c.stop()));
        log.close();
      })();
      return closing;
    },
  };
}
