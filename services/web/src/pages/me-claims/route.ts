import fastifyFormbody from '@fastify/formbody';
import { claimListing, listMyClaims, verifyClaim } from '@listings/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrorsOf } from '../../components/field-errors.ts';
import type { PersonClient } from '../../operation-clients.ts';
import { listInput, listPageOf, personPages, type SignedIn } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { type ClaimForm, type ClaimRow, MyClaimsView } from './view.ts';

const PER_PAGE = 50;
const SLUG_TEXT = /^[a-z0-9-]{1,100}$/;
const ID_TEXT = /^[1-9][0-9]{0,8}$/;

/** what the person meant by "Listing": a slug, or a pasted address of a listing page */
const slugFrom = (typed: string): string => {
  const text = typed.trim();
  const inPath = /\/listings\/([^/?#]+)/.exec(text)?.[1];
  return (inPath ?? text).toLowerCase();
};

/**
 * `/me/claims`: start a claim on a listing (claim_listing), read what to publish, and verify it
 * (verify_claim), as the claims service allows, called as the signed-in person over the bus.
 * Starting the same claim again answers with the open one (claims decides), so a form sent twice
 * starts one claim. Someone else's claim answers the same 404 page as one that does not exist.
 */
export const meClaimsRoutes =
  (deps: { sessions: Sessions; person: PersonClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
    const { sendPrivate, listNotShown, notFound, refused, signedIn } = personPages(web, deps.sessions);
    const { person } = deps;

    const showClaims = async (
      request: FastifyRequest,
      reply: FastifyReply,
      me: SignedIn,
      extra: {
        status?: number;
        page?: number;
        notice?: (claims: readonly ClaimRow[]) => string | null;
        form?: ClaimForm;
      },
    ) => {
      const page = extra.page ?? 1;
      const found = await person.call(listMyClaims, me.session.account_id, listInput(page, PER_PAGE));
      if (!found.ok) return listNotShown(request, reply, found, 'Your claims could not be shown');
      const claims = found.body.items as unknown as ClaimRow[];
      return sendPrivate(
        request,
        reply,
        me.frame,
        MyClaimsView(
          {
            claims,
            page,
            perPage: PER_PAGE,
            total: found.body.total,
            notice: extra.notice?.(claims) ?? null,
            form: extra.form ?? { slug: '', method: '', email: '', errors: {} },
          },
          me.frame,
        ),
        extra.status ?? 200,
      );
    };

    app.get<{ Querystring: { page?: string; slug?: string; started?: string; checked?: string } }>(
      '/me/claims',
      async (request, reply) => {
        const me = await signedIn(request, reply, request.url);
        if (!me) return reply;
        const { started, checked } = request.query;
        const page = listPageOf(request.query.page);
        const slug = SLUG_TEXT.test(request.query.slug ?? '') ? (request.query.slug as string) : '';
        const notice = (claims: readonly ClaimRow[]): string | null => {
          const id = Number(started ?? checked);
          const claim = claims.find((c) => c.claim_id === id);
          if (!claim) return null;
          if (started !== undefined)
            return claim.status === 'pending'
              ? `Claim ${id} on ${claim.slug} is open: do what it says below, then verify it.`
              : `Claim ${id} on ${claim.slug} is ${claim.status}.`;
          if (claim.status === 'verified') return `Claim ${id} is verified: ${claim.slug} is marked as yours.`;
          if (claim.status === 'pending')
            return `Claim ${id} is not verified yet: ${claim.last_check?.reason ?? 'the check did not pass'}.`;
          return `Claim ${id} is ${claim.status}.`;
        };
        return showClaims(request, reply, me, { page, notice, form: { slug, method: '', email: '', errors: {} } });
      },
    );

    app.post('/me/claims', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/me/claims');
      if (!me) return reply;
      const form = request.body as Form;
      const typed = { slug: field(form, 'slug'), method: field(form, 'method'), email: field(form, 'email').trim() };
      const again = (status: number, errors: Record<string, string[]>) =>
        showClaims(request, reply, me, { status, form: { ...typed, errors } });
      const errors: Record<string, string[]> = {};
      const slug = slugFrom(typed.slug);
      if (!SLUG_TEXT.test(slug)) errors.slug = ['enter the listing’s name as in its address, like acme-widgets'];
      if (typed.method === '') errors.method = ['choose how you prove the listing is yours'];
      if (typed.method === 'email' && typed.email === '')
        errors.email = ['enter an address at the company’s domain for the mailed link'];
      if (Object.keys(errors).length > 0) return again(400, errors);
      const started = await person.call(claimListing, me.session.account_id, {
        body: { slug, method: typed.method, ...(typed.method === 'email' ? { email: typed.email } : {}) },
      });
      if (!started.ok) {
        if (started.errors.length > 0) return again(400, fieldErrorsOf(started.errors));
        if (started.status === 404) return again(404, { slug: [`there is no listing called “${slug}”`] });
        if (started.status === 409) return again(409, { slug: [started.detail] });
        return again(started.status >= 500 ? 503 : started.status, { form: [started.detail] });
      }
      const id = started.body.claim_id;
      return reply.redirect(`/me/claims?started=${id}#claim-${id}`, 303);
    });

    app.post<{ Params: { id: string } }>('/me/claims/:id/verify', async (request, reply) => {
      const { id } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/me/claims');
      if (!me) return reply;
      if (!ID_TEXT.test(id)) return notFound(request, reply, me.frame, 'You have no claim with this number.');
      const checked = await person.call(verifyClaim, me.session.account_id, { params: { claim_id: id } });
      if (!checked.ok) {
        if (checked.status === 404 || checked.status === 400)
          return notFound(request, reply, me.frame, 'You have no claim with this number.');
        // an email claim (verified by its link), an expired one: said above the list
        return showClaims(request, reply, me, {
          status: checked.status >= 500 ? 503 : checked.status,
          notice: () => `Claim ${id}: ${checked.detail}`,
        });
      }
      return reply.redirect(`/me/claims?checked=${id}#claim-${id}`, 303);
    });
  };
