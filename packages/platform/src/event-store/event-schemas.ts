import type { EventDeclaration, ServiceEvents } from '@listings/contracts/events';
import { checkValue } from '../validation.ts';
import type { AllSubscription, EventStore, NewEvent, RecordedEvent, SubscribeAllOptions } from './event-store.ts';

/** Where the store keeps the schema version an event was appended with. */
export const SCHEMA_VERSION_KEY = 'schema_version';
/** On an event lifted by upcasters: the version it was stored with. */
export const STORED_SCHEMA_VERSION_KEY = 'stored_schema_version';

/** An append names an event type its service has not declared in `@listings/contracts/events`. */
export class UndeclaredEventTypeError extends Error {
  readonly stream: string;
  readonly eventType: string;
  constructor(service: string, stream: string, eventType: string) {
    super(
      `stream ${stream}: event type ${eventType} is not declared for ${service}; declare it in packages/contracts/src/events/${service}.ts`,
    );
    this.name = 'UndeclaredEventTypeError';
    this.stream = stream;
    this.eventType = eventType;
  }
}

/** An appended event's data does not match its declared schema. */
export class InvalidEventDataError extends Error {
  readonly stream: string;
  readonly eventType: string;
  readonly errors: readonly { field: string; message: string }[];
  constructor(
    stream: string,
    eventType: string,
    version: number,
    errors: readonly { field: string; message: string }[],
  ) {
    super(
      `stream ${stream}: event ${eventType} v${version} does not match its schema: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
    );
    this.name = 'InvalidEventDataError';
    this.stream = stream;
    this.eventType = eventType;
    this.errors = errors;
  }
}

export interface EventSchemaOptions {
  /**
   * check every appended event against its schema, and refuse undeclared types (default true).
   * Without it appends still record the schema version of declared types.
   */
  readonly validateAppends?: boolean;
}

/** The version an event was stored with: events appended before versions were recorded are v1. */
export const storedSchemaVersion = (event: Pick<RecordedEvent, 'metadata'>): number => {
  const version = event.metadata[SCHEMA_VERSION_KEY];
  return typeof version === 'number' && Number.isInteger(version) && version >= 1 ? version : 1;
};

/** Lifts an event to its type's newest version; undeclared types and current versions pass as they are. */
export const liftEvent = (declaration: EventDeclaration | undefined, event: RecordedEvent): RecordedEvent => {
  if (!declaration) return event;
  const stored = storedSchemaVersion(event);
  if (stored >= declaration.version) return event;
  let data = event.data;
  for (const step of declaration.upcasters.slice(stored - 1)) data = step.upcast(data as never);
  return {
    ...event,
    data,
    metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: declaration.version, [STORED_SCHEMA_VERSION_KEY]: stored },
  };
};

const errorsFor = (declaration: EventDeclaration, data: unknown) =>
  checkValue(declaration.data, data).map((e) => ({ ...e, field: e.field.replace(/^body/, 'data') }));

/**
 * Decorates a service's event store with its declared events: appends record the schema version
 * in `metadata.schema_version` and (with `validateAppends`) are checked against the schema, an
 * undeclared type refused; reads (readStream, readAll, subscribeAll) lift older versions through
 * the upcasters, so deciders and projections only see the newest version of each type.
 */
export function withEventSchemas(
  store: EventStore,
  events: ServiceEvents,
  options: EventSchemaOptions = {},
): EventStore {
  const validate = options.validateAppends ?? true;
  const declarations = new Map<string, EventDeclaration>(events.events.map((d) => [d.type, d]));
  const lift = (event: RecordedEvent) => liftEvent(declarations.get(event.type), event);

  const prepare = (stream: string, event: NewEvent): NewEvent => {
    const declaration = declarations.get(event.type);
    if (!declaration) {
      if (validate) throw new UndeclaredEventTypeError(events.service, stream, event.type);
      return event;
    }
    if (validate) {
      let errors = errorsFor(declaration, event.data);
      // what is stored is the JSON form (undefined fields dropped): judge that before failing
      if (errors.length > 0) errors = errorsFor(declaration, JSON.parse(JSON.stringify(event.data ?? null)));
      if (errors.length > 0) throw new InvalidEventDataError(stream, event.type, declaration.version, errors);
    }
    return { ...event, metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: declaration.version } };
  };

  return {
    // async: a refused event rejects the promise like the adapters' own errors, never throws
    append: async (stream, newEvents, expected) =>
      store.append(
        stream,
        newEvents.map((event) => prepare(stream, event)),
        expected,
      ),
    readStream: async (stream) => (await store.readStream(stream)).map(lift),
    readAll: async (after, limit) => (await store.readAll(after, limit)).map(lift),
    subscribeAll: (subscribeOptions: SubscribeAllOptions): AllSubscription =>
      store.subscribeAll({ ...subscribeOptions, handler: (event) => subscribeOptions.handler(lift(event)) }),
    close: () => store.close(),
  };
}
