import Type from 'typebox';
import { Email, IsoDateTime } from './common.ts';
import { OPERATOR_REASON_MAX, OPERATOR_REASON_MIN } from './moderation.ts';
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

const accountSuspensionBody = Type.Object(
  {
    email: Email,
    reason: Type.String({
      minLength: OPERATOR_REASON_MIN,
      maxLength: OPERATOR_REASON_MAX,
      description: 'why: kept with the suspension (and in the vote ledger as account_suspended)',
    }),
  },
  { additionalProperties: false },
);
const accountSuspension = Type.Object({
  account_id: Type.String(),
  email: Type.String(),
  suspended: Type.Boolean({ description: 'whether the account is suspended now' }),
  changed: Type.Boolean({ description: 'false: it was so already (nothing changed)' }),
  votes_discounted: Type.Integer({
    minimum: 0,
    description: 'standing votes on launch weeks not over yet discounted now (account_suspended); 0 on restore',
  }),
});

export const suspendAccount = defineOperation({
  operationId: 'suspend_account',
  method: 'POST',
  path: '/admin/accounts/suspend',
  service: 'gateway',
  scope: 'listings:write',
  role: 'operator',
  summary: 'Suspend an account (operators)',
  description:
    'Suspends the account with this email: its votes weigh 0 from then on, and its standing votes on launch weeks not over yet are discounted now (the vote ledger shows `account_suspended`). Suspending a suspended account changes nothing but discounts any standing vote left. Unknown email: 404. Operators only.',
  body: accountSuspensionBody,
  response: accountSuspension,
});

export const restoreAccount = defineOperation({
  operationId: 'restore_account',
  method: 'POST',
  path: '/admin/accounts/restore',
  service: 'gateway',
  scope: 'listings:write',
  role: 'operator',
  summary: 'Lift the suspension of an account (operators)',
  description:
    'Lifts the suspension of the account with this email: its later votes count again; the votes discounted meanwhile stay discounted. Restoring an account not suspended changes nothing. Unknown email: 404. Operators only.',
  body: accountSuspensionBody,
  response: accountSuspension,
});

/** the gateway's own operations: get_account, and the operator console's suspensions (docs/moderation.md) */
export const identityOperations = [getAccount, suspendAccount, restoreAccount];
