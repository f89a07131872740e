import { createHmac } from 'node:crypto';
import type { SubjectKeys } from '@listings/platform/personal-data';

/** the personal-data key subject whose key hashes the visitors of outbound clicks */
export const CLICKS_KEY_SUBJECT = 'outbound-clicks';

/** a visitor's keyed hash on one UTC day */
export type VisitorHash = (visitor: string, day: string) => Promise<string>;

/**
 * Outbound clicks are counted per visitor and day by a keyed hash of the visitor (an account, a
 * cookie id, or an address and user agent): HMAC-SHA256 of the day and the visitor, keyed with a
 * 256-bit server key kept with the catalog's personal-data keys. A stream's name holds the hash
 * and nothing else of the visitor; the day in it makes one visitor unlinkable across days.
 */
export const visitorHashes = (keys: Pick<SubjectKeys, 'keyFor'>): VisitorHash => {
  let key: Promise<Buffer> | null = null;
  const keyOf = () =>
    (key ??= keys.keyFor(CLICKS_KEY_SUBJECT).then((found) => {
      key = found ? key : null;
      if (!found) throw new Error('the outbound clicks key was forgotten: it is made again only by a restart');
      return found;
    }));
  return async (visitor, day) =>
    createHmac('sha256', await keyOf())
      .update(`${day}\n${visitor}`)
      .digest('base64url')
      .slice(0, 22);
};
