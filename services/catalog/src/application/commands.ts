import { createHash, randomUUID } from 'node:crypto';
import { type ListingDraftProfile, type PageView, VIEWERS_PER_NETWORK_PER_DAY } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import { DEFAULT_DAILY_LIMITS } from '@listings/platform/config';
import { type Decider, type DomainEvent, foldStream, handleCommand, useDailyQuota } from '@listings/platform/decider';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { type EventStore, WrongExpectedRevisionError } from '@listings/platform/event-store';
import { type AwardsCommand, weekAwardsDecider } from '../domain/awards/decide.ts';
import { type Standing, weekAwardsStream } from '../domain/awards/week-awards.ts';
import { type BlogPostData, blogPostStream } from '../domain/blog/blog-post.ts';
import { blogPostDecider } from '../domain/blog/decide.ts';
import { type CategoryData, categoryStream } from '../domain/category/category.ts';
import { categoryDecider } from '../domain/category/decide.ts';
import {
  DraftListingClaimedError,
  type DraftListingCommand,
  draftListingDecider,
} from '../domain/draft-listing/decide.ts';
import { draftListingStream } from '../domain/draft-listing/draft-listing.ts';
import { type EngagementCommand, engagementDecider } from '../domain/engagement/decide.ts';
import { engagementStream } from '../domain/engagement/engagement.ts';
import { interviewDecider } from '../domain/interview/decide.ts';
import { type InterviewAnswer, interviewStream } from '../domain/interview/interview.ts';
import { type ListingCommand, listingDecider } from '../domain/listing/decide.ts';
import { listingStream } from '../domain/listing/listing.ts';
import { viewDecider, visitDecider } from '../domain/page-views/decide.ts';
import { viewStream, visitStream } from '../domain/page-views/page-views.ts';
import { siteSettingsDecider } from '../domain/settings/decide.ts';
import {
  FREE_QUEUE_WEEKS_DEFAULT,
  type InterviewQuestion,
  SITE_SETTINGS_STREAM,
} from '../domain/settings/site-settings.ts';
import { SlugTakenError, slugDecider } from '../domain/slug-reservation/decide.ts';
import { slugStream } from '../domain/slug-reservation/slug-reservation.ts';
import { isoDate, mondayOf } from '../domain/weeks.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { L } from '../projections/catalog/query-keys.ts';
import type { CatalogReadModel } from '../projections/catalog/read-model.ts';
import { slugify, slugOfName } from '../projections/catalog/search-documents.ts';

type Distribute<C> = C extends { type: infer T; data: infer D } ? { type: T; data: Omit<D, 'now'> } : never;

/**
 * The catalog's command side: each command loads its stream, decides, appends with the expected
 * revision, then waits until the read model has folded the new events (read-your-writes).
 */
/** who created `listing-<id>` (its draft and slug, which never changes), null while nobody has */
export const readListingOrigin = async (
  events: EventStore,
  listingId: number,
): Promise<{ draft_id: string; slug: string } | null> => {
  const created = (await events.readStream(listingStream(listingId))).find((e) => e.type === 'ListingCreated');
  return created ? (created.data as { draft_id: string; slug: string }) : null;
};

export const createCatalogCommands = (deps: {
  events: EventStore;
  readModel: CatalogReadModel;
  clock: Clock;
  /** REPORTS_PER_ACCOUNT_PER_DAY (default DEFAULT_DAILY_LIMITS.reportsPerAccount) */
  reportsPerDay?: number;
}) => {
  const { events, readModel } = deps;
  const reportsPerDay = deps.reportsPerDay ?? DEFAULT_DAILY_LIMITS.reportsPerAccount;
  const view = readModel.view;
  const now = () => deps.clock.now().toISOString();

  const run = async <C, S, E extends DomainEvent>(stream: string, decider: Decider<C, S, E>, command: C) => {
    const result = await handleCommand({ store: events, stream, decider, command });
    // what it decided on is in the read model before it answers (a command that changed nothing
    // because another writer got there first waits for that writer's events)
    if (result.through > 0) await readModel.waitFor(result.through);
    return result;
  };

  /**
   * Reserves a unique slug for a new listing: `notion`, else `notion-2`, `notion-3`, ... Each slug
   * is its own stream (`listingslug-<slug>`), reserved with the expected revision, so two catalog
   * replicas never give one slug to two listings; the read model only skips slugs known taken.
   */
  const reserveSlug = async (name: string, listingId: number, reservationId: string): Promise<string> => {
    const base = slugOfName(name) || `listing-${listingId}`;
    for (let n = 1; n < 1000; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (await view.listingBySlug(slug)) continue;
      try {
        await handleCommand({
          store: events,
          stream: slugStream(slug),
          decider: slugDecider,
          command: { type: 'ReserveSlug', data: { slug, listing_id: listingId, reservation_id: reservationId } },
        });
        return slug;
      } catch (error) {
        if (!(error instanceof SlugTakenError)) throw error;
      }
    }
    throw new ConflictError(`no free slug for ${name}`);
  };
  const releaseSlug = (slug: string, listingId: number, reservationId: string) =>
    handleCommand({
      store: events,
      stream: slugStream(slug),
      decider: slugDecider,
      command: { type: 'ReleaseSlug', data: { slug, listing_id: listingId, reservation_id: reservationId } },
    });

  /**
   * The next listing id to try. The listing stream itself decides: creating `listing-<id>` when
   * another writer (another replica) created it first is a conflict, and the next id is tried.
   */
  let lastListingId = 0;
  /** after a conflict, the read model may know listings another replica created since */
  let rescan = true;
  const allocateListingId = async () => {
    if (rescan) {
      const [newest] = await view.findListings({ sort: [[L.id, -1]], limit: 1 });
      if (newest && newest.id > lastListingId) lastListingId = newest.id;
    }
    rescan = false;
    lastListingId++;
    return lastListingId;
  };

  /** Category names (as list_categories shows them) or slugs → slugs, primary first. */
  const resolveCategories = (names: readonly string[] | null | undefined): string[] => {
    const out: string[] = [];
    const errors: { field: string; message: string }[] = [];
    (names ?? []).forEach((name, i) => {
      const wanted = name.trim().toLowerCase();
      const found = [...view.categories.values()].find(
        (c) => c.name.toLowerCase() === wanted || c.slug === wanted || c.slug === slugify(name),
      );
      if (!found) errors.push({ field: `profile.categories.${i}`, message: `is not a category: ${name}` });
      else if (!out.includes(found.slug)) out.push(found.slug);
    });
    if (errors.length > 0) throw new ValidationError(errors);
    if (out.length > 4)
      throw new ValidationError([{ field: 'profile.categories', message: 'one primary category and at most 3 more' }]);
    return out;
  };

  const listingCommand = async (listingId: number, command: Distribute<ListingCommand>) =>
    run(listingStream(listingId), listingDecider, {
      ...command,
      data: { ...command.data, now: now() },
    } as ListingCommand);

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

  /** true when this claim is the draft's now, false when another writer's claim came first */
  const claimDraftListing = async (command: DraftListingCommand): Promise<boolean> => {
    try {
      await handleCommand({
        store: events,
        stream: draftListingStream(command.data.draft_id),
        decider: draftListingDecider,
        command,
      });
      return true;
    } catch (error) {
      if (error instanceof DraftListingClaimedError) return false;
      throw error;
    }
  };
  const listingOrigin = (listingId: number) => readListingOrigin(events, listingId);

  return {
    saveListingFromDraft: async (input: {
      listing_id: number | null;
      draft_id: string;
      owner_account_ids: string[];
      profile: ListingDraftProfile;
    }) => {
      const categories = resolveCategories(input.profile.categories);
      const save = (listingId: number, slug: string, create: boolean) =>
        listingCommand(listingId, {
          type: 'SaveListingFromDraft',
          data: {
            listing_id: listingId,
            slug,
            draft_id: input.draft_id,
            owners: input.owner_account_ids,
            profile: input.profile,
            categories,
            create,
          },
        });
      const saved = async (listingId: number) => (await view.listing(listingId)) as ListingDoc;
      if (input.listing_id !== null) {
        // the stream, not the read model: the listing may have been made on another replica just now
        const existing = await listingOrigin(input.listing_id);
        if (!existing) throw new NotFoundError(`listing ${input.listing_id} does not exist`);
        await save(input.listing_id, existing.slug, false);
        return saved(input.listing_id);
      }
      // A draft makes one listing, across replicas: `draftlisting-<draft_id>` holds the id claimed
      // for it (domain/draft). A create repeated (a submit retried, or sent to two replicas at once)
      // updates the listing the claim names; a claim whose listing is absent is created under it.
      const draftId = input.draft_id;
      for (let attempt = 0; attempt < 100; attempt++) {
        const { claim } = (await foldStream(events, draftListingStream(draftId), draftListingDecider)).state;
        if (claim === null) {
          // a listing made before drafts held their listing here is the draft's; else the next id
          const made = (await view.listingByDraft(draftId))?.id;
          const id = made ?? (await allocateListingId());
          if (made === undefined && (await listingOrigin(id)) !== null) {
            // another replica's listing has it already: the read model knows more ids by now
            rescan = true;
            continue;
          }
          const claimed = await claimDraftListing({
            type: 'ClaimListing',
            data: { draft_id: draftId, listing_id: id, reservation_id: randomUUID() },
          });
          // another writer claimed first: give the id back, follow its claim
          if (!claimed && made === undefined && lastListingId === id) lastListingId--;
          continue;
        }
        const { listing_id: id, reservation_id: reservationId } = claim;
        const listing = await listingOrigin(id);
        if (listing !== null && listing.draft_id === draftId) {
          try {
            await save(id, listing.slug, false);
          } catch (error) {
            // many writers saving this listing at once: read and save again
            if (error instanceof WrongExpectedRevisionError) continue;
            throw error;
          }
          return saved(id);
        }
        if (listing !== null) {
          // two replicas gave this id to two drafts at once and the other created it: claim a new id
          rescan = true;
          await claimDraftListing({
            type: 'MoveClaim',
            data: {
              draft_id: draftId,
              listing_id: await allocateListingId(),
              reservation_id: randomUUID(),
              replaces_listing_id: id,
            },
          });
          continue;
        }
        // claimed, not created yet: by a writer at it now, or one that died between the claim and
        // the listing. Each creates it under the claim (its reservation id); `listing-<id>` takes one.
        const slug = await reserveSlug(input.profile.name ?? input.profile.url, id, reservationId);
        try {
          await save(id, slug, true);
          return saved(id);
        } catch (error) {
          if (!(error instanceof ConflictError) && !(error instanceof WrongExpectedRevisionError)) throw error;
          // created meanwhile: keep the slug if this draft's listing has it (a writer under the same
          // claim took it too), else give it back; then read the claim again
          const created = await listingOrigin(id);
          if (created?.draft_id !== draftId || created.slug !== slug) await releaseSlug(slug, id, reservationId);
          rescan = true;
        }
      }
      throw new ConflictError(`could not save the listing of draft ${draftId}`);
    },
    publishListing: async (
      listingId: number,
      launchWeek: string | null,
      plan: 'free' | 'paid',
      extraCategories?: readonly string[],
      /** the order that bought this paid launch: the same order again changes nothing */
      orderNumber?: string,
      /** the account that paid the order */
      buyerAccountId?: string,
    ) => {
      const unknown = (extraCategories ?? []).filter((slug) => !view.categories.has(slug));
      if (unknown.length > 0)
        throw new ValidationError([
          { field: 'extra_categories', message: `unknown categories: ${unknown.join(', ')}` },
        ]);
      const thisWeek = isoDate(mondayOf(deps.clock.now()));
      await listingCommand(listingId, {
        type: 'PublishListing',
        data: {
          launch_week: launchWeek === null ? null : isoDate(mondayOf(new Date(launchWeek))),
          this_week: thisWeek,
          plan,
          ...(extraCategories !== undefined ? { extra_categories: extraCategories } : {}),
          ...(orderNumber !== undefined ? { order_number: orderNumber } : {}),
          ...(buyerAccountId !== undefined ? { buyer_account_id: buyerAccountId } : {}),
        },
      });
      return (await view.listing(listingId)) as ListingDoc;
    },
    goLive: (listingId: number) =>
      listingCommand(listingId, { type: 'GoLive', data: { this_week: isoDate(mondayOf(deps.clock.now())) } }),
    listing: listingCommand,
    castVote: async (slug: string, accountId: string, emailConfirmed: boolean) =>
      engagement({
        type: 'CastVote',
        data: { listing: await listingFacts(slug), account_id: accountId, email_confirmed: emailConfirmed },
      }),
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
    restoreReview: async (slug: string, reviewerId: string, by: string) =>
      engagement({ type: 'RestoreReview', data: { listing: await listingFacts(slug), account_id: reviewerId, by } }),
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
    createCategory: (data: CategoryData) => {
      const parent = data.parent === null ? undefined : view.categories.get(data.parent);
      return run(categoryStream(data.slug), categoryDecider, {
        type: 'CreateCategory',
        data: { ...data, parent_exists: parent !== undefined, parent_is_root: parent?.parent === null },
      });
    },
    publishBlogPost: (data: BlogPostData) =>
      run(blogPostStream(data.slug), blogPostDecider, { type: 'PublishBlogPost', data }),
    /**
     * choose_free_listing: the launch week is the Monday `free_queue_weeks` (site setting, 6-8,
     * default 6) weeks after this week's Monday; the listing waits for its badge (awaiting_badge).
     */
    chooseFreePlan: async (listingId: number, accountId: string) => {
      const weeks = view.settings()?.free_queue_weeks ?? FREE_QUEUE_WEEKS_DEFAULT;
      const monday = mondayOf(deps.clock.now());
      const launchWeek = isoDate(new Date(monday.getTime() + weeks * 7 * 24 * 3600 * 1000));
      return listingCommand(listingId, {
        type: 'ChooseFreePlan',
        data: { account_id: accountId, launch_week: launchWeek },
      });
    },
    /** the badge check found the badge: scheduled for its week (or live if that week has begun) */
    badgeFound: (listingId: number) =>
      listingCommand(listingId, { type: 'FindBadge', data: { this_week: isoDate(mondayOf(deps.clock.now())) } }),
    setFreeQueueWeeks: (weeks: number) =>
      run(SITE_SETTINGS_STREAM, siteSettingsDecider, { type: 'SetFreeQueueWeeks', data: { weeks } }),
    answerInterview: (accountId: string, answers: InterviewAnswer[]) =>
      run(interviewStream(accountId), interviewDecider, {
        type: 'AnswerInterview',
        data: {
          account_id: accountId,
          answers,
          known_question_ids: (view.settings()?.interview_questions ?? []).map((q) => q.id),
          now: now(),
        },
      }),
    setInterviewQuestions: (questions: InterviewQuestion[]) =>
      run(SITE_SETTINGS_STREAM, siteSettingsDecider, { type: 'SetInterviewQuestions', data: { questions } }),
    decideWeekAwards: (weekStart: string, weekEndMs: number, standings: Standing[]) =>
      run(weekAwardsStream(weekStart), weekAwardsDecider, {
        type: 'DecideWeekAwards',
        data: { week_start: weekStart, week_end_ms: weekEndMs, standings, now: now() },
      } satisfies AwardsCommand),
  };
};

export type CatalogCommands = ReturnType<typeof createCatalogCommands>;
