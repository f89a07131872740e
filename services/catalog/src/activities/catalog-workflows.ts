import { fileURLToPath } from 'node:url';
import type { Clock, Timers } from '@listings/platform/clock';
import type { WorkflowSettings } from '@listings/platform/config';
import type { Logger } from '@listings/platform/logger';
import type { SafeFetch } from '@listings/platform/outbound';
import type { storeWaits } from '@listings/platform/store-wait';
import { startWorkflowRunner } from '@listings/platform/workflows/temporal-runner';
import type { CatalogCommands } from '../application/commands.ts';
import type { WebhookStore } from '../application/webhook-store.ts';
import { L, listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import {
  BADGE_RETRY,
  type BadgeWorkflowInput,
  badgeWorkflowId,
  catalogWorkflows,
} from '../workflows/badge-workflow.ts';
import {
  type FreeLaunchActivities,
  type FreeLaunchInput,
  freeLaunchWorkflow,
  freeLaunchWorkflowId,
} from '../workflows/free-launch-workflow.ts';
import {
  DELIVERY_QUEUED,
  type WebhookDeliveryActivities,
  type WebhookDeliveryInput,
  webhookDeliveryWorkflow,
  webhookWorkflowId,
} from '../workflows/webhook-delivery-workflow.ts';
import { type BadgeCheckActivities, createBadgeCheckActivities } from './badge-check.ts';
import { createFreeLaunchActivities, launchWeekStartMs } from './free-launch.ts';

/**
 * The catalog's workflows on their runner (in process, or Temporal with TEMPORAL_ADDRESS): each
 * listing awaiting its badge has a badge workflow checking its homepage every interval, and each
 * free listing a launch workflow with a durable timer to its week's Monday. After a restart the
 * waiting listings' workflows start again (a no-op where they still run). The commands it returns
 * start a listing's workflows when it chooses the free plan.
 */
export const startCatalogWorkflows = async (deps: {
  view: CatalogView;
  commands: CatalogCommands;
  clock: Clock;
  logger: Logger;
  safeFetch: SafeFetch;
  publicUrl: string;
  settings: WorkflowSettings;
  /** the in-process runner's timers (tests: a manual clock's) */
  timers?: Timers;
  untilAnswers: ReturnType<typeof storeWaits>;
  /** the webhook endpoints' store and delivery activity: one delivery workflow per endpoint */
  webhooks: { store: WebhookStore; activities: WebhookDeliveryActivities };
}) => {
  const { view, commands, clock, logger } = deps;
  const badgeCheck = createBadgeCheckActivities({
    view,
    commands,
    safeFetch: deps.safeFetch,
    publicUrl: deps.publicUrl,
    logger,
  });
  const freeLaunch = createFreeLaunchActivities({ view, commands, clock, logger });
  const runner = await deps.untilAnswers('workflows', () =>
    startWorkflowRunner<BadgeCheckActivities & FreeLaunchActivities & WebhookDeliveryActivities>({
      settings: deps.settings,
      workflowsPath: fileURLToPath(new URL('../workflows/temporal-workflows.ts', import.meta.url)),
      inProcess: {
        workflows: { ...catalogWorkflows, freeLaunch: freeLaunchWorkflow, webhookDelivery: webhookDeliveryWorkflow },
        activities: { ...badgeCheck, ...freeLaunch, ...deps.webhooks.activities },
        logger,
        retry: BADGE_RETRY,
        ...(deps.timers ? { timers: deps.timers } : {}),
      },
    }),
  );
  const watchBadge = (listingId: number, checkFirst: boolean) =>
    runner.start('badge', badgeWorkflowId(listingId), { listingId, checkFirst } satisfies BadgeWorkflowInput);
  const scheduleFreeLaunch = (listingId: number, launchWeek: string) =>
    runner.start('freeLaunch', freeLaunchWorkflowId(listingId), {
      listingId,
      delayMs: Math.max(0, launchWeekStartMs(launchWeek) - clock.now().getTime()),
    } satisfies FreeLaunchInput);

  await resumeWebhookDeliveries(runner, deps.webhooks.store);

  for (const doc of await view.findListings({ where: { [L.status]: { eq: 'awaiting_badge' } } }))
    await watchBadge(doc.id, false);
  // the free listings queued (awaiting the badge) or scheduled
  const queued = await view.findListings({
    where: { [L.plan]: { eq: 'free' }, ...listingQueries.upcoming },
    sort: [[L.id, 1]],
  });
  for (const doc of queued) await scheduleFreeLaunch(doc.id, doc.launch_week as string);

  /** the commands with the free plan's workflows (badge check, launch) started once a listing chooses it */
  const withWorkflows: CatalogCommands = {
    ...commands,
    chooseFreePlan: async (listingId, accountId) => {
      const result = await commands.chooseFreePlan(listingId, accountId);
      await watchBadge(listingId, true);
      // the command waited for the read model: the listing's launch week is there
      const week = (await view.listing(listingId))?.launch_week;
      if (week) await scheduleFreeLaunch(listingId, week);
      return result;
    },
  };
  return { runner, badgeCheck, commands: withWorkflows };
};

/**
 * Each endpoint's delivery workflow is started (a no-op where it runs) and told when something was
 * queued for it; at a start, every active endpoint of the indexed listings resumes what it is owed.
 */
const resumeWebhookDeliveries = async (
  runner: {
    start(type: string, id: string, input: unknown): Promise<void>;
    signal(id: string, name: string, payload: unknown): Promise<void>;
  },
  store: WebhookStore,
) => {
  const wake = async (listingId: number, webhookId: string) => {
    const id = webhookWorkflowId(listingId, webhookId);
    await runner.start('webhookDelivery', id, { listingId, webhookId } satisfies WebhookDeliveryInput);
    await runner.signal(id, DELIVERY_QUEUED, null);
  };
  store.onQueued(wake);
  for (const listingId of await store.indexedListings())
    for (const endpoint of (await store.load(listingId)).endpoints.values())
      if (endpoint.status === 'active') await wake(listingId, endpoint.webhook_id);
};
