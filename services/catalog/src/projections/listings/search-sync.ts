import type { Logger } from '@listings/platform/logger';
import type { ReadModelWrite, Where } from '@listings/platform/read-models';
import type { SearchDocument, SearchIndex } from '@listings/platform/search';
import type { Rows, Stored } from '../catalog/rows.ts';
import type { CategoryDoc } from '../categories/categories.ts';
import type { ListingDoc } from './listing.ts';
import { L } from './listing-keys.ts';
import { toSearchDocument } from './search-document.ts';

/** documents per page when the search index is brought up from the store */
const BATCH = 1000;

/** every listing matching `where`, a page at a time in id order */
const eachListingPage = async (
  listings: Rows<ListingDoc>,
  mode: 'memory' | 'store',
  where: Where,
  handle: (docs: ListingDoc[]) => Promise<void>,
) => {
  if (mode === 'memory') {
    // one scan: memory answers a query by scanning, so paging would scan once per page
    const all = (await listings.find({ where, sort: [[L.id, 1]] })).map((row) => row.doc.doc);
    for (let i = 0; i < all.length; i += BATCH) await handle(all.slice(i, i + BATCH));
    return;
  }
  let after = 0;
  for (;;) {
    const page = await listings.find({ where: { ...where, [L.id]: { gt: after } }, sort: [[L.id, 1]], limit: BATCH });
    const docs = page.map((row) => row.doc.doc);
    const last = docs[docs.length - 1];
    if (!last) return;
    await handle(docs);
    after = last.id;
  }
};

/**
 * The search index follows the listings: at start it is brought to the store's position before
 * any query. One behind (a crash between the store and the index) gets the listings written
 * after its position again; one that is new, ahead (the store was cleared or restored beneath
 * it) or beside documents stored before they carried their position (`legacy`) is rebuilt.
 */
export const bringSearchUp = async (deps: {
  search: SearchIndex;
  listings: Rows<ListingDoc>;
  mode: 'memory' | 'store';
  position: number;
  legacy: boolean;
  categories: ReadonlyMap<string, CategoryDoc>;
  logger: Pick<Logger, 'warn'>;
}) => {
  const { search, position } = deps;
  const searchAt = await search.position();
  if (searchAt === position) return;
  const behind = searchAt > 0 && searchAt < position && !deps.legacy;
  if (!behind) await search.clear();
  let applied = 0;
  // pages go in at the index's old position; the last step moves it (a crash midway redoes them)
  await eachListingPage(deps.listings, deps.mode, behind ? { [L.at]: { gt: searchAt } } : {}, async (docs) => {
    applied += docs.length;
    await search.apply(
      { upsert: docs.map((doc) => toSearchDocument(doc, deps.categories)), remove: [] },
      behind ? searchAt : 0,
    );
  });
  if (position > 0) await search.apply({ upsert: [], remove: [] }, position);
  deps.logger.warn(
    { search_position: searchAt, position, applied, rebuilt: !behind },
    'search index brought to the read model position',
  );
};

/**
 * After each write of the store: the listings it wrote go to the search index at the same
 * position. A shared index another replica already brought this far (the store refused the write
 * as stale) keeps its newer documents.
 */
export const followStoreWithSearch =
  (search: SearchIndex, categories: ReadonlyMap<string, CategoryDoc>) =>
  async (writes: readonly ReadModelWrite[], at: number, stale: boolean) => {
    const upsert: SearchDocument[] = [];
    const remove: string[] = [];
    for (const { collection, id, doc } of writes) {
      if (collection !== 'listings') continue;
      if (doc) upsert.push(toSearchDocument((doc as Stored<ListingDoc>).doc, categories));
      else remove.push(id);
    }
    if (!stale || (await search.position()) < at) await search.apply({ upsert, remove }, at);
  };
