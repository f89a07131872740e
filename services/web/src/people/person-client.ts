import type { Operation, OperationReply, OperationRequest, Principal } from '@listings/contracts';
import { type Bus, NoResponderError, RequestTimeoutError } from '@listings/platform/bus';
import { checkOperationInput, markChecked } from '@listings/platform/validation';
import type { Static, TSchema } from 'typebox';
import type { Outcome } from '../catalog-client.ts';

/**
 * A signed-in person's own operations (their listings, drafts, claims) called as that person: the
 * principal is their account, signed in by the site's session, holding only the scope the
 * operation needs (as the gateway's checkout page does). The input is checked against the
 * operation's contract first, as the REST edge checks it (path parameters as text from the URL),
 * so a bad value comes back as field errors and never reaches a service.
 */
export interface PersonClient {
  call<O extends Operation>(
    op: O,
    accountId: string,
    input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
    /** the same key names the same thing (a form posted twice acts once) */
    idempotencyKey?: string,
  ): Promise<Outcome<Static<O['response'] & TSchema>>>;
}

export const createPersonClient = (bus: Bus, options: { timeoutMs?: number } = {}): PersonClient => ({
  call: async (op, accountId, input, idempotencyKey) => {
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
      ...(idempotencyKey !== undefined ? { idempotency_key: idempotencyKey } : {}),
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
