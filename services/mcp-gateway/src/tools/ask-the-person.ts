import { CLAIM_METHODS, type Operation, operationById, type Principal } from '@listings/contracts';
import {
  acceptedContent,
  type CallToolResult,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type CallOperationDeps, callOperation } from './call-operation.ts';
import { envelopeCapabilities } from './client-capabilities.ts';
import { IDEMPOTENCY_KEY_ARGUMENT } from './tool-schemas.ts';

/**
 * Where a person must decide, a tool asks them through the client (elicitation) before it acts:
 * `create_checkout` shows the quoted total with VAT and creates the order only once the person
 * confirms; `claim_listing` called without a `method` asks which one. The handler returns an
 * `input_required` result (2026-07-28: the client asks and retries with `inputResponses`; on a
 * 2025-era session the SDK's shim sends a real `elicitation/create` and re-enters the handler).
 * A client that cannot ask (no `elicitation` capability, or a 2025-era request without a session)
 * gets today's behaviour: the call runs as given.
 */

/** What a tool does before the operation runs: go on with these arguments, or answer now. */
export type Step =
  | { readonly args: Record<string, unknown> }
  | { readonly answer: CallToolResult | InputRequiredResult };

/** Whether the client can put a question to the person in this request. */
export const canElicit = (server: McpServer, ctx: ServerContext): boolean => {
  const declared = envelopeCapabilities(ctx);
  if (declared) return Boolean(declared.elicitation);
  // the 2025 era: a server-to-client request needs the session it was initialized on
  return ctx.sessionId !== undefined && Boolean(server.server.getClientCapabilities()?.elicitation);
};

const declined = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const CONFIRM_CHECKOUT = 'confirm_checkout';

const confirmCheckout = async (
  deps: CallOperationDeps,
  args: Record<string, unknown>,
  principal: Principal,
  ctx: ServerContext,
): Promise<Step> => {
  const answer = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_CHECKOUT);
  if (answer.kind === 'elicit')
    return answer.action === 'accept' && answer.content?.confirm === true
      ? { args }
      : { answer: declined('create_checkout: the person did not confirm; no order was created.') };
  const { [IDEMPOTENCY_KEY_ARGUMENT]: _key, ...order } = args;
  const quote = await callOperation(deps, operationById('quote_order') as Operation, order, principal);
  // a quote that fails would fail the checkout the same way: let the operation answer it
  if ('problem' in quote) return { args };
  const { totals, lines } = quote.body as {
    totals: {
      subtotal_cents: number;
      vat_cents: number;
      total_cents: number;
      vat_rate: number;
      reverse_charge: boolean;
    };
    lines: { product: string; launch_week?: string }[];
  };
  const what = lines.map((line) => `${line.product}${line.launch_week ? ` (week of ${line.launch_week})` : ''}`);
  const vat = totals.reverse_charge
    ? 'VAT reverse-charged'
    : `VAT ${dollars(totals.vat_cents)} at ${(totals.vat_rate * 100).toFixed(1)}%`;
  return {
    answer: inputRequired({
      inputRequests: {
        [CONFIRM_CHECKOUT]: inputRequired.elicit({
          message: `Create an order for ${what.join(', ')}: ${dollars(totals.total_cents)} in total (${dollars(totals.subtotal_cents)} plus ${vat}), USD? You pay later on the checkout page.`,
          requestedSchema: {
            type: 'object',
            properties: { confirm: { type: 'boolean', title: 'Create the order', default: false } },
            required: ['confirm'],
          },
        }),
      },
    }),
  };
};

const CLAIM_METHOD = 'claim_method';
const METHOD_TITLES: Record<(typeof CLAIM_METHODS)[number], string> = {
  dns: 'A DNS TXT record on the domain',
  meta: 'A meta tag on the homepage',
  file: 'A file uploaded to the website',
  email: 'A link sent to an address at the company domain',
};

const chooseClaimMethod = async (args: Record<string, unknown>, ctx: ServerContext): Promise<Step> => {
  if (args.method !== undefined) return { args };
  const answer = inputResponse(ctx.mcpReq.inputResponses, CLAIM_METHOD);
  if (answer.kind === 'elicit') {
    const chosen = acceptedContent<{ method?: unknown; email?: unknown }>(ctx.mcpReq.inputResponses, CLAIM_METHOD);
    if (!chosen || typeof chosen.method !== 'string')
      return { answer: declined('claim_listing: the person chose no claim method; no claim was started.') };
    return {
      args: {
        ...args,
        method: chosen.method,
        ...(typeof chosen.email === 'string' && chosen.email ? { email: chosen.email } : {}),
      },
    };
  }
  return {
    answer: inputRequired({
      inputRequests: {
        [CLAIM_METHOD]: inputRequired.elicit({
          message: `How do you want to prove that ${String(args.slug ?? 'this listing')} is yours?`,
          requestedSchema: {
            type: 'object',
            properties: {
              method: {
                type: 'string',
                title: 'Claim method',
                oneOf: CLAIM_METHODS.map((method) => ({ const: method, title: METHOD_TITLES[method] })),
              },
              email: { type: 'string', format: 'email', title: 'Address at the company domain (for the email method)' },
            },
            required: ['method'],
          },
        }),
      },
    }),
  };
};

/** The tools that may ask the person first, by name. */
export const ASKING_TOOLS: ReadonlySet<string> = new Set(['create_checkout', 'claim_listing']);

/** The step before the operation of an asking tool, when the client can ask. */
export const askThePerson = (
  deps: CallOperationDeps,
  toolName: string,
  args: Record<string, unknown>,
  principal: Principal,
  ctx: ServerContext,
): Promise<Step> =>
  toolName === 'create_checkout' ? confirmCheckout(deps, args, principal, ctx) : chooseClaimMethod(args, ctx);
