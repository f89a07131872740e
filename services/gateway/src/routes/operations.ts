import { randomUUID } from 'node:crypto';
import { ANONYMOUS, type Operation, type OperationReply, type OperationRequest, operations } from '@listings/contracts';
import { type Bus, NoResponderError, RequestTimeoutError } from '@listings/platform/bus';
import { DomainError, ServiceUnavailableError, ValidationError } from '@listings/platform/errors';
import type { OperationHandlers } from '@listings/platform/service-host';
import { handleOperation } from '@listings/platform/service-host';
import { checkOperationInput } from '@listings/platform/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE } from '../plugins/problems.ts';

export const API_PREFIX = '/api/v1';

/** `/drafts/{id}` → `/api/v1/drafts/:id` */
export const routeUrl = (op: Operation): string => `${API_PREFIX}${op.path.replace(/\{(\w+)\}/g, ':$1')}`;

const traceparentOf = (request: FastifyRequest): string => {
  const incoming = request.headers.traceparent;
  if (typeof incoming === 'string' && /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/.test(incoming)) return incoming;
  // randomUUID draws from a buffered entropy pool: far cheaper per request than randomBytes
  const trace = randomUUID().replaceAll('-', '');
  return `00-${trace}-${randomUUID().replaceAll('-', '').slice(0, 16)}-01`;
};

const sendReply = (reply: FastifyReply, result: OperationReply) =>
  'problem' in result
    ? reply.code(result.status).type(PROBLEM_CONTENT_TYPE).send(result.problem)
    : reply.code(result.status).type('application/json').send(result.body);

/**
 * One route per contract operation, all alike: check the input against the contract, then fan the
 * call into a bus request on the operation's subject (or a gateway-owned handler) and map the reply.
 */
export const operationRoutes = async (
  app: FastifyInstance,
  options: { bus: Bus; gatewayHandlers: OperationHandlers; requestTimeoutMs: number },
) => {
  for (const op of operations) {
    app.route({
      method: op.method,
      url: routeUrl(op),
      config: { operationId: op.operationId },
      handler: async (request, reply) => {
        const checked = checkOperationInput(op, request, { wire: true });
        if (!checked.ok) throw new ValidationError(checked.errors);
        const idempotencyKey = op.idempotent ? (request.headers['idempotency-key'] as string | undefined) : undefined;
        const envelope: OperationRequest = {
          operation_id: op.operationId,
          principal: ANONYMOUS,
          ...checked.input,
          ...(idempotencyKey ? { idempotency_key: idempotencyKey } : {}),
        };
        if (op.service === 'gateway') {
          return sendReply(
            reply,
            await handleOperation(op, options.gatewayHandlers[op.operationId], envelope, request.log),
          );
        }
        try {
          const result = (await options.bus.request(op.subject, envelope, {
            timeoutMs: options.requestTimeoutMs,
            headers: { traceparent: traceparentOf(request) },
          })) as OperationReply;
          return sendReply(reply, result);
        } catch (error) {
          if (error instanceof DomainError) throw error;
          if (error instanceof NoResponderError)
            throw new ServiceUnavailableError(`the ${op.service} service is not running`);
          if (error instanceof RequestTimeoutError)
            throw new ServiceUnavailableError(`the ${op.service} service did not answer in time`);
          throw error;
        }
      },
    });
  }
};
