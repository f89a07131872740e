import type { Static, TSchema } from 'typebox';

/**
 * Stored events, declared once: each event type of a service with its TypeBox schema, its current
 * (integer) version and the upcasters that lift older versions to it. The event store records the
 * version with every event (`metadata.schema_version`); reads lift older versions, so deciders and
 * projections only ever see the newest one. docs/events.md is generated from these declarations.
 *
 * These schemas describe what is stored, apart from the API types: an API contract may change
 * without changing what old events mean.
 */

/** Lifts the data of version `from` to version `from + 1`. Pure: no I/O, no clock. */
export interface EventUpcaster {
  readonly from: number;
  /** the data schema of version `from`, as it was stored */
  readonly data: TSchema;
  /** what changed from `from` to `from + 1`, and how old events are lifted */
  readonly description: string;
  readonly upcast: (data: never) => unknown;
}

export interface EventDeclaration<Type extends string = string, Data extends TSchema = TSchema> {
  readonly type: Type;
  /** the stream category the event is appended to (`<category>-<id>`), one of the service's streams */
  readonly stream: string;
  /** the current version, from 1; bump it (and add an upcaster) when the data's shape changes */
  readonly version: number;
  /** what happened, for an analyst reading the log */
  readonly description: string;
  readonly data: Data;
  /** one per older version, oldest first: `upcasters[i].from === i + 1` */
  readonly upcasters: readonly EventUpcaster[];
}

export interface StreamDeclaration {
  /** the stream category, the part before the first `-` */
  readonly category: string;
  /** how the stream's name is built, e.g. `listing-<listing_id>` */
  readonly pattern: string;
  readonly description: string;
}

export interface ServiceEvents<Events extends readonly EventDeclaration[] = readonly EventDeclaration[]> {
  readonly service: string;
  readonly description: string;
  readonly streams: readonly StreamDeclaration[];
  readonly events: Events;
}

/** One event type: `event('ListingCreated', { stream: 'listing', description, data })`. */
export const event = <Type extends string, Data extends TSchema>(
  type: Type,
  spec: {
    readonly stream: string;
    readonly description: string;
    readonly data: Data;
    /** default 1 */
    readonly version?: number;
    readonly upcasters?: readonly EventUpcaster[];
  },
): EventDeclaration<Type, Data> => {
  const version = spec.version ?? 1;
  const upcasters = spec.upcasters ?? [];
  if (!Number.isInteger(version) || version < 1) throw new Error(`event ${type}: version must be an integer >= 1`);
  if (upcasters.length !== version - 1 || upcasters.some((u, i) => u.from !== i + 1))
    throw new Error(`event ${type} v${version}: needs one upcaster from each older version (1..${version - 1})`);
  return { type, stream: spec.stream, version, description: spec.description, data: spec.data, upcasters };
};

/** An upcaster, typed by the schemas of the version it reads and the one it produces. */
export const upcaster = <From extends TSchema, To extends TSchema>(spec: {
  readonly from: number;
  readonly data: From;
  readonly to: To;
  readonly description: string;
  readonly upcast: (data: Static<From>) => Static<To>;
}): EventUpcaster => ({
  from: spec.from,
  data: spec.data,
  description: spec.description,
  upcast: spec.upcast as (data: never) => unknown,
});

/** A service's stored events; fails at load when a type is declared twice or names an undeclared stream. */
export const serviceEvents = <const Events extends readonly EventDeclaration[]>(spec: {
  readonly service: string;
  readonly description: string;
  readonly streams: readonly StreamDeclaration[];
  readonly events: Events;
}): ServiceEvents<Events> => {
  const seen = new Set<string>();
  const categories = new Set(spec.streams.map((s) => s.category));
  for (const declared of spec.events) {
    if (seen.has(declared.type)) throw new Error(`${spec.service} declares event ${declared.type} twice`);
    seen.add(declared.type);
    if (!categories.has(declared.stream))
      throw new Error(`${spec.service} event ${declared.type}: stream ${declared.stream} is not declared`);
  }
  return spec;
};

/** The domain event union of a service, derived from its schemas: `{ type, data }` per event type. */
export type DomainEventOf<S extends ServiceEvents> = S['events'][number] extends infer D
  ? D extends EventDeclaration<infer Type, infer Data>
    ? { readonly type: Type; readonly data: DeepReadonly<Static<Data>> }
    : never
  : never;

/** Events are facts: what a decider or projection reads of them is read-only, all the way down. */
export type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** The data of one event type of a service, derived from its schema. */
export type EventDataOf<S extends ServiceEvents, Type extends string> = Extract<
  DomainEventOf<S>,
  { type: Type }
>['data'];
