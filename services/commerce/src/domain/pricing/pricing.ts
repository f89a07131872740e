/**
 * Pricing: what an order request asks for and what the catalog says of its listings. It has no
 * events and no state of its own: `decide.ts` prices a request against the shop's settings (the
 * shop aggregate) and the VAT rules (`vat.ts`), pure.
 */
export interface OrderItemInput {
  readonly product: string;
  readonly listing_id?: number;
  readonly launch_week?: string;
  readonly extra_categories?: string[];
  readonly amount_cents?: number;
}
export interface OrderRequestInput {
  readonly items: OrderItemInput[];
  readonly billing_country?: string;
  readonly vat_number?: string;
}
/** what the catalog told us about a listing of the buyer; undefined = unknown or not theirs */
export interface ListingFacts {
  readonly status: string;
  readonly plan: string;
  /** null when the listing has no category yet */
  readonly primary_category: string | null;
  /** of the extra categories asked about, those the catalog does not have */
  readonly unknown_categories: readonly string[];
}
