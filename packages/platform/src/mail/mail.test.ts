import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createMailer } from './create-mailer.ts';
import { readOutbox } from './mail.ts';
import { describeMailerContract } from './mailer.contract.ts';

// SMTP_URL unset: createMailer gives the outbox under DATA_DIR
describeMailerContract('outbox', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  return {
    mailer: createMailer(loadConfig({ DATA_DIR: dataDir })),
    delivered: async () =>
      (await readOutbox(dataDir)).map(({ to, subject, text, kind }) => ({ to, subject, text, kind })),
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
});
