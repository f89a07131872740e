import { NotFoundError } from '@listings/platform/errors';
import { type CommerceCall, type CommerceOperationDeps, ordersCaller } from './commerce-deps.ts';
import { orderView } from './order-view.ts';

/** get_order: one of the caller's orders, from its stream. */
export const handleGetOrder = (deps: CommerceOperationDeps) => async (call: CommerceCall<'get_order'>) => {
  const account = ordersCaller(call);
  const number = String(call.params.number);
  const state = await deps.lifecycle.load(number);
  // someone else's order answers exactly like an unknown number
  if (state.status === 'none' || state.accountId !== account) throw new NotFoundError(`no order ${number}`);
  return orderView(deps, state);
};
