import Type from 'typebox';
import { PositiveId, Slug } from './common.ts';
import { OPERATOR_REASON_MAX, OPERATOR_REASON_MIN } from './moderation.ts';
import { defineOperation } from './operation.ts';

/** a category's name and description as operators write them */
export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 2000;

const OperatorReason = Type.String({
  minLength: OPERATOR_REASON_MIN,
  maxLength: OPERATOR_REASON_MAX,
  description: 'why: shown in the audit',
});
const CategoryName = Type.String({ minLength: 1, maxLength: CATEGORY_NAME_MAX });
const CategoryDescription = Type.String({ maxLength: CATEGORY_DESCRIPTION_MAX });

/** a category as an operator left it */
const EditedCategory = Type.Object({
  slug: Slug,
  name: Type.String(),
  description: Type.String(),
  parent: Type.Union([Slug, Type.Null()]),
  reason: Type.String(),
});

export const addCategory = defineOperation({
  operationId: 'add_category',
  method: 'POST',
  path: '/admin/categories',
  service: 'catalog',
  scope: 'listings:write',
  role: 'operator',
  successStatus: 201,
  summary: 'Add a category (operators)',
  description:
    'Adds a category to the directory, at the top or under a top-level `parent` (categories are two levels deep). A slug already taken is 409. Operators only.',
  extraProblemStatuses: [409],
  body: Type.Object(
    {
      slug: Slug,
      name: CategoryName,
      description: Type.Optional(CategoryDescription),
      parent: Type.Optional(Slug),
      reason: OperatorReason,
    },
    { additionalProperties: false },
  ),
  response: EditedCategory,
});

export const editCategory = defineOperation({
  operationId: 'edit_category',
  method: 'PATCH',
  path: '/admin/categories/{category}',
  service: 'catalog',
  scope: 'listings:write',
  role: 'operator',
  summary: 'Rename a category or edit its description (operators)',
  description:
    'Renames a category (`name`) or replaces its description (`description`); its slug, and so its address, stays. Nothing changed: nothing is recorded. Operators only.',
  params: Type.Object({ category: Slug }, { additionalProperties: false }),
  body: Type.Object(
    { name: Type.Optional(CategoryName), description: Type.Optional(CategoryDescription), reason: OperatorReason },
    { additionalProperties: false },
  ),
  response: EditedCategory,
});

export const moveListing = defineOperation({
  operationId: 'move_listing',
  method: 'POST',
  path: '/admin/listings/{listing_id}/move',
  service: 'catalog',
  scope: 'listings:write',
  role: 'operator',
  summary: 'Move a listing to another category (operators)',
  description:
    "Makes `category` the listing's primary category (its pages, search and the category's counts follow; a later draft publication keeps it). Already there: nothing changes. Operators only.",
  params: Type.Object({ listing_id: PositiveId }, { additionalProperties: false }),
  body: Type.Object({ category: Slug, reason: OperatorReason }, { additionalProperties: false }),
  response: Type.Object({
    listing_id: PositiveId,
    slug: Slug,
    categories: Type.Array(Type.String(), { description: 'the primary category first' }),
    reason: Type.String(),
  }),
});

export const categoryAdminOperations = [addCategory, editCategory, moveListing];
