import {
  endOneSession,
  lookupSession,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  removePassword,
  setPassword,
  signOut,
  signOutEverywhere,
} from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import { type Form, field } from '../../people/sessions.ts';
import type { PasswordForm } from './entry.ts';
import type { MeActionDeps } from './route.ts';

/**
 * How the account can be entered, on `/me` (entry.ts): set or change the password, remove it, end
 * one session (this one: signing out), sign out here or everywhere.
 */
export const entryActions = (app: FastifyInstance, deps: MeActionDeps): void => {
  const { identity, sessions, pages, showMe } = deps;

  app.post('/me/password', async (request, reply) => {
    if (await pages.refused(request, reply)) return reply;
    const me = await pages.signedIn(request, reply, '/me');
    if (!me) return reply;
    const form = request.body as Form;
    const current = field(form, 'current_password');
    const next = field(form, 'new_password');
    const again = (status: number, errors: PasswordForm['errors']) =>
      showMe(request, reply, me, { status, passwordForm: { errors } });
    if (next.length < PASSWORD_MIN_LENGTH || next.length > PASSWORD_MAX_LENGTH)
      return again(400, { new_password: [`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`] });
    if (current.length > PASSWORD_MAX_LENGTH) return again(400, { current_password: ['is not your current password'] });
    const set = await identity.send<{ sessions_ended: number }>(setPassword, {
      session_token: me.token,
      ...(current ? { current_password: current } : {}),
      new_password: next,
    });
    if (!set.ok)
      return set.status === 400
        ? again(400, { current_password: ['is not your current password'] })
        : again(set.status, { new_password: [set.detail] });
    return showMe(request, reply, me, {
      notice:
        set.body.sessions_ended > 0
          ? `Your password is set. ${set.body.sessions_ended} other session(s) were signed out.`
          : 'Your password is set.',
    });
  });

  deps.oneRequestAction('/me/password/remove', async (_request, me) => ({
    outcome: await identity.send(removePassword, { session_token: me.token }),
    done: 'Your password is removed: it no longer signs anyone in.',
  }));

  app.post('/me/sessions/end', async (request, reply) => {
    if (await pages.refused(request, reply)) return reply;
    const me = await pages.signedIn(request, reply, '/me');
    if (!me) return reply;
    const ended = await identity.send(endOneSession, {
      session_token: me.token,
      session_id: field(request.body as Form, 'session_id').slice(0, 40),
    });
    // ending this very session is signing out
    if (ended.ok && !(await identity.send(lookupSession, { session_token: me.token })).ok) {
      sessions.endSession(reply);
      return reply.redirect('/', 303);
    }
    return showMe(request, reply, me, {
      status: ended.ok ? 200 : ended.status,
      notice: ended.ok ? 'That session is signed out.' : ended.detail,
    });
  });

  for (const [path, contract] of [
    ['/me/signout', signOut],
    ['/me/signout-everywhere', signOutEverywhere],
  ] as const)
    app.post(path, async (request, reply) => {
      if (await pages.refused(request, reply)) return reply;
      const token = sessions.tokenOf(request);
      if (token) await identity.send(contract, { session_token: token });
      sessions.endSession(reply);
      return reply.redirect('/', 303);
    });
};
