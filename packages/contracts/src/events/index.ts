/**
 * Stored events of every service, apart from the API types (`@listings/contracts/events`).
 * Declaring an event is one entry in its service's file; the store refuses undeclared types in tests.
 */
export { catalogEvents } from './catalog.ts';
export { claimsEvents } from './claims.ts';
export { commerceEvents } from './commerce.ts';
export { BlobRef, draftingEvents } from './drafting.ts';
export type {
  DeepReadonly,
  DomainEventOf,
  EventDataOf,
  EventDeclaration,
  EventUpcaster,
  ServiceEvents,
  StreamDeclaration,
} from './event-schema.ts';
export { event, serviceEvents, upcaster } from './event-schema.ts';

import { catalogEvents } from './catalog.ts';
import { claimsEvents } from './claims.ts';
import { commerceEvents } from './commerce.ts';
import { draftingEvents } from './drafting.ts';
import type { ServiceEvents } from './event-schema.ts';

/** Every service's stored events, in the order docs/events.md lists them. */
export const eventCatalog: readonly ServiceEvents[] = [catalogEvents, draftingEvents, commerceEvents, claimsEvents];
