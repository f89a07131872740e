import { type identityInternalOperations, PASSKEY_SIGN_IN_STARTS_PER_IP } from '@listings/contracts';
import type { Bus, Served } from '@listings/platform/bus';
import type { Logger } from '@listings/platform/logger';
import { type InternalOperationServed, serveInternalOperations } from '@listings/platform/service-host';
import { accountMailOperations } from './account-mail.ts';
import { createPeopleContext, type PeopleDeps } from './context.ts';
import { credentialOperations } from './credentials.ts';
import { TooManySignInsError } from './errors.ts';
import { createPasskeys } from './passkeys.ts';
import { sessionOperations } from './sessions.ts';
import { signInOperations } from './sign-in.ts';

export { GoneError, TooManyMailsError, TooManyPasswordTriesError, TooManySignInsError } from './errors.ts';

type Op = (typeof identityInternalOperations)[number];

/**
 * The people side of identity, on `gateway.internal.<name>` for the web edge: magic sign-in links
 * (the account is made on first use and its email confirmed by that link), email confirmation
 * links, password sign-in (sign-in.ts), server-side sessions with a CSRF token bound to each,
 * signing out here or everywhere, passwords (sessions.ts), the signed-in person's API keys and apps
 * (credentials.ts), passkeys (passkeys.ts), and mail to an account for other services
 * (account-mail.ts). Mails go through the mail port; each mail request counts against the address
 * (or account) and the client IP.
 */
export const createPeople = (deps: PeopleDeps) => {
  const ctx = createPeopleContext(deps);
  const passkeys = createPasskeys({
    store: ctx.store,
    publicUrl: ctx.publicUrl,
    sessionOf: ctx.sessionOf,
    openSession: (accountId, next) => ctx.openSession(accountId, next, 'passkey'),
    checkSignInQuota: async (clientIp) => {
      if (!clientIp) return;
      const decision = await ctx.limiter.hit(`passkey-ip:${clientIp}`, {
        name: 'passkey-sign-in-ip',
        ...PASSKEY_SIGN_IN_STARTS_PER_IP,
      });
      if (!decision.allowed) throw new TooManySignInsError(decision.resetSeconds);
    },
  });
  const handlers = {
    ...signInOperations(ctx),
    ...sessionOperations(ctx),
    ...credentialOperations(ctx),
    ...accountMailOperations(ctx),
    ...passkeys,
  } satisfies Record<Op['name'], (request: never) => Promise<unknown>>;

  return {
    handlers,
    sendConfirmation: ctx.sendConfirmation,
    serve: (bus: Bus, logger: Pick<Logger, 'error'>, operations: readonly Op[]): Promise<Served> =>
      serveInternalOperations({
        service: 'gateway',
        bus,
        logger,
        operations: operations.map(
          (contract): InternalOperationServed => ({
            contract,
            handle: handlers[contract.name as Op['name']] as InternalOperationServed['handle'],
          }),
        ),
      }),
  };
};

export type People = ReturnType<typeof createPeople>;
