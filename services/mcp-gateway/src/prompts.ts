import { fromJsonSchema, type McpServer } from '@modelcontextprotocol/server';

const text = (value: string) => ({ role: 'user' as const, content: { type: 'text' as const, text: value } });

/**
 * The argument schemas are wrapped once per process: `fromJsonSchema` compiles an AJV validator
 * on the spot, and a server (so its prompts) is built for every request. Compiling these two
 * inside `registerPrompts` cost more CPU than the rest of a tool call.
 */
const submitProductArgs = fromJsonSchema<{ url: string }>({
  type: 'object',
  properties: { url: { type: 'string', description: 'the product’s website (https://...)' } },
  required: ['url'],
});
const launchWeekDigestArgs = fromJsonSchema<{ week?: string }>({
  type: 'object',
  properties: { week: { type: 'string', description: '`this` (default), `next`, `last` or a YYYY-MM-DD date' } },
});

/** Prompts a founder or a curious user can pick from a client's prompt menu. */
export const registerPrompts = (server: McpServer) => {
  server.registerPrompt(
    'submit_product',
    {
      title: 'List my product',
      description: 'Walks a founder through listing a product: draft from the website, review, submit, choose a plan.',
      argsSchema: submitProductArgs,
    },
    ({ url }) => ({
      description: 'List a product on the directory',
      messages: [
        text(
          [
            `Help me list my product ${url} on this directory. Go step by step and check with me before each write:`,
            `1. Call submit_listing with url "${url}" (pass an idempotency_key so a retry cannot create a second draft).`,
            '2. Poll get_draft every few seconds until its status is `ready` (about a minute).',
            '3. Show me the drafted profile with its evidence quotes. Point out every field in `not_found_on_website`: those were left blank on purpose, so ask me for them instead of guessing.',
            '4. Apply my corrections with update_draft (send only what changes; lock_fields keeps my values from AI redrafts).',
            '5. When I agree, call submit_draft. It saves the listing but does not publish it.',
            '6. Ask which plan I want: free (choose_free_listing: queued for a launch week 6-8 weeks out, live once the badge from get_badges is on my homepage) or paid (list_products for current prices, quote_order, then create_checkout with product `launch`).',
            '7. For a paid launch, give me the checkout_url. I pay on that page myself: never ask me for card or payment details.',
          ].join('\n'),
        ),
      ],
    }),
  );

  server.registerPrompt(
    'launch_week_digest',
    {
      title: 'Launch week digest',
      description: 'Summarises the launches of a week, ranked by community votes.',
      argsSchema: launchWeekDigestArgs,
    },
    ({ week }) => ({
      description: 'A digest of one launch week',
      messages: [
        text(
          `Call get_launch_week with week "${week || 'this'}" and write a short digest: the top launches by community votes with one line each on what they do, then anything notable (new categories, upcoming launches). Votes come only from people on the site; do not present the paid billboard as a vote ranking.`,
        ),
      ],
    }),
  );
};
