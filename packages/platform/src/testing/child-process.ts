/** What the test servers (nats-server, Typesense, FerretDB, Temporal) share about their processes. */
import type { ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** whether the file exists and may be run */
export const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** stops the process: SIGTERM, then SIGKILL after 5 s; resolves once it exited */
export const stopChild = (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
};
