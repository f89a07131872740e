import { catalogEvents } from '@listings/contracts/events';
import { handleCommand } from '@listings/platform/decider';
import { withEventSchemas } from '@listings/platform/event-store';
import { accountModerationStream } from '../domain/account-moderation/account-moderation.ts';
import { type AccountModerationCommand, accountModerationDecider } from '../domain/account-moderation/decide.ts';
import { type EngagementCommand, engagementDecider } from '../domain/engagement/decide.ts';
import { engagementStream } from '../domain/engagement/engagement.ts';
import { suspensionDiscounts } from '../domain/engagement/vote-integrity.ts';
import { openCatalogEventLog } from './review-admin.ts';

const PAGE = 5_000;

/** one standing vote of an account, straight from the catalog's log */
interface StandingVote {
  readonly listing_id: number;
  readonly launch_week: string | null;
}

/**
 * The operators' suspension of a voter, catalog side (the CLI's `account suspend`, after identity
 * marked the account): every standing vote of the account on a launch week not yet over (or on a
 * listing without one) is discounted from now on, `account_suspended`, through the engagement
 * decider on the vote's own stream (VoteDiscounted), so the running service folds it like any other
 * event. Weeks already over keep the votes they closed with; votes cast while suspended are weighed
 * 0 as they are cast (the session says so). Needs no read model, so it runs beside the service.
 */
export const openVoterAdmin = (config: Parameters<typeof openCatalogEventLog>[0]) => {
  const store = withEventSchemas(openCatalogEventLog(config), catalogEvents);

  const standingVotesOf = async (accountId: string): Promise<StandingVote[]> => {
    const standing = new Map<number, StandingVote>();
    for (let after = 0; ; ) {
      const batch = await store.readAll(after, PAGE);
      for (const event of batch) {
        const d = event.data as { listing_id: number; account_id: string; launch_week?: string | null };
        if (d?.account_id !== accountId) continue;
        if (event.type === 'VoteCast')
          standing.set(d.listing_id, { listing_id: d.listing_id, launch_week: d.launch_week ?? null });
        else if (event.type === 'VoteWithdrawn') standing.delete(d.listing_id);
      }
      if (batch.length < PAGE) break;
      after = (batch[batch.length - 1] as { position: number }).position;
    }
    return [...standing.values()];
  };

  return {
    /** how many standing votes were discounted now (0: none left to discount), and the last event's position */
    discountVotesOfSuspended: async (
      accountId: string,
      now: Date = new Date(),
    ): Promise<{ discounted: number; position: number }> => {
      let discounted = 0;
      let position = 0;
      for (const vote of await standingVotesOf(accountId)) {
        if (!suspensionDiscounts(vote.launch_week, now)) continue;
        const result = await handleCommand({
          store,
          stream: engagementStream(vote.listing_id, accountId),
          decider: engagementDecider,
          command: {
            type: 'DiscountVote',
            data: {
              listing: { listing_id: vote.listing_id, status: 'live', owners: [] },
              account_id: accountId,
              weight: 0,
              reason: 'account_suspended',
              now: now.toISOString(),
            },
          } satisfies EngagementCommand,
          metadata: { by: 'operator' },
        });
        discounted += result.events.length;
        position = Math.max(position, result.position);
      }
      return { discounted, position };
    },
    /** the CLI's suspension or restore that changed the account: recorded for the audit (AccountSuspended / AccountRestored) */
    recordAccountModeration: (entry: Omit<AccountModerationCommand['data'], 'now'>, now: Date = new Date()) =>
      handleCommand({
        store,
        stream: accountModerationStream(entry.account_id),
        decider: accountModerationDecider,
        command: { type: 'RecordAccountModeration', data: { ...entry, now: now.toISOString() } },
        metadata: { by: 'operator' },
      }),
    close: () => store.close(),
  };
};
