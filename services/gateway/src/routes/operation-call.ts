import type { AuthenticateReply, Operation, OperationReply, OperationRequest } from '@listings/contracts';
import type { Authenticator } from '@listings/identity/authenticate';
import { type Bus, BusUnavailableError, NoResponderError, RequestTimeoutError } from '@listings/platform/bus';
import type {
  IdempotencyOptions,
  RateLimitDecision,
  RateLimiter,
  RateLimitPolicy,
  ReadCache,
  StoredResponse,
} from '@listings/platform/edge';
import { DomainError, ServiceUnavailableError, toProblem } from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import { handleOperation, type OperationHandlers } from '@listings/platform/service-host';
import { PROBLEM_CONTENT_TYPE } from '../plugins/problems.ts';

/*
 * The steps of a contract operation's call at the REST edge, shared by the router's operation
 * routes (operations.ts) and the lean reads answered ahead of it (lean-reads.ts): who is calling,
 * the rate limit, and the call forwarded to its service with the reply mapped.
 */

export interface EdgeGuards {
  readonly authenticator: Authenticator;
  readonly rateLimiter: RateLimiter;
  readonly rateLimits: { readonly authenticated: RateLimitPolicy; readonly anonymous: RateLimitPolicy };
  readonly idempotency: IdempotencyOptions;
}

export interface ForwardDeps {
  readonly bus: Bus;
  readonly gatewayHandlers: OperationHandlers;
  readonly requestTimeoutMs: number;
  /** told of each call that came back (a write empties what the edge keeps of its service's reads) */
  readonly readCache?: Pick<ReadCache, 'called'>;
}

/** 1. who is calling, and may they call `op` (before anything about the input); at once when anonymous */
export const authenticateCall = (
  guards: EdgeGuards,
  op: Operation,
  authorization: string | string[] | undefined,
): AuthenticateReply | Promise<AuthenticateReply> =>
  guards.authenticator.authenticate({
    authorization: typeof authorization === 'string' ? authorization : null,
    resource: 'api',
    required_scope: op.scope,
  });

/** 2. the call counted against its rate limit: per credential, per IP when anonymous or refused */
export const rateLimitCall = (
  guards: EdgeGuards,
  auth: AuthenticateReply,
  ip: string,
): RateLimitDecision | Promise<RateLimitDecision> => {
  const credential = auth.outcome === 'authenticated' ? auth.credential_id : null;
  return guards.rateLimiter.hit(
    credential ?? `ip:${ip}`,
    credential ? guards.rateLimits.authenticated : guards.rateLimits.anonymous,
  );
};

export const problemOfError = (error: DomainError): StoredResponse => ({
  status: error.status,
  contentType: PROBLEM_CONTENT_TYPE,
  body: toProblem(error),
});

/**
 * 4. the checked call run: a bus request on the operation's subject (or a gateway-owned handler),
 * the bus's failures mapped to 503 problems, the reply to a stored response (its body still
 * encoded when the service sent it so)
 */
export const forwardCall = async (
  deps: ForwardDeps,
  op: Operation,
  envelope: OperationRequest,
  traceparent: string,
  log: Pick<Logger, 'info' | 'error'>,
): Promise<StoredResponse> => {
  let result: OperationReply;
  if (op.service === 'gateway') {
    result = await handleOperation(op, deps.gatewayHandlers[op.operationId], envelope, log, () => traceparent);
  } else {
    try {
      // the envelope is this call's alone, and the reply body is only written on: neither is copied
      result = (await deps.bus.request(op.subject, envelope, {
        timeoutMs: deps.requestTimeoutMs,
        headers: { traceparent },
        keepEncoded: true,
        transferPayload: true,
      })) as OperationReply;
    } catch (error) {
      // a call that timed out may have been done: the service's reads kept here go too
      deps.readCache?.called(op);
      if (error instanceof BusUnavailableError)
        return problemOfError(new ServiceUnavailableError('the message bus is unreachable: try again shortly'));
      if (error instanceof NoResponderError)
        return problemOfError(new ServiceUnavailableError(`the ${op.service} service is not running`));
      if (error instanceof RequestTimeoutError)
        return problemOfError(new ServiceUnavailableError(`the ${op.service} service did not answer in time`));
      throw error;
    }
    deps.readCache?.called(op);
  }
  return 'problem' in result
    ? { status: result.status, contentType: PROBLEM_CONTENT_TYPE, body: result.problem }
    : { status: result.status, contentType: 'application/json', body: result.body };
};

export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, 'rate-limited', 'Too many requests', `rate limit reached: retry in ${retryAfterSeconds} s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
