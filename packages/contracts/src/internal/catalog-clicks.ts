import Type from 'typebox';
import { Slug } from '../common.ts';
import type { InternalOperation } from './catalog.ts';
import { USER_AGENT_MAX_LENGTH, VISITOR_MAX_LENGTH } from './visitor-limits.ts';

/**
 * Catalog's internal operation for outbound clicks, on `catalog.internal.<name>` like the others in
 * `catalog.ts`: the web edge's `/go/{slug}`.
 */
const recordOutboundClickRequest = Type.Object(
  {
    slug: Slug,
    /** `account:<id>`, `cookie:<id>`, or `client:<address> <user agent>` */
    visitor: Type.String({ minLength: 1, maxLength: VISITOR_MAX_LENGTH + USER_AGENT_MAX_LENGTH }),
    user_agent: Type.Union([Type.String({ maxLength: USER_AGENT_MAX_LENGTH }), Type.Null()]),
  },
  { additionalProperties: false },
);
const recordOutboundClickReply = Type.Object({ url: Type.String(), counted: Type.Boolean() });

/** the longest `ref` an outbound link (`/go/{slug}?ref=...`) carries on to the listing's site */
export const OUTBOUND_REF_MAX_LENGTH = 64;
/** what a `ref` may hold: letters, digits and `._~-` (nothing that needs escaping in a query) */
/** update_my_listing's `fields.outbound_ref`: an OutboundRef, or `""` to remove it */
export const OutboundRefInput = Type.String({
  maxLength: OUTBOUND_REF_MAX_LENGTH,
  pattern: '^[A-Za-z0-9._~-]*$',
  description:
    'a `ref` query parameter the site\'s Visit link (`/go/{slug}`) adds to the listing\'s URL, so its analytics can tell our visitors apart: letters, digits and `._~-`; `""` removes it',
});

export const OutboundRef = Type.String({
  minLength: 1,
  maxLength: OUTBOUND_REF_MAX_LENGTH,
  pattern: '^[A-Za-z0-9._~-]+$',
  description: "a campaign tag the owner picks for the links they share, appended to the listing's URL as `ref`",
});

export const recordOutboundClick: InternalOperation<
  typeof recordOutboundClickRequest,
  typeof recordOutboundClickReply
> = {
  subject: 'catalog.internal.record_outbound_click',
  name: 'record_outbound_click',
  description:
    "A click on a listing's outbound link (`/go/{slug}`): counted once per visitor per listing per UTC day, never for a known bot (isbot) or a request without a user agent. `visitor` is the signed-in account, the visitor cookie's random id, or the client's address and user agent; catalog keeps only a keyed hash of it (HMAC-SHA256, a server key), in the stream's name. The reply is the listing's own URL (the only place the edge redirects to) and whether the click counted; 404 for an unknown slug or a listing without a URL.",
  request: recordOutboundClickRequest,
  reply: recordOutboundClickReply,
};
