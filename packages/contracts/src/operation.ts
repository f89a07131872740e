import type { TObject, TSchema } from 'typebox';

export const SCOPES = ['account:read', 'listings:write', 'orders:write'] as const;
export type Scope = (typeof SCOPES)[number];

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
  /** takes an Idempotency-Key (marked IK in the spec) */
  readonly idempotent: boolean;
  readonly successStatus: 200 | 201;
  readonly summary: string;
  readonly description: string;
  readonly params?: TObject;
  readonly query?: TObject;
  readonly body?: TObject;
  readonly response: TSchema;
  /** the NATS subject: `<service>.<operationId>` */
  readonly subject: string;
}

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

export const defineOperation = <const I extends OperationInput>(input: I): DefinedOperation<I> => ({
  ...input,
  successStatus: input.successStatus ?? 200,
  idempotent: input.idempotent ?? false,
  subject: `${input.service}.${input.operationId}`,
});
