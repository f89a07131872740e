import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { FACTS, startFixtureSite } from './support/fixture-site.ts';
import { ALICE, callOperation, pollDraft, settledStatus, startTestDrafting } from './support/harness.ts';

const script = fileURLToPath(new URL('./support/drafting-process.ts', import.meta.url));

const until = async (check: () => boolean, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('a restart in the middle of a crawl', () => {
  it('when the process is killed mid-crawl and started again then the draft still ends ready', async () => {
    const site = await startFixtureSite();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drafting-restart-'));
    site.hold(); // pages hang: the crawl is in flight when the process dies
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, DATA_DIR: dataDir, SUBMIT_URL: site.url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await until(() => out.includes('\n'), 'the draft id');
      const { status } = JSON.parse(out.trim()) as { status: string };
      expect(status).toBe('crawling');
      await until(() => site.requested.includes('/'), 'the homepage request');
      child.kill('SIGKILL');
      await exited;
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      site.release();
    }
    const { id } = JSON.parse(out.trim()) as { id: string };

    const env = await startTestDrafting({ dataDir });
    try {
      await serveFakeCatalog(env.bus);
      const draft = await pollDraft(env.bus, ALICE, id, settledStatus);
      expect(draft.status).toBe('ready');
      expect(draft.fields.name.value).toBe(FACTS.name);
      const listed = await callOperation(env.bus, 'list_my_drafts', ALICE, { query: { page: 1, per_page: 20 } });
      expect(listed.body.items.map((d: { id: string }) => d.id)).toEqual([id]);
    } finally {
      await env.stop();
      await site.close();
    }
  });
});
