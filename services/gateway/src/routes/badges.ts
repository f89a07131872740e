import { getBadgeSvg, type OperationReply } from '@listings/contracts';
import { type Bus, NoResponderError, RequestTimeoutError } from '@listings/platform/bus';
import { type FieldError, ServiceUnavailableError, toProblem, ValidationError } from '@listings/platform/errors';
import { checkValue } from '@listings/platform/validation';
import type { FastifyInstance } from 'fastify';
import { PROBLEM_CONTENT_TYPE } from '../plugins/problems.ts';

const PATH_PARTS = ['slug', 'kind'] as const;

/** slug and kind come from the path: a complaint about either names `params.*`, the rest `query.*` */
const whereSent = (error: FieldError): FieldError => {
  const [, name] = /^query\.(slug|kind)(?=$|\.)/.exec(error.field) ?? [];
  return name ? { ...error, field: `params${error.field.slice('query'.length)}` } : error;
};

/**
 * Badge images: GET /badges/{slug}/{kind}.svg?shape=&mode=&size= (the URLs get_badges hands out).
 * Not an API operation: the catalog renders the SVG on `catalog.internal.get_badge_svg`; the image
 * is public and cacheable (ETag, an hour fresh, a day stale-while-revalidate).
 */
export const badgeRoutes = async (app: FastifyInstance, options: { bus: Bus }) => {
  app.get<{ Params: { slug: string; file: string }; Querystring: Record<string, string> }>(
    '/badges/:slug/:file',
    async (request, reply) => {
      const match = /^(.+)\.svg$/.exec(request.params.file);
      const input = { ...request.query, slug: request.params.slug, kind: match?.[1] ?? request.params.file };
      try {
        const errors = match
          ? [
              ...PATH_PARTS.filter((name) => name in request.query).map((name) => ({
                field: `query.${name}`,
                message: 'must not be sent: it is part of the path',
              })),
              ...checkValue(getBadgeSvg.request, input, 'query').map(whereSent),
            ]
          : [{ field: 'params.kind', message: 'the file must be {kind}.svg' }];
        if (errors.length > 0) throw new ValidationError(errors);
        let answer: OperationReply;
        try {
          answer = (await options.bus.request(getBadgeSvg.subject, input, { timeoutMs: 10_000 })) as OperationReply;
        } catch (error) {
          if (error instanceof NoResponderError || error instanceof RequestTimeoutError)
            throw new ServiceUnavailableError('the catalog is not answering');
          throw error;
        }
        if (!('body' in answer)) return reply.code(answer.status).type(PROBLEM_CONTENT_TYPE).send(answer.problem);
        const { svg, etag } = answer.body as { svg: string; etag: string };
        reply.header('etag', etag).header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('image/svg+xml; charset=utf-8').send(svg);
      } catch (error) {
        const problem = toProblem(error);
        return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
      }
    },
  );
};
