import type { DocumentProjection } from '@listings/platform/read-models';
import { asCatalogEvent, type CatalogEvent } from './catalog-event.ts';

/**
 * A small catalog projection (tens to hundreds of documents, held in memory): the platform's
 * document projection whose view is the documents by id, folded from the catalog's own events.
 */
export const documentMapProjection = <Doc>(spec: {
  readonly collection: string;
  /** the document an event folds into; undefined when the event is not for this projection */
  documentOf(event: CatalogEvent): string | undefined;
  /** pure: the document after the event (undefined deletes it) */
  evolve(doc: Doc | undefined, event: CatalogEvent): Doc | undefined;
}): DocumentProjection<Doc, Map<string, Doc>> => ({
  collection: spec.collection,
  documentOf: (event) => spec.documentOf(asCatalogEvent(event)),
  evolve: (doc, event) => spec.evolve(doc, asCatalogEvent(event)),
  createView: () => {
    const view = new Map<string, Doc>();
    return {
      view,
      put: (id, _before, after) => {
        if (after === undefined) view.delete(id);
        else view.set(id, after);
      },
    };
  },
});
