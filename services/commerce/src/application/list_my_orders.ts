import { type CommerceCall, type CommerceOperationDeps, ordersCaller } from './commerce-deps.ts';
import { orderView } from './order-view.ts';

/** list_my_orders: the caller's orders from the orders index, newest first, each as its stream has it now. */
export const handleListMyOrders = (deps: CommerceOperationDeps) => async (call: CommerceCall<'list_my_orders'>) => {
  const account = ordersCaller(call);
  const { page = 1, per_page = 20 } = call.query;
  const mine = [...(deps.index().byAccount.get(account) ?? [])].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.number.localeCompare(a.number),
  );
  const slice = mine.slice((page - 1) * per_page, page * per_page);
  const items = await Promise.all(slice.map(async ({ number }) => orderView(deps, await deps.lifecycle.load(number))));
  return { items, page, per_page, total: mine.length };
};
