export { createMailer } from './create-mailer.ts';
export { createOutboxMailer, type Mailer, type MailMessage, type OutboxEntry, outboxDir, readOutbox } from './mail.ts';
export { type MailSettings, redactSmtpUrl, Secret, type SmtpSettings } from './mail-settings.ts';
export { createMongoOutboxMailer, MAIL_OUTBOX_COLLECTION, readMongoOutbox } from './mongo-outbox-mailer.ts';
export { createSmtpMailer, KIND_HEADER, MailDeliveryError, type MailFailure } from './smtp-mailer.ts';
