import { DomainError } from '@listings/platform/errors';

export class GoneError extends DomainError {
  constructor(detail: string) {
    super(410, 'gone', 'Gone', detail);
  }
}

/** a 429 saying what was asked too often and when to retry */
class TooManyRequestsError extends DomainError {
  constructor(what: string, retryAfterSeconds: number) {
    super(429, 'rate-limited', 'Too many requests', `too many ${what}: retry in ${retryAfterSeconds} s`);
  }
}

export class TooManySignInsError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super('passkey sign-ins started', retryAfterSeconds);
  }
}

export class TooManyPasswordTriesError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super('password changes tried', retryAfterSeconds);
  }
}

export class TooManyMailsError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super('emails asked for', retryAfterSeconds);
  }
}
