import { randomUUID } from 'node:crypto';
import type { EventStore } from '../event-store/event-store.ts';
import { WrongExpectedRevisionError } from '../event-store/event-store.ts';

/** A domain event as deciders see it: a type and its data, nothing about storage. */
export interface DomainEvent {
  readonly type: string;
  readonly data: unknown;
}

/**
 * One aggregate's behaviour, pure: `decide` turns a command and the current state into new events
 * (or throws a DomainError), `evolve` folds an event into the state. No I/O, no clock, no random
 * ids inside: they arrive in the command.
 */
export interface Decider<Command, State, Event extends DomainEvent> {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): readonly Event[];
}

export interface CommandResult<State, Event> {
  /** the state after the new events */
  readonly state: State;
  /** the events this command appended (none when the command changed nothing) */
  readonly events: readonly Event[];
  /** the stream's last revision after the command, -1 for a stream that still does not exist */
  readonly revision: number;
  /** global position of the last event appended, 0 when nothing was appended */
  readonly position: number;
  /**
   * global position of the stream's last event once the command is done: the last appended or,
   * when it appended nothing, the last the decision saw (0 for a stream that does not exist). A
   * read model that has folded it shows the command's outcome, also when that outcome was another
   * writer's (a replica, a workflow) that got there first.
   */
  readonly through: number;
}

export interface HandleCommandOptions<Command, State, Event extends DomainEvent> {
  readonly store: EventStore;
  /** `<category>-<id>` */
  readonly stream: string;
  readonly decider: Decider<Command, State, Event>;
  readonly command: Command;
  /** metadata stored with every event (e.g. who caused it, the trace id) */
  readonly metadata?: Record<string, unknown>;
  /** attempts after a concurrency conflict, default 3 */
  readonly retries?: number;
  /** ids of the new events; default random uuids */
  readonly newId?: () => string;
  /**
   * A fold of the stream the caller keeps between commands (a prefix of the stream: events are only
   * appended): an attempt decides on it without reading the stream, and its append expects its
   * revision, so when others appended since, the conflict reads the stream (or takes a newer fold
   * kept meanwhile). Each fold read and each append is kept at once, before another command's retry
   * asks. Only for a decider whose refusals and no-ops stay true as events are added (a count
   * against a limit).
   */
  readonly kept?: KeptFold<State>;
}

/** where a caller keeps a stream's latest fold (HandleCommandOptions.kept) */
export interface KeptFold<State> {
  get(): FoldedStream<State> | undefined;
  keep(folded: FoldedStream<State>): void;
}

/** a stream's state folded through `revision` (-1: no stream) and its last event's `position` */
export interface FoldedStream<State> {
  readonly state: State;
  readonly revision: number;
  readonly position: number;
}

/** Folds a stream's stored events into state. */
export const foldStream = async <Command, State, Event extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, State, Event>,
): Promise<FoldedStream<State>> => {
  const recorded = await store.readStream(stream);
  let state = decider.initialState;
  for (const event of recorded) state = decider.evolve(state, { type: event.type, data: event.data } as Event);
  const last = recorded[recorded.length - 1];
  return { state, revision: last?.revision ?? -1, position: last?.position ?? 0 };
};

/** the caller's kept fold when it is newer than the revision an append conflicted at, else the stream read (and kept) */
const latestFold = async <Command, State, Event extends DomainEvent>(
  options: HandleCommandOptions<Command, State, Event>,
  conflicted: number,
): Promise<FoldedStream<State>> => {
  const kept = options.kept?.get();
  if (kept && kept.revision > conflicted) return kept;
  const folded = await foldStream(options.store, options.stream, options.decider);
  options.kept?.keep(folded);
  return folded;
};

/**
 * Command handling in one function: read the stream, fold it, decide, append with the expected
 * revision; on a concurrency conflict, read again and decide again (bounded).
 */
export const handleCommand = async <Command, State, Event extends DomainEvent>(
  options: HandleCommandOptions<Command, State, Event>,
): Promise<CommandResult<State, Event>> => {
  const { store, stream, decider, command } = options;
  const retries = options.retries ?? 3;
  const newId = options.newId ?? randomUUID;
  // the revision an append conflicted at: a kept fold no newer is not asked again
  let conflicted = Number.NEGATIVE_INFINITY;
  for (let attempt = 0; ; attempt++) {
    const { state, revision, position: seen } = await latestFold(options, conflicted);
    const events = decider.decide(command, state);
    if (events.length === 0) return { state, events, revision, position: 0, through: seen };
    try {
      const appended = await store.append(
        stream,
        events.map((event) => ({
          id: newId(),
          type: event.type,
          data: event.data,
          ...(options.metadata ? { metadata: options.metadata } : {}),
        })),
        revision === -1 ? 'no_stream' : revision,
      );
      const after = events.reduce(decider.evolve, state);
      options.kept?.keep({ state: after, revision: appended.revision, position: appended.position });
      return {
        state: after,
        events,
        revision: appended.revision,
        position: appended.position,
        through: appended.position,
      };
    } catch (error) {
      conflicted = revision;
      if (error instanceof WrongExpectedRevisionError && attempt < retries) continue;
      throw error;
    }
  }
};
