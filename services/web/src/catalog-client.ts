import { ANONYMOUS, type Operation, type OperationReply, type OperationRequest } from '@listings/contracts';
import { type Bus, NoResponderError, RequestTimeoutError } from '@listings/platform/bus';
import type { FieldError } from '@listings/platform/errors';
import { checkOperationInput, markChecked } from '@listings/platform/validation';
import type { Static, TSchema } from 'typebox';

/** What a page gets back from an operation: its body, or why not (field errors for bad input). */
export type Outcome<T> =
  | { readonly ok: true; readonly body: T }
  | { readonly ok: false; readonly status: number; readonly detail: string; readonly errors: readonly FieldError[] };

export interface CatalogClient {
  /**
   * Calls a public operation on its bus subject, as the REST gateway forwards it: the input is
   * checked against the operation's contract first (as text from a URL, so numbers are parsed),
   * and a bad value comes back as field errors, never as an exception.
   */
  call<O extends Operation>(
    op: O,
    input: { params?: Record<string, unknown>; query?: Record<string, unknown> },
  ): Promise<Outcome<Static<O['response'] & TSchema>>>;
}

export const createCatalogClient = (bus: Bus, options: { timeoutMs?: number } = {}): CatalogClient => ({
  call: async (op, input) => {
    const checked = checkOperationInput(op, { params: input.params ?? {}, query: input.query ?? {} }, { wire: true });
    if (!checked.ok) return { ok: false, status: 400, detail: 'invalid input', errors: checked.errors };
    const envelope: OperationRequest = markChecked({
      operation_id: op.operationId,
      principal: ANONYMOUS,
      params: checked.input.params,
      query: checked.input.query,
      body: undefined,
    });
    let reply: OperationReply;
    try {
      reply = (await bus.request(op.subject, envelope, { timeoutMs: options.timeoutMs ?? 10_000 })) as OperationReply;
    } catch (error) {
      if (error instanceof NoResponderError || error instanceof RequestTimeoutError)
        return { ok: false, status: 503, detail: `the ${op.service} service is not answering`, errors: [] };
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
