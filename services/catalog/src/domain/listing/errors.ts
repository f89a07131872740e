import { ForbiddenError } from '@listings/platform/errors';

/**
 * A verified claim gave the listing to an account that was not among its owners: the draft that
 * made the listing belongs to the accounts that lost it, so it no longer publishes into it. 403,
 * not 404: the draft is still its owners' own, and they know which listing it made.
 */
export class DraftDetachedError extends ForbiddenError {
  constructor(listingId: number) {
    super(
      `listing ${listingId} no longer takes this draft: its website's owner verified a claim on it, and the listing is theirs now (the draft is still yours; the listing is not)`,
    );
  }
}
