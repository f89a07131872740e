import { ValidationError } from '@listings/platform/errors';
import { callerAccount } from '@listings/platform/service-host';
import type { CatalogHandler } from './operation-context.ts';

/** add_category (operators): a new category, at the top or under a top-level parent, audited. */
export const addCategory: CatalogHandler<'add_category'> = async (call, { view, commands }) => {
  const operator = callerAccount(call, 'add categories');
  const { slug, name, description = '', parent = null } = call.body;
  const reason = call.body.reason.trim();
  const category = { slug, name: name.trim(), description: description.trim(), parent, faqs: [], attributes: [] };
  try {
    await commands.createCategory(category, { operator, reason });
  } catch (error) {
    // the decider names the field of its command (`parent`): the caller sent it in the body
    if (error instanceof ValidationError)
      throw new ValidationError(error.errors.map((e) => ({ ...e, field: `body.${e.field}` })));
    throw error;
  }
  const added = view.categories.get(slug) ?? category;
  return { slug, name: added.name, description: added.description, parent: added.parent, reason };
};
