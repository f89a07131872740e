import { getLeaderboard, listAwards, listLaunches } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import { must, type WebContext } from '../../web-context.ts';
import { addWeeks, mondayOf } from '../../weeks.ts';
import { type HomeData, HomeView } from './view.ts';

/** how many upcoming launches the home page lists */
const UPCOMING_SHOWN = 12;
/** how many of this week's launches the home page ranks (the week's page has them all) */
const THIS_WEEK_SHOWN = 30;

export const loadHome = async (web: WebContext): Promise<HomeData> => {
  const [week, upcoming, awards] = await Promise.all([
    // the weekly community board is this week's live launches ranked by this week's votes, paged
    web.catalog.call(getLeaderboard, {
      params: { board: 'community-weekly' },
      query: { per_page: String(THIS_WEEK_SHOWN) },
    }),
    web.catalog.call(listLaunches, { query: { section: 'upcoming', per_page: String(UPCOMING_SHOWN) } }),
    web.catalog.call(listAwards, { query: { per_page: '3' } }),
  ]);
  const board = must(week);
  const weekStart = board.week_start ?? mondayOf(web.clock.now());
  const lastMonday = addWeeks(weekStart, -1);
  const winners = must(awards).items.filter((award) => award.week_start === lastMonday);
  return {
    week: {
      start: weekStart,
      total: board.total,
      items: board.items.map((item) => ({ listing: item.listing, rank: item.rank, votes: item.metric.value })),
    },
    upcoming: must(upcoming).items,
    lastWeek: lastMonday,
    winners,
  };
};

/** `/`: this week's launches ranked by votes, the weeks to come, last week's winners */
export const homeRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get('/', async (request, reply) => {
    return web.page(request, reply, async (frame) => HomeView(await loadHome(web), frame));
  });
};
