import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '@listings/platform/config';

export const tempDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'listings-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

/** A port the OS says is free now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export const testConfig = (overrides: Record<string, string>): Config =>
  loadConfig({ LOG_LEVEL: 'silent', ...overrides }, process.cwd());
