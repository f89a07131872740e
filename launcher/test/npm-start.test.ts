import { execFile } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '@listings/platform/config';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiKey, freePort, ROOT, startAllInOneProcess, tempDataDir } from './support.ts';

describe('npm start (the all-in-one process)', () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it('when started it serves on PORT, stops cleanly on Ctrl-C, and keeps its data across a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), PUBLIC_URL: base, DATA_DIR: data.dir, DEMO_DATA: 'off', LOG_LEVEL: 'info' };

    const first = startAllInOneProcess(env);
    await first.listening;
    expect((await fetch(`${base}/api/v1/site`)).status).toBe(200);
    // something worth keeping: an account with a key, and a draft made through the API
    const key = await createApiKey(env, 'restart@example.com', 'account:read,listings:write');
    const created = await fetch(`${base}/api/v1/drafts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/' }),
    });
    expect(created.status).toBe(201);
    const draft = (await created.json()) as { id: string };
    expect(await first.interrupt()).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const second = startAllInOneProcess(env);
    await second.listening;
    const again = await fetch(`${base}/api/v1/drafts/${draft.id}`, { headers: { authorization: `Bearer ${key}` } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(draft.id);
    expect(await second.interrupt()).toBe(0);
  });

  it('when SMTP_URL is malformed then it stops before starting anything, naming it, and never prints the password', async () => {
    const env = { ...process.env, DATA_DIR: data.dir, SMTP_URL: 'smtp://mailer:hunter2-secret@mail.example.com:25x' };
    const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(ROOT, 'launcher/src/all-in-one.ts')],
        { cwd: ROOT, env },
        (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, output: stdout + stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.output).toContain('SMTP_URL is not a URL');
    expect(result.output).toContain('"smtp://mailer:***@mail.example.com:25x"');
    expect(result.output).not.toContain('hunter2');
  });

  it('when PORT is not set then the default is 3000', () => {
    expect(loadConfig({}).port).toBe(3000);
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });
});
