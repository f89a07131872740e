import type { Operation, OperationReply, OperationRequest, Principal } from '@listings/contracts';
import { type Bus, NoResponderError, RequestTimeoutError } from '@listings/platform/bus';
import { checkOperationInput, markChecked } from '@listings/platform/validation';
import type { Static, TSchema } from 'typebox';
import type { Outcome } from '../../catalog-client.ts';

/**
 * A signed-in person's own operations (their drafts), called on the operation's bus subject as the
 * REST gateway forwards them: the input is checked against the operation's contract first (a bad
 * value comes back as field errors), and the principal is the session's account holding the
 * operation's scope (on the site a person acts for their own account; the service still checks
 * that the draft is theirs). A service that does not answer is a 503 outcome, never an exception.
 */
export const createAccountOperations = (bus: Bus, options: { timeoutMs?: number } = {}) => ({
  call: async <O extends Operation>(
    op: O,
    accountId: string,
    input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
    /** the same key names the same thing (a form posted twice acts once) */
    idempotencyKey?: string,
  ): Promise<Outcome<Static<O['response'] & TSchema>>> => {
    const checked = checkOperationInput(
      op,
      { params: input.params ?? {}, query: input.query ?? {}, body: input.body },
      { wire: true },
    );
    if (!checked.ok) return { ok: false, status: 400, detail: 'invalid input', errors: checked.errors };
    const principal: Principal = { account_id: accountId, scopes: op.scope ? [op.scope] : [], via: 'session' };
    const envelope: OperationRequest = markChecked({
      operation_id: op.operationId,
      principal,
      params: checked.input.params,
      query: checked.input.query,
      body: checked.input.body,
      idempotency_key: idempotencyKey,
    });
    let reply: OperationReply;
    try {
      reply = (await bus.request(op.subject, envelope, { timeoutMs: options.timeoutMs ?? 10_000 })) as OperationReply;
    } catch (error) {
      if (error instanceof NoResponderError || error instanceof RequestTimeoutError)
        return {
          ok: false,
          status: 503,
          detail: `the ${op.service} service is not answering: try again soon`,
          errors: [],
        };
      throw error;
    }
    if ('problem' in reply)
      return {
        ok: false,
        status: reply.status,
        detail: reply.problem.detail ?? reply.problem.title,
        errors: reply.problem.errors ?? [],
      };
    return { ok: true, body: reply.body as never };
  },
});

export type AccountOperations = ReturnType<typeof createAccountOperations>;
