import { type HttpMethod, type Operation, type OperationRequest, operations } from '@listings/contracts';
import { EncodedJson, traceparentOrNew } from '@listings/platform/bus';
import {
  parseIdempotencyKey,
  rateLimitHeaders,
  requestFingerprint,
  runIdempotent,
  type StoredResponse,
} from '@listings/platform/edge';
import { ConflictError, DomainError, ValidationError } from '@listings/platform/errors';
import { checkOperationInput, markChecked } from '@listings/platform/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MethodNotAllowedError, PROBLEM_CONTENT_TYPE } from '../plugins/problems.ts';
import {
  authenticateCall,
  type EdgeGuards,
  type ForwardDeps,
  forwardCall,
  RateLimitedError,
  rateLimitCall,
} from './operation-call.ts';

export { type EdgeGuards, RateLimitedError } from './operation-call.ts';

export const API_PREFIX = '/api/v1';

/** `/drafts/{id}` → `/api/v1/drafts/:id` */
export const routeUrl = (op: Operation): string => `${API_PREFIX}${op.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** whether a path template covers a path, segment by segment (`/orders/{number}` covers `/orders/quote`) */
const templateCovers = (template: readonly string[], segments: readonly string[]) =>
  template.length === segments.length && template.every((t, i) => t.startsWith('{') || t === segments[i]);

const operationTemplates = operations.map((op) => ({ op, template: op.path.split('/') }));

/**
 * The methods the API answers on `path` (a GET also answers HEAD); empty when no operation has
 * that path. As in OpenAPI path matching, a concrete path wins over a templated one: the
 * templates with the most literal segments that cover the path are the ones that count.
 */
export const allowedApiMethods = (url: string): string[] => {
  if (!url.startsWith(`${API_PREFIX}/`)) return [];
  const segments = url
    .slice(API_PREFIX.length)
    .replace(/(.)\/$/, '$1')
    .split('/');
  let best = -1;
  const methods = new Set<string>();
  for (const { op, template } of operationTemplates) {
    if (!templateCovers(template, segments)) continue;
    const literals = template.filter((t) => !t.startsWith('{')).length;
    if (literals < best) continue;
    if (literals > best) {
      best = literals;
      methods.clear();
    }
    methods.add(op.method);
    if (op.method === 'GET') methods.add('HEAD');
  }
  return [...methods];
};

/**
 * Concrete paths that a templated route of another method would catch (GET `/orders/quote`
 * would reach get_order): each gets a route of that method answering 405, so routing agrees
 * with the OpenAPI document, where `/orders/quote` has no GET.
 */
const shadowedMethods = (): { method: HttpMethod; path: string }[] => {
  const out: { method: HttpMethod; path: string }[] = [];
  const paths = [...new Set(operations.map((op) => op.path))];
  for (const path of paths) {
    const segments = path.split('/');
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      if (operations.some((op) => op.method === method && op.path === path)) continue;
      if (operationTemplates.some(({ op, template }) => op.method === method && templateCovers(template, segments)))
        out.push({ method, path });
    }
  }
  return out;
};

/**
 * One route per contract operation, all alike: authenticate and check the scope, count the call
 * against its rate limit, check the input against the contract, then (at most once per
 * Idempotency-Key) fan the call into a bus request on the operation's subject (or a gateway-owned
 * handler) and map the reply.
 */
export const operationRoutes = async (app: FastifyInstance, options: ForwardDeps & { guards: EdgeGuards }) => {
  const { guards } = options;
  for (const op of operations) {
    const forward = (request: FastifyRequest, envelope: OperationRequest): Promise<StoredResponse> => {
      // one trace per call: the caller's, or a new one; the request log line carries its id too
      const traceparent = traceparentOrNew(request.headers.traceparent);
      (request as { traceparent?: string }).traceparent = traceparent;
      return forwardCall(options, op, envelope, traceparent, request.log);
    };

    const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      // 1. who is calling, and may they call this (before anything about the input)
      const authenticating = authenticateCall(guards, op, request.headers.authorization);
      const auth = authenticating instanceof Promise ? await authenticating : authenticating;
      // 2. rate limit: per credential, per IP when anonymous or refused
      const hit = rateLimitCall(guards, auth, request.ip);
      const decision = hit instanceof Promise ? await hit : hit;
      reply.headers(rateLimitHeaders(decision));
      if (!decision.allowed) throw new RateLimitedError(decision.resetSeconds);
      if (auth.outcome === 'refused') {
        reply.header('www-authenticate', auth.www_authenticate);
        reply.code(auth.status).type(PROBLEM_CONTENT_TYPE).send(auth.problem);
        return;
      }
      (request as { principalId?: string | null }).principalId = auth.principal.account_id;
      // 3. the input, against the contract
      const checked = checkOperationInput(op, request, { wire: true });
      if (!checked.ok) throw new ValidationError(checked.errors);
      const parsedKey = op.idempotent
        ? parseIdempotencyKey(request.headers['idempotency-key'])
        : { ok: true as const, key: null };
      if (!parsedKey.ok) throw new ValidationError([{ field: 'headers.idempotency-key', message: parsedKey.message }]);
      // (one object shape for every request: no spreads)
      const envelope: OperationRequest = markChecked({
        operation_id: op.operationId,
        principal: auth.principal,
        params: checked.input.params,
        query: checked.input.query,
        body: checked.input.body,
        idempotency_key: parsedKey.key ?? undefined,
      });
      // 4. run it, at most once per Idempotency-Key
      if (!parsedKey.key) return sendStored(reply, await forward(request, envelope));
      const outcome = await runIdempotent(guards.idempotency, {
        scope: auth.principal.account_id ?? `ip:${request.ip}`,
        key: parsedKey.key,
        fingerprint: requestFingerprint({ operation: op.operationId, ...checked.input }),
        run: () => forward(request, envelope),
      });
      switch (outcome.kind) {
        case 'ran':
          return sendStored(reply, outcome.response);
        case 'replayed':
          reply.header('idempotent-replayed', 'true');
          return sendStored(reply, outcome.response);
        case 'in_flight':
          throw new ConflictError('a request with this Idempotency-Key is still being processed; retry later');
        case 'mismatch':
          throw new IdempotencyKeyReusedError();
        default: {
          const never: never = outcome;
          throw new Error(`unknown outcome ${JSON.stringify(never)}`);
        }
      }
    };

    app.route({
      method: op.method,
      url: routeUrl(op),
      config: { operationId: op.operationId },
      // Not an async handler: one that resolves with the reply makes Fastify wait on the reply as a
      // thenable (stream listeners per request). `handle` sends; its failures go to the error handler.
      handler: (request, reply) => {
        handle(request, reply).catch((error: unknown) => reply.send(error as Error));
      },
    });
  }
  for (const { method, path } of shadowedMethods())
    app.route({
      method,
      url: `${API_PREFIX}${path}`,
      handler: (request, reply) => {
        const path = request.url.split('?')[0] as string;
        reply.send(new MethodNotAllowedError(request.method, path, allowedApiMethods(path)));
      },
    });
};

/** a body that is still encoded JSON goes out as it is, bytes or text, without a stringify */
const sendStored = (reply: FastifyReply, response: StoredResponse): void => {
  if (response.body instanceof EncodedJson)
    reply.code(response.status).type(`${response.contentType}; charset=utf-8`).send(response.body.wire);
  else reply.code(response.status).type(response.contentType).send(response.body);
};

export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super(
      422,
      'idempotency-key-reused',
      'Idempotency-Key reused',
      'this Idempotency-Key was already used with a different request; use a new key for a new request',
    );
  }
}
