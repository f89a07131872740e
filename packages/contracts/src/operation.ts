import type { TObject, TSchema } from 'typebox';
import type { Role } from './identity.ts';
import { withTextRules } from './text-rules.ts';

export const SCOPES = ['account:read', 'listings:write', 'orders:write'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * What each scope lets a client do, in the words a person reads on the consent page, the API keys
 * form, the connected apps list and the OpenAPI security scheme: one text per scope, written here.
 */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  'account:read': 'Read your account, drafts, listings, claims and orders',
  'listings:write': 'Submit and edit drafts and listings, claims, story, interview',
  'orders:write': 'Quote orders and create checkout links',
};

export const SERVICES = ['gateway', 'catalog', 'drafting', 'commerce', 'claims'] as const;
export type ServiceName = (typeof SERVICES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One operation of spec Part 4: REST route, MCP tool and bus endpoint are all derived from it. */
export interface Operation {
  /** also the MCP tool name */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** below /api/v1, with `{name}` path parameters */
  readonly path: string;
  readonly service: ServiceName;
  /** null: public (credentials accepted but not required) */
  readonly scope: Scope | null;
  /** only accounts holding this role may call it (others: 403), besides the scope */
  readonly role?: Role;
  /** takes an Idempotency-Key (marked IK in the spec) */
  readonly idempotent: boolean;
  readonly successStatus: 200 | 201;
  readonly summary: string;
  readonly description: string;
  readonly params?: TObject;
  readonly query?: TObject;
  readonly body?: TObject;
  readonly response: TSchema;
  /**
   * problem statuses this operation answers beyond those every operation of its kind can
   * (`problemStatusesOf`): e.g. 410 for an expired claim
   */
  readonly extraProblemStatuses?: readonly ProblemStatus[];
  /**
   * Where a success leads: the operations a client can call next with values from this answer
   * (OpenAPI `links`, which stateful clients and fuzzers follow), e.g. submit_listing → get_draft
   * with the new draft's `id`.
   */
  readonly links?: readonly OperationLink[];
  /** the NATS subject: `<service>.<operationId>` */
  readonly subject: string;
}

/**
 * One OpenAPI link: the target operation and where each of its path parameters comes from, as an
 * OpenAPI runtime expression: a field of this operation's answer (`$response.body#/id`) or one of
 * its own path parameters (`$request.path.listing_id`).
 */
export interface OperationLink {
  readonly operationId: string;
  readonly parameters: Readonly<Record<string, `$response.body#/${string}` | `$request.path.${string}`>>;
  readonly description: string;
}

/** every problem status an operation of the API may answer */
export const PROBLEM_STATUSES = [400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 503] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

/**
 * The problem statuses an operation can answer, derived from what it is (the OpenAPI document
 * declares exactly these): every call may be invalid (400), carry a bad credential (401), name
 * something that does not exist (404), be rate limited (429) or meet a service that is down
 * (503); a scoped one may lack the scope or the access (403); a write may conflict with the
 * state (409); one that takes an Idempotency-Key may meet that key in flight (409) or reused
 * for another request (422); one with a body may be too large (413) or not JSON (415).
 */
export const problemStatusesOf = (op: Operation): ProblemStatus[] => {
  const statuses = new Set<ProblemStatus>([400, 401, 404, 429, 503]);
  if (op.scope || op.role) statuses.add(403);
  if (op.method !== 'GET') statuses.add(409);
  if (op.idempotent) statuses.add(422);
  if (op.body) {
    statuses.add(413);
    statuses.add(415);
  }
  for (const status of op.extraProblemStatuses ?? []) statuses.add(status);
  return PROBLEM_STATUSES.filter((status) => statuses.has(status));
};

export type OperationInput = Omit<Operation, 'subject' | 'successStatus' | 'idempotent'> & {
  readonly successStatus?: 200 | 201;
  readonly idempotent?: boolean;
};

/**
 * An operation as defined: its own literal id and schema types are kept (so handlers can be typed
 * from it, `HandlersOf` in the platform's service host), and it is an `Operation`.
 */
export type DefinedOperation<I extends OperationInput> = Omit<I, 'successStatus' | 'idempotent'> & {
  readonly successStatus: 200 | 201;
  readonly idempotent: boolean;
  readonly subject: string;
};

/**
 * An operation of the API; its params, query and body get the text rule on every free-text
 * string (`withTextRules`), so validation, the OpenAPI document and the MCP tools all apply it.
 */
export const defineOperation = <const I extends OperationInput>(input: I): DefinedOperation<I> => ({
  ...input,
  ...(input.params ? { params: withTextRules(input.params) } : {}),
  ...(input.query ? { query: withTextRules(input.query) } : {}),
  ...(input.body ? { body: withTextRules(input.body) } : {}),
  successStatus: input.successStatus ?? 200,
  idempotent: input.idempotent ?? false,
  subject: `${input.service}.${input.operationId}`,
});
