import { getRankingRules } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import { must, type WebContext } from '../../web-context.ts';
import { RankingView } from './view.ts';

/** `/ranking`: the published ranking rules (get_ranking_rules over the bus) */
export const rankingRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get('/ranking', async (request, reply) =>
    web.page(request, reply, async (frame) => RankingView(must(await web.catalog.call(getRankingRules, {})), frame)),
  );
};
