import { getLaunchWeek, listAwards, listLaunches } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import { sendPage } from '../../send-page.ts';
import { must, type WebContext } from '../../web-context.ts';
import { addWeeks, mondayOf } from '../../weeks.ts';
import { type HomeData, HomeView } from './view.ts';

/** how many upcoming launches the home page lists */
const UPCOMING_SHOWN = 12;

export const loadHome = async (web: WebContext): Promise<HomeData> => {
  const [week, upcoming, awards] = await Promise.all([
    web.catalog.call(getLaunchWeek, { params: { week: 'this' } }),
    web.catalog.call(listLaunches, { query: { section: 'upcoming', per_page: String(UPCOMING_SHOWN) } }),
    web.catalog.call(listAwards, { query: { per_page: '3' } }),
  ]);
  const thisWeek = must(week);
  const lastMonday = addWeeks(thisWeek.week_start ?? mondayOf(web.clock.now()), -1);
  const winners = must(awards).items.filter((award) => award.week_start === lastMonday);
  return { week: thisWeek, upcoming: must(upcoming).items, lastWeek: lastMonday, winners };
};

/** `/`: this week's launches ranked by votes, the weeks to come, last week's winners */
export const homeRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get('/', async (request, reply) => {
    const [frame, data] = await Promise.all([web.frameOf(request, reply), loadHome(web)]);
    return sendPage(request, reply, frame, HomeView(data, frame));
  });
};
