import type { Role, VoteIntegrityReason } from '@listings/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The signed-in person looking at a page, as the pages need them. */
export interface Viewer {
  readonly accountId: string;
  /** what the header shows (display name or email) */
  readonly name: string;
  /** the CSRF token bound to this session: every form of the page carries it */
  readonly csrfToken: string;
  /** the account's roles (absent: none): operators see the console at /admin */
  readonly roles?: readonly Role[];
  /** why the ranking rules would count this person's votes 0 now (voterDiscountOf); absent: they count */
  readonly voteDiscount?: VoteIntegrityReason;
}

/**
 * Who is looking: the session port of the web edge. The default knows nobody (every page is the
 * anonymous page); the people side of the site plugs its server-side sessions in here.
 */
export type ViewerOf = (request: FastifyRequest, reply: FastifyReply) => Viewer | null | Promise<Viewer | null>;

export const anonymousOnly: ViewerOf = () => null;
