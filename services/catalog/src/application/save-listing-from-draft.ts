import { randomUUID } from 'node:crypto';
import type { ListingDraftProfile } from '@listings/contracts';
import { foldStream, handleCommand } from '@listings/platform/decider';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { type EventStore, WrongExpectedRevisionError } from '@listings/platform/event-store';
import {
  DraftListingClaimedError,
  type DraftListingCommand,
  draftListingDecider,
} from '../domain/draft-listing/decide.ts';
import { draftListingStream } from '../domain/draft-listing/draft-listing.ts';
import { listingStream } from '../domain/listing/listing.ts';
import { SlugTakenError, slugDecider } from '../domain/slug-reservation/decide.ts';
import { slugStream } from '../domain/slug-reservation/slug-reservation.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { L } from '../projections/catalog/query-keys.ts';
import { slugify, slugOfName } from '../projections/catalog/search-documents.ts';
import type { CommandContext } from './command-context.ts';

/** who created `listing-<id>` (its draft and slug, which never changes), null while nobody has */
export const readListingOrigin = async (
  events: EventStore,
  listingId: number,
): Promise<{ draft_id: string; slug: string } | null> => {
  const created = (await events.readStream(listingStream(listingId))).find((e) => e.type === 'ListingCreated');
  return created ? (created.data as { draft_id: string; slug: string }) : null;
};

/**
 * save_listing_from_draft (drafting's submit, internal): a draft's profile saved into its listing,
 * which the first save creates, with its own id and a unique slug, once across catalog replicas.
 */
export const createSaveListingFromDraft = (ctx: CommandContext) => {
  const { events, view, listingCommand } = ctx;

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

  const saveListingFromDraft = async (input: {
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
  };
  return saveListingFromDraft;
};
