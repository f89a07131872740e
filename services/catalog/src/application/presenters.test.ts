import { describe, expect, it } from 'vitest';
import { MEMO_MAX, memoBesidesViews } from './presenters.ts';

describe('memoBesidesViews', () => {
  it('computes a value once per version besides views', () => {
    const view = { versionBesidesViews: 1 };
    let computed = 0;
    const board = () => memoBesidesViews(view, 'board', () => ++computed);
    expect([board(), board()]).toEqual([1, 1]);
    view.versionBesidesViews = 2;
    expect(board()).toBe(2);
  });

  it('when full, drops the least recently used value, not the ones in use', () => {
    const view = { versionBesidesViews: 1 };
    let boards = 0;
    const board = () => memoBesidesViews(view, 'board', () => ++boards);
    board();
    // a browse over more listings than the memo holds, the board asked between them
    for (let i = 0; i < 2 * MEMO_MAX; i++) {
      memoBesidesViews(view, `alternatives:${i}`, () => i);
      if (i % 100 === 0) board();
    }
    expect(boards).toBe(1);
    // the first listings' alternatives went
    let again = 0;
    memoBesidesViews(view, 'alternatives:0', () => ++again);
    memoBesidesViews(view, `alternatives:${2 * MEMO_MAX - 1}`, () => ++again);
    expect(again).toBe(1);
  });

  it('forgets a failed query', async () => {
    const view = { versionBesidesViews: 1 };
    const failing = memoBesidesViews(view, 'q', () => Promise.reject(new Error('no')));
    await expect(failing).rejects.toThrow('no');
    expect(await memoBesidesViews(view, 'q', () => Promise.resolve(7))).toBe(7);
  });
});
