import fastifyFormbody from '@fastify/formbody';
import {
  fileReport,
  getEngagement,
  getListing,
  listReviews,
  REVIEW_BODY_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  replyToReview,
  submitReview,
} from '@listings/contracts';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PersonClient } from '../../operation-clients.ts';
import { personPages } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';
import { sendPage } from '../../send-page.ts';
import type { WebContext } from '../../web-context.ts';
import { type ReviewRow, ReviewsView } from './view.ts';

/** what an action changes on the reviews page it answers with */
interface ReviewsAnswer {
  status?: number;
  notice?: string | null;
  form?: { rating: string; body: string; errors: Record<string, string[]> };
}

/** the review form's errors (empty when it may be sent) */
const reviewFormErrors = (stars: number, body: string): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  if (!Number.isInteger(stars) || stars < REVIEW_RATING_MIN || stars > REVIEW_RATING_MAX)
    errors.rating = [`choose ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars`];
  if (body.length > REVIEW_BODY_MAX) errors.body = [`at most ${REVIEW_BODY_MAX} characters`];
  return errors;
};

/**
 * `/listings/{slug}/reviews`: the reviews that stand, and the signed-in actions on them (review,
 * an owner's reply, a report), asked of catalog; each answers with the page or goes back to it.
 */
export const reviewRoutes =
  (deps: { catalog: InternalClient; sessions: Sessions; person: PersonClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { catalog, sessions } = deps;
    await app.register(fastifyFormbody, { bodyLimit: 32 * 1024 });
    const { message, refused, signedIn } = personPages(web, sessions);

    const showReviews = async (
      request: FastifyRequest,
      reply: FastifyReply,
      slug: string,
      answer: ReviewsAnswer = {},
    ) => {
      const frame = await web.frameOf(request, reply);
      const session = await sessions.sessionOf(request);
      const [listing, reviews, mine] = await Promise.all([
        web.catalog.call(getListing, { params: { slug } }),
        catalog.send<{ rating: { average: number | null; count: number }; reviews: ReviewRow[] }>(listReviews, {
          slug,
        }),
        session
          ? catalog.send<{ owner: boolean; review: { rating: number; body: string } | null }>(getEngagement, {
              slug,
              account_id: session.account_id,
            })
          : null,
      ]);
      if (!listing.ok || !reviews.ok)
        return message(request, reply, 404, { title: 'Not found', message: `There is no listing called “${slug}”.` });
      const own = mine?.ok ? mine.body : null;
      const data = {
        slug,
        name: listing.body.name,
        rating: reviews.body.rating,
        reviews: reviews.body.reviews,
        owner: own?.owner ?? false,
        emailConfirmed: session?.email_confirmed ?? false,
        form: answer.form ?? {
          rating: own?.review ? String(own.review.rating) : '',
          body: own?.review?.body ?? '',
          errors: {},
        },
        notice: answer.notice ?? null,
      };
      return sendPage(request, reply, frame, ReviewsView(data, frame), answer.status ?? 200);
    };

    app.get<{ Params: { slug: string } }>('/listings/:slug/reviews', async (request, reply) =>
      showReviews(request, reply, request.params.slug),
    );

    app.post<{ Params: { slug: string } }>('/listings/:slug/review', async (request, reply) => {
      const { slug } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, `/listings/${slug}/reviews`);
      if (!me) return reply;
      const form = request.body as Form;
      const rating = field(form, 'rating');
      const body = field(form, 'body').trim();
      const stars = Number(rating);
      const errors = reviewFormErrors(stars, body);
      if (Object.keys(errors).length > 0)
        return showReviews(request, reply, slug, { status: 400, form: { rating, body, errors } });
      const saved = await catalog.send(submitReview, {
        slug,
        account_id: me.session.account_id,
        email_confirmed: me.session.email_confirmed,
        rating: stars,
        body,
      });
      if (!saved.ok)
        return showReviews(request, reply, slug, {
          status: saved.status,
          form: { rating, body, errors: { rating: [saved.detail] } },
        });
      return reply.redirect(`/listings/${slug}/reviews`, 303);
    });

    app.post<{ Params: { slug: string; reviewer: string } }>(
      '/listings/:slug/reviews/:reviewer/reply',
      async (request, reply) => {
        const { slug, reviewer } = request.params;
        if (await refused(request, reply)) return reply;
        const me = await signedIn(request, reply, `/listings/${slug}/reviews`);
        if (!me) return reply;
        const replied = await catalog.send(replyToReview, {
          slug,
          reviewer_id: reviewer,
          account_id: me.session.account_id,
          body: field(request.body as Form, 'body').trim(),
        });
        if (!replied.ok) return showReviews(request, reply, slug, { status: replied.status, notice: replied.detail });
        return reply.redirect(`/listings/${slug}/reviews`, 303);
      },
    );

    app.post<{ Params: { slug: string; reviewer: string } }>(
      '/listings/:slug/reviews/:reviewer/report',
      async (request, reply) => {
        const { slug, reviewer } = request.params;
        if (await refused(request, reply)) return reply;
        // reports come from signed-in people only, once per person per review (file_report: the
        // report reaches the operators' queue); anyone else is sent to sign in and back to the reviews
        const me = await signedIn(request, reply, `/listings/${slug}/reviews`);
        if (!me) return reply;
        const filed = await deps.person.call(fileReport, me.session.account_id, {
          body: { listing: slug, review_by: reviewer, reason: field(request.body as Form, 'reason'), text: '' },
        });
        return showReviews(request, reply, slug, {
          status: filed.ok || filed.status === 409 ? 200 : filed.status,
          notice: filed.ok
            ? filed.body.message
            : filed.status === 409
              ? 'You reported this review already: the operators have your report.'
              : [filed.detail, ...(filed.errors ?? []).map((e) => `${e.field}: ${e.message}`)].join('; '),
        });
      },
    );
  };
