import type { Decider } from '@listings/platform/decider';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { type Category, type CategoryData, type CategoryEvent, evolveCategory, initialCategory } from './category.ts';

/** who added a category and why: an operator with a reason; absent: nobody (the seed, the CLI) */
type AddedBy = { operator?: string; reason?: string; now?: string };

export type CategoryCommand =
  | { type: 'CreateCategory'; data: CategoryData & AddedBy & { parent_exists: boolean; parent_is_root: boolean } }
  | { type: 'RemoveCategory'; data: { slug: string } }
  | {
      type: 'EditCategory';
      data: { slug: string; name?: string; description?: string; operator: string; reason: string; now: string };
    };

export const decideCategory = (command: CategoryCommand, state: Category): CategoryEvent[] => {
  switch (command.type) {
    case 'CreateCategory': {
      const { parent_exists, parent_is_root, operator = null, reason = '', now = null, ...data } = command.data;
      if (state.exists) throw new ConflictError(`category ${data.slug} exists`);
      if (data.parent !== null && !parent_exists)
        throw new ValidationError([{ field: 'parent', message: 'is not a category' }]);
      if (data.parent !== null && !parent_is_root)
        throw new ValidationError([{ field: 'parent', message: 'categories are two levels deep' }]);
      return [{ type: 'CategoryCreated', data: { ...data, operator, reason, at: now } }];
    }
    case 'RemoveCategory':
      return state.exists ? [{ type: 'CategoryRemoved', data: { slug: command.data.slug } }] : [];
    case 'EditCategory': {
      const { slug, operator, reason, now } = command.data;
      if (!state.exists) throw new NotFoundError(`no category ${slug}`);
      const name = command.data.name ?? state.name;
      const description = command.data.description ?? state.description;
      if (name === state.name && description === state.description) return [];
      const before = { name: state.name, description: state.description };
      return [{ type: 'CategoryEdited', data: { slug, name, description, before, operator, reason, at: now } }];
    }
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
