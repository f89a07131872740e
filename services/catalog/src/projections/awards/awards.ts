import type { Winner } from '../../domain/week-awards/week-awards.ts';
import type { CatalogEvent } from '../catalog/catalog-event.ts';
import { documentMapProjection } from '../catalog/document-map.ts';

/** A launch week's awards (list_awards, get_badges), by the week's first day. */
export interface AwardsDoc {
  readonly week_start: string;
  readonly winners: readonly Winner[];
  /** the ranking rules version the week was ranked under (absent: stored before it was recorded, 1) */
  readonly rules_version?: number;
}

export const evolveAwardsDoc = (doc: AwardsDoc | undefined, event: CatalogEvent): AwardsDoc | undefined =>
  event.type === 'WeekAwardsDecided'
    ? { week_start: event.data.week_start, winners: event.data.winners, rules_version: event.data.rules_version }
    : doc;

export const awardsProjection = documentMapProjection<AwardsDoc>({
  collection: 'awards',
  documentOf: (event) => (event.type === 'WeekAwardsDecided' ? event.data.week_start : undefined),
  evolve: evolveAwardsDoc,
});
