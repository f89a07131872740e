import fastifyFormbody from '@fastify/formbody';
import {
  acceptInvite,
  type DescribeInviteReply,
  describeAccount,
  describeInvite,
  INVITE_TOKEN_PATTERN,
  type Principal,
  type SiteSession,
} from '@listings/contracts';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { personPages } from '../../people/person-pages.ts';
import type { Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { INVITE_STATUS, type Inviter, type InviteState, InviteView, invitePath } from './view.ts';

const TOKEN = new RegExp(INVITE_TOKEN_PATTERN);

/**
 * `/invites/{token}`: the co-founder invite link (mailed by drafting's `invite_cofounder`). GET shows
 * who invited whom to which draft and, to a signed-in person, an Accept button; POST accepts as
 * that person (`drafting.internal.accept_invite`). The token is the only credential, so the page is
 * never cached and never sent on as a Referer; drafting answers what the invite is
 * (`drafting.internal.describe_invite`) and identity names who sent it (`describe_account`).
 */
export const inviteRoutes =
  (deps: { sessions: Sessions; internal: InternalClient }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
    const { sendPrivate, refused, signedIn } = personPages(web, deps.sessions);
    const { internal } = deps;
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('referrer-policy', 'no-referrer');
      done();
    });

    const inviterOf = async (invite: DescribeInviteReply): Promise<Inviter> => {
      const found = await internal.send<{ name: string | null; email: string }>(describeAccount, {
        account_id: invite.invited_by,
      });
      return found.ok ? found.body : null;
    };

    /** the invite as it stands for whoever is looking (signed in or not) */
    const stateOf = async (token: string, session: SiteSession | null): Promise<InviteState> => {
      if (!TOKEN.test(token)) return { kind: 'not-found' };
      const described = await internal.send<DescribeInviteReply>(describeInvite, { token });
      if (!described.ok) return described.status === 404 ? { kind: 'not-found' } : { kind: 'unavailable' };
      const invite = described.body;
      if (invite.state === 'accepted')
        return session && invite.accepted_by === session.account_id ? { kind: 'co-owner', invite } : { kind: 'used' };
      const inviter = await inviterOf(invite);
      if (invite.state === 'expired') return { kind: 'expired', invite, inviter };
      if (!session) return { kind: 'signed-out', invite, inviter };
      if (invite.owner_account_ids.includes(session.account_id))
        return { kind: 'owner', invite, inviter, email: session.email };
      return { kind: 'open', invite, inviter, email: session.email };
    };

    const show = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
      const session = await deps.sessions.sessionOf(request);
      const [state, frame] = await Promise.all([stateOf(token, session), web.frameOf(request, reply)]);
      return sendPrivate(
        request,
        reply,
        frame,
        InviteView({ state, path: invitePath(token) }, frame),
        INVITE_STATUS[state.kind],
      );
    };

    app.get<{ Params: { token: string } }>('/invites/:token', async (request, reply) =>
      show(request, reply, request.params.token),
    );

    app.post<{ Params: { token: string } }>('/invites/:token', async (request, reply) => {
      const { token } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, TOKEN.test(token) ? invitePath(token) : '/me/drafts');
      if (!me) return reply;
      if (!TOKEN.test(token)) return show(request, reply, token);
      const principal: Principal = { account_id: me.session.account_id, scopes: [], via: 'session' };
      const accepted = await internal.send<{ draft_id: string }>(acceptInvite, { token, principal });
      if (accepted.ok) return reply.redirect(invitePath(token), 303);
      // refused (unknown, used by someone else, expired, already an owner): the page says which
      return show(request, reply, token);
    });
  };
