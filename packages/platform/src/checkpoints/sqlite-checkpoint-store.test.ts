import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { describeCheckpointStoreContract } from './checkpoint-store.contract.ts';
import { openSqliteCheckpointStore } from './sqlite-checkpoint-store.ts';

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

describeCheckpointStoreContract(
  'sqlite',
  async () => {
    const directory = mkdtempSync(join(tmpdir(), 'checkpoints-'));
    directories.push(directory);
    const options = { path: join(directory, 'checkpoints.db') };
    return { checkpoints: openSqliteCheckpointStore(options), reopen: async () => openSqliteCheckpointStore(options) };
  },
  { persistent: true },
);
