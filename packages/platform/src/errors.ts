import type { ProblemBody } from '@listings/contracts';

export interface FieldError {
  /** where the bad input is: `body.fields.name`, `query.per_page`, `params.slug` */
  readonly field: string;
  readonly message: string;
}

/**
 * Errors of the domain, each with its HTTP-like status. Handlers throw them; each edge maps them to
 * problem+json in exactly one place (`toProblem`).
 */
export class DomainError extends Error {
  readonly status: number;
  readonly problemType: string;
  readonly title: string;
  constructor(status: number, problemType: string, title: string, detail: string) {
    super(detail);
    this.name = new.target.name;
    this.status = status;
    this.problemType = problemType;
    this.title = title;
  }
}

export class ValidationError extends DomainError {
  readonly errors: readonly FieldError[];
  constructor(errors: readonly FieldError[], detail = describeFieldErrors(errors)) {
    super(400, 'validation', 'Invalid input', detail);
    this.errors = errors;
  }
}

/** a kind of DomainError with its status, problem type and title: thrown with the detail only */
const domainErrorKind = (status: number, problemType: string, title: string) =>
  class extends DomainError {
    constructor(detail: string) {
      super(status, problemType, title, detail);
    }
  };

export class UnauthorizedError extends domainErrorKind(401, 'unauthorized', 'Unauthorized') {}
export class ForbiddenError extends domainErrorKind(403, 'forbidden', 'Forbidden') {}
export class NotFoundError extends domainErrorKind(404, 'not-found', 'Not found') {}
export class ConflictError extends domainErrorKind(409, 'conflict', 'Conflict') {}
export class NotImplementedError extends domainErrorKind(501, 'not-implemented', 'Not implemented yet') {}
export class ServiceUnavailableError extends domainErrorKind(503, 'service-unavailable', 'Service unavailable') {}

export const describeFieldErrors = (errors: readonly FieldError[]): string =>
  errors.map((e) => `${e.field}: ${e.message}`).join('; ');

/** Problem `type` URIs are relative references to the API's problem docs (RFC 9457 §3.1.1 allows it). */
export const problemTypeUri = (slug: string): string => `/api/v1/problems/${slug}`;

export const problemOf = (error: DomainError): ProblemBody => ({
  type: problemTypeUri(error.problemType),
  title: error.title,
  status: error.status,
  detail: error.message,
  ...(error instanceof ValidationError
    ? { errors: error.errors.map((e) => ({ field: e.field, message: e.message })) }
    : {}),
});

/** Anything else is an internal error: its message stays in the logs, never in the answer. */
export const toProblem = (error: unknown): ProblemBody =>
  error instanceof DomainError
    ? problemOf(error)
    : {
        type: problemTypeUri('internal'),
        title: 'Internal error',
        status: 500,
        detail: 'Something went wrong on our side.',
      };
