import type { ProblemBody } from '@listings/contracts';

const labelOf = (item: unknown): string | null => {
  if (!item || typeof item !== 'object') return null;
  const record = item as Record<string, unknown>;
  const nested =
    record.listing && typeof record.listing === 'object' ? (record.listing as Record<string, unknown>) : null;
  const name = record.name ?? record.title ?? record.question ?? nested?.name ?? record.number ?? record.id;
  const id = record.slug ?? nested?.slug ?? record.listing_id ?? record.claim_id ?? record.id;
  if (name === undefined) return null;
  const rank = typeof record.rank === 'number' ? `#${record.rank} ` : '';
  return `${rank}${String(name)}${id !== undefined && id !== name ? ` (${String(id)})` : ''}`;
};

/**
 * The short text rendering of a result: a headline a person can read, then the result as JSON for
 * clients that do not read `structuredContent` (the 2025-03-26 era). `json` is that JSON when the
 * caller has it already (the lean path, which receives the service's reply still encoded).
 */
export const renderResult = (toolName: string, body: unknown, json = JSON.stringify(body)): string => {
  let headline = `${toolName}: done.`;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record.items)) {
      const labels = record.items
        .map(labelOf)
        .filter((l): l is string => l !== null)
        .slice(0, 10);
      const total = typeof record.total === 'number' ? record.total : record.items.length;
      headline = `${toolName}: ${record.items.length} of ${total} (page ${String(record.page ?? 1)})${
        labels.length > 0 ? `: ${labels.join('; ')}${record.items.length > labels.length ? '; …' : ''}` : '.'
      }`;
    } else {
      const label = labelOf(body);
      const status = typeof record.status === 'string' ? `, status ${record.status}` : '';
      const checkout =
        typeof record.checkout_url === 'string' ? ` Checkout link for the person to pay: ${record.checkout_url}` : '';
      if (label) headline = `${toolName}: ${label}${status}.${checkout}`;
      else if (checkout) headline = `${toolName}:${checkout}`;
    }
  }
  return `${headline}\n\n${json}`;
};

const HINTS: Readonly<Record<number, string>> = {
  400: 'Fix the arguments named above and call again.',
  401: 'Sign in first (OAuth or an API key as Bearer).',
  403: 'The signed-in account may not do this, or the credential lacks the scope.',
  404: 'Check the slug or id (search or list tools show the valid ones).',
  409: 'The current state does not allow this; read it again before retrying.',
  422: 'Use a new idempotency_key for different arguments.',
  429: 'Too many calls: wait a little, then retry.',
  503: 'A service is unavailable: retry later.',
};

/**
 * A problem as a tool error text: what went wrong, each failing argument and a hint for the model,
 * then the problem details as JSON (an error result carries no `structuredContent`: clients check
 * that against the tool's `outputSchema`, which describes success; the JSON is how a program
 * reads the problem, `problemOfToolError` below).
 */
export const renderProblem = (problem: ProblemBody): string => `${problemText(problem)}\n\n${JSON.stringify(problem)}`;

/** the readable part alone (a protocol error's message) */
export const problemText = (problem: ProblemBody): string => {
  const lines = [`Error ${problem.status} ${problem.title}${problem.detail ? `: ${problem.detail}` : ''}`];
  for (const error of problem.errors ?? []) lines.push(`- ${error.field}: ${error.message}`);
  const hint = HINTS[problem.status];
  if (hint) lines.push(hint);
  return lines.join('\n');
};

/** The problem details of a tool error's text (the JSON after its last blank line), or null. */
export const problemOfToolError = (text: string): ProblemBody | null => {
  try {
    const problem = JSON.parse(text.slice(text.lastIndexOf('\n\n') + 2)) as ProblemBody;
    return typeof problem?.status === 'number' ? problem : null;
  } catch {
    return null;
  }
};
