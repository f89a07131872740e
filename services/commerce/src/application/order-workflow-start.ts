import type { OrderState } from '../domain/order/order.ts';
import { type OrderWorkflowInput, orderWorkflowId } from '../workflows/order-workflow.ts';
import type { CommerceOperationDeps } from './commerce-deps.ts';

/**
 * starts (or finds running) the order's payment workflow: a pending order's waits while it can be
 * paid, a paid order's goes straight to its events (and fulfils it)
 */
export const startOrderWorkflow = (deps: Pick<CommerceOperationDeps, 'runner' | 'clock'>, state: OrderState) =>
  state.status === 'none'
    ? Promise.resolve()
    : deps.runner.start('order', orderWorkflowId(state.number), {
        number: state.number,
        payWithinMs:
          state.status === 'pending' ? Math.max(0, Date.parse(state.expiresAt) - deps.clock.now().getTime()) : 0,
      } satisfies OrderWorkflowInput);

/** waits (up to `timeoutMs`) while a paid order is being fulfilled (or refused line by line), then answers its state */
export const settledOrder = async (
  deps: Pick<CommerceOperationDeps, 'lifecycle' | 'indexChanged'>,
  number: string,
  timeoutMs: number,
): Promise<OrderState> => {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const state = await deps.lifecycle.load(number);
    const left = deadline - performance.now();
    if (state.status !== 'paid' || left <= 0) return state;
    // every line carried out or refused by the catalog: nothing more is coming
    if (state.lineRefusals.every((reason, i) => reason !== null || state.fulfilled[i])) return state;
    await deps.indexChanged(left);
  }
};

/** after a restart: every pending or paid-but-unfulfilled order's workflow runs again */
export const resumeOrderWorkflows = async (
  deps: Pick<CommerceOperationDeps, 'index' | 'lifecycle' | 'runner' | 'clock'>,
): Promise<number> => {
  const numbers = [...deps.index().pending.keys(), ...deps.index().unfulfilled];
  for (const number of numbers) await startOrderWorkflow(deps, await deps.lifecycle.load(number));
  return numbers.length;
};
