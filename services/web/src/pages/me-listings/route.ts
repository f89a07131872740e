import fastifyFormbody from '@fastify/formbody';
import { getMyListing, listMyListings, updateMyListing } from '@listings/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PersonClient } from '../../operation-clients.ts';
import { listInput, listPageOf, personPages, type SignedIn } from '../../people/person-pages.ts';
import type { Form, Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { fingerprintsOf, formErrorsOf, formValuesOf, patchOf } from './edit-fields.ts';
import { EditListingView, type MyListingRow, MyListingsView } from './view.ts';

const PER_PAGE = 50;
const editPath = (id: string | number) => `/me/listings/${id}/edit`;

/** the text of every field of a form whose name starts with `prefix` (a repeated name: its first) */
const formTexts = (form: Form, prefix = ''): Record<string, string> => {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(form ?? {}))
    if (name.startsWith(prefix)) {
      const text = Array.isArray(value) ? value[0] : value;
      if (typeof text === 'string') texts[name.slice(prefix.length)] = text;
    }
  return texts;
};

/**
 * `/me/listings`: the listings a person owns (list_my_listings) and their edit forms
 * (get_my_listing, update_my_listing), called as that person over the bus. Someone else's
 * listing answers the same 404 page as one that does not exist (catalog decides: "your own only").
 */
export const meListingsRoutes =
  (deps: { sessions: Sessions; person: PersonClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    await app.register(fastifyFormbody, { bodyLimit: 128 * 1024 });
    const { sendPrivate, message, listNotShown, notFound, refused, signedIn } = personPages(web, deps.sessions);
    const { person } = deps;

    app.get<{ Querystring: { page?: string; saved?: string } }>('/me/listings', async (request, reply) => {
      const me = await signedIn(request, reply, request.url);
      if (!me) return reply;
      const page = listPageOf(request.query.page);
      const found = await person.call(listMyListings, me.session.account_id, listInput(page, PER_PAGE));
      if (!found.ok) return listNotShown(request, reply, found, 'Your listings could not be shown');
      const listings = found.body.items as unknown as MyListingRow[];
      return sendPrivate(
        request,
        reply,
        me.frame,
        MyListingsView({ listings, page, perPage: PER_PAGE, total: found.body.total, notice: null }, me.frame),
      );
    });

    /** the edit form of one of the person's listings; null when it is not theirs (the 404 page is sent) */
    const showEdit = async (
      request: FastifyRequest,
      reply: FastifyReply,
      me: SignedIn,
      id: string,
      extra: {
        status?: number;
        form?: { values: Record<string, string>; was: Record<string, string>; errors: Record<string, string[]> };
        notice?: string | null;
      } = {},
    ) => {
      const found = await person.call(getMyListing, me.session.account_id, { params: { listing_id: id } });
      // an id that is not a number names no listing: the same 404 as someone else's
      if (!found.ok && (found.status === 404 || found.status === 400))
        return notFound(request, reply, me.frame, 'You own no listing with this number.');
      if (!found.ok) return message(request, reply, 503, { title: 'Try again shortly', message: found.detail });
      const listing = found.body as unknown as MyListingRow & Parameters<typeof formValuesOf>[0];
      const values = formValuesOf(found.body);
      return sendPrivate(
        request,
        reply,
        me.frame,
        EditListingView(
          {
            listing,
            values: extra.form?.values ?? values,
            was: extra.form?.was ?? fingerprintsOf(values),
            errors: extra.form?.errors ?? {},
            notice: extra.notice ?? null,
          },
          me.frame,
        ),
        extra.status ?? 200,
      );
    };

    app.get<{ Params: { id: string }; Querystring: { saved?: string } }>(
      '/me/listings/:id/edit',
      async (request, reply) => {
        const me = await signedIn(request, reply, editPath(request.params.id));
        if (!me) return reply;
        const saved = request.query.saved;
        const notice =
          saved === undefined
            ? null
            : /^[1-9][0-9]?$/.test(saved)
              ? `Saved: ${saved === '1' ? 'one field changed' : `${saved} fields changed`}, published at once.`
              : 'Nothing changed: every field is as it was.';
        return showEdit(request, reply, me, request.params.id, { notice });
      },
    );

    app.post<{ Params: { id: string } }>('/me/listings/:id/edit', async (request, reply) => {
      const { id } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, editPath(id));
      if (!me) return reply;
      const form = request.body as Form;
      const values = formTexts(form);
      const was = formTexts(form, 'was_');
      const again = (status: number, errors: Record<string, string[]>) =>
        showEdit(request, reply, me, id, { status, form: { values, was, errors } });
      const patch = patchOf(values, was);
      if (Object.keys(patch.errors).length > 0) return again(400, patch.errors);
      const changed = Object.keys(patch.body.fields).length;
      // nothing changed: nothing to send (a second submit of the same form lands here or, when the
      // first one changed something, sends the same values again, which catalog records as no edit)
      if (changed > 0) {
        const updated = await person.call(updateMyListing, me.session.account_id, {
          params: { listing_id: id },
          body: patch.body,
        });
        if (!updated.ok) {
          if (
            updated.status === 404 ||
            (updated.status === 400 && updated.errors.some((e) => e.field.startsWith('params')))
          )
            return notFound(request, reply, me.frame, 'You own no listing with this number.');
          if (updated.status === 400 || updated.status === 409 || updated.status === 422)
            return again(400, updated.errors.length > 0 ? formErrorsOf(updated.errors) : { form: [updated.detail] });
          return again(updated.status >= 500 ? 503 : updated.status, { form: [updated.detail] });
        }
      }
      return reply.redirect(`${editPath(id)}?saved=${changed}`, 303);
    });
  };
