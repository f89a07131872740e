import {
  type Operation,
  type OperationReply,
  OperationRequest,
  operationsOf,
  type Principal,
  type ServiceName,
} from '@listings/contracts';
import type { Static, TSchema } from 'typebox';
import type { Bus, Served } from './bus/bus.ts';
import { EncodedJson } from './bus/encoded-json.ts';
import { ForbiddenError, NotImplementedError, toProblem, UnauthorizedError, ValidationError } from './errors.ts';
import type { Logger } from './logger.ts';
import { checkOperationInput, checkValue, isMarkedChecked, type OperationInput } from './validation.ts';

export interface OperationCall extends OperationInput {
  readonly principal: Principal;
  readonly idempotencyKey: string | undefined;
  readonly operation: Operation;
  /** the caller's client can answer model requests for the work this starts (OperationRequest.client_model) */
  readonly clientModel?: boolean;
}

/** The account of a signed-in principal; anonymous callers get 401 (`to` says what signing in is for). */
export const signedInAccount = (principal: Principal, to: string): string => {
  if (principal.account_id === null || principal.via === 'anonymous')
    throw new UnauthorizedError(`sign in (an API key or OAuth access token) to ${to}`);
  return principal.account_id;
};

/**
 * The caller's account: signed in (401 otherwise) and holding the operation's scope and role, if
 * any (403 otherwise).
 */
export const callerAccount = (call: OperationCall, to: string): string => {
  const account = signedInAccount(call.principal, to);
  const scope = call.operation.scope;
  if (scope && !call.principal.scopes.includes(scope))
    throw new ForbiddenError(`this operation needs the ${scope} scope`);
  const role = call.operation.role;
  if (role && !call.principal.roles?.includes(role))
    throw new ForbiddenError(`this operation is for accounts with the ${role} role`);
  return account;
};

/** Returns the response body; the status is the operation's success status. Throws DomainErrors. */
export type OperationHandler = (call: OperationCall) => Promise<unknown>;

export type OperationHandlers = Readonly<Record<string, OperationHandler>>;

/** the checked input of one part (params, query, body) of an operation, typed from its schema */
type InputOf<S> = S extends TSchema ? Static<S> : Record<string, never>;

/** A call of one operation, its params, query and body typed from the operation's contract. */
export interface CallOf<O extends Operation> extends OperationCall {
  readonly params: InputOf<O['params']> & Record<string, unknown>;
  readonly query: InputOf<O['query']> & Record<string, unknown>;
  readonly body: O['body'] extends TSchema ? Static<O['body']> : undefined;
}

/**
 * One handler for each of a service's operations, keyed by operationId, each taking its call typed
 * from the contract: an operation without a handler, or a handler for no operation, does not compile.
 */
export type HandlersOf<Ops extends Operation> = {
  readonly [O in Ops as O['operationId']]: (call: CallOf<O>) => Promise<unknown>;
};

/**
 * A service's typed handlers as the host serves them. The host checks every call against its
 * operation's contract before the handler runs, which is what makes the typed view true.
 */
export const typedHandlers = <Ops extends Operation>(handlers: HandlersOf<Ops>): OperationHandlers =>
  handlers as unknown as OperationHandlers;

/** the trace id of a W3C traceparent (`00-<trace id>-<parent id>-<flags>`), or null */
export const traceIdOf = (traceparent: string | undefined): string | null =>
  traceparent && /^[0-9a-f]{2}-[0-9a-f]{32}-/.test(traceparent) ? traceparent.slice(3, 35) : null;

/**
 * Runs one request through a handler: checks the envelope and the input against the contract
 * again (the bus is a trust boundary too), maps errors to problems, logs one line.
 */
export const handleOperation = async (
  operation: Operation,
  handler: OperationHandler | undefined,
  payload: unknown,
  logger: Pick<Logger, 'info' | 'error'> & Partial<Pick<Logger, 'isLevelEnabled'>>,
  /** the request's W3C `traceparent`, if it came with one: its trace id goes in the log line */
  traceparent?: () => string | undefined,
): Promise<OperationReply> => {
  const logging = logger.isLevelEnabled?.('info') ?? true;
  const started = logging ? performance.now() : 0;
  let reply: OperationReply;
  let principalId: string | null = null;
  try {
    // (an edge in this process that checked the request and handed it over has marked it)
    const trusted = isMarkedChecked(payload);
    if (!trusted) {
      const envelopeErrors = checkValue(OperationRequest, payload);
      if (envelopeErrors.length > 0) throw new ValidationError(envelopeErrors, 'malformed operation request');
    }
    const request = payload as OperationRequest;
    principalId = request.principal.account_id;
    // an operation for a role (the operators') refuses everyone else, whatever its handler does
    if (operation.role) callerAccount({ principal: request.principal, operation } as OperationCall, operation.summary);
    let input: OperationInput;
    if (trusted) input = { params: request.params ?? {}, query: request.query ?? {}, body: request.body };
    else {
      const checked = checkOperationInput(operation, request, { wire: false });
      if (!checked.ok) throw new ValidationError(checked.errors);
      input = checked.input;
    }
    if (!handler) throw new NotImplementedError(`${operation.operationId} is not implemented yet`);
    const body = await handler({
      ...input,
      principal: request.principal,
      idempotencyKey: request.idempotency_key,
      operation,
      ...(request.client_model ? { clientModel: true } : {}),
    });
    // encoded once, where the bus or the edge first needs it; a handler may hand back an answer it
    // keeps encoded already
    reply = {
      status: operation.successStatus,
      body: body === undefined || body instanceof EncodedJson ? body : EncodedJson.of(body),
    };
  } catch (error) {
    const problem = toProblem(error);
    if (problem.status >= 500 && problem.status !== 501)
      logger.error({ err: error, operation: operation.operationId }, 'operation failed');
    reply = { status: problem.status, problem };
  }
  if (logging)
    logger.info(
      {
        operation: operation.operationId,
        principal: principalId,
        status: reply.status,
        ms: Math.round(performance.now() - started),
        trace_id: traceIdOf(traceparent?.()),
      },
      'operation',
    );
  return reply;
};

/**
 * Serves every contract operation the service owns on `<service>.<operationId>`; those without a
 * handler yet answer 501. One queue group per service, so replicas share the load.
 */
export const serveOperations = async (options: {
  service: ServiceName;
  bus: Bus;
  handlers: OperationHandlers;
  logger: Logger;
}): Promise<Served> => {
  const owned = operationsOf(options.service);
  const unknown = Object.keys(options.handlers).filter((id) => !owned.some((op) => op.operationId === id));
  if (unknown.length > 0)
    throw new Error(`${options.service} has handlers for operations it does not own: ${unknown.join(', ')}`);

  const served = await Promise.all(
    owned.map((operation) =>
      options.bus.serve(
        operation.subject,
        (payload, context) =>
          handleOperation(
            operation,
            options.handlers[operation.operationId],
            payload,
            options.logger,
            () => context.headers.traceparent,
          ),
        { queue: options.service },
      ),
    ),
  );
  return { stop: async () => void (await Promise.all(served.map((s) => s.stop()))) };
};

/** An internal request the service answers: its contract (subject, request schema, name) and its handler. */
export interface InternalOperationServed {
  readonly contract: { readonly name: string; readonly subject: string; readonly request: object };
  readonly handle: (payload: never) => Promise<unknown>;
}

/**
 * Serves a service's internal operations (not REST routes or MCP tools) on their subjects: the
 * request is checked against its contract, answered `{ status: 200, body }`, and errors become
 * `{ status, problem }`; failures of 500 and above are logged. One queue group per service.
 */
export const serveInternalOperations = async (options: {
  service: ServiceName;
  bus: Bus;
  logger: Pick<Logger, 'error'>;
  operations: readonly InternalOperationServed[];
}): Promise<Served> => {
  const served = await Promise.all(
    options.operations.map(({ contract, handle }) =>
      options.bus.serve(
        contract.subject,
        async (payload): Promise<OperationReply> => {
          try {
            const errors = checkValue(contract.request, payload);
            if (errors.length > 0) throw new ValidationError(errors);
            return { status: 200, body: await handle(payload as never) };
          } catch (error) {
            const problem = toProblem(error);
            if (problem.status >= 500) options.logger.error({ err: error }, `${contract.name} failed`);
            return { status: problem.status, problem };
          }
        },
        { queue: options.service },
      ),
    ),
  );
  return { stop: async () => void (await Promise.all(served.map((s) => s.stop()))) };
};
