import { deciderSpec } from '@listings/platform/decider/specification';
import { describe, it } from 'vitest';
import { AlreadyReportedError, reportDecider } from './decide.ts';

const NOW = '2026-11-18T10:00:00.000Z';
const file = (review_by: string | null = null) => ({
  type: 'FileReport' as const,
  data: { report_id: 'r-1', listing_id: 7, review_by, reported_by: 'acc-1', reason: 'spam', text: 'ads', now: NOW },
});
const filed = (review_by: string | null = null) => ({
  type: 'ReportFiled' as const,
  data: { report_id: 'r-1', listing_id: 7, review_by, reported_by: 'acc-1', reason: 'spam', text: 'ads', at: NOW },
});

describe('report decider', () => {
  const spec = deciderSpec(reportDecider);
  it('when a person reports a listing for the first time then the report is filed', () =>
    spec.given([]).when(file()).then([filed()]));
  it('when a person reports a review for the first time then the report names its author', () =>
    spec
      .given([])
      .when(file('acc-9'))
      .then([filed('acc-9')]));
  it('when the same person reports the same item again then it is refused as a conflict', () =>
    spec.given([filed()]).when(file()).thenThrows(AlreadyReportedError));
});
