import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors.ts';
import { openMemoryEventStore } from '../event-store/memory-event-store.ts';
import { type Decider, handleCommand } from './decider.ts';
import { deciderSpec } from './specification.ts';

// A tiny counter aggregate, enough to exercise the runner.
type CounterEvent = { type: 'Opened'; data: { id: string } } | { type: 'Added'; data: { by: number } };
type CounterCommand = { type: 'Open'; id: string } | { type: 'Add'; by: number };
type Counter = { status: 'none' } | { status: 'open'; total: number };

const counter: Decider<CounterCommand, Counter, CounterEvent> = {
  initialState: { status: 'none' },
  evolve: (state, event) => {
    switch (event.type) {
      case 'Opened':
        return { status: 'open', total: 0 };
      case 'Added':
        return state.status === 'open' ? { status: 'open', total: state.total + event.data.by } : state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Open':
        return state.status === 'none' ? [{ type: 'Opened', data: { id: command.id } }] : [];
      case 'Add':
        if (state.status !== 'open') throw new ConflictError('counter is not open');
        return [{ type: 'Added', data: { by: command.by } }];
    }
  },
};

describe('decider runner', () => {
  const spec = deciderSpec(counter);

  it('when a counter is open then adding emits Added', () => {
    spec
      .given([{ type: 'Opened', data: { id: 'c' } }])
      .when({ type: 'Add', by: 2 })
      .then([{ type: 'Added', data: { by: 2 } }]);
  });

  it('when a counter is not open then adding is a conflict', () => {
    spec
      .given([])
      .when({ type: 'Add', by: 2 })
      .thenThrows(ConflictError, /not open/);
  });

  it('when commands are handled then events are appended and state folds', async () => {
    const store = openMemoryEventStore();
    await handleCommand({ store, stream: 'counter-1', decider: counter, command: { type: 'Open', id: '1' } });
    const result = await handleCommand({
      store,
      stream: 'counter-1',
      decider: counter,
      command: { type: 'Add', by: 5 },
    });
    expect(result.state).toEqual({ status: 'open', total: 5 });
    expect(result.revision).toBe(1);
    expect((await store.readStream('counter-1')).map((e) => e.type)).toEqual(['Opened', 'Added']);
    await store.close();
  });

  it('when a command decides nothing then nothing is appended', async () => {
    const store = openMemoryEventStore();
    await handleCommand({ store, stream: 'counter-1', decider: counter, command: { type: 'Open', id: '1' } });
    const again = await handleCommand({
      store,
      stream: 'counter-1',
      decider: counter,
      command: { type: 'Open', id: '1' },
    });
    expect(again.events).toEqual([]);
    expect(await store.readStream('counter-1')).toHaveLength(1);
    await store.close();
  });

  it('a command is through the position of the stream it decided on: its last event, appended or seen', async () => {
    const store = openMemoryEventStore();
    await store.append('other-1', [{ id: 'o', type: 'Opened', data: { id: 'o' } }], 'no_stream');
    const open = (id: string) =>
      handleCommand({ store, stream: `counter-${id}`, decider: counter, command: { type: 'Open', id } });
    const opened = await open('1');
    expect([opened.position, opened.through]).toEqual([2, 2]);
    await store.append('other-1', [{ id: 'o2', type: 'Added', data: { by: 1 } }], 0);
    // nothing to append: another writer opened it first, and that is what a reader must have folded
    const again = await open('1');
    expect([again.position, again.through]).toEqual([0, 2]);
    const added = await handleCommand({
      store,
      stream: 'counter-1',
      decider: counter,
      command: { type: 'Add', by: 3 },
    });
    expect([added.position, added.through]).toEqual([4, 4]);
    // a stream that does not exist and a command that decides nothing there: nothing to wait for
    const nothing = await handleCommand({
      store,
      stream: 'counter-2',
      decider: { ...counter, decide: () => [] },
      command: { type: 'Open', id: '2' },
    });
    expect([nothing.position, nothing.through]).toEqual([0, 0]);
    await store.close();
  });

  it('when two commands race on one stream then both land, one after a retry', async () => {
    const store = openMemoryEventStore();
    await handleCommand({ store, stream: 'counter-1', decider: counter, command: { type: 'Open', id: '1' } });
    await Promise.all([
      handleCommand({ store, stream: 'counter-1', decider: counter, command: { type: 'Add', by: 1 } }),
      handleCommand({ store, stream: 'counter-1', decider: counter, command: { type: 'Add', by: 2 } }),
    ]);
    const events = await store.readStream('counter-1');
    expect(events.map((e) => e.revision)).toEqual([0, 1, 2]);
    await store.close();
  });
});
