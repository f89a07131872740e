import type { Decider } from '@listings/platform/decider';
import { ConflictError, ValidationError } from '@listings/platform/errors';
import type { CatalogEventOf } from '../catalog-events.ts';

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
export type CategoryCommand =
  | { type: 'CreateCategory'; data: CategoryData & { parent_exists: boolean; parent_is_root: boolean } }
  | { type: 'RemoveCategory'; data: { slug: string } };
export type Category = { exists: boolean };

export const categoryDecider: Decider<CategoryCommand, Category, CategoryEvent> = {
  initialState: { exists: false },
  evolve: (_state, event) => ({ exists: event.type === 'CategoryCreated' }),
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateCategory': {
        const { parent_exists, parent_is_root, ...data } = command.data;
        if (state.exists) throw new ConflictError(`category ${data.slug} exists`);
        if (data.parent !== null && !parent_exists)
          throw new ValidationError([{ field: 'parent', message: 'is not a category' }]);
        if (data.parent !== null && !parent_is_root)
          throw new ValidationError([{ field: 'parent', message: 'categories are two levels deep' }]);
        return [{ type: 'CategoryCreated', data }];
      }
      case 'RemoveCategory':
        return state.exists ? [{ type: 'CategoryRemoved', data: { slug: command.data.slug } }] : [];
      default: {
        const never: never = command;
        throw new Error(`unknown command ${JSON.stringify(never)}`);
      }
    }
  },
};
export const categoryStream = (slug: string) => `category-${slug}`;
