import {
  type IdentityReply,
  type IdentityRequest,
  PASSWORD_CHANGES_PER_ACCOUNT,
  PASSWORD_SET_AFTER_LINK_MINUTES,
} from '@listings/contracts';
import { ForbiddenError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { hashPassword, verifyPassword } from '../passwords.ts';
import type { PeopleContext } from './context.ts';
import { TooManyPasswordTriesError } from './errors.ts';
import { passwordChangedMail } from './mails.ts';

/** The signed-in person's sessions and password: looking one up, signing out, listing, setting, removing. */
export const sessionOperations = (ctx: PeopleContext) => {
  const { store } = ctx;
  return {
    lookup_session: async (r: IdentityRequest<'lookup_session'>): Promise<IdentityReply<'lookup_session'>> =>
      await ctx.sessionOf(r.session_token),
    sign_out: async (r: IdentityRequest<'sign_out'>): Promise<IdentityReply<'sign_out'>> => {
      const known = (await store.sessionDetails(r.session_token)) !== null;
      await store.endSession(r.session_token);
      return { sessions_ended: known ? 1 : 0 };
    },
    sign_out_everywhere: async (
      r: IdentityRequest<'sign_out_everywhere'>,
    ): Promise<IdentityReply<'sign_out_everywhere'>> => {
      const session = await ctx.sessionOf(r.session_token);
      return { sessions_ended: await store.endAllSessions(session.account_id) };
    },
    list_sign_in_methods: async (
      r: IdentityRequest<'list_sign_in_methods'>,
    ): Promise<IdentityReply<'list_sign_in_methods'>> => {
      const session = await ctx.sessionOf(r.session_token);
      return {
        password_set: await store.hasPassword(session.account_id),
        password_settable_until: (await ctx.passwordSettableUntil(r.session_token))?.toISOString() ?? null,
        sessions: (await store.listSessions(session.account_id, r.session_token)).map((s) => ({
          id: s.id,
          created_at: s.createdAt,
          expires_at: s.expiresAt,
          method: s.method,
          current: s.current,
        })),
      };
    },
    end_session: async (r: IdentityRequest<'end_session'>): Promise<IdentityReply<'end_session'>> => {
      const session = await ctx.sessionOf(r.session_token);
      if (!(await store.endSessionById(session.account_id, r.session_id)))
        throw new NotFoundError('no such session of yours');
      return { ended: true };
    },
    set_password: async (r: IdentityRequest<'set_password'>): Promise<IdentityReply<'set_password'>> => {
      const session = await ctx.sessionOf(r.session_token);
      const tries = await ctx.limiter.hit(`password-change:${session.account_id}`, {
        name: 'password-change',
        ...PASSWORD_CHANGES_PER_ACCOUNT,
      });
      if (!tries.allowed) throw new TooManyPasswordTriesError(tries.resetSeconds);
      // the current password, or a session a mailed link opened just now: nothing else sets one
      const current = await store.passwordHashOf(session.account_id);
      if (r.current_password !== undefined && r.current_password !== '') {
        if (!(await verifyPassword(current, r.current_password)))
          throw new ValidationError([{ field: 'current_password', message: 'is not your current password' }]);
      } else if (!(await ctx.passwordSettableUntil(r.session_token)))
        throw new ForbiddenError(
          current
            ? 'give your current password, or sign in with a mailed link and set the new one within ' +
                `${PASSWORD_SET_AFTER_LINK_MINUTES} minutes`
            : `sign in with a mailed link and set a password within ${PASSWORD_SET_AFTER_LINK_MINUTES} minutes`,
        );
      await store.setPasswordHash(session.account_id, await hashPassword(r.new_password));
      const sessionsEnded = await store.endOtherSessions(session.account_id, r.session_token);
      await ctx.mailer.send(passwordChangedMail(ctx.publicUrl, session.email, Boolean(current))).catch(() => undefined);
      return { password_set: true, sessions_ended: sessionsEnded };
    },
    remove_password: async (r: IdentityRequest<'remove_password'>): Promise<IdentityReply<'remove_password'>> => {
      const session = await ctx.sessionOf(r.session_token);
      if (!(await store.setPasswordHash(session.account_id, null)))
        throw new NotFoundError('your account has no password');
      return { removed: true };
    },
  };
};
