import nodemailer from 'nodemailer';
import { ServiceUnavailableError } from '../errors.ts';
import type { Mailer } from './mail.ts';
import type { SmtpSettings } from './mail-settings.ts';

/** the header that carries `MailMessage.kind`, for operators and tests */
export const KIND_HEADER = 'X-Listings-Kind';

/** what is known about a failed send, for operators (the error's fields reach the logs) */
export interface MailFailure {
  /** `host:port` of the SMTP server */
  readonly server: string;
  /** refused for good (a 5xx reply such as an unknown recipient, or a bad login): sending again will not help */
  readonly permanent: boolean;
  readonly smtpCode: number | null;
}

/**
 * A message the SMTP server did not take: a 503 for whoever asked (the detail says why in words fit
 * for the API's caller, the server's address stays in `server`). It never holds the password or
 * the original error.
 */
export class MailDeliveryError extends ServiceUnavailableError implements MailFailure {
  readonly server: string;
  readonly permanent: boolean;
  readonly smtpCode: number | null;
  /** `failure`: a `MailDeliveryError` too, when a caller restates one in its own words */
  constructor(detail: string, failure: MailFailure) {
    super(detail);
    this.server = failure.server;
    this.permanent = failure.permanent;
    this.smtpCode = failure.smtpCode;
  }
}

/** within the 10 s a bus request waits for its answer, since callers send from the request path */
const TIMEOUTS = { connectionTimeout: 4_000, greetingTimeout: 4_000, socketTimeout: 8_000 } as const;

/**
 * The production mailer: one SMTP connection per message (mail is rare here: claim links and
 * invites), plain text in UTF-8, `kind` in the `X-Listings-Kind` header. `send` resolves once the
 * server has accepted the message and rejects with a `MailDeliveryError` otherwise; it does not
 * retry (the caller decides, see docs/architecture.md).
 */
export const createSmtpMailer = (options: { smtp: SmtpSettings; from: string }): Mailer => {
  const { smtp } = options;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password?.reveal() ?? '' } } : {}),
    ...TIMEOUTS,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const server = `${smtp.host}:${smtp.port}`;
  const secrets = smtp.password ? secretForms(smtp.password.reveal()) : [];
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          headers: { [KIND_HEADER]: message.kind },
        });
      } catch (error) {
        throw deliveryError(error, server, secrets);
      }
    },
  };
};

/** the fields nodemailer sets on its errors that are read here */
interface SmtpFailure {
  readonly code?: string;
  readonly responseCode?: number;
  readonly response?: string;
  readonly permanent?: boolean;
}

const deliveryError = (error: unknown, server: string, secrets: readonly string[]): MailDeliveryError => {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const reply = failure.response ? hide(failure.response.replace(/\s+/g, ' ').trim().slice(0, 300), secrets) : null;
  const why = (() => {
    switch (failure.code) {
      case 'EAUTH':
        return `refused our login${reply ? ` (${reply})` : ''}`;
      case 'ENOAUTH':
        return 'wants a login, and none is configured';
      case 'EENVELOPE':
        return `refused the recipient or sender${reply ? ` (${reply})` : ''}`;
      case 'EDNS':
        return 'could not be found (DNS)';
      case 'ETIMEDOUT':
        return 'did not answer in time';
      case 'ECONNECTION':
      case 'ESOCKET':
        return 'could not be reached';
      case 'ETLS':
        return 'failed the TLS handshake';
      default:
        return reply ? `refused the message (${reply})` : `failed (${failure.code ?? 'unknown error'})`;
    }
  })();
  return new MailDeliveryError(`the mail could not be sent: the mail server ${why}`, {
    server,
    permanent: failure.permanent === true || failure.code === 'EAUTH' || failure.code === 'ENOAUTH',
    smtpCode: failure.responseCode ?? null,
  });
};

/** the password as a server's reply could echo it: as is, or percent-encoded as in SMTP_URL */
const secretForms = (password: string): string[] => [password, encodeURIComponent(password)];

const hide = (text: string, secrets: readonly string[]): string =>
  secrets.reduce((out, secret) => out.split(secret).join('[hidden]'), text);
