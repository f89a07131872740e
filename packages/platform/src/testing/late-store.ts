/**
 * A service process started before one of its stores (issue #28): started with `env` pointing at
 * a port nothing listens on yet, it must stay up, its /readyz answer 503 naming `check`, and once
 * the store starts there (`startStore`, late) it must finish starting with the check `up`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { loadConfig } from '../config.ts';
import { silentLogger } from '../logger.ts';
import { type ProcessDeps, type Running, startServiceProcess } from '../runtime.ts';
import { freePort } from './free-port.ts';
import { startNatsServer } from './nats-server.ts';
import { until } from './until.ts';

interface ReadyAnswer {
  readonly status: number;
  readonly checks: Record<string, string>;
}

export const expectToWaitForLateStore = async (options: {
  readonly service: string;
  readonly start: (deps: ProcessDeps) => Promise<Running>;
  /** the store's settings, given the port it will listen on */
  readonly env: (storePort: number) => Record<string, string>;
  /** the /readyz check that names the store while it is awaited */
  readonly check: string;
  /** starts the store on that port; returns how to stop it */
  readonly startStore: (storePort: number) => Promise<{ stop(): Promise<void> }>;
  /** an edge that serves /readyz on its own port (PORT), as the gateway does */
  readonly ownHttp?: boolean;
}): Promise<void> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${options.service}-late-store-`));
  const nats = await startNatsServer();
  let store: { stop(): Promise<void> } | undefined;
  let running: Awaited<ReturnType<typeof startServiceProcess>> | undefined;
  let outcome: 'pending' | 'started' | Error = 'pending';
  try {
    const storePort = await freePort();
    const opsPort = await freePort();
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'off',
        NATS_URL: nats.url,
        OPS_PORT: String(opsPort),
        ...(options.ownHttp ? { PORT: String(opsPort) } : {}),
        ...options.env(storePort),
      },
      process.cwd(),
    );
    const starting = startServiceProcess(options.service, options.start, {
      config,
      logger: silentLogger(),
      natsUrl: nats.url,
      ...(options.ownHttp ? { ownHttp: true } : {}),
    }).then(
      (started) => {
        running = started;
        outcome = 'started';
      },
      (error: Error) => {
        outcome = error;
      },
    );
    const readyz = async (): Promise<ReadyAnswer | Error> => {
      if (outcome instanceof Error) return outcome;
      try {
        const response = await fetch(`http://127.0.0.1:${opsPort}/readyz`);
        return { status: response.status, checks: ((await response.json()) as ReadyAnswer).checks };
      } catch (error) {
        return error as Error; // the ops server is not listening yet
      }
    };
    // MongoDB's first refusal comes after its server selection timeout (10 s)
    const waiting = await until(
      readyz,
      (answer) =>
        outcome instanceof Error || (!(answer instanceof Error) && answer.checks[options.check] !== undefined),
      { tries: 300 },
    );
    expect(outcome).toBe('pending');
    expect(waiting).toMatchObject({ status: 503, checks: { [options.check]: expect.stringMatching(/^down: /) } });

    store = await options.startStore(storePort);
    await starting;
    expect(outcome).toBe('started');
    expect(await readyz()).toMatchObject({ status: 200, checks: { [options.check]: 'up' } });
  } finally {
    await running?.stop();
    await store?.stop();
    await nats.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
