import { RANKING_RULES_VERSION } from '@listings/contracts';

/** what a VoteCast (v3) of a voter nothing is known of, counted in full, records besides the vote */
export const COUNTED = {
  voter: { account_created_at: null, email_disposable: false, suspended: false, network: null },
  weight: 1,
  reason: null,
  rules_version: RANKING_RULES_VERSION,
};
