import type { Clock } from '../clock.ts';
import { createOutboxMailer, type Mailer } from './mail.ts';
import type { MailSettings } from './mail-settings.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/**
 * The mailer the configuration asks for: SMTP when SMTP_URL is set, else the outbox under
 * DATA_DIR. `mail` absent (tests that build a partial config) is the outbox too.
 */
export const createMailer = (config: { dataDir: string; mail?: MailSettings }, clock?: Clock): Mailer =>
  config.mail?.smtp
    ? createSmtpMailer({ smtp: config.mail.smtp, from: config.mail.from })
    : createOutboxMailer({ dataDir: config.dataDir, ...(clock ? { now: () => clock.now() } : {}) });
