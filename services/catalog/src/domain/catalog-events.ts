import type { catalogEvents, DomainEventOf } from '@listings/contracts/events';

/**
 * The catalog's events, derived from their declared schemas (packages/contracts/src/events/catalog.ts):
 * never written by hand. Each aggregate names the ones of its stream with `CatalogEventOf`.
 */
export type CatalogEvent = DomainEventOf<typeof catalogEvents>;

/** The catalog events of these types. */
export type CatalogEventOf<Type extends CatalogEvent['type']> = Extract<CatalogEvent, { type: Type }>;
