import { DRAFT_FIELD_KEYS, inviteCofounder, submitDraft, updateDraft } from '@listings/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PersonClient } from '../../operation-clients.ts';
import { type Form, field } from '../../people/sessions.ts';
import { PageError } from '../../web-context.ts';
import { type DraftOf, formKeyOf, type OnDraft, type ShowDraft, UUID } from './draft-route.ts';

const ACTIONS = ['lock', 'regenerate', 'restore'] as const;
type Action = (typeof ACTIONS)[number];
const DONE_OF: Record<Action, string> = { lock: 'locked', regenerate: 'regenerating', restore: 'restored' };
const PATCH_OF: Record<Action, 'lock_fields' | 'regenerate' | 'restore'> = {
  lock: 'lock_fields',
  regenerate: 'regenerate',
  restore: 'restore',
};

/**
 * The actions on a ready draft's page besides the edit form: one field's lock, regenerate or
 * restore, a co-founder invite (drafting mails it; the form id keeps a double post to one invite),
 * and the submit (the listing is made, or updated: running it again is harmless).
 */
export const draftActions = (
  _app: FastifyInstance,
  deps: {
    drafting: PersonClient;
    onDraft: OnDraft;
    draftOf: DraftOf;
    showDraft: ShowDraft;
    backToDraft: (reply: FastifyReply, id: string, done: string) => unknown;
  },
): void => {
  const { drafting, onDraft, draftOf, showDraft, backToDraft } = deps;

  // one field's action: lock it, regenerate it from the site's evidence, restore the drafted value
  onDraft('/me/drafts/:id/fields', async (request, reply, me, id) => {
    const form = request.body as Form;
    const [action, key] = field(form, 'action').split(':') as [Action, string | undefined];
    if (!ACTIONS.includes(action) || !key || !DRAFT_FIELD_KEYS.includes(key))
      throw new PageError(400, 'That action is not one a draft knows.');
    const formKey = formKeyOf(form);
    const updated = await drafting.call(
      updateDraft,
      me.accountId,
      { params: { id }, body: { [PATCH_OF[action]]: [key] } },
      formKey ? `${formKey}-${action}-${key}` : undefined,
    );
    if (!updated.ok) {
      if (updated.status === 404) throw new PageError(404, updated.detail);
      return showDraft(request, reply, me, await draftOf(me, id), {
        status: updated.status,
        errors: { [key]: [updated.detail] },
      });
    }
    return backToDraft(reply, id, DONE_OF[action]);
  });

  // invite a co-founder: drafting mails the invite (the form id keeps a double post to one invite)
  onDraft('/me/drafts/:id/invites', async (request, reply, me, id) => {
    const draft = await draftOf(me, id);
    const form = request.body as Form;
    const email = field(form, 'email').trim();
    const invited = await drafting.call(
      inviteCofounder,
      me.accountId,
      { params: { id }, body: { email } },
      formKeyOf(form),
    );
    if (!invited.ok)
      return showDraft(request, reply, me, draft, {
        status: invited.status,
        invite: {
          email,
          errors: [
            invited.errors.some((e) => e.field === 'body.email')
              ? 'enter an email address, like name@example.com'
              : invited.detail,
          ],
        },
      });
    return backToDraft(reply, id, 'invited');
  });

  // submit: the listing is made (or updated: running it again is harmless)
  onDraft('/me/drafts/:id/submit', async (request, reply, me, id) => {
    if (!UUID.test(id)) throw new PageError(404, 'Nothing here by that name.');
    const submitted = await drafting.call(submitDraft, me.accountId, { params: { id } });
    if (!submitted.ok) {
      if (submitted.status === 404) throw new PageError(404, submitted.detail);
      return showDraft(request, reply, me, await draftOf(me, id), {
        status: submitted.status,
        notice: `The draft was not submitted: ${submitted.detail}`,
      });
    }
    return backToDraft(reply, id, 'submitted');
  });
};
