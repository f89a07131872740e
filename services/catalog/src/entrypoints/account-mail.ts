import { type IdentityRequest, mailAccount, type OperationReply } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { Logger } from '@listings/platform/logger';

/**
 * Asks identity (`gateway.internal.mail_account`, which holds the addresses) to mail one account
 * for one event of the catalog's log. A mail that cannot be sent is logged as `<what> not sent`
 * and skipped: the mail subscriptions go on with the next event.
 */
export const sendAccountMail = async (
  deps: { readonly bus: Bus; readonly logger: Logger },
  request: IdentityRequest<'mail_account'>,
  context: { readonly what: string; readonly eventId: string },
): Promise<void> => {
  try {
    const reply = (await deps.bus.request(mailAccount.subject, request, { timeoutMs: 10_000 })) as OperationReply;
    if (reply.status >= 500)
      deps.logger.warn({ event_id: context.eventId, status: reply.status }, `${context.what} not sent`);
  } catch (err) {
    deps.logger.warn({ err, event_id: context.eventId }, `${context.what} not sent: identity did not answer`);
  }
};
