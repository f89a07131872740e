import Type from 'typebox';
import { IsoDateTime } from './common.ts';
import { defineOperation, SCOPES } from './operation.ts';

export const AUTH_METHODS = ['api_key', 'oauth', 'session'] as const;

/**
 * Roles an account may hold beside its scopes: `operator` runs the site (the console at /admin and
 * the operator operations). Granted and revoked only by the CLI (`account grant-operator`).
 */
export const ROLES = ['operator'] as const;
export type Role = (typeof ROLES)[number];

export const getAccount = defineOperation({
  operationId: 'get_account',
  method: 'GET',
  path: '/me',
  service: 'gateway',
  scope: 'account:read',
  summary: 'My account',
  description: 'The signed-in account, and which credential and scopes this call used.',
  response: Type.Object({
    id: Type.String(),
    email: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    created_at: IsoDateTime,
    credential: Type.Object({ type: Type.Enum([...AUTH_METHODS]), scopes: Type.Array(Type.Enum([...SCOPES])) }),
  }),
});

export const identityOperations = [getAccount];
