import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** One email. Plain text; links are written out in full. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** what kind of mail, for tests and operators (e.g. `draft-invite`) */
  readonly kind: string;
}

/**
 * The email port. Production: SMTP (`createSmtpMailer`, when SMTP_URL is set); otherwise an outbox
 * directory. `send` resolves once the message is handed over (written, or accepted by the SMTP
 * server) and rejects when it was not; it never retries on its own.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxEntry extends MailMessage {
  readonly id: string;
  readonly sent_at: string;
}

/** `DATA_DIR/outbox`: one JSON file per message, named so a directory listing is in send order. */
export const outboxDir = (dataDir: string): string => path.join(dataDir, 'outbox');

/** The embedded mailer: writes each message to the outbox (atomically: write, then rename). */
export const createOutboxMailer = (options: { dataDir: string; now?: () => Date }): Mailer => {
  const dir = outboxDir(options.dataDir);
  const now = options.now ?? (() => new Date());
  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const sentAt = now().toISOString();
      const id = randomUUID();
      const entry: OutboxEntry = { id, sent_at: sentAt, ...message };
      // the monotonic counter orders messages sent within one millisecond (or under a pinned clock)
      const name = `${sentAt.replace(/[:.]/g, '-')}-${process.hrtime.bigint().toString().padStart(20, '0')}-${id}.json`;
      const temp = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(temp, `${JSON.stringify(entry, null, 2)}\n`);
      await fs.rename(temp, path.join(dir, name));
    },
  };
};

/** Every message in the outbox, oldest first (tests and the CLI read it). */
export const readOutbox = async (dataDir: string): Promise<OutboxEntry[]> => {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as OutboxEntry));
};
