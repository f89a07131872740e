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

export type CategoryEvent = CatalogEventOf<'CategoryCreated' | 'CategoryRemoved' | 'CategoryEdited'>;
export type Category =
  | { readonly exists: false }
  | { readonly exists: true; readonly slug: string; readonly name: string; readonly description: string };
export const initialCategory: Category = { exists: false };
export const evolveCategory = (state: Category, event: CategoryEvent): Category => {
  switch (event.type) {
    case 'CategoryCreated': {
      const { slug, name, description } = event.data;
      return { exists: true, slug, name, description };
    }
    case 'CategoryEdited':
      return state.exists ? { ...state, name: event.data.name, description: event.data.description } : state;
    default:
      return { exists: false };
  }
};

export const categoryStream = (slug: string) => `category-${slug}`;
