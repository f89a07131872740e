import type { listMyClaims } from '@listings/contracts';
import { type CallOf, signedInAccount } from '@listings/platform/service-host';
import type { ExistingClaim } from '../domain/listing-claims/listing-claims.ts';
import { type ClaimsOperationDeps, nowOf, viewClaim } from './claim-streams.ts';

/** list_my_claims: the caller's claims from the claims index, newest first, a page at a time. */
export const handleListMyClaims = (deps: ClaimsOperationDeps) => async (call: CallOf<typeof listMyClaims>) => {
  const account = signedInAccount(call.principal, 'claim listings');
  const { page = 1, per_page = 20 } = call.query;
  const index = deps.index();
  const mine = (index.byAccount.get(account) ?? [])
    .map((id) => index.claims.get(id) as ExistingClaim)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  const at = nowOf(deps);
  const items = await Promise.all(
    mine.slice((page - 1) * per_page, page * per_page).map((c) => viewClaim(deps, c, at)),
  );
  return { items, page, per_page, total: mine.length };
};
