import type { Operation } from '@listings/contracts';
import { IDEMPOTENCY_KEY_ARGUMENT } from './tool-schemas.ts';

/**
 * When a model should reach for a tool, beyond what the contract's description says. Keyed by
 * operationId; a tool without an entry gets the contract's words and the generic parts only.
 */
const WHEN_TO_USE: Readonly<Record<string, string>> = {
  get_site_info: 'Use first to learn what this directory is and where its API docs and pages are.',
  search_listings:
    'Use to find products by keyword (typo tolerant), category, stage, country, pricing model or domain; then get_listing for one profile.',
  get_listing: 'Use after search_listings to read one product’s full profile by its slug.',
  get_alternatives: 'Use when the user asks what else is like a given product.',
  compare_listings: 'Use when the user wants two products side by side; empty cells mean neither site states it.',
  list_categories: 'Use to learn the category slugs before filtering search_listings or naming draft categories.',
  get_launch_week:
    'Use for “what launched this week / last week / in the week of <date>”: launches ranked by community votes.',
  get_leaderboard:
    'The billboard board is a PAID ranking by money contributed: always say so when presenting it. Community boards follow votes only.',
  list_products:
    'Use before quote_order to learn product codes and current prices (USD cents, excluding VAT); never assume a price.',
  submit_listing:
    'Use when a founder wants to list a product: pass its website URL. A draft is built from the site in about a minute; poll get_draft every few seconds until status is `ready`.',
  get_draft: 'Poll this after submit_listing until status is `ready`; values carry evidence quotes from the website.',
  update_draft:
    'Send only what changes. `null` in `fields` removes a value; `lock_fields` protects values from AI redrafts; `regenerate` asks the AI to redraft fields from website evidence.',
  submit_draft:
    'Turns a `ready` draft into a saved listing (not yet published). Then choose_free_listing, or quote_order / create_checkout with product `launch` for a paid launch.',
  choose_free_listing:
    'The free plan: the listing is queued for a launch week 6-8 weeks out and goes live once the badge from get_badges is on the product’s homepage.',
  claim_listing:
    'Use when the user owns a product that is already listed: the answer says exactly what to publish (DNS record, meta tag or file), then call verify_claim.',
  verify_claim: 'Call after the user has published what claim_listing asked for.',
  quote_order: 'Prices an order with VAT without saving or charging anything. Use it before create_checkout.',
  create_checkout:
    'Builds an order and returns `checkout_url`: hand that link to the user, who reviews and pays there themselves. Never ask for card or payment details.',
  get_order: 'Use to see whether the user has paid (status) and what was fulfilled.',
  delete_milestone: 'Deletes a milestone for good; ask the user before calling it.',
  answer_interview: 'Answer the questions from list_interview_questions.',
  create_webhook:
    'The answer holds the signing `secret` once: hand it to the user to store with their receiver; it cannot be read again (rotate_webhook_secret makes a new one).',
  delete_webhook: 'Deletes a webhook endpoint and its secret for good; ask the user before calling it.',
};

const PAYMENT_NOTE =
  'Payment never happens through a tool: a person pays only on the checkout page from create_checkout.';

/**
 * A description written for a model: what the tool does (the contract's words), when to use it,
 * what it returns, what it needs (sign-in scope), and that payment never happens through a tool.
 */
export const toolDescription = (op: Operation): string => {
  const parts = [`${op.summary}. ${op.description}`];
  const when = WHEN_TO_USE[op.operationId];
  if (when) parts.push(when);
  parts.push(
    op.response && (op.response as { properties?: Record<string, unknown> }).properties?.items
      ? 'Returns a page: `items`, `page`, `per_page`, `total`.'
      : 'Returns the result as structured JSON.',
  );
  parts.push(
    op.scope === null
      ? 'Public: no sign-in needed.'
      : `Needs sign-in with scope \`${op.scope}\` (OAuth or an API key as Bearer).`,
  );
  if (op.idempotent)
    parts.push(`Pass an \`${IDEMPOTENCY_KEY_ARGUMENT}\` to make a retry safe (the first result is replayed).`);
  if (op.service === 'commerce' || op.operationId === 'choose_free_listing') parts.push(PAYMENT_NOTE);
  return parts.join(' ');
};

/** Tools that reach out to the web (a product's website, DNS, email): MCP's open-world hint. */
const OPEN_WORLD = new Set([
  'submit_listing',
  'update_draft',
  'invite_cofounder',
  'claim_listing',
  'verify_claim',
  'send_test_webhook',
  'redeliver_webhook',
]);
/** the writes that destroy something */
const DESTRUCTIVE = new Set(['delete_milestone', 'delete_webhook']);

export interface ToolAnnotationsOf {
  readonly title: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * Reads are read-only; of the writes, only delete_milestone and delete_webhook destroy anything; a write is
 * idempotent where it takes an Idempotency-Key; the tools that fetch the web are open-world.
 */
export const toolAnnotations = (op: Operation): ToolAnnotationsOf => {
  // quote_order is a POST that saves and charges nothing
  const readOnly = op.method === 'GET' || op.operationId === 'quote_order';
  return {
    title: op.summary,
    readOnlyHint: readOnly,
    destructiveHint: DESTRUCTIVE.has(op.operationId),
    idempotentHint: readOnly || op.idempotent,
    openWorldHint: OPEN_WORLD.has(op.operationId),
  };
};
