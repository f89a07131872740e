import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, tempDataDir } from './support.ts';

interface SiteInfo {
  counts: { live_listings: number; categories: number };
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Starts the all-in-one entry point exactly as `npm start` does (after installing), and waits for its "listening" line. */
const start = (env: Record<string, string>) => {
  const child = spawn(process.execPath, [path.join(ROOT, 'launcher/src/all-in-one.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, listening, exited, output: () => output };
};

const stop = async (child: ChildProcess, exited: Promise<number | null>) => {
  child.kill('SIGINT');
  return exited;
};

describe('npm start (the all-in-one process)', () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it('when started it serves on PORT, stops cleanly on Ctrl-C, and keeps its data across a restart', async () => {
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: data.dir, LOG_LEVEL: 'info' };

    const first = start(env);
    await first.listening;
    const before = (await (await fetch(`http://127.0.0.1:${port}/api/v1/site`)).json()) as SiteInfo;
    expect(before.counts.categories).toBe(0);
    expect(await stop(first.child, first.exited)).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    // something lands in catalog's event log while the process is down
    const store = openSqliteEventStore({ path: path.join(data.dir, 'catalog', 'events.sqlite') });
    await store.append(
      'category-ai',
      [{ id: crypto.randomUUID(), type: 'CategoryCreated', data: { slug: 'ai' } }],
      'no_stream',
    );
    await store.close();

    const second = start(env);
    await second.listening;
    const after = (await (await fetch(`http://127.0.0.1:${port}/api/v1/site`)).json()) as SiteInfo;
    expect(after.counts.categories).toBe(1);
    expect(await stop(second.child, second.exited)).toBe(0);
  });

  it('when PORT is not set then the default is 3000', async () => {
    const { loadConfig } = await import('@listings/platform/config');
    expect(loadConfig({}).port).toBe(3000);
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });
});
