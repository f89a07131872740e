import { API_KEY_NAME_MAX_LENGTH, createSessionApiKey, revokeSessionApiKey, SCOPES } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import type { FastifyInstance } from 'fastify';
import { type createFormOnce, type Form, field, fields } from '../../people/sessions.ts';
import type { MeActionDeps } from './route.ts';

/** the seconds until 00:00 UTC, when a daily limit counted in UTC days lifts */
const secondsToNextUtcDay = (now: Date): number => {
  const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((nextDay - now.getTime()) / 1000));
};

/**
 * The API keys section of `/me`: make a key (a name and scopes; shown once; a form sent twice makes
 * one key) and revoke one.
 */
export const apiKeyActions = (
  app: FastifyInstance,
  deps: MeActionDeps & { formOnce: ReturnType<typeof createFormOnce>; clock: Clock },
): void => {
  const { identity, pages, showMe } = deps;

  app.post('/me/api-keys', async (request, reply) => {
    if (await pages.refused(request, reply)) return reply;
    const me = await pages.signedIn(request, reply, '/me');
    if (!me) return reply;
    const form = request.body as Form;
    const name = field(form, 'name').trim();
    const scopes = fields(form, 'scopes');
    const errors: Record<string, string[]> = {};
    if (name === '' || name.length > API_KEY_NAME_MAX_LENGTH)
      errors.name = [`give the key a name of 1 to ${API_KEY_NAME_MAX_LENGTH} characters`];
    if (scopes.length === 0 || scopes.some((s) => !(SCOPES as readonly string[]).includes(s)))
      errors.scopes = ['choose at least one scope'];
    if (Object.keys(errors).length > 0)
      return showMe(request, reply, me, { status: 400, form: { name, scopes, errors } });
    if (!deps.formOnce.take(field(form, 'form_id')))
      return showMe(request, reply, me, {
        notice: 'That form was sent already: the key was made once (see the list).',
      });
    const made = await identity.send<{ key: string }>(createSessionApiKey, {
      session_token: me.token,
      name,
      scopes: [...new Set(scopes)],
    });
    if (!made.ok) {
      // the daily limit (API_KEYS_PER_ACCOUNT_PER_DAY) counts UTC days: it lifts at 00:00 UTC
      if (made.status === 429) reply.header('retry-after', String(secondsToNextUtcDay(deps.clock.now())));
      return showMe(request, reply, me, {
        status: made.status,
        form: { name, scopes, errors: { name: [made.detail] } },
      });
    }
    return showMe(request, reply, me, { status: 201, newKey: made.body.key });
  });

  deps.oneRequestAction('/me/api-keys/revoke', async (request, me) => ({
    outcome: await identity.send(revokeSessionApiKey, {
      session_token: me.token,
      key_id: field(request.body as Form, 'key_id').slice(0, 20),
    }),
    done: 'The key is revoked: it no longer works.',
  }));
};
