import type { Decider } from '@listings/platform/decider';
import { ConflictError, ValidationError } from '@listings/platform/errors';
import { type Category, type CategoryData, type CategoryEvent, evolveCategory, initialCategory } from './category.ts';

export type CategoryCommand =
  | { type: 'CreateCategory'; data: CategoryData & { parent_exists: boolean; parent_is_root: boolean } }
  | { type: 'RemoveCategory'; data: { slug: string } };

export const decideCategory = (command: CategoryCommand, state: Category): CategoryEvent[] => {
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
};

export const categoryDecider: Decider<CategoryCommand, Category, CategoryEvent> = {
  initialState: initialCategory,
  evolve: evolveCategory,
  decide: decideCategory,
};
