import { ANONYMOUS, type Operation, type OperationRequest, type Principal, type Role } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { problemOf, ValidationError } from '@listings/platform/errors';
import { type ReplyOutcome, requestOutcome } from '@listings/platform/internal-client';
import { checkOperationInput, markChecked } from '@listings/platform/validation';
import type { Static, TSchema } from 'typebox';

type Input = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
type Reply<O extends Operation> = ReplyOutcome<Static<O['response'] & TSchema>>;

/**
 * A public operation called over the bus as the REST gateway forwards it: the input is checked
 * against the operation's contract first (as text from a URL, so numbers are parsed), and a bad
 * value comes back as field errors, never reaching a service nor raising an exception.
 */
const operationCaller =
  (bus: Bus, options: { timeoutMs?: number }) =>
  async <O extends Operation>(
    op: O,
    principal: Principal,
    input: Input,
    idempotencyKey: string | undefined,
  ): Promise<Reply<O>> => {
    const checked = checkOperationInput(
      op,
      { params: input.params ?? {}, query: input.query ?? {}, body: input.body },
      { wire: true },
    );
    if (!checked.ok) {
      const problem = problemOf(new ValidationError(checked.errors, 'invalid input'));
      return { ok: false, status: 400, detail: 'invalid input', errors: checked.errors, problem, unanswered: false };
    }
    const envelope: OperationRequest = markChecked({
      operation_id: op.operationId,
      principal,
      params: checked.input.params,
      query: checked.input.query,
      body: checked.input.body,
      ...(idempotencyKey !== undefined ? { idempotency_key: idempotencyKey } : {}),
    });
    return requestOutcome(bus, op.subject, envelope, { service: op.service, timeoutMs: options.timeoutMs ?? 10_000 });
  };

/** The catalog's public pages' operations, called as nobody in particular. */
export interface CatalogClient {
  call<O extends Operation>(
    op: O,
    input: { params?: Record<string, unknown>; query?: Record<string, unknown> },
  ): Promise<Reply<O>>;
}

export const createCatalogClient = (bus: Bus, options: { timeoutMs?: number } = {}): CatalogClient => {
  const call = operationCaller(bus, options);
  return { call: (op, input) => call(op, ANONYMOUS, input, undefined) };
};

/**
 * A signed-in person's own operations (their listings, drafts, claims, orders) called as that
 * person: the principal is their account, signed in by the site's session, holding only the scope
 * the operation needs (as the gateway's checkout page does).
 */
export interface PersonClient {
  call<O extends Operation>(
    op: O,
    accountId: string,
    input: Input,
    /** the same key names the same thing (a form posted twice acts once) */
    idempotencyKey?: string,
    /** the viewer's roles (an operator's console calls operator operations) */
    roles?: readonly Role[],
  ): Promise<Reply<O>>;
}

export const createPersonClient = (bus: Bus, options: { timeoutMs?: number } = {}): PersonClient => {
  const call = operationCaller(bus, options);
  return {
    call: (op, accountId, input, idempotencyKey, roles) =>
      call(
        op,
        {
          account_id: accountId,
          scopes: op.scope ? [op.scope] : [],
          via: 'session',
          ...(roles?.length ? { roles: [...roles] } : {}),
        },
        input,
        idempotencyKey,
      ),
  };
};
