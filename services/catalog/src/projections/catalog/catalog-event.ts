import type { catalogEvents, DomainEventOf } from '@listings/contracts/events';
import type { RecordedEvent } from '@listings/platform/event-store';

/** The catalog's stored events, as the contracts declare them: what its projections fold. */
export type CatalogEvent = DomainEventOf<typeof catalogEvents>;
export type CatalogEventType = CatalogEvent['type'];
/** the data of one catalog event type */
export type CatalogEventData<T extends CatalogEventType> = Extract<CatalogEvent, { type: T }>['data'];

/**
 * A recorded event as the catalog event it is: the event store took it against its declared
 * schema (and lifts older versions on read), so its type tag says what its data holds.
 */
export const asCatalogEvent = (event: Pick<RecordedEvent, 'type' | 'data'>): CatalogEvent =>
  event as unknown as CatalogEvent;
