export { createOutboxMailer, type Mailer, type MailMessage, type OutboxEntry, outboxDir, readOutbox } from './mail.ts';
