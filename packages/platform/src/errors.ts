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

export class UnauthorizedError extends DomainError {
  constructor(detail: string) {
    super(401, 'unauthorized', 'Unauthorized', detail);
  }
}

export class ForbiddenError extends DomainError {
  constructor(detail: string) {
    super(403, 'forbidden', 'Forbidden', detail);
  }
}

export class NotFoundError extends DomainError {
  constructor(detail: string) {
    super(404, 'not-found', 'Not found', detail);
  }
}

export class ConflictError extends DomainError {
  constructor(detail: string) {
    super(409, 'conflict', 'Conflict', detail);
  }
}

export class NotImplementedError extends DomainError {
  constructor(detail: string) {
    super(501, 'not-implemented', 'Not implemented yet', detail);
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(detail: string) {
    super(503, 'service-unavailable', 'Service unavailable', detail);
  }
}

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
