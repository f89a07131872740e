import type { CatalogEventOf } from '../catalog-events.ts';

/**
 * The operators' suspensions and restores of one account (`accountmoderation-<account_id>`):
 * identity holds whether the account is suspended; this stream is their audit, one event each time
 * identity's store changed.
 */
export type AccountModerationEvent = CatalogEventOf<'AccountSuspended' | 'AccountRestored'>;

export const accountModerationStream = (accountId: string) => `accountmoderation-${encodeURIComponent(accountId)}`;

/** nothing to decide on: identity decided the change, the stream only records it */
export type AccountModeration = Record<string, never>;
export const initialAccountModeration: AccountModeration = {};
export const evolveAccountModeration = (state: AccountModeration, _event: AccountModerationEvent) => state;
