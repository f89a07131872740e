import { describe, expect, it } from 'vitest';
import { endOfTurn, writeAtEndOfTurn } from './end-of-turn.ts';

describe('end of turn', () => {
  it('releases everyone who waited in one turn together, after the work of that turn', async () => {
    const order: string[] = [];
    const waits = ['a', 'b', 'c'].map((name) => endOfTurn().then(() => order.push(name)));
    queueMicrotask(() => order.push('microtask'));
    await Promise.all(waits);
    expect(order).toEqual(['microtask', 'a', 'b', 'c']);
  });

  it('when someone waits after a release then they wait for the next turn', async () => {
    await endOfTurn();
    let released = false;
    const next = endOfTurn().then(() => {
      released = true;
    });
    expect(released).toBe(false);
    await next;
    expect(released).toBe(true);
  });

  it('as a Fastify onSend hook it hands the payload on unchanged', async () => {
    const payload = Buffer.from('{"ok":true}');
    expect(await writeAtEndOfTurn({}, {}, payload)).toBe(payload);
  });
});
