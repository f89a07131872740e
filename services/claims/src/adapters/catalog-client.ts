import {
  type GetListingForClaimReply,
  getListingForClaim,
  type OperationReply,
  type RecordVerifiedClaimReply,
  recordVerifiedClaim,
} from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { DomainError, ServiceUnavailableError } from '@listings/platform/errors';

/** What claims asks the catalog, over the bus (`catalog.internal.*`). */
export interface CatalogClient {
  /** null when no listing has the slug */
  listingBySlug(slug: string): Promise<GetListingForClaimReply | null>;
  /** throws a 409 DomainError when the listing is verified by other owners */
  recordVerifiedClaim(request: {
    listing_id: number;
    account_id: string;
    claim_id: number;
  }): Promise<RecordVerifiedClaimReply>;
}

const ask = async (bus: Bus, subject: string, request: unknown, what: string): Promise<OperationReply> => {
  try {
    return (await bus.request(subject, request, { timeoutMs: 10_000 })) as OperationReply;
  } catch (error) {
    throw new ServiceUnavailableError(`${what}: the catalog is not answering (${(error as Error).message})`);
  }
};

const bodyOf = (reply: OperationReply, what: string): unknown => {
  if ('body' in reply && reply.status === 200) return reply.body;
  if ('problem' in reply)
    throw new DomainError(
      reply.problem.status,
      'catalog',
      reply.problem.title,
      `${what}: ${reply.problem.detail ?? ''}`,
    );
  throw new ServiceUnavailableError(`${what}: the catalog gave no usable answer`);
};

export const createCatalogClient = (bus: Bus): CatalogClient => ({
  async listingBySlug(slug) {
    const reply = await ask(bus, getListingForClaim.subject, { slug }, 'looking the listing up');
    if (reply.status === 404) return null;
    return bodyOf(reply, 'looking the listing up') as GetListingForClaimReply;
  },
  async recordVerifiedClaim(request) {
    const reply = await ask(bus, recordVerifiedClaim.subject, request, 'recording the verified claim');
    return bodyOf(reply, 'recording the verified claim') as RecordVerifiedClaimReply;
  },
});
