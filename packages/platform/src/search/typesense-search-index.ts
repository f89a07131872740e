import { Agent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { Client } from 'typesense';
import type { SearchDocument, SearchHits, SearchIndex, SearchIndexOptions, SearchQuery } from './search-index.ts';

/**
 * The search port on Typesense (written against the 0.24 API: the stand-in CI runs is 0.24.1).
 *
 * One collection per index. A document's fields are prefixed by their role, so the port's open
 * set of filter and sort keys needs no schema change: `t_<field>` text (query_by, weighted),
 * `f_<key>` string[] (filter_by `:=`, an array matches when it holds the value), `s_<key>` int64
 * sort keys and `k` (the id, sortable: the tie-break). Sort keys are doubles in the port; Typesense
 * keeps `float` in 32 bits (a millisecond timestamp would lose minutes), so each double is stored
 * as the int64 with the same order (its IEEE-754 bits, the negative ones flipped).
 *
 * The position lives in a second collection (`<collection>__position`), written after the
 * documents: Typesense has no transaction over both, so a crash between the two leaves the
 * position behind and the same changes are applied again on restart (upserts and removals are
 * idempotent). That collection also holds the schema's signature: an index opened with other
 * text fields is dropped and starts again from position 0, so the owner rebuilds it.
 *
 * Typo tolerance matches the embedded index: exact for 1-3 letters, one typo from 4, two from 5
 * (`min_len_1typo`, `min_len_2typo`), prefix matching on the last word, and words dropped when
 * every word together finds nothing (`drop_tokens_threshold`). Typesense counts a swap of two
 * neighbouring letters as one typo, but not a swap of the first two; a query that finds nothing is
 * asked again with those swapped back (`firstLetterSwaps`), as the embedded index does.
 * Where a newer Typesense would be better: filters evaluated without materialising every match
 * (0.24 lists all ids a filter matches, see searchOnce), `offset`/`limit` paging (0.24 pages by
 * `page`/`per_page`, so an offset that is not a multiple of the limit costs two requests), and
 * filtering by `id` (here a copy in `k`).
 */
export interface TypesenseSearchIndexOptions extends SearchIndexOptions {
  /** e.g. `http://127.0.0.1:8108` */
  readonly url: string;
  readonly apiKey: string;
  /** the collection's name (default `search`); its position is kept in `<collection>__position` */
  readonly collection?: string;
  /** per request (default 10 s) */
  readonly timeoutSeconds?: number;
}

const MAX_PER_PAGE = 250;
const IMPORT_BATCH = 5_000;
const REMOVE_BATCH = 200;
const POSITION_ID = 'position';

/** a double → the int64 (as a decimal string) whose order is the double's order */
export const orderedInt64 = (value: number): string => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value === 0 ? 0 : value); // -0 and 0 sort alike
  const bits = view.getBigInt64(0);
  // positive doubles' bits already sort as int64; negative ones sort backwards: flip all but the sign
  return (bits >= 0n ? bits : bits ^ 0x7fffffffffffffffn).toString();
};

/**
 * The text with the first two letters of one word (4+ letters) swapped back, one variant per word.
 * Typesense counts a swap of neighbouring letters as one typo, except the first two (`imro`), which
 * the embedded index finds by its swapped-back spellings: so does this adapter, when nothing else
 * matched.
 */
export const firstLetterSwaps = (text: string): string[] => {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (text.length > 80) return [];
  return words.flatMap((word, w) =>
    word.length >= 4 && word[0] !== word[1]
      ? [[...words.slice(0, w), `${word[1]}${word[0]}${word.slice(2)}`, ...words.slice(w + 1)].join(' ')]
      : [],
  );
};

const escapeValue = (value: string): string | undefined => (value.includes('`') ? undefined : `\`${value}\``);

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'httpStatus' in error
    ? (error as { httpStatus?: number }).httpStatus
    : undefined;

export const openTypesenseSearchIndex = async (options: TypesenseSearchIndexOptions): Promise<SearchIndex> => {
  const url = new URL(options.url);
  const https = url.protocol === 'https:';
  const httpsAgent = new HttpsAgent({ keepAlive: true });
  const httpAgent = new Agent({ keepAlive: true });
  const client = new Client({
    nodes: [
      {
        host: url.hostname,
        port: Number(url.port || (https ? 443 : 80)),
        protocol: https ? 'https' : 'http',
        ...(url.pathname !== '/' ? { path: url.pathname.replace(/\/+$/, '') } : {}),
      },
    ],
    apiKey: options.apiKey,
    connectionTimeoutSeconds: options.timeoutSeconds ?? 10,
    numRetries: 2,
    retryIntervalSeconds: 0.1,
    logLevel: 'silent',
    httpAgent,
    httpsAgent,
  });
  const name = options.collection ?? 'search';
  const positionName = `${name}__position`;
  const textFields = Object.keys(options.fields);
  const heaviest = Math.max(...Object.values(options.fields), 1);
  const queryBy = textFields.map((field) => `t_${field}`).join(',');
  const queryByWeights = textFields
    .map((field) => Math.max(1, Math.round((15 * (options.fields[field] as number)) / heaviest)))
    .join(',');
  const signature = JSON.stringify({ v: 1, text: textFields });

  /**
   * Makes the collections and the position document. `shared`: at open, where another replica may
   * be making them at the same moment (both saw none): what it made first is kept (409 = made).
   */
  const createCollections = async (shared: boolean) => {
    const made = async (create: () => Promise<unknown>) => {
      try {
        await create();
      } catch (error) {
        if (!(shared && statusOf(error) === 409)) throw error;
      }
    };
    await made(() =>
      client.collections().create({
        name,
        fields: [
          { name: 'k', type: 'string', sort: true },
          ...textFields.map((field) => ({ name: `t_${field}`, type: 'string' as const })),
          { name: 'f_.*', type: 'string[]', optional: true },
          { name: 's_.*', type: 'int64', optional: true },
        ],
      }),
    );
    await made(() =>
      client.collections().create({
        name: positionName,
        fields: [
          { name: 'position', type: 'int64' },
          { name: 'signature', type: 'string', index: false, optional: true },
        ],
      }),
    );
    const start = { id: POSITION_ID, position: 0, signature };
    // shared: never over a position another replica has moved on meanwhile
    if (shared) await made(() => client.collections(positionName).documents().create(start));
    else await client.collections(positionName).documents().upsert(start);
  };
  const dropCollections = async () => {
    for (const collection of [name, positionName]) {
      try {
        await client.collections(collection).delete();
      } catch (error) {
        if (statusOf(error) !== 404) throw error;
      }
    }
  };
  const readPosition = async (): Promise<{ position: number; signature?: string } | undefined> => {
    try {
      return (await client.collections(positionName).documents(POSITION_ID).retrieve()) as {
        position: number;
        signature?: string;
      };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  };

  // open: keep what is there when it was made for these text fields, else start empty. Nothing
  // there yet (a first start): made, without dropping what a replica starting beside this one may
  // have just made; there but for other fields, or half gone: dropped and made again
  const stored = await readPosition();
  const exists = await client.collections(name).exists();
  if (stored && (stored.signature !== signature || !exists)) await dropCollections();
  if (!stored || stored.signature !== signature || !exists) await createCollections(true);

  const documents = () => client.collections(name).documents();
  const toLine = (doc: SearchDocument): string => {
    const body: Record<string, unknown> = { id: doc.id, k: doc.id };
    for (const field of textFields) body[`t_${field}`] = doc.text[field] ?? '';
    for (const key in doc.filters) {
      const value = doc.filters[key] as string | readonly string[];
      body[`f_${key}`] = typeof value === 'string' ? [value] : value;
    }
    // int64 beyond 2^53 cannot pass through a JS number: spliced in as JSON number text
    let line = JSON.stringify(body).slice(0, -1);
    for (const key in doc.sort) line += `,${JSON.stringify(`s_${key}`)}:${orderedInt64(doc.sort[key] as number)}`;
    return `${line}}`;
  };

  const upsert = async (docs: readonly SearchDocument[]) => {
    for (let i = 0; i < docs.length; i += IMPORT_BATCH) {
      const batch = docs.slice(i, i + IMPORT_BATCH);
      const answer = await documents().import(batch.map(toLine).join('\n'), { action: 'upsert' });
      const failed = answer
        .split('\n')
        .map((line) => JSON.parse(line) as { success: boolean; error?: string })
        .filter((result) => !result.success);
      if (failed.length > 0)
        throw new Error(`Typesense refused ${failed.length} of ${batch.length} documents: ${failed[0]?.error}`);
    }
  };
  const remove = async (ids: readonly string[]) => {
    for (let i = 0; i < ids.length; i += REMOVE_BATCH) {
      const values = ids
        .slice(i, i + REMOVE_BATCH)
        .map(escapeValue)
        .filter((value) => value !== undefined);
      if (values.length > 0) await documents().delete({ filter_by: `k:=[${values.join(',')}]` });
    }
  };

  const filterBy = (filters: Readonly<Record<string, string>> | undefined): string | null | undefined => {
    const parts: string[] = [];
    for (const key in filters) {
      const value = escapeValue(filters[key] as string);
      // 0.24 cannot quote a backtick; no stored value of ours holds one
      if (value === undefined) return null;
      parts.push(`f_${key}:=${value}`);
    }
    return parts.length > 0 ? parts.join(' && ') : undefined;
  };

  const page = async (params: Record<string, unknown>, pageNo: number, perPage: number) =>
    (await documents().search({
      ...params,
      page: pageNo,
      per_page: perPage,
    } as never)) as unknown as {
      found: number;
      hits?: { document: { id: string } & Record<string, unknown> }[];
    };

  const searchOnce = async (query: SearchQuery, sortBy: string, filter: string | undefined): Promise<SearchHits> => {
    const text = query.text?.trim() ?? '';
    const params: Record<string, unknown> = {
      q: text === '' ? '*' : text,
      query_by: queryBy,
      query_by_weights: queryByWeights,
      sort_by: sortBy,
      include_fields: 'id',
      min_len_1typo: 4,
      min_len_2typo: 5,
      num_typos: 2,
      prefix: true,
      drop_tokens_threshold: 1,
      typo_tokens_threshold: 1,
      highlight_fields: 'none',
      ...(filter ? { filter_by: filter } : {}),
    };
    if (text !== '' && filter && query.limit > 0) {
      // 0.24 evaluates each filter over every document it matches before the text search: a
      // filter most documents pass (`status:=live`) costs ~35 ms at 1M documents, the typo search
      // itself ~1 ms. A text query mostly matches few documents, so its hits are fetched unfiltered
      // with their filter fields and filtered here, in the server's order; when there are more than
      // one page of them, or none passes, the server filters as usual.
      const keys = Object.keys(query.filters ?? {});
      const { filter_by: _, ...unfiltered } = params;
      const probe = await page(
        { ...unfiltered, include_fields: ['id', ...keys.map((key) => `f_${key}`)].join(',') },
        1,
        MAX_PER_PAGE,
      );
      if (probe.found <= MAX_PER_PAGE) {
        const passing = (probe.hits ?? [])
          .filter((hit) =>
            keys.every((key) => {
              const have = hit.document[`f_${key}`];
              return Array.isArray(have) && have.includes(query.filters?.[key]);
            }),
          )
          .map((hit) => hit.document.id);
        if (passing.length > 0)
          return { ids: passing.slice(query.offset, query.offset + query.limit), total: passing.length };
      }
    }
    if (query.limit <= 0) {
      const answer = await page(params, 1, 1);
      return { ids: [], total: answer.found };
    }
    // 0.24 pages by page/per_page: fetch the pages the window [offset, offset + limit) spans
    const perPage = Math.min(query.limit, MAX_PER_PAGE);
    const first = Math.floor(query.offset / perPage);
    const last = Math.floor((query.offset + query.limit - 1) / perPage);
    const pages = await Promise.all(
      Array.from({ length: last - first + 1 }, (_, i) => page(params, first + i + 1, perPage)),
    );
    const ids = pages.flatMap((answer) => (answer.hits ?? []).map((hit) => hit.document.id));
    const skip = query.offset - first * perPage;
    return { ids: ids.slice(skip, skip + query.limit), total: pages[0]?.found ?? 0 };
  };

  return {
    position: async () => Number((await readPosition())?.position ?? 0),
    apply: async (changes, position) => {
      if (changes.upsert.length > 0) await upsert(changes.upsert);
      if (changes.remove.length > 0) await remove(changes.remove);
      await client.collections(positionName).documents().upsert({ id: POSITION_ID, position, signature });
    },
    search: async (query) => {
      const text = query.text?.trim() ?? '';
      const filter = filterBy(query.filters);
      if (filter === null) return { ids: [], total: 0 };
      const order = query.sort ?? (text === '' ? query.tieBreak : undefined);
      const keys: string[] = [];
      if (order) keys.push(`s_${order.field}:${order.direction}`);
      else {
        keys.push('_text_match:desc');
        if (query.tieBreak) keys.push(`s_${query.tieBreak.field}:${query.tieBreak.direction}`);
      }
      keys.push('k:asc');
      try {
        const hits = await searchOnce(query, keys.join(','), filter);
        if (hits.total > 0 || text === '') return hits;
        for (const variant of firstLetterSwaps(text)) {
          const swapped = await searchOnce({ ...query, text: variant }, keys.join(','), filter);
          if (swapped.total > 0) return swapped;
        }
        return hits;
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        if (statusOf(error) !== 404) throw error;
        // a filter key no document has yet: nothing passes it
        if (/filter field/.test(message)) return { ids: [], total: 0 };
        // a sort key no document has yet: every document ties, so the id decides (and asked again,
        // a filter key no document has either, as in an empty collection, lets nothing pass)
        if (/for sorting/.test(message))
          return searchOnce(query, keys.filter((key) => !key.startsWith('s_')).join(','), filter).catch(
            (again: unknown) => {
              const missingFilter =
                statusOf(again) === 404 && again instanceof Error && /filter field/.test(again.message);
              if (missingFilter) return { ids: [], total: 0 };
              throw again;
            },
          );
        throw error;
      }
    },
    size: async () => Number((await client.collections(name).retrieve()).num_documents ?? 0),
    clear: async () => {
      await dropCollections();
      await createCollections(false);
    },
    close: async () => {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
};
