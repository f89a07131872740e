import {
  type OperationReply,
  operationById,
  type SaveListingFromDraftReply,
  type SaveListingFromDraftRequest,
  saveListingFromDraft,
} from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { DomainError, ServiceUnavailableError } from '@listings/platform/errors';

export interface CatalogClient {
  /** category names list_categories knows (the whole tree, empty ones included) */
  categoryNames(): Promise<string[]>;
  saveListing(request: SaveListingFromDraftRequest): Promise<SaveListingFromDraftReply>;
}

const unwrap = (reply: unknown, what: string): unknown => {
  const r = reply as OperationReply;
  if (r && typeof r === 'object' && 'body' in r && (r.status === 200 || r.status === 201)) return r.body;
  if (r && typeof r === 'object' && 'problem' in r) {
    const p = r.problem;
    throw new DomainError(p.status, 'catalog', p.title, `${what}: ${p.detail ?? p.title}`);
  }
  throw new ServiceUnavailableError(`${what}: the catalog gave no usable answer`);
};

/** Asks the catalog over the bus: list_categories (public) and save_listing_from_draft (internal). */
export const createCatalogClient = (bus: Bus): CatalogClient => ({
  async categoryNames() {
    const op = operationById('list_categories');
    if (!op) throw new Error('list_categories is missing from the contracts');
    let reply: unknown;
    try {
      reply = await bus.request(op.subject, {
        operation_id: op.operationId,
        principal: { account_id: null, scopes: [], via: 'anonymous' },
        params: {},
        query: { include_empty: true },
      });
    } catch (error) {
      throw new ServiceUnavailableError(`the category list cannot be read: ${(error as Error).message}`);
    }
    const body = unwrap(reply, 'list_categories') as { items?: unknown[] };
    const names: string[] = [];
    const walk = (items: unknown[] | undefined) => {
      for (const item of items ?? []) {
        const c = item as { name?: unknown; subcategories?: unknown[] };
        if (typeof c.name === 'string') names.push(c.name);
        walk(c.subcategories);
      }
    };
    walk(body.items);
    return names;
  },
  async saveListing(request) {
    let reply: unknown;
    try {
      reply = await bus.request(saveListingFromDraft.subject, request);
    } catch (error) {
      throw new ServiceUnavailableError(`the catalog cannot save the listing now: ${(error as Error).message}`);
    }
    return unwrap(reply, 'saving the listing') as SaveListingFromDraftReply;
  },
});
