import {
  type Operation,
  type OperationReply,
  OperationRequest,
  operationsOf,
  type Principal,
  type ServiceName,
} from '@listings/contracts';
import type { Bus, Served } from './bus/bus.ts';
import { NotImplementedError, toProblem, ValidationError } from './errors.ts';
import type { Logger } from './logger.ts';
import { checkOperationInput, checkValue, type OperationInput } from './validation.ts';

export interface OperationCall extends OperationInput {
  readonly principal: Principal;
  readonly idempotencyKey: string | undefined;
  readonly operation: Operation;
}

/** Returns the response body; the status is the operation's success status. Throws DomainErrors. */
export type OperationHandler = (call: OperationCall) => Promise<unknown>;

export type OperationHandlers = Readonly<Record<string, OperationHandler>>;

/**
 * Runs one request through a handler: checks the envelope and the input against the contract
 * again (the bus is a trust boundary too), maps errors to problems, logs one line.
 */
export const handleOperation = async (
  operation: Operation,
  handler: OperationHandler | undefined,
  payload: unknown,
  logger: Pick<Logger, 'info' | 'error'>,
): Promise<OperationReply> => {
  const started = performance.now();
  let reply: OperationReply;
  let principalId: string | null = null;
  try {
    const envelopeErrors = checkValue(OperationRequest, payload);
    if (envelopeErrors.length > 0) throw new ValidationError(envelopeErrors, 'malformed operation request');
    const request = payload as OperationRequest;
    principalId = request.principal.account_id;
    const checked = checkOperationInput(operation, request, { wire: false });
    if (!checked.ok) throw new ValidationError(checked.errors);
    if (!handler) throw new NotImplementedError(`${operation.operationId} is not implemented yet`);
    const body = await handler({
      ...checked.input,
      principal: request.principal,
      idempotencyKey: request.idempotency_key,
      operation,
    });
    reply = { status: operation.successStatus, body };
  } catch (error) {
    const problem = toProblem(error);
    if (problem.status >= 500 && problem.status !== 501)
      logger.error({ err: error, operation: operation.operationId }, 'operation failed');
    reply = { status: problem.status, problem };
  }
  logger.info(
    {
      operation: operation.operationId,
      principal: principalId,
      status: reply.status,
      ms: Math.round(performance.now() - started),
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
        (payload) => handleOperation(operation, options.handlers[operation.operationId], payload, options.logger),
        { queue: options.service },
      ),
    ),
  );
  return { stop: async () => void (await Promise.all(served.map((s) => s.stop()))) };
};
