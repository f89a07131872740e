import { NotFoundError } from '@listings/platform/errors';
import { callerAccount } from '@listings/platform/service-host';
import type { CatalogHandler } from './operation-context.ts';

/** edit_category (operators): rename a category or edit its description; its slug stays. Audited. */
export const editCategory: CatalogHandler<'edit_category'> = async (call, { view, commands }) => {
  const operator = callerAccount(call, 'edit categories');
  const slug = call.params.category;
  if (!view.categories.has(slug)) throw new NotFoundError(`no category ${slug}`);
  const { name, description } = call.body;
  const reason = call.body.reason.trim();
  await commands.editCategory({
    slug,
    ...(name !== undefined ? { name: name.trim() } : {}),
    ...(description !== undefined ? { description: description.trim() } : {}),
    operator,
    reason,
  });
  const edited = view.categories.get(slug);
  if (!edited) throw new NotFoundError(`no category ${slug}`);
  return { slug, name: edited.name, description: edited.description, parent: edited.parent, reason };
};
