import {
  acceptInvite,
  type DescribeInviteReply,
  describeInvite,
  INVITE_TOKEN_PATTERN,
  type Principal,
} from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';

/** What drafting answered, or why there is no answer (status 503 when nobody answered in time). */
export type InviteAnswer<T> = { ok: true; body: T } | { ok: false; status: number; detail: string };

const tokenPattern = new RegExp(INVITE_TOKEN_PATTERN);
export const isInviteToken = (token: string): boolean => tokenPattern.test(token);

const ask = async <T>(bus: Bus, subject: string, payload: unknown): Promise<InviteAnswer<T>> => {
  let reply: unknown;
  try {
    reply = await bus.request(subject, payload, { timeoutMs: 10_000 });
  } catch (error) {
    return { ok: false, status: 503, detail: (error as Error).message };
  }
  const r = reply as {
    status?: number;
    body?: unknown;
    problem?: { status?: number; detail?: string; title?: string };
  };
  if (r && r.status === 200 && 'body' in r) return { ok: true, body: r.body as T };
  if (r && typeof r.status === 'number' && r.problem)
    return { ok: false, status: r.status, detail: r.problem.detail ?? r.problem.title ?? 'refused' };
  return { ok: false, status: 503, detail: 'drafting gave no usable answer' };
};

/** The invite accept page's questions to drafting, over the bus (`drafting.internal.*`). */
export const createInviteClient = (bus: Bus) => ({
  describe: (token: string) => ask<DescribeInviteReply>(bus, describeInvite.subject, { token }),
  accept: (token: string, principal: Principal) =>
    ask<{ draft_id: string }>(bus, acceptInvite.subject, { token, principal }),
});
export type InviteClient = ReturnType<typeof createInviteClient>;
