import { randomBytes } from 'node:crypto';
import { Binary, type Collection } from 'mongodb';
import {
  type CeremonyDoc,
  isDuplicateKey,
  type PasskeyCounterStepDoc,
  type PasskeyDoc,
} from './mongo-identity-collections.ts';
import {
  ceremonyBindingHash,
  type PasskeyStore,
  type PasskeySummaryRecord,
  PasskeyTakenError,
  TooManyPasskeysError,
} from './passkey-store.ts';

const summaryOf = (doc: PasskeyDoc): PasskeySummaryRecord => ({
  id: doc._id,
  name: doc.name,
  createdAt: doc.createdAt,
  lastUsedAt: doc.lastUsedAt,
  backedUp: doc.backedUp,
});

/**
 * The passkeys part of the identity store on MongoDB (`gateway.passkeys`,
 * `gateway.passkey_ceremonies`). Without transactions, the limits hold by unique indexes: the
 * credential id is unique, and each passkey takes one of the account's numbered places
 * (`<accountId>/<n>`, n below the limit), so two replicas adding at once cannot pass the limit:
 * the one that loses the race for a place reads again and takes the next, or is refused. A
 * ceremony is used by deleting it (the `deleteOne` that counts 1 wins), so its challenge works
 * once; a counter step is claimed by an insert (mongo-identity-collections.ts says why).
 */
export const mongoPasskeyStore = (deps: {
  readonly passkeys: Collection<PasskeyDoc>;
  readonly ceremonies: Collection<CeremonyDoc>;
  readonly counterSteps: Collection<PasskeyCounterStepDoc>;
  readonly now: () => Date;
  /** the indexes exist (and, where the server has no TTL, expired ceremonies are swept) */
  readonly beforeUse: (expiring?: Collection<{ expiresAt: Date }>) => Promise<void>;
}): PasskeyStore => {
  const { passkeys, ceremonies, counterSteps, now, beforeUse } = deps;
  return {
    async startCeremony(input) {
      await beforeUse(ceremonies as unknown as Collection<{ expiresAt: Date }>);
      const doc = {
        purpose: input.purpose,
        accountId: input.accountId,
        challenge: input.challenge,
        expiresAt: new Date(now().getTime() + input.ttlMs),
      };
      const replace = () =>
        ceremonies.replaceOne({ _id: ceremonyBindingHash(input.purpose, input.binding) }, doc, { upsert: true });
      try {
        await replace();
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await replace();
      }
    },
    async takeCeremony(purpose, binding) {
      await beforeUse();
      const _id = ceremonyBindingHash(purpose, binding);
      const doc = await ceremonies.findOne({ _id });
      if (!doc || (await ceremonies.deleteOne({ _id })).deletedCount === 0) return null;
      if (doc.expiresAt.getTime() <= now().getTime()) return null;
      return { challenge: doc.challenge, accountId: doc.accountId };
    },
    async addPasskey(input) {
      await beforeUse();
      const doc: PasskeyDoc = {
        _id: randomBytes(9).toString('base64url'),
        credentialId: input.credentialId,
        accountId: input.accountId,
        slot: '',
        name: input.name,
        publicKey: new Binary(input.publicKey),
        counter: input.counter,
        transports: [...input.transports],
        backedUp: input.backedUp,
        createdAt: now().toISOString(),
        lastUsedAt: null,
      };
      // each lost race for a place means another passkey was stored: at most `max` rounds
      for (let round = 0; round <= input.max; round++) {
        const held = new Set(
          (await passkeys.find({ accountId: input.accountId }, { projection: { slot: 1 } }).toArray()).map(
            (p) => p.slot,
          ),
        );
        let place = 0;
        while (held.has(`${input.accountId}/${place}`)) place++;
        if (held.size >= input.max || place >= input.max) throw new TooManyPasskeysError(input.max);
        doc.slot = `${input.accountId}/${place}`;
        try {
          await passkeys.insertOne(doc);
          return summaryOf(doc);
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
          // which unique index refused it: the credential (stored already), or the place (a race)
          if (await passkeys.findOne({ credentialId: input.credentialId }, { projection: { _id: 1 } }))
            throw new PasskeyTakenError();
        }
      }
      throw new TooManyPasskeysError(input.max);
    },
    async listPasskeys(accountId) {
      await beforeUse();
      return (await passkeys.find({ accountId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(summaryOf);
    },
    async credentialsOf(accountId) {
      await beforeUse();
      return (await passkeys.find({ accountId }).toArray()).map((p) => ({
        credentialId: p.credentialId,
        transports: p.transports,
      }));
    },
    async countPasskeys(accountId) {
      await beforeUse();
      return passkeys.countDocuments({ accountId });
    },
    async findPasskeyByCredentialId(credentialId) {
      await beforeUse();
      const doc = await passkeys.findOne({ credentialId });
      return doc
        ? {
            id: doc._id,
            accountId: doc.accountId,
            credentialId: doc.credentialId,
            publicKey: new Uint8Array(doc.publicKey.value()),
            counter: doc.counter,
            transports: doc.transports,
          }
        : null;
    },
    async recordPasskeyUse(id, from, to) {
      await beforeUse();
      const usedAt = now().toISOString();
      const stored = await passkeys.findOne({ _id: id }, { projection: { accountId: 1, counter: 1 } });
      if (!stored || stored.counter !== from) return false;
      // an authenticator that counts nothing (0 to 0) has no step to race for
      if (to !== from) {
        try {
          await counterSteps.insertOne({ _id: `${id}@${from}`, passkeyId: id, accountId: stored.accountId, from });
        } catch (error) {
          if (isDuplicateKey(error)) return false;
          throw error;
        }
        // counters only grow: the steps below this one can never be claimed again
        await counterSteps.deleteMany({ passkeyId: id, from: { $lt: from } });
      }
      const moved = await passkeys.updateOne({ _id: id }, { $set: { counter: to, lastUsedAt: usedAt } });
      return moved.matchedCount > 0;
    },
    async removePasskey(accountId, id) {
      await beforeUse();
      const removed = (await passkeys.deleteOne({ _id: id, accountId })).deletedCount > 0;
      if (removed) await counterSteps.deleteMany({ passkeyId: id });
      return removed;
    },
  };
};
