import type { CrawledPage, Proposal } from '../domain/draft/draft.ts';

export interface DraftRequest {
  readonly pages: readonly CrawledPage[];
  /** the slots to draft (all of them for a new draft, a few for `regenerate`) */
  readonly keys: readonly string[];
  /** category names list_categories knows: the only values `categories` may take */
  readonly categoryNames: readonly string[];
}

/**
 * The drafter port. A proposal is a value plus evidence quotes with their page URL; the service
 * checks every quote against the stored page text afterwards, whatever the adapter.
 */
export interface Drafter {
  readonly name: string;
  draft(request: DraftRequest): Promise<Record<string, Proposal>>;
}
