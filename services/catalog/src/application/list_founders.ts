import type { Where } from '@listings/platform/read-models';
import { F } from '../projections/catalog/query-keys.ts';
import { founderEntryOf } from './founder-entries.ts';
import type { CatalogHandler } from './operation-context.ts';
import { pagingOf } from './presenters.ts';

/** list_founders: founders by name, optionally matching `q` and of one country, one page. */
export const listFounders: CatalogHandler<'list_founders'> = async (call, { view }) => {
  const q = (call.query.q as string | undefined)?.trim();
  const country = (call.query.country as string | undefined)?.toUpperCase();
  const where: Where = {
    ...(q ? { [F.name]: { contains: q } } : {}),
    ...(country ? { [F.country]: { eq: country } } : {}),
  };
  const paging = pagingOf(call.query);
  const [founders, total] = await Promise.all([
    // by slug (the document id): the name's order, without case or accents
    view.findFounders({
      where,
      skip: (paging.page - 1) * paging.per_page,
      limit: paging.per_page,
    }),
    view.countFounders(where),
  ]);
  return {
    items: await Promise.all(founders.map((founder) => founderEntryOf(view, founder))),
    page: paging.page,
    per_page: paging.per_page,
    total,
  };
};
