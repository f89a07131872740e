import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ferretDbMissing, type RunningFerretDb, startFerretDb } from '../testing/ferretdb-server.ts';
import { createMailer } from './create-mailer.ts';
import { describeMailerContract } from './mailer.contract.ts';
import { readMongoOutbox } from './mongo-outbox-mailer.ts';

const missing = ferretDbMissing();
if (missing) console.warn(`skipping the MongoDB outbox tests: ${missing}`);

describe.skipIf(missing !== undefined)('the outbox in MongoDB (MONGO_URL set, SMTP_URL not)', () => {
  let server: RunningFerretDb;
  let databases = 0;
  beforeAll(async () => {
    server = await startFerretDb();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  describeMailerContract('mongodb outbox (FerretDB)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mongo-outbox-'));
    const database = `outbox_${++databases}`;
    return {
      mailer: createMailer(loadConfig({ DATA_DIR: dataDir, MONGO_URL: server.url, MONGO_DB: database })),
      delivered: async () =>
        (await readMongoOutbox(server.url, database)).map(({ to, subject, text, kind }) => ({
          to,
          subject,
          text,
          kind,
        })),
      close: () => rm(dataDir, { recursive: true, force: true }),
    };
  });

  it('when a process on the production stores mails without SMTP then nothing is written under DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mongo-outbox-'));
    const database = `outbox_${++databases}`;
    try {
      const mailer = createMailer(loadConfig({ DATA_DIR: dataDir, MONGO_URL: server.url, MONGO_DB: database }));
      await mailer.send({ to: 'a@example.com', subject: 'One', text: 'first', kind: 'test' });
      await mailer.send({ to: 'b@example.com', subject: 'Two', text: 'second', kind: 'test' });
      expect((await readMongoOutbox(server.url, database)).map((m) => m.subject)).toEqual(['One', 'Two']);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
