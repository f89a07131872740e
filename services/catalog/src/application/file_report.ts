import { randomUUID } from 'node:crypto';
import { NotFoundError } from '@listings/platform/errors';
import { callerAccount } from '@listings/platform/service-host';
import { mustFindListing } from './listing-reads.ts';
import type { CatalogHandler } from './operation-context.ts';

/**
 * file_report: a signed-in person reports a public listing, or one of its reviews, to the
 * operators; once per item per person (the report stream's decider answers 409 the second time).
 */
export const fileReport: CatalogHandler<'file_report'> = async (call, { view, commands }) => {
  const reporter = callerAccount(call, 'report a listing or a review');
  const { listing, review_by, reason, text } = call.body;
  const doc = await mustFindListing(view, listing);
  const reviewBy = review_by ?? null;
  if (reviewBy !== null && !doc.reviews[reviewBy]) throw new NotFoundError(`no review by ${reviewBy} of ${listing}`);
  const { events } = await commands.fileReport({
    report_id: randomUUID(),
    listing_id: doc.id,
    review_by: reviewBy,
    reported_by: reporter,
    reason,
    text: text.trim(),
  });
  const filed = events[0]?.data as { report_id: string; at: string };
  return {
    id: filed.report_id,
    listing,
    review_by: reviewBy,
    reason,
    filed_at: filed.at,
    message: `Thank you: your report was received. The operators will look at this ${reviewBy === null ? 'listing' : 'review'}.`,
  };
};
