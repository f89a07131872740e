import type { listCategories } from '@listings/contracts';
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  OPERATOR_REASON_MAX,
  OPERATOR_REASON_MIN,
  SLUG_PATTERN,
} from '@listings/contracts';
import type { Static } from 'typebox';
import { CsrfField } from '../../components/csrf-field.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

type Category = Static<typeof listCategories.response>['items'][number];
export interface ConsoleCategory {
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  readonly parent: string | null;
}

/** the category tree, flat: top-level categories each followed by their subcategories */
export const flatCategories = (items: readonly Category[]): ConsoleCategory[] =>
  items.flatMap((item) => [
    { slug: item.slug, name: item.name, description: item.description ?? '', parent: item.parent },
    ...flatCategories(item.subcategories as unknown as Category[]),
  ]);

const ReasonField = (props: { id: string; label: string }): VNode =>
  html`<label for=${props.id}>${props.label}</label>
    <input id=${props.id} name="reason" required minlength=${OPERATOR_REASON_MIN} maxlength=${OPERATOR_REASON_MAX} />`;

/** move one listing to another category: the category and the operator's reason */
export const MoveForm = (props: {
  listingId: number;
  slug: string;
  categories: readonly ConsoleCategory[];
  viewer: Viewer;
}): VNode =>
  html`<form method="post" action=${`/admin/listings/${props.listingId}/move`} class="inline-form">
    <${CsrfField} viewer=${props.viewer} />
    <label for=${`move-to-${props.listingId}`}>Move ${props.slug} to</label>
    <select id=${`move-to-${props.listingId}`} name="category" required>
      ${props.categories.map((c) => html`<option value=${c.slug}>${c.parent ? `${c.parent} / ` : ''}${c.name}</option>`)}
    </select>
    <${ReasonField} id=${`move-reason-${props.listingId}`} label=${`Reason to move ${props.slug}`} />
    <button type="submit" class="secondary">Move</button>
  </form>`;

/** `/admin`'s categories: rename or describe each, and add one */
export const CategoriesSection = (props: { categories: readonly ConsoleCategory[]; viewer: Viewer }): VNode =>
  html`<section aria-labelledby="categories">
    <h2 id="categories">Categories</h2>
    <table>
      <thead><tr><th scope="col">Category</th><th scope="col">Edit</th></tr></thead>
      <tbody>${props.categories.map(
        (c) => html`<tr>
          <td><a href=${`/categories/${c.slug}`}>${c.name}</a>${c.parent ? ` (under ${c.parent})` : ''}</td>
          <td><form method="post" action=${`/admin/categories/${c.slug}/edit`} class="inline-form">
            <${CsrfField} viewer=${props.viewer} />
            <label for=${`category-name-${c.slug}`}>Name of ${c.slug}</label>
            <input id=${`category-name-${c.slug}`} name="name" value=${c.name} required maxlength=${CATEGORY_NAME_MAX} />
            <label for=${`category-description-${c.slug}`}>Description of ${c.slug}</label>
            <textarea id=${`category-description-${c.slug}`} name="description" maxlength=${CATEGORY_DESCRIPTION_MAX}>${c.description}</textarea>
            <${ReasonField} id=${`category-reason-${c.slug}`} label=${`Reason to edit ${c.slug}`} />
            <button type="submit" class="secondary">Save</button>
          </form></td>
        </tr>`,
      )}</tbody>
    </table>
    <h3>Add a category</h3>
    <form method="post" action="/admin/categories" class="inline-form">
      <${CsrfField} viewer=${props.viewer} />
      <label for="new-category-slug">Slug</label>
      <input id="new-category-slug" name="slug" required pattern=${SLUG_PATTERN} />
      <label for="new-category-name">Name</label>
      <input id="new-category-name" name="name" required maxlength=${CATEGORY_NAME_MAX} />
      <label for="new-category-description">Description</label>
      <textarea id="new-category-description" name="description" maxlength=${CATEGORY_DESCRIPTION_MAX}></textarea>
      <label for="new-category-parent">Under</label>
      <select id="new-category-parent" name="parent">
        <option value="">(top level)</option>
        ${props.categories.filter((c) => c.parent === null).map((c) => html`<option value=${c.slug}>${c.name}</option>`)}
      </select>
      <${ReasonField} id="new-category-reason" label="Reason to add it" />
      <button type="submit">Add category</button>
    </form>
  </section>`;
