import type { InternalOperation, OperationReply } from '@listings/contracts';
import type { Bus, Served } from '@listings/platform/bus';
import { toProblem, ValidationError } from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import { checkValue } from '@listings/platform/validation';

export type InternalHandler = (request: never) => Promise<unknown>;

/**
 * Serves catalog internal operations on `catalog.internal.<name>`: the request is checked against
 * its contract (defaults filled in), domain errors become problems, one log line per request.
 */
export const serveInternalOperations = async (options: {
  bus: Bus;
  logger: Pick<Logger, 'info' | 'error'>;
  operations: readonly InternalOperation[];
  handlers: Readonly<Record<string, InternalHandler>>;
}): Promise<Served> => {
  const served = await Promise.all(
    options.operations.map((operation) => {
      const handler = options.handlers[operation.name];
      if (!handler) throw new Error(`no handler for internal operation ${operation.name}`);
      return options.bus.serve(
        operation.subject,
        async (payload): Promise<OperationReply> => {
          const started = performance.now();
          let reply: OperationReply;
          try {
            const request = structuredClone(payload);
            const errors = checkValue(operation.request, request);
            if (errors.length > 0) throw new ValidationError(errors);
            reply = { status: 200, body: await handler(request as never) };
          } catch (error) {
            const problem = toProblem(error);
            if (problem.status >= 500)
              options.logger.error({ err: error, operation: operation.name }, 'internal operation failed');
            reply = { status: problem.status, problem };
          }
          options.logger.info(
            { operation: operation.subject, status: reply.status, ms: Math.round(performance.now() - started) },
            'internal operation',
          );
          return reply;
        },
        { queue: 'catalog' },
      );
    }),
  );
  return { stop: async () => void (await Promise.all(served.map((s) => s.stop()))) };
};
