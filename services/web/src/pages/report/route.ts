import fastifyFormbody from '@fastify/formbody';
import { fileReport, getListing } from '@listings/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PersonClient } from '../../operation-clients.ts';
import { personPages, type SignedIn } from '../../people/person-pages.ts';
import type { Form, Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { ReportView } from './view.ts';

const textOf = (form: Form, name: string): string => {
  const value = form?.[name];
  return typeof value === 'string' ? value : '';
};

/**
 * `/listings/:slug/report`: a signed-in person reports a listing (file_report, called as them);
 * they are told it was received, or that they reported it already (409).
 */
export const reportRoutes =
  (deps: { sessions: Sessions; person: PersonClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    await app.register(fastifyFormbody, { bodyLimit: 32 * 1024 });
    const { sendPrivate, notFound, refused, signedIn } = personPages(web, deps.sessions);

    const show = async (
      request: FastifyRequest,
      reply: FastifyReply,
      me: SignedIn,
      slug: string,
      answer: { status: number; outcome: { ok: boolean; message: string } | null; errors: string[] },
    ) => {
      const listing = await web.catalog.call(getListing, { params: { slug } });
      if (!listing.ok) return notFound(request, reply, me.frame, `There is no listing ${slug}.`);
      const props = { slug, name: listing.body.name, outcome: answer.outcome, errors: answer.errors };
      return sendPrivate(request, reply, me.frame, ReportView(props, me.frame), answer.status);
    };

    app.get<{ Params: { slug: string } }>('/listings/:slug/report', async (request, reply) => {
      const me = await signedIn(request, reply, request.url);
      if (!me) return reply;
      return show(request, reply, me, request.params.slug, { status: 200, outcome: null, errors: [] });
    });

    app.post<{ Params: { slug: string } }>('/listings/:slug/report', async (request, reply) => {
      const { slug } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, `/listings/${slug}/report`);
      if (!me) return reply;
      const form = request.body as Form;
      const filed = await deps.person.call(fileReport, me.session.account_id, {
        body: { listing: slug, reason: textOf(form, 'reason'), text: textOf(form, 'text').trim() },
      });
      if (filed.ok)
        return show(request, reply, me, slug, {
          status: 200,
          outcome: { ok: true, message: filed.body.message },
          errors: [],
        });
      const errors = (filed.errors ?? []).map((e) => `${e.field.replace(/^body\./, '')}: ${e.message}`);
      return show(request, reply, me, slug, {
        status: filed.status,
        outcome: { ok: false, message: filed.detail },
        errors,
      });
    });
  };
