import type { Operation, OperationRequest, Principal, ProblemBody } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import {
  type IdempotencyOptions,
  parseIdempotencyKey,
  type ReadCache,
  requestFingerprint,
  runIdempotent,
} from '@listings/platform/edge';
import {
  ConflictError,
  DomainError,
  type FieldError,
  problemOf,
  ServiceUnavailableError,
  toProblem,
  ValidationError,
} from '@listings/platform/errors';
import { requestOutcome } from '@listings/platform/internal-client';
import type { Logger } from '@listings/platform/logger';
import { activeTraceparentOrNew } from '@listings/platform/observability';
import { checkOperationInput, markChecked } from '@listings/platform/validation';
import { IDEMPOTENCY_KEY_ARGUMENT, splitArguments } from './tool-schemas.ts';

export interface CallOperationDeps {
  readonly bus: Bus;
  readonly logger: Logger;
  readonly requestTimeoutMs: number;
  /** absent: keys are checked but not remembered (only in tests that do not care) */
  readonly idempotency?: IdempotencyOptions;
  /** the answers of anonymous public reads, kept until their service changes (absent: none kept) */
  readonly readCache?: ReadCache<ToolOutcome>;
}

export type ToolOutcome =
  | { readonly status: number; readonly body: unknown }
  | { readonly status: number; readonly problem: ProblemBody };

/** REST names fields `body.fields.name`; a tool's caller only knows its arguments: `fields.name`. */
const asArgumentErrors = (errors: readonly FieldError[]): FieldError[] =>
  errors.map((e) => ({ field: e.field.replace(/^(params|query|body)\.?/, '') || 'arguments', message: e.message }));

class UnprocessableError extends DomainError {
  constructor(detail: string) {
    super(422, 'idempotency-key-reused', 'Idempotency key reused', detail);
  }
}

/**
 * A tool call becomes the very same bus request as the REST operation: arguments split back into
 * path, query and body, checked against the contract, sent on the operation's subject with the
 * caller's principal and Idempotency-Key. Every failure is a problem, never a thrown error.
 */
export const callOperation = async (
  deps: CallOperationDeps,
  op: Operation,
  args: Record<string, unknown>,
  principal: Principal,
  /**
   * keepEncoded: a success body may come back still encoded (EncodedJson), for a caller that
   * writes it on as it is (calls with an idempotency key always get the plain value)
   */
  options: {
    readonly keepEncoded?: boolean;
    /** the client can answer model requests for the work this starts (OperationRequest.client_model) */
    readonly clientModel?: boolean;
    /**
     * the trace the bus request joins, when the caller has the HTTP request's (the lean path, as
     * the REST edge); default: the active span's, or a new trace
     */
    readonly traceparent?: string;
  } = {},
): Promise<ToolOutcome> => {
  try {
    const { input, key } = checkedArguments(op, args);
    // checked just now against the contract: a service in this process takes it without checking it again
    // (one object shape for every request, as on the REST edge: no spreads)
    const envelope: OperationRequest = markChecked({
      operation_id: op.operationId,
      principal,
      params: input.params,
      query: input.query,
      body: input.body,
      idempotency_key: key ?? undefined,
      client_model: options.clientModel ? true : undefined,
    });
    const send = (keepEncoded = false) => requestOverBus(deps, op, envelope, keepEncoded, options.traceparent);
    // an anonymous caller's public read may be answered from what the edge kept (read-cache.ts)
    if (!key && principal.via === 'anonymous' && deps.readCache?.keeps(op))
      return await deps.readCache.answer(op, readKey(op, input, options.keepEncoded === true), () =>
        send(options.keepEncoded),
      );
    if (!key || !deps.idempotency) return await send(options.keepEncoded);
    return await sendOnce(deps.idempotency, {
      // keys belong to the caller, as with the REST header
      scope: principal.account_id ?? 'anonymous',
      key,
      // the REST edge's fingerprint (routes/operations.ts), so a key used over REST and over MCP
      // with the same input is the same request once both edges share one store
      fingerprint: requestFingerprint({ operation: op.operationId, ...input }),
      send,
    });
  } catch (error) {
    if (!(error instanceof DomainError))
      deps.logger.error({ err: error, operation: op.operationId }, 'tool call failed');
    const problem = error instanceof DomainError ? problemOf(error) : toProblem(error);
    return { status: problem.status, problem };
  }
};

/** what names a public read in the read cache: the tool, its checked arguments, and whether its answer stays encoded */
const readKey = (op: Operation, input: { params: unknown; query: unknown }, keepEncoded: boolean): string =>
  `${keepEncoded ? 'encoded' : 'plain'} ${op.operationId} ${JSON.stringify(input.params)} ${JSON.stringify(input.query)}`;

/**
 * The arguments split back into path, query and body and checked against the contract, with the
 * Idempotency-Key when one is given; every wrong argument at once as a ValidationError.
 */
const checkedArguments = (op: Operation, args: Record<string, unknown>) => {
  const split = splitArguments(op, args);
  const errors: FieldError[] = split.unknown.map((name) => ({ field: name, message: 'is not a known property' }));
  const checked = checkOperationInput(op, split, { wire: false });
  if (!checked.ok) errors.push(...asArgumentErrors(checked.errors));
  let key: string | null = null;
  if (split.idempotencyKey !== undefined) {
    const parsed =
      typeof split.idempotencyKey === 'string'
        ? parseIdempotencyKey(split.idempotencyKey)
        : ({ ok: false, message: 'must be a string' } as const);
    if (parsed.ok) key = parsed.key;
    else errors.push({ field: IDEMPOTENCY_KEY_ARGUMENT, message: parsed.message });
  }
  if (errors.length > 0 || !checked.ok) throw new ValidationError(errors);
  return { input: checked.input, key };
};

/**
 * A call with an idempotency key runs once per key: a repeat gets the first answer again, a call
 * still running or one with other arguments is refused (as on the REST edge).
 */
const sendOnce = async (
  idempotency: IdempotencyOptions,
  call: { scope: string; key: string; fingerprint: string; send: () => Promise<ToolOutcome> },
): Promise<ToolOutcome> => {
  const outcome = await runIdempotent(idempotency, {
    scope: call.scope,
    key: call.key,
    fingerprint: call.fingerprint,
    run: async () => {
      const reply = await call.send();
      return {
        status: reply.status,
        contentType: 'problem' in reply ? 'application/problem+json' : 'application/json',
        body: 'problem' in reply ? reply.problem : reply.body,
      };
    },
  });
  switch (outcome.kind) {
    case 'ran':
    case 'replayed': {
      const { status, body } = outcome.response;
      return status >= 400 ? { status, problem: body as ProblemBody } : { status, body };
    }
    case 'in_flight':
      throw new ConflictError('a call with this idempotency_key is still running; retry in a moment');
    case 'mismatch':
      throw new UnprocessableError('this idempotency_key was already used with different arguments');
    default: {
      const never: never = outcome;
      throw new Error(`unknown outcome ${JSON.stringify(never)}`);
    }
  }
};

/**
 * The operation's reply as a tool outcome. A service that did not answer is thrown (a 503 problem
 * to the caller), so an idempotency key is not kept for it and a retry runs again.
 */
const requestOverBus = async (
  deps: CallOperationDeps,
  op: Operation,
  envelope: OperationRequest,
  keepEncoded: boolean,
  traceparent: string | undefined,
): Promise<ToolOutcome> => {
  const outcome = await requestOutcome(deps.bus, op.subject, envelope, {
    service: op.service,
    timeoutMs: deps.requestTimeoutMs,
    keepEncoded,
    headers: { traceparent: traceparent ?? activeTraceparentOrNew() },
    // the envelope is this call's alone (as on the REST edge): an in-process bus need not copy it
    transferPayload: true,
  });
  // a write's reply: what the edge kept of its service's reads goes (its next read sees the write)
  deps.readCache?.called(op);
  if (outcome.ok) return { status: outcome.status, body: outcome.body };
  if (outcome.unanswered) throw new ServiceUnavailableError(outcome.detail);
  return { status: outcome.status, problem: outcome.problem };
};
