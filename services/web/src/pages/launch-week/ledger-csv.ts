import { getVoteLedger, PER_PAGE_MAX } from '@listings/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { ANONYMOUS_MAX_AGE_SECONDS } from '../../send-page.ts';
import type { WebContext } from '../../web-context.ts';

type Ledger = Static<typeof getVoteLedger.response>;
type Entry = Ledger['items'][number];

/** the CSV's columns: the ledger entry's fields, in the contract's order */
export const LEDGER_COLUMNS = Object.keys(getVoteLedger.response.properties.items.items.properties) as (keyof Entry)[];

type Loaded =
  | { ok: true; ledger: Omit<Ledger, 'items'>; items: Entry[] }
  | { ok: false; status: number; detail: string };

/** every page of the week's vote ledger, oldest vote first */
export const loadWholeLedger = async (catalog: WebContext['catalog'], week: string): Promise<Loaded> => {
  const items: Entry[] = [];
  for (let page = 1; ; page++) {
    const query = { page: String(page), per_page: String(PER_PAGE_MAX) };
    const outcome = await catalog.call(getVoteLedger, { params: { week }, query });
    if (!outcome.ok) return { ok: false, status: outcome.status, detail: outcome.detail };
    items.push(...outcome.body.items);
    if (items.length >= outcome.body.total || outcome.body.items.length === 0) {
      const { items: _page, ...ledger } = outcome.body;
      return { ok: true, ledger, items };
    }
  }
};

/** `/launches/weeks/{week}/ledger.csv`: the week's whole vote ledger (get_vote_ledger, every page) as CSV */
export const ledgerCsvRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get<{ Params: { week: string } }>('/launches/weeks/:week/ledger.csv', async (request, reply) => {
    const loaded = await loadWholeLedger(web.catalog, request.params.week);
    if (!loaded.ok) {
      const detail = loaded.status === 400 ? 'week: a date such as 2026-11-23' : loaded.detail;
      return reply
        .code(loaded.status)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(detail);
    }
    const csv = stringify(loaded.items, { header: true, columns: LEDGER_COLUMNS });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="vote-ledger-${loaded.ledger.week_start}.csv"`)
      .header('cache-control', `public, max-age=${ANONYMOUS_MAX_AGE_SECONDS}`)
      .send(csv);
  });
};
