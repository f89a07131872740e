import { readModelChanged } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { CatalogView } from '../projections/catalog/read-model.ts';

/**
 * Tells every edge of each change of the read model (contracts' notices.ts), before any answer
 * that read it goes out: their read caches drop what they hold of the catalog. Once more when the
 * replica starts answering (`told`) and when it stops (an edge then asks, and learns it is gone).
 */
export const tellReadModelChanges = (bus: Bus, view: Pick<CatalogView, 'onChange'>) => {
  const subject = readModelChanged.subjectOf('catalog');
  const tell = () => bus.notify(subject, null);
  const stopTelling = view.onChange(tell);
  return {
    /** this replica answers from now on */
    answering: tell,
    stop: () => {
      stopTelling();
      tell();
    },
  };
};
