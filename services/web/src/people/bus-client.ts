import type { OperationReply } from '@listings/contracts';
import { type Bus, NoResponderError, RequestTimeoutError } from '@listings/platform/bus';
import type { FieldError } from '@listings/platform/errors';

/** What a page gets back from an internal request: its body, or why not (with field errors). */
export type InternalOutcome<T> =
  | { readonly ok: true; readonly body: T }
  | { readonly ok: false; readonly status: number; readonly detail: string; readonly errors: readonly FieldError[] };

/**
 * Internal requests of the people side (identity's `gateway.internal.*`, catalog's
 * `catalog.internal.*`): the contract's subject and the request; a service that does not answer
 * is a 503 outcome, never an exception.
 */
export const createInternalClient = (bus: Bus, options: { timeoutMs?: number } = {}) => ({
  send: async <T>(contract: { subject: string; name: string }, request: object): Promise<InternalOutcome<T>> => {
    let reply: OperationReply;
    try {
      reply = (await bus.request(contract.subject, request, {
        timeoutMs: options.timeoutMs ?? 10_000,
      })) as OperationReply;
    } catch (error) {
      if (error instanceof NoResponderError || error instanceof RequestTimeoutError)
        return { ok: false, status: 503, detail: `${contract.subject} is not answering: try again soon`, errors: [] };
      throw error;
    }
    if ('problem' in reply)
      return {
        ok: false,
        status: reply.status,
        detail: reply.problem.detail ?? reply.problem.title,
        errors: reply.problem.errors ?? [],
      };
    return { ok: true, body: reply.body as T };
  },
});

export type InternalClient = ReturnType<typeof createInternalClient>;
