import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';

/** the version scripts/stand-ins/stripe-mock.sh builds */
export const STRIPE_MOCK_VERSION = 'v0.203.0';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CACHED = join(ROOT, '.cache', 'stand-ins', `stripe-mock-${STRIPE_MOCK_VERSION}`, 'stripe-mock');
const READY_TIMEOUT_MS = 20_000;

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** the binary to run, or why there is none (the suite skips and prints the reason) */
export const stripeMockBinary = (): { path: string } | { missing: string } => {
  const fromEnv = process.env.STRIPE_MOCK_BIN?.trim();
  if (fromEnv)
    return executable(fromEnv) ? { path: fromEnv } : { missing: `STRIPE_MOCK_BIN=${fromEnv} is not executable` };
  if (executable(CACHED)) return { path: CACHED };
  return {
    missing: `stripe-mock ${STRIPE_MOCK_VERSION} not found (set STRIPE_MOCK_BIN, or run scripts/stand-ins/stripe-mock.sh to build ${CACHED})`,
  };
};

export interface RunningStripeMock {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE */
  readonly url: string;
  stop(): Promise<void>;
}

/** starts stripe-mock on a port of loopback the system chooses (read back from its log: no race) */
export const startStripeMock = async (): Promise<RunningStripeMock> => {
  const found = stripeMockBinary();
  if ('missing' in found) throw new Error(found.missing);
  const child: ChildProcess = spawn(found.path, ['-http-addr', '127.0.0.1:'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise<number>((ready, fail) => {
    let log = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`stripe-mock was not ready within ${READY_TIMEOUT_MS} ms:\n${log}`));
    }, READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /Listening for HTTP at address: 127\.0\.0\.1:(\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        child.off('close', onClose);
        ready(Number(match[1]));
      }
    };
    const onClose = (code: number | null) => {
      clearTimeout(timer);
      fail(new Error(`stripe-mock exited (code ${code}) before it was ready:\n${log}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('close', onClose);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
};

/** a `Stripe-Signature` header for `payload`, made by the library's own test helper */
export const stripeSignature = (payload: string, secret: string): string =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });
