import { getCategory, listCategories } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { Layout } from '../../components/layout.ts';
import { ListingRow } from '../../components/listing-row.ts';
import { Pagination, queryString } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import { must, type WebContext } from '../../web-context.ts';
import { NotFoundView } from '../not-found/view.ts';

type Category = Static<typeof listCategories.response>['items'][number];
type CategoryPage = Static<typeof getCategory.response>;

const Tree = ({ items }: { items: readonly Category[] }): VNode =>
  html`<ul class="category-tree">${items.map(
    (item) => html`<li>
      <a href=${`/categories/${item.slug}`}>${item.name}</a> <span class="muted">(${item.live_count})</span>
      ${item.subcategories.length ? html`<${Tree} items=${item.subcategories as unknown as Category[]} />` : null}
    </li>`,
  )}</ul>`;

export const CategoriesView = (items: readonly Category[], frame: PageFrame): VNode =>
  html`<${Layout} frame=${frame} title="Categories" description="Every category and how many live listings it holds.">
    <h1>Categories</h1>
    <${Tree} items=${items} />
  <//>`;

export const CategoryView = (category: CategoryPage, frame: PageFrame): VNode =>
  html`<${Layout} frame=${frame} title=${category.name} description=${category.description ?? category.name}>
    <p class="muted">${category.parent ? html`<a href=${`/categories/${category.parent}`}>${category.parent_name ?? category.parent}</a> › ` : html`<a href="/categories">Categories</a> › `}</p>
    <h1>${category.name}</h1>
    ${category.description ? html`<p>${category.description}</p>` : null}
    ${
      category.subcategories.length
        ? html`<h2>Subcategories</h2><${Tree} items=${category.subcategories as unknown as Category[]} />`
        : null
    }
    <h2>Listings, most voted first</h2>
    ${
      category.listings.items.length === 0
        ? html`<p>No live listings yet.</p>`
        : html`<ol class="listing-list">${category.listings.items.map((item) => html`<${ListingRow} listing=${item} />`)}</ol>`
    }
    <${Pagination}
      page=${category.listings.page}
      perPage=${category.listings.per_page}
      total=${category.listings.total}
      hrefOf=${(page: number) => `/categories/${category.slug}${queryString({ page })}`}
    />
    ${
      category.faqs.length
        ? html`<h2>Questions</h2>${category.faqs.map((faq) => html`<details><summary>${faq.question}</summary><p>${faq.answer}</p></details>`)}`
        : null
    }
  <//>`;

/** `/categories` (the tree) and `/categories/{slug}` (a category and its listings) */
export const categoryRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get('/categories', async (request, reply) => {
    return web.page(request, reply, async (frame) => {
      const categories = await web.catalog.call(listCategories, {});
      return CategoriesView(must(categories).items, frame);
    });
  });
  app.get<{ Params: { slug: string }; Querystring: { page?: string } }>('/categories/:slug', async (request, reply) => {
    const query = request.query.page ? { page: request.query.page } : {};
    return web.page(request, reply, async (frame) => {
      const category = await web.catalog.call(getCategory, { params: { slug: request.params.slug }, query });
      if (!category.ok && (category.status === 404 || category.status === 400))
        return { tree: NotFoundView({ what: 'There is no such category.' }, frame), status: 404 };
      return CategoryView(must(category), frame);
    });
  });
};
