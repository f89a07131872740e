import type { OrderLifecycle } from '../application/order-lifecycle.ts';

/** the payment workflow's activities: plain functions of the lifecycle (a Temporal worker runs them too) */
export const createCommerceActivities = (lifecycle: OrderLifecycle) => ({
  expireIfDue: (input: { number: string }) => lifecycle.expireIfDue(input.number),
  fulfilOrder: async (input: { number: string }): Promise<void> => void (await lifecycle.fulfil(input.number)),
});
export type CommerceActivities = ReturnType<typeof createCommerceActivities>;
