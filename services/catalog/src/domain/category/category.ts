import type { CatalogEventOf } from '../catalog-events.ts';

/** One category of the directory (`category-<slug>`), two levels deep. */
export interface CategoryData {
  slug: string;
  name: string;
  parent: string | null;
  description: string;
  faqs: { question: string; answer: string }[];
  /** the facts a comparison shows side by side, e.g. pricing_model, country, features */
  attributes: string[];
}

export type CategoryEvent = CatalogEventOf<'CategoryCreated' | 'CategoryRemoved'>;
export type Category = { exists: boolean };
export const initialCategory: Category = { exists: false };
export const evolveCategory = (_state: Category, event: CategoryEvent): Category => ({
  exists: event.type === 'CategoryCreated',
});

export const categoryStream = (slug: string) => `category-${slug}`;
