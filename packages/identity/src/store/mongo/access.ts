import type { Collection } from 'mongodb';
import type { IdentityCollections } from '../mongo-identity-collections.ts';

/** What each part of the MongoDB adapter works with (mongo-identity-store.ts makes it). */
export interface MongoAccess {
  readonly c: IdentityCollections;
  readonly now: () => Date;
  /** the indexes exist (made once per process); without TTL indexes, `expiring` is swept now and then */
  readonly beforeUse: (expiring?: Collection<{ expiresAt: Date }>) => Promise<void>;
}

/** a collection whose documents expire, as `beforeUse` sweeps it */
export const expiringOf = <T extends { expiresAt: Date | null }>(collection: Collection<T>) =>
  collection as unknown as Collection<{ expiresAt: Date }>;
