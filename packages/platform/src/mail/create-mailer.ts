import type { Clock } from '../clock.ts';
import type { MongoSettings } from '../config.ts';
import { createOutboxMailer, type Mailer } from './mail.ts';
import type { MailSettings } from './mail-settings.ts';
import { createMongoOutboxMailer } from './mongo-outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/**
 * The mailer the configuration asks for: SMTP when SMTP_URL is set; else the outbox, in MongoDB
 * (`mail.outbox`) when MONGO_URL is set, so that a process on the production stores writes nothing
 * under DATA_DIR, and under DATA_DIR otherwise. `mail` absent (tests that build a partial config)
 * is the outbox too.
 */
export const createMailer = (
  config: { dataDir: string; mail?: MailSettings; mongo?: MongoSettings | null },
  clock?: Clock,
): Mailer => {
  const now = clock ? { now: () => clock.now() } : {};
  if (config.mail?.smtp) return createSmtpMailer({ smtp: config.mail.smtp, from: config.mail.from });
  if (config.mongo)
    return createMongoOutboxMailer({ url: config.mongo.url.reveal(), database: config.mongo.database, ...now });
  return createOutboxMailer({ dataDir: config.dataDir, ...now });
};
