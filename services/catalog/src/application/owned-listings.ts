import { DraftPatch } from '@listings/contracts';
import { NotFoundError, ValidationError } from '@listings/platform/errors';
import { type ImageIntake, ImageRefused } from '@listings/platform/images';
import type { OperationCall } from '@listings/platform/service-host';
import { editsOf } from '../domain/listing/owned.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { CatalogCommands } from './commands.ts';
import { milestonesOf, pagingOf, profileOf, shownProfile } from './presenters.ts';

/** the draft schema's milestone limit (spec: max 50), read from the contract so it is written once */
const MILESTONES_MAX = (DraftPatch.properties.milestones as unknown as { maxItems: number }).maxItems;

type Call = Pick<OperationCall, 'params' | 'query' | 'body' | 'principal'>;

/** The signed-in account (the gateway enforces sign-in; a call without one owns nothing). */
const accountOf = (call: Call): string => {
  const id = call.principal.account_id;
  if (!id) throw new NotFoundError('no such listing');
  return id;
};

/** What the owner sees: the public profile, the paid sections whether or not unlocked, and the plan state. */
export const ownedListingOf = (doc: ListingDoc) => {
  const p = shownProfile(doc);
  return {
    ...profileOf(doc),
    listing_id: doc.id,
    status: doc.status,
    plan: doc.plan,
    launch_week: doc.launch_week,
    unlocked_sections: doc.unlocked ? ['story', 'milestones', 'media', 'extra_categories'] : [],
    story: p.story ?? {},
    milestones: milestonesOf(doc),
    version: doc.history?.length ?? 0,
  };
};

/** The nine owned-listing operations: "your own only" — another account's listing answers 404 like an unknown one. */
export const ownedListingHandlers = (deps: {
  view: CatalogView;
  commands: CatalogCommands;
  /** stores an owner's new logo (update_my_listing `fields.logo_url`) in the images bucket */
  images?: ImageIntake;
}) => {
  const { view, commands } = deps;
  const mine = async (call: Call): Promise<ListingDoc> => {
    const account = accountOf(call);
    const doc = await view.listing(call.params.listing_id as number);
    if (!doc?.owners.includes(account)) throw new NotFoundError(`no listing ${call.params.listing_id}`);
    return doc;
  };
  const fresh = async (id: number) => ownedListingOf((await view.listing(id)) as ListingDoc);
  /**
   * An owner's new logo: fetched through the safe fetch, checked and stored in the images bucket,
   * so the listing names our copy; `""` removes it. One that is not an image is a 400 naming the field.
   */
  const ownLogo = async (url: unknown): Promise<string | null> => {
    if (typeof url !== 'string' || url === '') return null;
    if (!deps.images)
      throw new ValidationError([{ field: 'body.fields.logo_url', message: 'logos cannot be replaced here' }]);
    try {
      return (await deps.images.logoFromUrl(url)).url;
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      throw new ValidationError([
        { field: 'body.fields.logo_url', message: `the logo was not accepted: ${error.reason}` },
      ]);
    }
  };
  return {
    list_my_listings: async (call: Call) => {
      const account = accountOf(call);
      const paging = pagingOf(call.query);
      const query = listingQueries.byOwner(account);
      const [owned, total] = await Promise.all([
        view.findListings({ ...query, skip: (paging.page - 1) * paging.per_page, limit: paging.per_page }),
        view.countListings(query.where),
      ]);
      return { items: owned.map(ownedListingOf), page: paging.page, per_page: paging.per_page, total };
    },
    get_my_listing: async (call: Call) => ownedListingOf(await mine(call)),
    update_my_listing: async (call: Call) => {
      const doc = await mine(call);
      const body = call.body as { fields?: Record<string, unknown>; socials?: unknown; faqs?: unknown };
      const edits = editsOf(body);
      if ('logo_url' in edits) edits.logo_url = await ownLogo(edits.logo_url);
      await commands.listing(doc.id, {
        type: 'EditListing',
        data: { account_id: accountOf(call), edits },
      });
      return fresh(doc.id);
    },
    post_listing_update: async (call: Call) => {
      const doc = await mine(call);
      const { title, body } = call.body as { title: string; body: string };
      await commands.listing(doc.id, {
        type: 'PostOwnerUpdate',
        data: { account_id: accountOf(call), title, body, followers: doc.follower_ids ?? [] },
      });
      const after = (await view.listing(doc.id)) as ListingDoc;
      const posted = after.updates[after.updates.length - 1] as { title: string; body: string; at: string };
      return { id: after.updates.length, title: posted.title, body: posted.body, posted_at: posted.at };
    },
    add_milestone: async (call: Call) => {
      const doc = await mine(call);
      const input = call.body as { date: string; title: string; description?: string; url?: string };
      const result = await commands.listing(doc.id, {
        type: 'AddMilestone',
        data: { account_id: accountOf(call), milestone: input, max: MILESTONES_MAX },
      });
      const added = result.events.find((e) => e.type === 'MilestoneAdded');
      return added?.type === 'MilestoneAdded' ? added.data.milestone : undefined;
    },
    delete_milestone: async (call: Call) => {
      const doc = await mine(call);
      const milestoneId = call.params.milestone_id as number;
      await commands.listing(doc.id, {
        type: 'DeleteMilestone',
        data: { account_id: accountOf(call), milestone_id: milestoneId },
      });
      return { deleted: true, milestone_id: milestoneId };
    },
    set_founder_story: async (call: Call) => {
      const doc = await mine(call);
      const story = call.body as Record<string, string>;
      await commands.listing(doc.id, { type: 'SetFounderStory', data: { account_id: accountOf(call), story } });
      return {
        listing_id: doc.id,
        story: (shownProfile((await view.listing(doc.id)) as ListingDoc).story ?? {}) as object,
      };
    },
    answer_interview: async (call: Call) => {
      const account = accountOf(call);
      const { answers } = call.body as { answers: { question_id: string; answer: string }[] };
      const result = await commands.answerInterview(account, answers);
      return { answers: result.state.answers, updated_at: result.state.updatedAt };
    },
    choose_free_listing: async (call: Call) => {
      const doc = await mine(call);
      await commands.chooseFreePlan(doc.id, accountOf(call));
      return fresh(doc.id);
    },
  };
};
