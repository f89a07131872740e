import type { DeepReadonly } from '@listings/contracts/events';
import type { CategoryData } from '../../domain/category/category.ts';
import type { CatalogEvent } from '../catalog/catalog-event.ts';
import { documentMapProjection } from '../catalog/document-map.ts';

/** A category of the directory (list_categories, get_category), by slug. */
export type CategoryDoc = CategoryData;

/** Pure. Older or hand-written CategoryCreated events may lack fields: the document always has them all. */
export const evolveCategoryDoc = (doc: CategoryDoc | undefined, event: CatalogEvent): CategoryDoc | undefined => {
  if (event.type === 'CategoryRemoved') return undefined;
  if (event.type === 'CategoryEdited')
    return doc && { ...doc, name: event.data.name, description: event.data.description };
  if (event.type !== 'CategoryCreated') return doc;
  const d: Partial<DeepReadonly<CategoryDoc>> & { slug: string } = event.data;
  // (the operator, reason and time of an operator's category are the audit's: projections/moderation)
  return {
    slug: d.slug,
    name: d.name ?? d.slug,
    parent: d.parent ?? null,
    description: d.description ?? '',
    faqs: [...(d.faqs ?? [])],
    attributes: [...(d.attributes ?? [])],
  };
};

export const categoriesProjection = documentMapProjection<CategoryDoc>({
  collection: 'categories',
  documentOf: (event) =>
    event.type === 'CategoryCreated' || event.type === 'CategoryRemoved' || event.type === 'CategoryEdited'
      ? event.data.slug
      : undefined,
  evolve: evolveCategoryDoc,
});
