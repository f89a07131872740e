/**
 * Path parameters that are secrets (a bearer link's token: an invite makes its holder a draft's
 * co-owner): a route that takes one names it so, and logs never show its value.
 */
export const SECRET_PATH_PARAMS: ReadonlySet<string> = new Set(['token']);

export const REDACTED = '[redacted]';

/** a path segment that may be a secret where no route says what it is: 32 or more URL-safe characters */
const SECRET_LIKE_SEGMENT = /^[A-Za-z0-9._~%+=-]{32,}$/;

/** what a request looks like to this function (a FastifyRequest, or a request refused before routing) */
export interface LoggedRequest {
  readonly url: string;
  readonly params?: unknown;
  readonly routeOptions?: { readonly url?: string | undefined };
}

/**
 * The path of a request as a log line or trace may hold it, never its query (OAuth `code` and
 * `state`, the sign-in, confirmation and claim links' tokens travel there). A route with a secret
 * parameter is logged as its pattern with the other parameters filled in and the secret
 * `[redacted]` (`/invites/[redacted]`), whatever spelling reached it; a path no route matched has
 * every segment that looks like a token redacted; any other path is logged as it was asked.
 */
export const loggablePath = (request: LoggedRequest): string => {
  const path = request.url.split('?', 1)[0] as string;
  const pattern = request.routeOptions?.url;
  if (pattern === undefined)
    return path
      .split('/')
      .map((segment) => (SECRET_LIKE_SEGMENT.test(segment) ? REDACTED : segment))
      .join('/');
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (!Object.keys(params).some((name) => SECRET_PATH_PARAMS.has(name))) return path;
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    SECRET_PATH_PARAMS.has(name) ? REDACTED : encodeURIComponent(String(params[name] ?? '')),
  );
};
