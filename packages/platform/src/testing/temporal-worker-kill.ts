/**
 * A worker that a test can kill mid-workflow: it runs in a child process (see
 * ./temporal-worker-process.ts) over the same bundled workflow entry, and its activities start
 * and never end, so the test knows the workflow is in the middle of one when it kills the process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { workflowBundle } from './temporal-server.ts';

export interface DoomedWorker {
  /** resolves when one of its activities has started (and hangs there) */
  activityStarted(name: string): Promise<void>;
  /** SIGKILL: the worker vanishes without a word to the server */
  kill(): Promise<void>;
}

export const startDoomedWorker = async (
  env: TestWorkflowEnvironment,
  options: { readonly temporalEntry: URL; readonly taskQueue: string; readonly activityNames: readonly string[] },
): Promise<DoomedWorker> => {
  const dir = await mkdtemp(join(tmpdir(), 'doomed-worker-'));
  const codePath = join(dir, 'workflows.js');
  await writeFile(codePath, (await workflowBundle(options.temporalEntry)).code);
  const script = fileURLToPath(new URL('./temporal-worker-process.ts', import.meta.url));
  const child: ChildProcess = spawn(
    process.execPath,
    [script, env.address, env.namespace ?? 'default', options.taskQueue, codePath, ...options.activityNames],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const waiters: { line: string; resolve: () => void }[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (output.split('\n').includes(waiter.line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    settle();
  });
  const waitFor = (line: string) =>
    new Promise<void>((resolve, reject) => {
      waiters.push({ line, resolve });
      settle();
      void exited.then(() => reject(new Error(`the worker process exited before "${line}"`)));
    });
  await waitFor('worker-running');
  return {
    activityStarted: (name) => waitFor(`activity-started ${name}`),
    async kill() {
      child.kill('SIGKILL');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
};
