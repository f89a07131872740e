import type { CatalogEventOf } from '../catalog-events.ts';

/**
 * One person's report of one item (a listing, or one of its reviews), in a stream of its own
 * (`report-<listing_id>_<review author or "listing">_<reporter>`): the stream holds at most one
 * ReportFiled, so a second report of the same item by the same person is refused.
 */
export type ReportEvent = CatalogEventOf<'ReportFiled'>;

export type Report = { readonly filed: false } | { readonly filed: true; readonly id: string; readonly at: string };

export const initialReport: Report = { filed: false };

export const evolveReport = (_state: Report, event: ReportEvent): Report => ({
  filed: true,
  id: event.data.report_id,
  at: event.data.at,
});

export const reportStream = (listingId: number, reviewBy: string | null, reporter: string) =>
  `report-${listingId}_${reviewBy === null ? 'listing' : encodeURIComponent(reviewBy)}_${encodeURIComponent(reporter)}`;
