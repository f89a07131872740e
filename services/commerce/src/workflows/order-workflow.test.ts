import type { WorkflowContext } from '@listings/platform/workflows/context';
import { describe, expect, it } from 'vitest';
import type { CommerceActivities } from '../activities/commerce-activities.ts';
import { orderWorkflow, PAID_SIGNAL } from './order-workflow.ts';

type Outcome = Awaited<ReturnType<CommerceActivities['expireIfDue']>>;

/** a context that plays a script: what each wait for the signal gives, what each expiry check answers */
const scripted = (script: { signals: (object | undefined)[]; expiries: Outcome[] }) => {
  const log: string[] = [];
  const ctx = {
    waitForSignal: async (name: string, timeoutMs: number) => {
      log.push(`wait ${name} ${timeoutMs}`);
      return script.signals.shift();
    },
    sleep: async () => undefined,
    activity: async (name: string, input: { number: string }) => {
      log.push(`${name} ${input.number}`);
      return name === 'expireIfDue' ? script.expiries.shift() : undefined;
    },
  } as unknown as WorkflowContext<CommerceActivities>;
  return { ctx, log };
};

describe('order workflow', () => {
  it('when the payment comes in time then every line is fulfilled', async () => {
    const { ctx, log } = scripted({ signals: [{}], expiries: [] });
    await orderWorkflow(ctx, { number: 'ORD-1', payWithinMs: 86_400_000 });
    expect(log).toEqual([`wait ${PAID_SIGNAL} 86400000`, 'fulfilOrder ORD-1']);
  });

  it('when the time runs out unpaid then the order expires and nothing is fulfilled', async () => {
    const { ctx, log } = scripted({ signals: [undefined], expiries: [{ status: 'expired', remainingMs: 0 }] });
    await orderWorkflow(ctx, { number: 'ORD-1', payWithinMs: 1000 });
    expect(log).toEqual([`wait ${PAID_SIGNAL} 1000`, 'expireIfDue ORD-1']);
  });

  it('when the wait ends early then it waits for the rest of the time, and a payment then is fulfilled', async () => {
    const { ctx, log } = scripted({ signals: [undefined, {}], expiries: [{ status: 'pending', remainingMs: 250 }] });
    await orderWorkflow(ctx, { number: 'ORD-1', payWithinMs: 1000 });
    expect(log).toEqual([
      `wait ${PAID_SIGNAL} 1000`,
      'expireIfDue ORD-1',
      `wait ${PAID_SIGNAL} 250`,
      'fulfilOrder ORD-1',
    ]);
  });

  it('when the order was paid but the signal was lost (a restart) then the order events decide: fulfilled', async () => {
    const { ctx, log } = scripted({ signals: [undefined], expiries: [{ status: 'paid', remainingMs: 0 }] });
    await orderWorkflow(ctx, { number: 'ORD-1', payWithinMs: 0 });
    expect(log).toEqual([`wait ${PAID_SIGNAL} 0`, 'expireIfDue ORD-1', 'fulfilOrder ORD-1']);
  });

  it('when the order was refused at payment then the wait ends there and nothing is fulfilled', async () => {
    const { ctx, log } = scripted({ signals: [undefined], expiries: [{ status: 'refused', remainingMs: 0 }] });
    await orderWorkflow(ctx, { number: 'ORD-1', payWithinMs: 1000 });
    expect(log).toEqual([`wait ${PAID_SIGNAL} 1000`, 'expireIfDue ORD-1']);
  });
});
