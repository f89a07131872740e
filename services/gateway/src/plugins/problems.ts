import type { ProblemBody } from '@listings/contracts';
import { DomainError, NotFoundError, problemTypeUri, toProblem } from '@listings/platform/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

/**
 * Errors Fastify raises before routing (a path that is not valid percent-encoded UTF-8, a path
 * parameter over its length): the Fastify `frameworkErrors` option, so they are problem+json too.
 */
export const frameworkErrorProblem = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const path = (request.raw.url ?? '').split('?')[0] as string;
  const problem: ProblemBody =
    error.code === 'FST_ERR_BAD_URL'
      ? {
          type: problemTypeUri('validation'),
          title: 'Invalid input',
          status: 400,
          detail: `the path ${path} is not a valid URL: each %XX sequence must encode UTF-8`,
          errors: [{ field: 'path', message: `${path} has a percent-encoded sequence that is not UTF-8` }],
        }
      : (clientProblem(error) ?? toProblem(error));
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
};

/** a known path called with a method it does not answer; `allow` lists those it does */
export class MethodNotAllowedError extends DomainError {
  readonly allow: readonly string[];
  constructor(method: string, path: string, allow: readonly string[]) {
    super(405, 'http-405', 'Method not allowed', `${path} answers ${allow.join(', ')}, not ${method}`);
    this.allow = allow;
  }
}

/**
 * The one place where errors become problem+json for REST (installed on the root, not encapsulated).
 * `allowedMethods` names the methods a path answers (empty when no route has that path): a request
 * with another method gets 405 with `Allow`, not 404.
 */
export const installProblemHandling = (
  app: FastifyInstance,
  options: { allowedMethods: (path: string) => readonly string[] },
): void => {
  const noRoute = (request: FastifyRequest): DomainError => {
    const path = request.url.split('?')[0] as string;
    const allowed = options.allowedMethods(path);
    return allowed.length > 0
      ? new MethodNotAllowedError(request.method, path, allowed)
      : new NotFoundError(`no route ${request.method} ${path}`);
  };
  const send = (reply: FastifyReply, problem: ProblemBody, error: unknown) => {
    if (error instanceof MethodNotAllowedError) reply.header('allow', error.allow.join(', '));
    return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem);
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // a request that reached no route failed before the not-found handler (e.g. a body it could
    // not parse): it is still a 404 or 405, not a complaint about its body
    const known = request.is404 ? noRoute(request) : error;
    const problem = known instanceof DomainError ? toProblem(known) : (clientProblem(error) ?? toProblem(error));
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return send(reply, problem, known);
  });

  app.setNotFoundHandler((request, reply) => {
    const error = noRoute(request);
    return send(reply, toProblem(error), error);
  });
};
