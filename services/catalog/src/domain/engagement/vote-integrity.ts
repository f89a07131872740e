import {
  VOTE_INTEGRITY,
  VOTE_INTEGRITY_REASONS,
  type VoteIntegrityReason,
  voterDiscountOf,
  wasYoung,
} from '@listings/contracts';

export { wasYoung };

/**
 * The vote-integrity rules of the published ranking rules (RANKING_RULES in the contracts, version
 * 2): pure functions of the facts recorded with each vote (VoteCast v3), so the weights are facts
 * in the log and a replay gives the same ones. docs/ranking.md says them in words.
 */

/** what the rules look at about the voter, as told when the vote was cast */
export interface VoterFacts {
  readonly account_created_at: string | null;
  readonly email_disposable: boolean;
  readonly suspended: boolean;
  /** keyed hash of the voter's network (IPv4 /24, IPv6 /48); null: not known */
  readonly network: string | null;
}

/** a vote already cast on the same listing, as the ledger holds it */
export interface EarlierVote {
  readonly account_id: string;
  readonly cast_at: string;
  readonly withdrawn_at: string | null;
  readonly network: string | null;
  readonly account_created_at: string | null;
}

export interface Weighing {
  readonly weight: number;
  readonly reason: VoteIntegrityReason | null;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** the stronger of two reasons (the earlier in VOTE_INTEGRITY_REASONS); null is the weakest */
export const reasonRank = (reason: VoteIntegrityReason | null): number =>
  reason === null ? VOTE_INTEGRITY_REASONS.length : VOTE_INTEGRITY_REASONS.indexOf(reason);

/** the standing votes of others cast within the burst window up to `at` */
const inWindow = (earlier: readonly EarlierVote[], accountId: string, at: string) => {
  const from = Date.parse(at) - VOTE_INTEGRITY.burst_minutes * MINUTE_MS;
  return earlier.filter(
    (v) => v.account_id !== accountId && v.withdrawn_at === null && Date.parse(v.cast_at) >= from && v.cast_at <= at,
  );
};

/** the votes the bursts of a vote cast at `at` can look at (those cast in the window), as EarlierVote */
export const burstWindowOf = (
  votes: readonly {
    account_id: string;
    cast_at: string;
    withdrawn_at: string | null;
    network?: string | null;
    account_created_at?: string | null;
  }[],
  at: string,
): EarlierVote[] => {
  const from = Date.parse(at) - VOTE_INTEGRITY.burst_minutes * MINUTE_MS;
  return votes
    .filter((v) => Date.parse(v.cast_at) >= from)
    .map((v) => ({
      account_id: v.account_id,
      cast_at: v.cast_at,
      withdrawn_at: v.withdrawn_at,
      network: v.network ?? null,
      account_created_at: v.account_created_at ?? null,
    }));
};

/**
 * The bursts a vote cast at `at` by `facts` makes with the standing votes of the last burst_minutes
 * on the same listing: more than network_burst_votes from its network, or more than
 * fresh_burst_accounts from accounts younger than young_account_days (each at its own vote). Each
 * burst names the earlier votes in it: they are discounted too.
 */
export const burstsOf = (
  facts: VoterFacts,
  accountId: string,
  at: string,
  earlier: readonly EarlierVote[],
): { reason: 'network_burst' | 'fresh_account_burst'; accounts: string[] }[] => {
  const window = inWindow(earlier, accountId, at);
  const bursts: { reason: 'network_burst' | 'fresh_account_burst'; accounts: string[] }[] = [];
  if (facts.network !== null) {
    const same = window.filter((v) => v.network === facts.network);
    if (same.length + 1 > VOTE_INTEGRITY.network_burst_votes)
      bursts.push({ reason: 'network_burst', accounts: same.map((v) => v.account_id) });
  }
  if (wasYoung(facts.account_created_at, at)) {
    const fresh = window.filter((v) => wasYoung(v.account_created_at, v.cast_at));
    if (fresh.length + 1 > VOTE_INTEGRITY.fresh_burst_accounts)
      bursts.push({ reason: 'fresh_account_burst', accounts: fresh.map((v) => v.account_id) });
  }
  return bursts;
};

/** the weight of a vote as it is cast, and the strongest reason for a discount (all discounts weigh 0) */
export const weighVote = (
  facts: VoterFacts,
  accountId: string,
  at: string,
  earlier: readonly EarlierVote[],
): Weighing => {
  const own = voterDiscountOf(facts, at);
  const reasons: VoteIntegrityReason[] = own === null ? [] : [own];
  for (const burst of burstsOf(facts, accountId, at, earlier)) reasons.push(burst.reason);
  const reason = reasons.sort((a, b) => reasonRank(a) - reasonRank(b))[0] ?? null;
  return { weight: reason === null ? 1 : 0, reason };
};

/**
 * The earlier votes a new vote's bursts discount: each account once, with the strongest reason of
 * the bursts it is in (its own stream decides whether that changes anything).
 */
export const earlierVotesDiscounted = (
  facts: VoterFacts,
  accountId: string,
  at: string,
  earlier: readonly EarlierVote[],
): { account_id: string; reason: VoteIntegrityReason }[] => {
  const discounted = new Map<string, VoteIntegrityReason>();
  for (const burst of burstsOf(facts, accountId, at, earlier))
    for (const account of burst.accounts) {
      const held = discounted.get(account);
      if (held === undefined || reasonRank(burst.reason) < reasonRank(held)) discounted.set(account, burst.reason);
    }
  return [...discounted].map(([account_id, reason]) => ({ account_id, reason }));
};

/**
 * Whether a suspension discounts a standing vote for a launch week (null: the listing has none):
 * only while that week is not over, so a week over keeps the votes it closed with.
 */
export const suspensionDiscounts = (launchWeek: string | null, now: Date): boolean =>
  launchWeek === null || now.getTime() < Date.parse(`${launchWeek}T00:00:00.000Z`) + 7 * DAY_MS;
