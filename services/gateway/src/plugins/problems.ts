import type { ProblemBody } from '@listings/contracts';
import { DomainError, problemTypeUri, toProblem } from '@listings/platform/errors';
import type { FastifyError, FastifyInstance } from 'fastify';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Framework errors that are the client's fault keep their status; their text is safe to show. */
const clientProblem = (error: FastifyError): ProblemBody | null => {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  const titles: Record<number, string> = {
    400: 'Invalid input',
    404: 'Not found',
    405: 'Method not allowed',
    413: 'Payload too large',
    415: 'Unsupported media type',
  };
  return {
    type: problemTypeUri(status === 400 ? 'validation' : `http-${status}`),
    title: titles[status] ?? 'Request refused',
    status,
    detail: error.message,
    ...(status === 400 ? { errors: [{ field: 'body', message: error.message }] } : {}),
  };
};

/** The one place where errors become problem+json for REST (installed on the root, not encapsulated). */
export const installProblemHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = error instanceof DomainError ? toProblem(error) : (clientProblem(error) ?? toProblem(error));
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type(PROBLEM_CONTENT_TYPE)
      .send({
        type: problemTypeUri('not-found'),
        title: 'Not found',
        status: 404,
        detail: `no route ${request.method} ${request.url.split('?')[0]}`,
      } satisfies ProblemBody),
  );
};
