import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { MONGO_SERVER_SELECTION_TIMEOUT_MS } from '../mongo/mongo-client.ts';
import type { Mailer, OutboxEntry } from './mail.ts';

/** the outbox collection in MONGO_DB, shared by every process that mails (gateway, claims, drafting) */
export const MAIL_OUTBOX_COLLECTION = 'mail.outbox';

interface OutboxDoc extends OutboxEntry {
  _id: string;
  /** sorts the outbox in send order: the send time, then a counter within one millisecond */
  order: string;
}

/** one client per use: mail is rare (links, notices), and the mailer then holds no connection to close */
const withDatabase = async <T>(url: string, database: string, use: (db: import('mongodb').Db) => Promise<T>) => {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: MONGO_SERVER_SELECTION_TIMEOUT_MS });
  try {
    return await use(client.db(database));
  } finally {
    await client.close();
  }
};

/**
 * The outbox when MONGO_URL is set and SMTP_URL is not (a cluster on the production stores without
 * a mail server: development, tests): each message is one document in `mail.outbox`, so no process
 * writes under DATA_DIR and every replica's mail is in one place (`readMongoOutbox`). Production
 * sets SMTP_URL (docs/deployment.md, Mail).
 */
export const createMongoOutboxMailer = (options: { url: string; database: string; now?: () => Date }): Mailer => {
  const now = options.now ?? (() => new Date());
  return {
    async send(message) {
      const sentAt = now().toISOString();
      const id = randomUUID();
      const order = `${sentAt}-${process.hrtime.bigint().toString().padStart(20, '0')}-${id}`;
      await withDatabase(options.url, options.database, (db) =>
        db.collection<OutboxDoc>(MAIL_OUTBOX_COLLECTION).insertOne({ _id: id, order, id, sent_at: sentAt, ...message }),
      );
    },
  };
};

/** Every message in the MongoDB outbox, oldest first (tests and operators read it). */
export const readMongoOutbox = (url: string, database: string): Promise<OutboxEntry[]> =>
  withDatabase(url, database, async (db) =>
    (await db.collection<OutboxDoc>(MAIL_OUTBOX_COLLECTION).find().sort({ order: 1 }).toArray()).map(
      ({ _id, order, ...entry }) => entry,
    ),
  );
