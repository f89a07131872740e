import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import { evolveReport, initialReport, type Report, type ReportEvent } from './report.ts';

export type ReportCommand = {
  type: 'FileReport';
  data: {
    report_id: string;
    listing_id: number;
    review_by: string | null;
    reported_by: string;
    reason: string;
    text: string;
    now: string;
  };
};

/** Already reported: the person is told the operators have their first report. */
export class AlreadyReportedError extends ConflictError {
  constructor(what: 'listing' | 'review', at: string) {
    super(`you reported this ${what} already (${at.slice(0, 10)}): the operators have your report`);
  }
}

export const decideReport = (command: ReportCommand, state: Report): ReportEvent[] => {
  switch (command.type) {
    case 'FileReport': {
      const d = command.data;
      if (state.filed) throw new AlreadyReportedError(d.review_by === null ? 'listing' : 'review', state.at);
      return [
        {
          type: 'ReportFiled',
          data: {
            report_id: d.report_id,
            listing_id: d.listing_id,
            review_by: d.review_by,
            reported_by: d.reported_by,
            reason: d.reason,
            text: d.text,
            at: d.now,
          },
        },
      ];
    }
    default: {
      const never: never = command.type;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
};

export const reportDecider: Decider<ReportCommand, Report, ReportEvent> = {
  initialState: initialReport,
  evolve: evolveReport,
  decide: decideReport,
};
