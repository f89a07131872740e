import { LISTING_SORTS, listCategories, searchListings } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { FieldErrors, fieldErrorsOf } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import { ListingRow } from '../../components/listing-row.ts';
import { Pagination, queryString } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import { must, type WebContext } from '../../web-context.ts';

type Results = Static<typeof searchListings.response>;
type Category = Static<typeof listCategories.response>['items'][number];

/** the query parameters of search_listings, as the form names them */
export const SEARCH_FIELDS = [
  'q',
  'category',
  'stage',
  'country',
  'pricing_model',
  'domain',
  'status',
  'sort',
  'page',
  'per_page',
] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];
export type SearchForm = Partial<Record<SearchField, string>>;

const SORT_LABELS: Record<(typeof LISTING_SORTS)[number], string> = {
  relevance: 'Best match',
  newest: 'Newest',
  votes: 'Most votes',
  trending: 'Trending',
  most_viewed: 'Most viewed',
  most_followed: 'Most followed',
};

const flatten = (items: readonly Category[], depth = 0): { slug: string; label: string }[] =>
  items.flatMap((item) => [
    { slug: item.slug, label: `${'— '.repeat(depth)}${item.name}` },
    ...flatten(item.subcategories as unknown as Category[], depth + 1),
  ]);

const TextField = (props: {
  name: SearchField;
  label: string;
  form: SearchForm;
  errors: Record<string, string[]>;
  maxlength?: number;
  hint?: string;
}): VNode => {
  const id = `search-${props.name}`;
  const error = props.errors[props.name];
  const describedBy =
    [error ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return html`<div class="field">
    <label for=${id}>${props.label}</label>
    ${props.hint ? html`<span id=${`${id}-hint`} class="muted">${props.hint}</span>` : null}
    <input id=${id} name=${props.name} value=${props.form[props.name] ?? ''} maxlength=${props.maxlength} aria-invalid=${error ? 'true' : undefined} aria-describedby=${describedBy} />
    <${FieldErrors} id=${`${id}-error`} messages=${error} />
  </div>`;
};

const SelectField = (props: {
  name: SearchField;
  label: string;
  form: SearchForm;
  errors: Record<string, string[]>;
  options: { value: string; label: string }[];
}): VNode => {
  const id = `search-${props.name}`;
  const error = props.errors[props.name];
  const current = props.form[props.name] ?? '';
  const known = props.options.some((option) => option.value === current);
  return html`<div class="field">
    <label for=${id}>${props.label}</label>
    <select id=${id} name=${props.name} aria-invalid=${error ? 'true' : undefined} aria-describedby=${error ? `${id}-error` : undefined}>
      ${known ? null : html`<option value=${current} selected>${current === '' ? 'Any' : current}</option>`}
      ${props.options.map((option) => html`<option value=${option.value} selected=${option.value === current}>${option.label}</option>`)}
    </select>
    <${FieldErrors} id=${`${id}-error`} messages=${error} />
  </div>`;
};

export const SearchView = (
  data: {
    form: SearchForm;
    results: Results | null;
    errors: Record<string, string[]>;
    categories: readonly Category[];
  },
  frame: PageFrame,
): VNode => {
  const { form, errors } = data;
  const categoryOptions = [
    { value: '', label: 'Any category' },
    ...flatten(data.categories).map((c) => ({ value: c.slug, label: c.label })),
  ];
  return html`<${Layout} frame=${frame} title=${form.q ? `Search: ${form.q}` : 'Search'}>
    <h1>Search listings</h1>
    <form method="get" action="/search" role="search" class="filters" novalidate>
      <${TextField} name="q" label="Words" form=${form} errors=${errors} maxlength=${200} />
      <${SelectField} name="category" label="Category" form=${form} errors=${errors} options=${categoryOptions} />
      <${TextField} name="stage" label="Stage" form=${form} errors=${errors} hint="e.g. idea, beta" />
      <${TextField} name="country" label="Country" form=${form} errors=${errors} maxlength=${2} hint="two letters, e.g. GB" />
      <${TextField} name="pricing_model" label="Pricing model" form=${form} errors=${errors} maxlength=${40} />
      <${TextField} name="domain" label="Domain" form=${form} errors=${errors} maxlength=${253} />
      <${SelectField} name="status" label="Status" form=${form} errors=${errors} options=${[
        { value: 'live', label: 'Live' },
        { value: 'upcoming', label: 'Upcoming' },
      ]} />
      <${SelectField} name="sort" label="Sort by" form=${form} errors=${errors} options=${LISTING_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))} />
      ${errors.page ? html`<${TextField} name="page" label="Page" form=${form} errors=${errors} />` : null}
      ${errors.per_page ? html`<${TextField} name="per_page" label="Results per page" form=${form} errors=${errors} />` : null}
      <div class="field"><button type="submit">Search</button></div>
    </form>
    ${Object.keys(errors).length > 0 ? html`<p class="field-error" role="alert">Some values need fixing: see the fields marked above.</p>` : null}
    ${
      data.results
        ? html`<h2>${data.results.total} ${data.results.total === 1 ? 'listing' : 'listings'}</h2>
          <ol class="listing-list">${data.results.items.map((item) => html`<${ListingRow} listing=${item} />`)}</ol>
          <${Pagination} page=${data.results.page} perPage=${data.results.per_page} total=${data.results.total}
            hrefOf=${(page: number) => `/search${queryString({ ...form, page })}`} />`
        : null
    }
  <//>`;
};

/** `/search`: search_listings' filters and sorts as a form; a bad value is shown beside its field (400) */
export const searchRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/search', async (request, reply) => {
    const form: SearchForm = {};
    for (const field of SEARCH_FIELDS) {
      const value = request.query[field];
      const text = Array.isArray(value) ? value[0] : value;
      // an empty field is an unset filter
      if (typeof text === 'string' && text.trim() !== '') form[field] = text.trim();
    }
    return web.page(request, reply, async (frame) => {
      const [results, categories] = await Promise.all([
        web.catalog.call(searchListings, { query: form }),
        web.catalog.call(listCategories, {}),
      ]);
      const categoryTree = categories.ok ? categories.body.items : [];
      if (!results.ok && results.status === 400) {
        const errors = fieldErrorsOf(results.errors);
        return { tree: SearchView({ form, results: null, errors, categories: categoryTree }, frame), status: 400 };
      }
      return SearchView({ form, results: must(results), errors: {}, categories: categoryTree }, frame);
    });
  });
};
