import { RANKING_RULES_VERSION } from '@listings/contracts';
import { ValidationError } from '@listings/platform/errors';
import { accountModerationStream } from '../domain/account-moderation/account-moderation.ts';
import { type AccountModerationCommand, accountModerationDecider } from '../domain/account-moderation/decide.ts';
import { type BlogPostData, blogPostStream } from '../domain/blog-post/blog-post.ts';
import { blogPostDecider } from '../domain/blog-post/decide.ts';
import { type CategoryData, categoryStream } from '../domain/category/category.ts';
import { type CategoryCommand, categoryDecider } from '../domain/category/decide.ts';
import { interviewDecider } from '../domain/interview/decide.ts';
import { type InterviewAnswer, interviewStream } from '../domain/interview/interview.ts';
import { rankingRulesDecider } from '../domain/ranking-rules/decide.ts';
import { RANKING_RULES_STREAM } from '../domain/ranking-rules/ranking-rules.ts';
import { type ReportCommand, reportDecider } from '../domain/report/decide.ts';
import { reportStream } from '../domain/report/report.ts';
import { siteSettingsDecider } from '../domain/site-settings/decide.ts';
import {
  FREE_QUEUE_WEEKS_DEFAULT,
  type InterviewQuestion,
  SITE_SETTINGS_STREAM,
} from '../domain/site-settings/site-settings.ts';
import { type AwardsCommand, weekAwardsDecider } from '../domain/week-awards/decide.ts';
import { type Standing, weekAwardsStream } from '../domain/week-awards/week-awards.ts';
import { isoDate, mondayOf } from '../domain/weeks.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { type CommandDeps, commandContext } from './command-context.ts';
import { createEngagementCommands } from './engagement-commands.ts';
import { createSaveListingFromDraft } from './save-listing-from-draft.ts';

/**
 * The catalog's command side, by family: listings (saved from drafts, published, launched, edited
 * by their owners), engagement and page views (engagement-commands.ts), and the site's categories,
 * blog, settings, interviews and weekly awards. Each command loads its stream, decides, appends
 * with the expected revision, then waits until the read model has folded the new events.
 */
export const createCatalogCommands = (deps: CommandDeps) => {
  const ctx = commandContext(deps);
  const { view, now, run, listingCommand } = ctx;
  const { clock } = deps;

  return {
    saveListingFromDraft: createSaveListingFromDraft(ctx),
    ...createEngagementCommands(ctx),
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
      const thisWeek = isoDate(mondayOf(clock.now()));
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
      listingCommand(listingId, { type: 'GoLive', data: { this_week: isoDate(mondayOf(clock.now())) } }),
    listing: listingCommand,
    /** a person's report of a listing or a review: one per item per person (`report-…` stream) */
    fileReport: (data: Omit<ReportCommand['data'], 'now'>) =>
      run(reportStream(data.listing_id, data.review_by, data.reported_by), reportDecider, {
        type: 'FileReport',
        data: { ...data, now: now() },
      }),
    /** an operator suspended or restored an account (identity's store changed): recorded for the audit */
    recordAccountModeration: (data: Omit<AccountModerationCommand['data'], 'now'>) =>
      run(accountModerationStream(data.account_id), accountModerationDecider, {
        type: 'RecordAccountModeration',
        data: { ...data, now: now() },
      }),
    /** a category from the seed or the CLI (nobody, no reason), or an operator's (add_category) */
    createCategory: (data: CategoryData, by?: { operator: string; reason: string }) => {
      const parent = data.parent === null ? undefined : view.categories.get(data.parent);
      const added = by ? { ...by, now: now() } : {};
      return run(categoryStream(data.slug), categoryDecider, {
        type: 'CreateCategory',
        data: { ...data, ...added, parent_exists: parent !== undefined, parent_is_root: parent?.parent === null },
      });
    },
    /** edit_category: an operator renames a category or edits its description */
    editCategory: (data: Omit<Extract<CategoryCommand, { type: 'EditCategory' }>['data'], 'now'>) =>
      run(categoryStream(data.slug), categoryDecider, { type: 'EditCategory', data: { ...data, now: now() } }),
    publishBlogPost: (data: BlogPostData) =>
      run(blogPostStream(data.slug), blogPostDecider, { type: 'PublishBlogPost', data }),
    /**
     * choose_free_listing: the launch week is the Monday `free_queue_weeks` (site setting, 6-8,
     * default 6) weeks after this week's Monday; the listing waits for its badge (awaiting_badge).
     */
    chooseFreePlan: async (listingId: number, accountId: string) => {
      const weeks = view.settings()?.free_queue_weeks ?? FREE_QUEUE_WEEKS_DEFAULT;
      const monday = mondayOf(clock.now());
      const launchWeek = isoDate(new Date(monday.getTime() + weeks * 7 * 24 * 3600 * 1000));
      return listingCommand(listingId, {
        type: 'ChooseFreePlan',
        data: { account_id: accountId, launch_week: launchWeek },
      });
    },
    /** the badge check found the badge: scheduled for its week (or live if that week has begun) */
    badgeFound: (listingId: number) =>
      listingCommand(listingId, { type: 'FindBadge', data: { this_week: isoDate(mondayOf(clock.now())) } }),
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
    /** records the ranking rules version in force (RankingRulesAdopted) when it is not the one recorded last */
    adoptRankingRules: () =>
      run(RANKING_RULES_STREAM, rankingRulesDecider, {
        type: 'AdoptRankingRules',
        data: { version: RANKING_RULES_VERSION, now: now() },
      }),
    decideWeekAwards: (weekStart: string, weekEndMs: number, standings: Standing[]) =>
      run(weekAwardsStream(weekStart), weekAwardsDecider, {
        type: 'DecideWeekAwards',
        data: {
          week_start: weekStart,
          week_end_ms: weekEndMs,
          standings,
          rules_version: RANKING_RULES_VERSION,
          now: now(),
        },
      } satisfies AwardsCommand),
  };
};

export type CatalogCommands = ReturnType<typeof createCatalogCommands>;
