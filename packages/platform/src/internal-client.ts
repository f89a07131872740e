import type { OperationReply, ProblemBody } from '@listings/contracts';
import { type Bus, NoResponderError, type RequestOptions, RequestTimeoutError } from './bus/bus.ts';
import { DomainError, type FieldError, problemOf, ServiceUnavailableError } from './errors.ts';

/** Which service is asked, what for (prefixes every error detail), and how long to wait. */
export interface InternalRequestOptions {
  /** the service answering, e.g. `catalog`: error details say "the catalog …" and its problems keep this type */
  readonly service: string;
  /** what the request is for, e.g. `recording the verified claim` */
  readonly what: string;
  readonly timeoutMs?: number;
  /** how an unreachable service is described; default `cannot be reached` */
  readonly unreachable?: string;
}

/** Sends an internal request over the bus and returns the reply; no answer at all is a 503. */
export const requestInternal = async (
  bus: Bus,
  subject: string,
  payload: unknown,
  options: InternalRequestOptions,
): Promise<OperationReply> => {
  try {
    return (await bus.request(
      subject,
      payload,
      options.timeoutMs === undefined ? undefined : { timeoutMs: options.timeoutMs },
    )) as OperationReply;
  } catch (error) {
    throw new ServiceUnavailableError(
      `${options.what}: the ${options.service} ${options.unreachable ?? 'cannot be reached'} (${(error as Error).message})`,
    );
  }
};

/** The body of a successful internal reply; a problem is rethrown as a DomainError with its status. */
export const internalReplyBody = (reply: OperationReply, options: InternalRequestOptions): unknown => {
  if ('body' in reply && reply.status < 300) return reply.body;
  if ('problem' in reply)
    throw new DomainError(
      reply.problem.status,
      options.service,
      reply.problem.title,
      `${options.what}: ${reply.problem.detail ?? ''}`,
    );
  throw new ServiceUnavailableError(`${options.what}: the ${options.service} gave no usable answer`);
};

/**
 * A bus reply read as a value: its body, or why not. A problem keeps its status, its detail (else
 * its title), its field errors and the problem itself; `unanswered` says nobody answered at all.
 */
export type ReplyOutcome<T> =
  | { readonly ok: true; readonly status: number; readonly body: T }
  | {
      readonly ok: false;
      readonly status: number;
      readonly detail: string;
      readonly errors: readonly FieldError[];
      readonly problem: ProblemBody;
      readonly unanswered: boolean;
    };

/** The one reading of an operation's reply (`{ status, body }` or `{ status, problem }`). */
export const outcomeOfReply = <T>(reply: OperationReply): ReplyOutcome<T> =>
  'problem' in reply
    ? {
        ok: false,
        status: reply.status,
        detail: reply.problem.detail ?? reply.problem.title,
        errors: reply.problem.errors ?? [],
        problem: reply.problem,
        unanswered: false,
      }
    : { ok: true, status: reply.status, body: reply.body as T };

/** why a request got no reply, when the service is simply not there; null for any other failure */
const unansweredDetail = (error: unknown, service: string): string | null => {
  if (error instanceof NoResponderError) return `the ${service} service is not running`;
  if (error instanceof RequestTimeoutError) return `the ${service} service did not answer in time`;
  return null;
};

/**
 * Sends a request over the bus and reads its reply as an outcome. A service that does not answer
 * (nobody serves the subject, the bus is reconnecting, no reply in time) is a 503 outcome with
 * `unanswered`, never an exception; anything else that fails is thrown.
 */
export const requestOutcome = async <T>(
  bus: Bus,
  subject: string,
  payload: unknown,
  options: RequestOptions & {
    /** the service answering, e.g. `catalog`: an unanswered request says "the catalog service …" */
    readonly service: string;
  },
): Promise<ReplyOutcome<T>> => {
  const { service, ...requestOptions } = options;
  try {
    return outcomeOfReply<T>((await bus.request(subject, payload, requestOptions)) as OperationReply);
  } catch (error) {
    const detail = unansweredDetail(error, service);
    if (detail === null) throw error;
    const problem = problemOf(new ServiceUnavailableError(detail));
    return { ok: false, status: 503, detail, errors: [], problem, unanswered: true };
  }
};

/**
 * Internal operations (`<service>.internal.*`: identity's sessions, catalog's votes and reviews)
 * called by an edge: the contract's subject and the request in, an outcome out.
 */
export const createInternalClient = (bus: Bus, options: { timeoutMs?: number } = {}) => ({
  send: <T>(contract: { readonly subject: string }, request: object): Promise<ReplyOutcome<T>> =>
    requestOutcome<T>(bus, contract.subject, request, {
      service: contract.subject.split('.')[0] ?? contract.subject,
      timeoutMs: options.timeoutMs ?? 10_000,
    }),
});

export type InternalClient = ReturnType<typeof createInternalClient>;
