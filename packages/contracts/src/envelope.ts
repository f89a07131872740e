import Type, { type Static } from 'typebox';
import { Problem } from './common.ts';
import { AUTH_METHODS, ROLES } from './identity.ts';

/** Who is calling: set by a gateway after authentication, trusted by services. */
export const Principal = Type.Object({
  account_id: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(Type.String()),
  via: Type.Enum(['anonymous', ...AUTH_METHODS]),
  /** the account's roles (absent: none); an operation with a `role` refuses a principal without it (403) */
  roles: Type.Optional(Type.Array(Type.Enum([...ROLES]))),
});
export type Principal = Static<typeof Principal>;

export const ANONYMOUS: Principal = { account_id: null, scopes: [], via: 'anonymous' };

/** The NATS request for an operation, on the operation's subject. Input is already validated by the edge. */
export const OperationRequest = Type.Object({
  operation_id: Type.String(),
  principal: Principal,
  params: Type.Record(Type.String(), Type.Unknown()),
  query: Type.Record(Type.String(), Type.Unknown()),
  /** absent for operations without a body */
  body: Type.Optional(Type.Unknown()),
  idempotency_key: Type.Optional(Type.String()),
  /**
   * true when the caller's client can answer model requests for the work this starts (an MCP task
   * whose client declared sampling): drafting without a model key then asks that client's model
   */
  client_model: Type.Optional(Type.Boolean()),
});
export type OperationRequest = Static<typeof OperationRequest>;

/** The reply: an HTTP-like status with the response body, or a problem for status >= 400. */
export const OperationReply = Type.Union([
  Type.Object({ status: Type.Union([Type.Literal(200), Type.Literal(201)]), body: Type.Unknown() }),
  Type.Object({ status: Type.Integer({ minimum: 400, maximum: 599 }), problem: Problem }),
]);
export type OperationReply = Static<typeof OperationReply>;
export type ProblemBody = Static<typeof Problem>;

/** headers carried by every bus request: W3C trace context. */
export const TRACEPARENT_HEADER = 'traceparent';
