import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpointOffTheLoop } from './wal-checkpoints.ts';

const directory = mkdtempSync(join(tmpdir(), 'wal-checkpoints-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** resolves once `condition` holds, checking every 20 ms, or fails after `ms` */
const eventually = async (condition: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const open = (path: string) => {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  return db;
};

describe('checkpointOffTheLoop', () => {
  it("the connection never checkpoints, the process's thread copies the log into the database file", async () => {
    const path = join(directory, 'docs.sqlite');
    const db = open(path);
    const checkpoints = checkpointOffTheLoop(db, path);
    expect(db.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 0 });
    db.exec('CREATE TABLE docs (id INTEGER PRIMARY KEY, doc TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO docs (doc) VALUES (?)');
    // 4,000 pages of 4 KB: past the 1,000 at which the connection would have checkpointed itself
    db.exec('BEGIN');
    for (let i = 0; i < 4000; i++) insert.run('x'.repeat(4000));
    db.exec('COMMIT');
    await eventually(() => statSync(path).size > 4000 * 4000);
    await checkpoints.release();
    db.close();
    const again = new DatabaseSync(path);
    expect(again.prepare('SELECT count(*) AS n FROM docs').get()).toEqual({ n: 4000 });
    again.close();
  });

  it('an in-memory database has no log: nothing is handed over', async () => {
    const db = new DatabaseSync(':memory:');
    const checkpoints = checkpointOffTheLoop(db, ':memory:');
    expect(db.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 1000 });
    await checkpoints.release();
    db.close();
  });
});
