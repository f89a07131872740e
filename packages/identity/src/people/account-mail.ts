import type { IdentityReply, IdentityRequest } from '@listings/contracts';
import { NotFoundError } from '@listings/platform/errors';
import type { PeopleContext } from './context.ts';

/** For other services: mailing an account (once per de-duplication key) and naming it. */
export const accountMailOperations = (ctx: PeopleContext) => {
  const { store } = ctx;
  /** the account, unless it is unknown or erased */
  const liveAccount = async (accountId: string) => {
    const account = await store.findAccountById(accountId);
    if (!account || account.email.endsWith('@erased.invalid')) throw new NotFoundError('no such account');
    return account;
  };
  return {
    mail_account: async (r: IdentityRequest<'mail_account'>): Promise<IdentityReply<'mail_account'>> => {
      const account = await liveAccount(r.account_id);
      if (!(await store.takeMailKey(r.dedupe_key))) return { sent: false };
      try {
        await ctx.mailer.send({ to: account.email, kind: r.kind, subject: r.subject, text: r.text });
      } catch (error) {
        await store.releaseMailKey(r.dedupe_key);
        throw error;
      }
      return { sent: true };
    },
    describe_account: async (r: IdentityRequest<'describe_account'>): Promise<IdentityReply<'describe_account'>> => {
      const account = await liveAccount(r.account_id);
      return { name: account.name ?? null, email: account.email };
    },
  };
};
