import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openMemoryReadModelStore } from './memory-read-model-store.ts';
import { readModelStoreContract } from './read-model-store.contract.ts';
import { openSqliteReadModelStore } from './sqlite-read-model-store.ts';

readModelStoreContract('memory', async () => ({ store: openMemoryReadModelStore(), cleanup: () => {} }));

readModelStoreContract('sqlite', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'read-models-'));
  const file = path.join(dir, 'read-models.sqlite');
  return {
    store: openSqliteReadModelStore({ path: file }),
    reopen: async () => openSqliteReadModelStore({ path: file }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
});
