import { forbiddenKeyErrors, mayHoldForbiddenKey } from '@listings/platform/edge';
import { problemOf, ValidationError } from '@listings/platform/errors';
import { problemText } from '../tools/render.ts';

/** JSON-RPC 2.0: the request is not a valid one / its params are not */
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;

/**
 * The REST edge's rule on the MCP endpoint: a body holding `__proto__` or `constructor` as a key,
 * at any depth, is refused by name before the SDK sees it (the SDK copies tool arguments by
 * assignment, where `__proto__` would set a prototype and vanish instead of being refused). The
 * answer is a JSON-RPC error naming each key by its path in the message
 * (`params.arguments.__proto__`; in a 2025-03-26 batch, prefixed with the message's index), with
 * the problem details as its `data`. Undefined when the body holds no such key.
 */
export const forbiddenKeysResponse = (text: string, body: unknown): Response | undefined => {
  if (!mayHoldForbiddenKey(text)) return undefined;
  const errors = forbiddenKeyErrors(body, '').map((e) => ({ ...e, field: e.field.slice(1) }));
  if (errors.length === 0) return undefined;
  const problem = problemOf(new ValidationError(errors));
  const batch = Array.isArray(body);
  const id = !batch && body !== null && typeof body === 'object' ? ((body as { id?: unknown }).id ?? null) : null;
  const code = !batch && errors.every((e) => e.field.startsWith('params.')) ? INVALID_PARAMS : INVALID_REQUEST;
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', id, error: { code, message: problemText(problem), data: problem } }),
    {
      status: 400,
      headers: { 'content-type': 'application/json' },
    },
  );
};
