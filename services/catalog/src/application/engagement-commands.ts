import { createHash, randomUUID } from 'node:crypto';
import { type PageView, VIEWERS_PER_NETWORK_PER_DAY, type VoteIntegrityReason } from '@listings/contracts';
import { DEFAULT_DAILY_LIMITS } from '@listings/platform/config';
import { foldStream, handleCommand, useDailyQuota } from '@listings/platform/decider';
import { NotFoundError } from '@listings/platform/errors';
import { type EngagementCommand, engagementDecider } from '../domain/engagement/decide.ts';
import { engagementStream } from '../domain/engagement/engagement.ts';
import {
  burstWindowOf,
  earlierVotesDiscounted,
  suspensionDiscounts,
  type VoterFacts,
} from '../domain/engagement/vote-integrity.ts';
import { clickDecider } from '../domain/outbound-clicks/decide.ts';
import { clickStream } from '../domain/outbound-clicks/outbound-clicks.ts';
import { viewDecider, visitDecider } from '../domain/page-views/decide.ts';
import { viewStream, visitStream } from '../domain/page-views/page-views.ts';
import type { CommandContext, Distribute } from './command-context.ts';

/** what the web edge tells about a voter (`network`: the client's IPv4 /24 or IPv6 /48, hashed here) */
export interface VoterInput {
  readonly account_created_at: string | null;
  readonly email_disposable: boolean;
  readonly suspended: boolean;
  readonly network: string | null;
}
/** a voter nothing is known of (the demo catalog's people): counted in full */
const UNKNOWN_VOTER: VoterInput = {
  account_created_at: null,
  email_disposable: false,
  suspended: false,
  network: null,
};

/**
 * What people do with a listing (votes, follows, reviews and their moderation) and its page views:
 * one stream per person and listing (engagement), one per network's day on a listing (views).
 */
export const createEngagementCommands = (ctx: CommandContext) => {
  const { events, readModel, view, now, run } = ctx;
  const reportsPerDay = ctx.reportsPerDay ?? DEFAULT_DAILY_LIMITS.reportsPerAccount;

  const listingFacts = async (slug: string) => {
    const listing = await view.listingBySlug(slug);
    if (!listing) throw new NotFoundError(`no listing ${slug}`);
    return {
      listing_id: listing.id,
      status: listing.status,
      owners: listing.owners,
      launch_week: listing.launch_week ?? null,
    };
  };

  const engagement = async (command: Distribute<EngagementCommand>) => {
    const data = command.data as { listing: { listing_id: number }; account_id: string };
    return run(engagementStream(data.listing.listing_id, data.account_id), engagementDecider, {
      ...command,
      data: { ...command.data, now: now() },
    } as EngagementCommand);
  };

  return {
    /**
     * A vote, weighed by the ranking rules as it is cast (the voter's facts and the listing's
     * earlier votes, from the ledger); the earlier votes of a burst it completes are discounted in
     * their own streams after it (each stream decides, so a replay or a race changes nothing twice).
     */
    castVote: async (slug: string, accountId: string, emailConfirmed: boolean, voter: VoterInput = UNKNOWN_VOTER) => {
      const listing = await listingFacts(slug);
      const facts: VoterFacts = {
        account_created_at: voter.account_created_at,
        email_disposable: voter.email_disposable,
        suspended: voter.suspended,
        network: voter.network === null || !ctx.networkHash ? null : await ctx.networkHash(voter.network),
      };
      const earlier = burstWindowOf(view.ledger.get(String(listing.listing_id))?.votes ?? [], now());
      const result = await engagement({
        type: 'CastVote',
        data: { listing, account_id: accountId, email_confirmed: emailConfirmed, voter: facts, earlier },
      });
      const cast = result.events.find((e) => e.type === 'VoteCast');
      if (cast)
        for (const burst of earlierVotesDiscounted(facts, accountId, cast.data.at, earlier))
          await engagement({
            type: 'DiscountVote',
            data: { listing, account_id: burst.account_id, weight: 0, reason: burst.reason },
          });
      return result;
    },
    /**
     * The operators suspended the account: its standing votes (from the ledger) on launch weeks
     * not over yet are discounted, `account_suspended`, each in its own stream; how many were now.
     */
    discountVotesOfSuspended: async (accountId: string): Promise<number> => {
      let discounted = 0;
      for (const doc of view.ledger.values()) {
        if (!doc.votes.some((v) => v.account_id === accountId && v.withdrawn_at === null)) continue;
        const listing = await view.listing(doc.listing_id);
        if (!suspensionDiscounts(listing?.launch_week ?? null, new Date(now()))) continue;
        const result = await engagement({
          type: 'DiscountVote',
          data: {
            listing: { listing_id: doc.listing_id, status: 'live', owners: [] },
            account_id: accountId,
            weight: 0,
            reason: 'account_suspended' satisfies VoteIntegrityReason,
          },
        });
        discounted += result.events.length;
      }
      return discounted;
    },
    withdrawVote: async (slug: string, accountId: string) =>
      engagement({ type: 'WithdrawVote', data: { listing: await listingFacts(slug), account_id: accountId } }),
    follow: async (slug: string, accountId: string) =>
      engagement({ type: 'Follow', data: { listing: await listingFacts(slug), account_id: accountId } }),
    unfollow: async (slug: string, accountId: string) =>
      engagement({ type: 'Unfollow', data: { listing: await listingFacts(slug), account_id: accountId } }),
    submitReview: async (slug: string, accountId: string, rating: number, body: string, emailConfirmed: boolean) =>
      engagement({
        type: 'SubmitReview',
        data: {
          listing: await listingFacts(slug),
          account_id: accountId,
          rating,
          body,
          email_confirmed: emailConfirmed,
        },
      }),
    replyToReview: async (slug: string, reviewerId: string, by: string, body: string) =>
      engagement({
        type: 'ReplyToReview',
        data: { listing: await listingFacts(slug), account_id: reviewerId, by, body },
      }),
    /**
     * A signed-in person's report of a review: true when recorded now, false when this account had
     * reported it already (that costs nothing). A new report counts against the account's reports
     * of the day first (429 past REPORTS_PER_ACCOUNT_PER_DAY), in a stream of its own.
     */
    reportReview: async (slug: string, reviewerId: string, reportedBy: string, reason: string): Promise<boolean> => {
      const listing = await listingFacts(slug);
      const command = {
        type: 'ReportReview' as const,
        data: { listing, account_id: reviewerId, reported_by: reportedBy, reason },
      };
      const { state } = await foldStream(events, engagementStream(listing.listing_id, reviewerId), engagementDecider);
      // a missing review (404) and a repeated report are answered before anything is counted
      if (engagementDecider.decide({ ...command, data: { ...command.data, now: now() } }, state).length === 0)
        return false;
      await useDailyQuota({
        store: events,
        category: 'daily-reports',
        what: 'report a review',
        setting: 'REPORTS_PER_ACCOUNT_PER_DAY',
        accountId: reportedBy,
        key: `${listing.listing_id}_${reviewerId}`,
        limit: reportsPerDay,
        at: now(),
      });
      return (await engagement(command)).events.length > 0;
    },
    /** the operator's moderation (the CLI): take a review down, or put it back up */
    removeReview: async (slug: string, reviewerId: string, by: string, reason: string) =>
      engagement({
        type: 'RemoveReview',
        data: { listing: await listingFacts(slug), account_id: reviewerId, by, reason },
      }),
    restoreReview: async (slug: string, reviewerId: string, by: string, reason: string) =>
      engagement({
        type: 'RestoreReview',
        data: { listing: await listingFacts(slug), account_id: reviewerId, by, reason },
      }),
    /**
     * A click on the listing's outbound link: counted (true) once per visitor (`visitorHash`, keyed
     * by the caller) per listing per UTC day, never for a bot. Answers once the read model holds it.
     */
    recordClick: async (listingId: number, visitorHash: (day: string) => Promise<string>, userAgent: string | null) => {
      const at = now();
      const stream = clickStream(listingId, at.slice(0, 10), await visitorHash(at.slice(0, 10)));
      const command = { type: 'RecordClick' as const, data: { listing_id: listingId, user_agent: userAgent, now: at } };
      return (await run(stream, clickDecider, command)).events.length > 0;
    },
    /** bulk counts (the demo catalog): appended to `views-<listing_id>` as they come */
    recordViews: async (slug: string, count = 1) => {
      const { listing_id } = await listingFacts(slug);
      const command = { type: 'RecordViews' as const, data: { listing_id, count, now: now() } };
      const appended = await events.append(
        viewStream(listing_id),
        viewDecider.decide(command, null).map((e) => ({ id: randomUUID(), type: e.type, data: e.data })),
        'any',
      );
      await readModel.waitFor(appended.position);
    },
    /**
     * Page views, each counted (true) at most once per visitor per listing per UTC day, and of one
     * network at most VIEWERS_PER_NETWORK_PER_DAY visitors per listing per day; never for a known
     * bot or an unknown slug. A network's day on a listing is its own stream
     * (`views-<listing>_<day>_net-<network hash>`), so two replicas counting in it at once conflict
     * and the retry sees what the other counted. The views of one call are decided at once, those
     * that share a stream one after another (the same visit twice in a call counts once). Answers
     * once the read model holds every view counted.
     */
    recordVisits: async (views: readonly PageView[]): Promise<boolean[]> => {
      const at = now();
      const day = at.slice(0, 10);
      const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);
      /** the last decision on each stream of this call: the next view of that stream waits for it */
      const streams = new Map<string, Promise<unknown>>();
      const decided = await Promise.all(
        views.map(async (v) => {
          const listing = await view.listingBySlug(v.slug);
          if (!listing) return null;
          const stream = visitStream(listing.id, day, hash(v.network));
          const before = streams.get(stream) ?? Promise.resolve();
          const result = before.then(() =>
            handleCommand({
              store: events,
              stream,
              decider: visitDecider,
              command: {
                type: 'RecordVisit',
                data: {
                  listing_id: listing.id,
                  visitor: hash(v.visitor),
                  user_agent: v.user_agent,
                  referrer: v.referrer ?? null,
                  max: VIEWERS_PER_NETWORK_PER_DAY,
                  now: at,
                },
              },
            }),
          );
          streams.set(
            stream,
            result.catch(() => undefined),
          );
          return result;
        }),
      );
      const through = Math.max(0, ...decided.map((result) => result?.through ?? 0));
      if (through > 0) await readModel.waitFor(through);
      return decided.map((result) => (result ? result.events.length > 0 : false));
    },
  };
};
