import type { OperationReply } from '@listings/contracts';
import type { Bus } from './bus/bus.ts';
import { DomainError, ServiceUnavailableError } from './errors.ts';

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
