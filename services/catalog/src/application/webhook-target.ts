import { isIP } from 'node:net';
import { ValidationError } from '@listings/platform/errors';
import { addressRefusal } from '@listings/platform/outbound';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A webhook target an owner may register: https to a public host; plain http only to loopback and
 * only where outbound fetches may reach private networks (FETCH_ALLOW_PRIVATE_NETWORKS, tests and
 * development). Every delivery then goes through the guarded fetcher, which checks the address each
 * name resolves to when it connects.
 */
export const checkWebhookTarget = (url: string, allowPrivateNetworks: boolean): string => {
  const refuse = (message: string) => new ValidationError([{ field: 'body.url', message }]);
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase();
  const bare = host.replace(/^\[|\]$/g, '');
  if (parsed.username || parsed.password) throw refuse('must not carry credentials');
  if (parsed.protocol === 'http:' && !(allowPrivateNetworks && LOOPBACK_NAMES.has(host)))
    throw refuse('must be an https URL');
  if (!allowPrivateNetworks) {
    if (host === 'localhost' || host.endsWith('.localhost')) throw refuse('must not name a loopback host');
    const refusal = isIP(bare) ? addressRefusal(bare) : null;
    if (refusal) throw refuse(`must not name a private address (${refusal})`);
  }
  return parsed.href;
};
