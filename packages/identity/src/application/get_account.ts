import type { identityOperations } from '@listings/contracts';
import { NotFoundError } from '@listings/platform/errors';
import type { CallOf } from '@listings/platform/service-host';
import type { IdentityStore } from '../store/identity-store.ts';

type GetAccount = (typeof identityOperations)[number] & { operationId: 'get_account' };

/** get_account: the caller's account, and the credential (API key, OAuth token, session) the call came with */
export const getAccount =
  (deps: { store: IdentityStore }) =>
  async ({ principal }: CallOf<GetAccount>) => {
    const account = principal.account_id ? await deps.store.findAccountById(principal.account_id) : null;
    if (!account) throw new NotFoundError('the account no longer exists');
    return {
      id: account.id,
      email: account.email,
      name: account.name,
      created_at: account.createdAt,
      credential: { type: principal.via, scopes: principal.scopes },
    };
  };
