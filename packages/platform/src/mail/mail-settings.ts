import { inspect } from 'node:util';
import type { Environment } from '../environment.ts';

/** A value that must never reach a log or an error: JSON, `String()` and `inspect` all show `[hidden]`. */
export class Secret<T = string> {
  readonly #value: T;
  constructor(value: T) {
    this.#value = value;
  }
  reveal(): T {
    return this.#value;
  }
  toJSON(): string {
    return '[hidden]';
  }
  toString(): string {
    return '[hidden]';
  }
  [inspect.custom](): string {
    return '[hidden]';
  }
}

/** Where SMTP_URL points: `smtps:` is TLS from the first byte, `smtp:` upgrades with STARTTLS when offered. */
export interface SmtpSettings {
  readonly secure: boolean;
  readonly host: string;
  readonly port: number;
  readonly user: string | null;
  readonly password: Secret | null;
}

/** SMTP_URL and MAIL_FROM. `smtp: null` (SMTP_URL unset): mail goes to the outbox under DATA_DIR. */
export interface MailSettings {
  readonly smtp: SmtpSettings | null;
  /** the From header, `Name <address>` or a bare address */
  readonly from: string;
}

const SMTP_URL_SHAPE = 'smtp://user:password@host:587 or smtps://user:password@host:465';

/** the URL as it may be shown: any password replaced by `***` (up to the last `@`, in case one is not encoded) */
export const redactSmtpUrl = (raw: string): string => raw.replace(/^([^:/?#]*:\/\/[^:/?#@]*:).*@/s, '$1***@');

const FROM_PATTERN = /^(?:[^<>\r\n"]+ <[^\s<>@]+@[^\s<>@]+>|"[^"\r\n]+" <[^\s<>@]+@[^\s<>@]+>|[^\s<>@"]+@[^\s<>@"]+)$/;

/** Reads SMTP_URL and MAIL_FROM; a bad value is added to `problems` (with any password hidden). */
export const mailSettingsOf = (env: Environment, publicUrl: string, problems: string[]): MailSettings => {
  const raw = env.SMTP_URL?.trim() || null;
  const smtp = raw === null ? null : parseSmtpUrl(raw, problems);
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // PUBLIC_URL is reported on its own
  }
  const from = env.MAIL_FROM?.trim() || `Listings <no-reply@${host.replace(/^\[|\]$/g, '')}>`;
  if (!FROM_PATTERN.test(from))
    problems.push(`MAIL_FROM must be an address or "Name <address>", got "${env.MAIL_FROM}"`);
  return { smtp, from };
};

const parseSmtpUrl = (raw: string, problems: string[]): SmtpSettings | null => {
  const bad = (why: string) => {
    problems.push(`SMTP_URL ${why}: it must look like ${SMTP_URL_SHAPE}, got "${redactSmtpUrl(raw)}"`);
    return null;
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return bad('is not a URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return bad(`has the scheme "${url.protocol}"`);
  if (!url.hostname) return bad('has no host');
  if ((url.pathname !== '' && url.pathname !== '/') || url.search || url.hash)
    return bad('has a path, query or fragment, which are not read');
  if (url.password && !url.username) return bad('has a password without a user');
  let user: string;
  let password: string;
  try {
    user = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
  } catch {
    return bad('has a user or password that is not valid percent-encoding');
  }
  const secure = url.protocol === 'smtps:';
  return {
    secure,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    user: user || null,
    password: password ? new Secret(password) : null,
  };
};
