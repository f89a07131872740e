import { createHmac } from 'node:crypto';
import type { SubjectKeys } from '@listings/platform/personal-data';

/** the personal-data key subject whose key signs the ledger's voter pseudonyms */
export const LEDGER_KEY_SUBJECT = 'vote-ledger';

/** a voter's pseudonym in one week's ledger */
export type VoterPseudonym = (accountId: string, weekStart: string) => Promise<string>;

/**
 * Voter pseudonyms for the public vote ledger: HMAC-SHA256 of the week and the account id, keyed
 * with a 256-bit server key kept with the catalog's personal-data keys (made at first use, shared
 * by the replicas). The same voter reads the same within a week and unlinkably across weeks; no
 * one without the key can tell who it is. Forgetting the key makes every past pseudonym new.
 */
export const voterPseudonyms = (keys: Pick<SubjectKeys, 'keyFor'>): VoterPseudonym => {
  let key: Promise<Buffer> | null = null;
  const keyOf = () =>
    (key ??= keys.keyFor(LEDGER_KEY_SUBJECT).then((found) => {
      if (found) return found;
      key = null;
      throw new Error('the vote ledger key was forgotten: it is made again only by a restart');
    }));
  return async (accountId, weekStart) =>
    createHmac('sha256', await keyOf())
      .update(`${weekStart}\n${accountId}`)
      .digest('base64url')
      .slice(0, 22);
};
