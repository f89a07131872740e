import { describe, expect, it, vi } from 'vitest';
import { manualClockWithTimers, systemTimers } from '../clock.ts';
import { silentLogger } from '../logger.ts';
import { NonRetryableActivityError, type WorkflowDefinition } from './context.ts';
import { createInProcessRunner } from './in-process-runner.ts';

const logger = silentLogger();

describe('in-process workflow runner', () => {
  it('when the system timers wait eight weeks then they fire at eight weeks, not at once (one Node timer holds 24.8 days)', () => {
    vi.useFakeTimers();
    try {
      const fired: number[] = [];
      const eightWeeks = 8 * 7 * 86_400_000;
      systemTimers.setTimeout(() => fired.push(Date.now()), eightWeeks);
      const cancelled = systemTimers.setTimeout(() => fired.push(-1), eightWeeks);
      const start = Date.now();
      vi.advanceTimersByTime(30 * 86_400_000);
      systemTimers.clearTimeout(cancelled);
      vi.advanceTimersByTime(eightWeeks - 30 * 86_400_000 - 1);
      expect(fired).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(fired).toEqual([start + eightWeeks]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when its timers are a manual clock then a sleep of eight weeks (longer than one Node timer) ends when the clock passes it, not before', async () => {
    const clock = manualClockWithTimers('2026-01-05T00:00:00.000Z');
    const woke: string[] = [];
    const activities = { wake: async (_input: unknown) => void woke.push(clock.now().toISOString()) };
    const eightWeeks = 8 * 7 * 86_400_000;
    const wf: WorkflowDefinition<unknown, typeof activities> = async (ctx) => {
      await ctx.sleep(eightWeeks);
      await ctx.activity('wake', {});
    };
    const runner = createInProcessRunner({ workflows: { wf }, activities, logger, timers: clock.timers });
    await runner.start('wf', 'w-long', {});
    clock.advance(eightWeeks - 60_000);
    await Promise.resolve();
    expect(woke).toEqual([]);
    expect(runner.running()).toEqual(['w-long']);
    clock.advance(60_000);
    await runner.settled('w-long');
    expect(woke).toEqual(['2026-03-02T00:00:00.000Z']);
    await runner.stop();
  });

  it('when a workflow calls activities then they run in order with their inputs', async () => {
    const calls: string[] = [];
    const activities = {
      greet: async (input: { name: string }) => {
        calls.push(`greet ${input.name}`);
        return `hello ${input.name}`;
      },
      shout: async (input: { text: string }) => {
        calls.push(`shout ${input.text}`);
      },
    };
    const wf: WorkflowDefinition<{ name: string }, typeof activities> = async (ctx, input) => {
      const text = await ctx.activity('greet', { name: input.name });
      await ctx.activity('shout', { text });
    };
    const runner = createInProcessRunner({ workflows: { wf }, activities, logger });
    await runner.start('wf', 'w-1', { name: 'ada' });
    await runner.settled('w-1');
    expect(calls).toEqual(['greet ada', 'shout hello ada']);
    await runner.stop();
  });

  it('when a run continues as new then the same workflow starts over with the new input, under the same id', async () => {
    const seen: number[] = [];
    const activities = { note: async (input: { round: number }) => void seen.push(input.round) };
    const wf: WorkflowDefinition<{ round: number }, typeof activities> = async (ctx, input) => {
      await ctx.activity('note', { round: input.round });
      if (input.round < 3) await ctx.continueAsNew({ round: input.round + 1 });
    };
    const runner = createInProcessRunner({ workflows: { wf }, activities, logger });
    await runner.start('wf', 'w-new', { round: 1 });
    expect(runner.running()).toEqual(['w-new']);
    await runner.settled('w-new');
    expect(seen).toEqual([1, 2, 3]);
    expect(runner.running()).toEqual([]);
    await runner.stop();
  });

  it('when the same workflow id is started while it runs then it runs once', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const activities = {
      work: async (_input: unknown) => {
        runs += 1;
        await gate;
      },
    };
    const wf: WorkflowDefinition<unknown, typeof activities> = async (ctx) => ctx.activity('work', {});
    const runner = createInProcessRunner({ workflows: { wf }, activities, logger });
    await runner.start('wf', 'same', {});
    await runner.start('wf', 'same', {});
    expect(runner.running()).toEqual(['same']);
    release();
    await runner.settled('same');
    expect(runs).toBe(1);
    await runner.stop();
  });

  it('when an activity fails then it is retried up to the limit; a non-retryable failure is not', async () => {
    let flaky = 0;
    let fatal = 0;
    const activities = {
      flaky: async (_input: unknown) => {
        flaky += 1;
        if (flaky < 3) throw new Error('try again');
        return 'ok';
      },
      fatal: async (_input: unknown) => {
        fatal += 1;
        throw new NonRetryableActivityError('no point');
      },
    };
    const results: string[] = [];
    const wf: WorkflowDefinition<unknown, typeof activities> = async (ctx) => {
      results.push(await ctx.activity('flaky', {}));
      try {
        await ctx.activity('fatal', {});
      } catch (error) {
        results.push((error as Error).message);
      }
    };
    const runner = createInProcessRunner({
      workflows: { wf },
      activities,
      logger,
      retry: { maxAttempts: 5, initialIntervalMs: 1 },
    });
    await runner.start('wf', 'r', {});
    await runner.settled('r');
    expect(results).toEqual(['ok', 'no point']);
    expect(flaky).toBe(3);
    expect(fatal).toBe(1);
    await runner.stop();
  });

  it('when a signal arrives then waitForSignal gives its payload; without one it times out with undefined', async () => {
    const seen: unknown[] = [];
    const activities = {};
    const wf: WorkflowDefinition<unknown, typeof activities> = async (ctx) => {
      seen.push(await ctx.waitForSignal('go', 10_000));
      seen.push(await ctx.waitForSignal('never', 5));
    };
    const runner = createInProcessRunner({ workflows: { wf }, activities, logger });
    await runner.start('wf', 's', {});
    await runner.signal('s', 'go', { n: 1 });
    await runner.settled('s');
    expect(seen).toEqual([{ n: 1 }, undefined]);
    await runner.stop();
  });

  it('when the runner stops then sleeping workflows end at once and new starts are refused', async () => {
    const activities = {};
    const wf: WorkflowDefinition<unknown, typeof activities> = async (ctx) => ctx.sleep(60_000);
    const runner = createInProcessRunner({ workflows: { wf }, activities, logger });
    await runner.start('wf', 'sleepy', {});
    await runner.stop();
    expect(runner.running()).toEqual([]);
    await expect(runner.start('wf', 'late', {})).rejects.toThrow(/stopping/);
  });
});
