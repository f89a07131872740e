import type { CorpusSite, ExpectedDraft } from '../corpus/sites.ts';

/**
 * What a careful person drafts from a held-out site. The scored fields are the tuning corpus's
 * (`ExpectedDraft`, scored by `corpus/score.ts`); the three below are labelled too, for when the
 * bench scores them (the prose facts), and are checked by the well-formedness test.
 */
export interface HeldOutExpected extends ExpectedDraft {
  /** the year the company or product was founded, as the site states it */
  readonly founded_year?: string;
  /** ISO 3166-1 alpha-2 code of the country the company says it is based in */
  readonly country?: string;
  /** the city the company says it is based in, as the site spells it */
  readonly city?: string;
}

export interface HeldOutSite extends CorpusSite {
  readonly expected: HeldOutExpected;
}
