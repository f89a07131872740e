import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedSearchIndex } from './embedded-search-index.ts';
import { searchIndexContract } from './search-index.contract.ts';

const fields = { name: 6, tagline: 2 };

searchIndexContract('embedded (MiniSearch + SQLite)', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-'));
  const file = path.join(dir, 'search.sqlite');
  return {
    index: openEmbeddedSearchIndex({ path: file, fields }),
    reopen: async () => openEmbeddedSearchIndex({ path: file, fields }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
});
