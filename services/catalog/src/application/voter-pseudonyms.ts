import { createHmac } from 'node:crypto';
import type { SubjectKeys } from '@listings/platform/personal-data';

/** the personal-data key subject whose key signs the ledger's voter pseudonyms */
export const LEDGER_KEY_SUBJECT = 'vote-ledger';

/** a voter's pseudonym in one week's ledger */
export type VoterPseudonym = (accountId: string, weekStart: string) => Promise<string>;

/** the subject's key, asked for once (made at first use, shared by the replicas) */
const subjectKey = (keys: Pick<SubjectKeys, 'keyFor'>, subject: string) => {
  let key: Promise<Buffer> | null = null;
  return () =>
    (key ??= keys.keyFor(subject).then((found) => {
      if (found) return found;
      key = null;
      throw new Error(`the ${subject} key was forgotten: it is made again only by a restart`);
    }));
};

/**
 * Voter pseudonyms for the public vote ledger: HMAC-SHA256 of the week and the account id, keyed
 * with a 256-bit server key kept with the catalog's personal-data keys (made at first use, shared
 * by the replicas). The same voter reads the same within a week and unlinkably across weeks; no
 * one without the key can tell who it is. Forgetting the key makes every past pseudonym new.
 */
export const voterPseudonyms = (keys: Pick<SubjectKeys, 'keyFor'>): VoterPseudonym => {
  const keyOf = subjectKey(keys, LEDGER_KEY_SUBJECT);
  return async (accountId, weekStart) =>
    createHmac('sha256', await keyOf())
      .update(`${weekStart}\n${accountId}`)
      .digest('base64url')
      .slice(0, 22);
};

/** the personal-data key subject whose key hashes the voters' networks (the ranking rules' bursts) */
export const NETWORK_KEY_SUBJECT = 'vote-network';

/**
 * A voter's network (IPv4 /24 or IPv6 /48 prefix, as the web edge gives it) as the VoteCast event
 * records it: HMAC-SHA256 keyed with the catalog's `vote-network` key, base64url, 22 characters.
 * Equal networks hash equal (what the burst rule needs); the prefix, let alone the address, is
 * never stored, and the hash is never published (the ledger shows no network).
 */
export const voteNetworkHash = (keys: Pick<SubjectKeys, 'keyFor'>): ((network: string) => Promise<string>) => {
  const keyOf = subjectKey(keys, NETWORK_KEY_SUBJECT);
  return async (network) =>
    createHmac('sha256', await keyOf())
      .update(network)
      .digest('base64url')
      .slice(0, 22);
};
