import fastifyFormbody from '@fastify/formbody';
import {
  listOAuthGrants,
  listPasskeys,
  listSessionApiKeys,
  listSignInMethods,
  requestEmailConfirmation,
} from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import type { InternalClient, ReplyOutcome } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type PersonPages, personPages, type SignedIn } from '../../people/person-pages.ts';
import { createFormOnce, type Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { apiKeyActions } from './api-key-actions.ts';
import type { EntryData, PasswordForm } from './entry.ts';
import { entryActions } from './entry-actions.ts';
import { passkeyActions } from './passkey-actions.ts';
import type { PasskeyForm, PasskeyRow } from './passkeys.ts';
import { type ApiKeyRow, MeView } from './view.ts';

/** what an action changes on the `/me` page it answers with */
export interface MeAnswer {
  status?: number;
  newKey?: string | null;
  notice?: string | null;
  form?: { name: string; scopes: string[]; errors: Record<string, string[]> };
  passkeyForm?: PasskeyForm;
  passwordForm?: PasswordForm;
}

/** the `/me` page, as an action answers with it */
export type ShowMe = (
  request: FastifyRequest,
  reply: FastifyReply,
  me: SignedIn,
  answer?: MeAnswer,
) => Promise<unknown>;

/**
 * Registers a `/me` form that asks identity one thing: the form check, the signed-in person, the
 * request, then the page again with what was done (or why not, with its status).
 */
export type OneRequestAction = (
  path: string,
  ask: (request: FastifyRequest, me: SignedIn) => Promise<{ outcome: ReplyOutcome<unknown>; done: string }>,
) => void;

/** what the action modules of `/me` are handed */
export interface MeActionDeps {
  readonly identity: InternalClient;
  readonly sessions: Sessions;
  readonly pages: PersonPages;
  readonly showMe: ShowMe;
  readonly oneRequestAction: OneRequestAction;
}

/**
 * `/me`: the profile and every way into the account (API keys, passkeys, the password, sessions),
 * each asked of identity with the session's token, and the actions on them, which answer with the
 * page again (a notice, a form's errors). Every POST passes the one form check first.
 */
export const meRoutes =
  (deps: { identity: InternalClient; sessions: Sessions; clock: Clock }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { identity, sessions } = deps;
    await app.register(fastifyFormbody, { bodyLimit: 32 * 1024 });
    const pages = personPages(web, sessions);
    const { refused, signedIn } = pages;
    const formOnce = createFormOnce(() => deps.clock.now().getTime());

    const showMe: ShowMe = async (request, reply, me, answer = {}) => {
      const session_token = me.token;
      const [keys, passkeys, methods, apps] = await Promise.all([
        identity.send<{ keys: ApiKeyRow[] }>(listSessionApiKeys, { session_token }),
        identity.send<{ passkeys: PasskeyRow[] }>(listPasskeys, { session_token }),
        identity.send<Omit<EntryData, 'apps' | 'passwordForm'>>(listSignInMethods, { session_token }),
        identity.send<{ grants: unknown[] }>(listOAuthGrants, { session_token }),
      ]);
      const data = {
        email: me.session.email,
        name: me.session.name,
        emailConfirmed: me.session.email_confirmed,
        keys: keys.ok ? keys.body.keys : [],
        newKey: answer.newKey ?? null,
        notice: answer.notice ?? null,
        formId: formOnce.newId(),
        form: answer.form ?? { name: '', scopes: ['account:read'], errors: {} },
        passkeys: passkeys.ok ? passkeys.body.passkeys : [],
        passkeyForm: answer.passkeyForm ?? { name: '', errors: {} },
        entry: {
          password_set: methods.ok ? methods.body.password_set : false,
          password_settable_until: methods.ok ? methods.body.password_settable_until : null,
          sessions: methods.ok ? methods.body.sessions : [],
          apps: apps.ok ? apps.body.grants.length : 0,
          passwordForm: answer.passwordForm ?? { errors: {} },
        },
      };
      return pages.sendPrivate(request, reply, me.frame, MeView(data, me.frame), answer.status ?? 200);
    };

    app.get('/me', async (request, reply) => {
      const me = await signedIn(request, reply, '/me');
      return me ? showMe(request, reply, me) : reply;
    });

    const oneRequestAction: OneRequestAction = (path, ask) =>
      app.post(path, async (request, reply) => {
        if (await refused(request, reply)) return reply;
        const me = await signedIn(request, reply, '/me');
        if (!me) return reply;
        const { outcome, done } = await ask(request, me);
        return showMe(request, reply, me, {
          status: outcome.ok ? 200 : outcome.status,
          notice: outcome.ok ? done : outcome.detail,
        });
      });

    oneRequestAction('/me/confirm-email', async (request, me) => ({
      outcome: await identity.send(requestEmailConfirmation, { session_token: me.token, client_ip: request.ip }),
      done: `We sent a confirmation link to ${me.session.email}.`,
    }));

    const actions: MeActionDeps = { identity, sessions, pages, showMe, oneRequestAction };
    apiKeyActions(app, { ...actions, formOnce, clock: deps.clock });
    passkeyActions(app, actions);
    entryActions(app, actions);
  };
