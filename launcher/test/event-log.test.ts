import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { afterAll, describe, expect, it } from 'vitest';
import { type EventLine, exportEvents, lastPosition } from '../src/event-log.ts';
import { tempDataDir } from './support.ts';

/** a destination that takes one line at a time, slowly, and remembers the most it ever buffered */
const slowSink = () => {
  const lines: EventLine[] = [];
  let mostBuffered = 0;
  const sink = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      mostBuffered = Math.max(mostBuffered, sink.writableLength);
      lines.push(JSON.parse(chunk.toString()) as EventLine);
      setImmediate(done);
    },
  });
  return { sink, lines, mostBuffered: () => mostBuffered };
};

describe('event log export', () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  /** a service's log under DATA_DIR with events recorded at the given minutes */
  const writeLog = async (service: string, minutes: number[], extra: Record<string, unknown> = {}) => {
    mkdirSync(path.join(data.dir, service), { recursive: true });
    let minute = 0;
    const store = openSqliteEventStore({
      path: path.join(data.dir, service, 'events.sqlite'),
      now: () => new Date(Date.UTC(2030, 0, 1, 0, minute)),
    });
    for (const [i, m] of minutes.entries()) {
      minute = m;
      await store.append(
        `thing-${i}`,
        [{ id: randomUUID(), type: 'ThingHappened', data: { service, i }, metadata: extra }],
        'no_stream',
      );
    }
    return store;
  };

  it('when several logs are exported then they merge by time, each in its own order, numbered in one merged log, waiting for a slow destination', async () => {
    // drafting's clock went back once: its own order still wins over time
    const catalog = await writeLog('catalog', [1, 3, 5, ...Array.from({ length: 1200 }, () => 9)]);
    const drafting = await writeLog('drafting', [2, 6, 4, 8], { schema_version: 3 });
    const { sink, lines, mostBuffered } = slowSink();
    const counts = await exportEvents({
      dataDir: data.dir,
      services: ['catalog', 'claims', 'commerce', 'drafting'],
      after: 0,
      out: sink,
    });
    sink.end();
    await once(sink, 'finish');
    expect(lines).toHaveLength(1207);
    expect(counts).toEqual({ catalog: 1203, drafting: 4 });
    expect(lines.slice(0, 8).map((l) => `${l.service}:${l.service_position}`)).toEqual([
      'catalog:1',
      'drafting:1',
      'catalog:2',
      'catalog:3',
      'drafting:2',
      'drafting:3',
      'drafting:4',
      'catalog:4',
    ]);
    expect(lines.map((l) => l.position)).toEqual(lines.map((_, i) => i + 1));
    expect(lines.filter((l) => l.service === 'drafting').map((l) => l.version)).toEqual([3, 3, 3, 3]);
    expect(lines[0]).toMatchObject({ version: 1, stream: 'thing-0', revision: 0, type: 'ThingHappened' });
    // backpressure: the exporter waited for the sink instead of buffering the log in memory
    expect(mostBuffered()).toBeLessThan(4096);

    const { sink: one, lines: after } = slowSink();
    await exportEvents({ dataDir: data.dir, services: ['catalog'], after: 1200, out: one });
    one.end();
    await once(one, 'finish');
    expect(after.map((l) => l.position)).toEqual([1201, 1202, 1203]);

    expect(await lastPosition(catalog)).toBe(1203);
    expect(await lastPosition(drafting)).toBe(4);
    await catalog.close();
    await drafting.close();
  });
});
