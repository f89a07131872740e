import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type OperationReply, operationById, type Principal } from '@listings/contracts';
import { type Bus, createInProcessBus } from '@listings/platform/bus';
import type { DailyLimits } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';
import { type DraftingDeps, startDrafting } from '../../src/main.ts';

export const principalOf = (accountId: string): Principal => ({
  account_id: accountId,
  scopes: ['account:read', 'listings:write'],
  via: 'api_key' as Principal['via'],
});
export const ALICE = principalOf('acct-alice');
export const BOB = principalOf('acct-bob');
export const ANONYMOUS: Principal = { account_id: null, scopes: [], via: 'anonymous' };

export interface Call {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  idempotencyKey?: string;
}

/** Sends an operation request over the bus exactly as a gateway does. */
export const callOperation = async (bus: Bus, operationId: string, principal: Principal, call: Call = {}) => {
  const op = operationById(operationId);
  if (!op) throw new Error(`unknown operation ${operationId}`);
  const reply = (await bus.request(op.subject, {
    operation_id: operationId,
    principal,
    params: call.params ?? {},
    query: call.query ?? {},
    ...(call.body !== undefined ? { body: call.body } : {}),
    ...(call.idempotencyKey ? { idempotency_key: call.idempotencyKey } : {}),
  })) as OperationReply;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
  return reply as { status: number; body?: any; problem?: any };
};

/** Polls get_draft (as a client would) until the predicate holds, bounded. */
export const pollDraft = async (
  bus: Bus,
  principal: Principal,
  id: string,
  // biome-ignore lint/suspicious/noExplicitAny: a draft body
  until: (draft: any) => boolean,
  timeoutMs = 30_000,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await callOperation(bus, 'get_draft', principal, { params: { id } });
    if (reply.status === 200 && until(reply.body)) return reply.body;
    if (Date.now() > deadline) throw new Error(`draft ${id} never got there: ${JSON.stringify(reply).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
export const settledStatus = (draft: { status: string }) => draft.status === 'ready' || draft.status === 'failed';

export const startTestDrafting = async (
  options: {
    allowPrivateNetworks?: boolean;
    overrides?: DraftingDeps['overrides'];
    env?: NodeJS.ProcessEnv;
    dataDir?: string;
    /** DRAFTS_PER_ACCOUNT_PER_DAY and CLAIMS_PER_ACCOUNT_PER_DAY as loaded (default: their defaults) */
    dailyLimits?: DailyLimits;
  } = {},
) => {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'drafting-test-'));
  const bus = createInProcessBus();
  const service = await startDrafting({
    bus,
    logger: silentLogger(),
    config: {
      dataDir,
      publicUrl: 'http://localhost:3000',
      fetchAllowPrivateNetworks: options.allowPrivateNetworks ?? true,
      ...(options.dailyLimits ? { dailyLimits: options.dailyLimits } : {}),
    },
    env: options.env ?? {},
    overrides: { retry: { maxAttempts: 2, initialIntervalMs: 10 }, ...options.overrides },
  });
  return {
    bus,
    dataDir,
    service,
    stop: async (keepData = false) => {
      await service.stop();
      await bus.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
