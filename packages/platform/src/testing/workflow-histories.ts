/**
 * Workflow histories recorded on a real Temporal and kept in the repository, replayed against the
 * current workflow code: a change to a definition that would make a running workflow take another
 * path (a non-determinism error on Temporal) fails the replay unless it is behind `ctx.patched`.
 * Record them with `RECORD_WORKFLOW_HISTORIES=1 npx vitest run <a *.runners.test.ts>`: each test of
 * the shared suite on the Temporal dev server writes its workflow's history to the service's
 * `src/workflows/histories/` folder, named after the test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { Worker } from '@temporalio/worker';
import { workflowBundle } from './temporal-server.ts';

type History = Parameters<typeof historyToJSON>[0];

export const recordingHistories = (): boolean => process.env.RECORD_WORKFLOW_HISTORIES === '1';

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);

/** writes a history (of the current test's workflow) to `dir`, named after the test */
export const saveHistory = async (dir: URL, testName: string, history: History): Promise<void> => {
  await mkdir(dir, { recursive: true });
  await writeFile(join(fileURLToPath(dir), `${slug(testName)}.json`), `${historyToJSON(history)}\n`);
};

/** the recorded histories in `dir`, by file name */
export const recordedHistories = (dir: URL): { name: string; history: History }[] => {
  const path = fileURLToPath(dir);
  return readdirSync(path)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name, history: historyFromJSON(JSON.parse(readFileSync(join(path, name), 'utf8'))) }));
};

/** replays one recorded history against the entry's current code; rejects on non-determinism */
export const replayHistory = async (entry: URL, name: string, history: History): Promise<void> => {
  await Worker.runReplayHistory({ workflowBundle: await workflowBundle(entry), replayName: name }, history);
};
