import type { Server } from 'node:http';
import {
  AUTHENTICATE_SUBJECT,
  type AuthenticateReply,
  type AuthenticateRequest,
  type OperationReply,
  type OperationRequest,
  operationById,
  type Principal,
} from '@listings/contracts';
import { type Bus, createInProcessBus } from '@listings/platform/bus';
import type { Clock } from '@listings/platform/clock';
import type { RateLimitPolicy } from '@listings/platform/edge';
import { createLogger } from '@listings/platform/logger';
import { sampleOf } from '@listings/platform/testing/contract-samples';
import {
  Client,
  type ElicitRequest,
  type ElicitResult,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import Fastify from 'fastify';
import { createMcpGateway, mcpServerOptions } from '../../src/main.ts';

/**
 * Credentials the stand-in identity module knows. It answers `gateway.internal.authenticate` with
 * the contract's reply shapes, the way the gateway's identity module does.
 */
export const CREDENTIALS: Readonly<Record<string, Principal>> = {
  'Bearer lk_writer': { account_id: 'acc-writer', scopes: ['account:read', 'listings:write'], via: 'api_key' },
  'Bearer lk_reader': { account_id: 'acc-reader', scopes: ['account:read'], via: 'api_key' },
  'Bearer lk_buyer': { account_id: 'acc-buyer', scopes: ['account:read', 'orders:write'], via: 'api_key' },
};

export const serveStandInIdentity = async (bus: Bus, resourceMetadataUrl: () => string) =>
  bus.serve(AUTHENTICATE_SUBJECT, async (payload): Promise<AuthenticateReply> => {
    const request = payload as AuthenticateRequest;
    const refuse = (status: 401 | 403, www: string, title: string): AuthenticateReply => ({
      outcome: 'refused',
      status,
      www_authenticate: `Bearer ${www}resource_metadata="${resourceMetadataUrl()}"`,
      problem: { type: '/api/v1/problems/unauthorized', title, status },
    });
    if (!request.authorization) {
      if (request.required_scope) return refuse(401, '', 'Sign-in required');
      return {
        outcome: 'authenticated',
        principal: { account_id: null, scopes: [], via: 'anonymous' },
        credential_id: null,
      };
    }
    const principal = CREDENTIALS[request.authorization];
    if (!principal) return refuse(401, 'error="invalid_token", ', 'Invalid credentials');
    if (request.required_scope && !principal.scopes.includes(request.required_scope))
      return refuse(403, `error="insufficient_scope", scope="${request.required_scope}", `, 'Insufficient scope');
    return { outcome: 'authenticated', principal, credential_id: `key:${principal.account_id}` };
  });

export interface Harness {
  readonly url: string;
  readonly origin: string;
  readonly bus: Bus;
  /** the HTTP server (a test can see a request arrive, before its body) */
  readonly server: Server;
  /** every envelope the stand-in services received, in order */
  readonly received: OperationRequest[];
  /** what a listing change would call: notifications/resources/updated to the subscribers */
  resourceUpdated(uri: string): Promise<void>;
  connect(options?: {
    authorization?: string;
    era?: 'modern' | 'legacy';
    /** declares the elicitation capability and answers each elicitation/create with this */
    elicit?: (params: ElicitRequest['params']) => ElicitResult;
  }): Promise<Client>;
  stop(): Promise<void>;
}

export const GENEROUS_RATE_LIMITS = {
  authenticated: { name: 'authenticated', limit: 1_000_000, windowSeconds: 60 },
  anonymous: { name: 'anonymous', limit: 1_000_000, windowSeconds: 60 },
} as const;

const LISTING = { slug: 'acme', name: 'Acme', url: 'https://acme.example', votes: 3 };

/** Stand-ins for catalog and drafting on the bus: enough to see what a tool call sends and gets. */
export const serveStandInServices = async (bus: Bus, received: OperationRequest[]) => {
  const reply = (subject: string, answer: (request: OperationRequest) => OperationReply) =>
    bus.serve(subject, async (payload) => {
      received.push(payload as OperationRequest);
      return answer(payload as OperationRequest);
    });
  return Promise.all([
    reply('catalog.search_listings', (r) => ({
      status: 200,
      body: { items: [LISTING], page: r.query.page, per_page: r.query.per_page, total: 1 },
    })),
    reply('catalog.get_listing', (r) =>
      r.params.slug === LISTING.slug
        ? { status: 200, body: { ...LISTING, id: 7, description: 'Rockets' } }
        : {
            status: 404,
            problem: {
              type: '/api/v1/problems/not-found',
              title: 'Not found',
              status: 404,
              detail: `no listing ${String(r.params.slug)}`,
            },
          },
    ),
    // a full draft as the contract describes it (the SDK checks results against the output schema)
    reply('drafting.submit_listing', (r) => ({
      status: 201,
      body: {
        ...(sampleOf(operationById('submit_listing')?.response as never) as Record<string, unknown>),
        id: '7b0c1c5e-8a0e-4d43-9c8c-2f1f0f7f2b10',
        url: (r.body as { url: string }).url,
        status: 'crawling',
      },
    })),
    reply('catalog.delete_milestone', () => ({
      status: 409,
      problem: {
        type: '/api/v1/problems/conflict',
        title: 'Conflict',
        status: 409,
        detail: 'milestone already deleted',
      },
    })),
  ]);
};

/** The MCP gateway on loopback, on a bus with stand-in identity and services. */
export const startHarness = async (
  options: {
    conformanceFixtures?: boolean;
    rateLimits?: { authenticated: RateLimitPolicy; anonymous: RateLimitPolicy };
    clock?: Clock;
    /** false: no lean path (every request the SDK's) */
    leanToolsCall?: boolean;
    /** replies handed over as they are, not copied (as in the all-in-one process) */
    shareReplies?: boolean;
    /** anonymous public reads answered from the edge's read cache (EDGE_READ_CACHE_MS), as in production */
    readCache?: boolean;
  } = {},
): Promise<Harness> => {
  const bus = createInProcessBus(options.shareReplies ? { shareReplies: true } : {});
  const logger = createLogger({ name: 'mcp-test', level: 'silent' });
  const received: OperationRequest[] = [];
  let origin = '';
  await serveStandInIdentity(bus, () => `${origin}/.well-known/oauth-protected-resource/mcp`);
  await serveStandInServices(bus, received);
  const gateway = await createMcpGateway({
    bus,
    logger,
    config: { publicUrl: 'http://127.0.0.1', natsUrl: null },
    ...(options.conformanceFixtures ? { conformanceFixtures: true } : {}),
    // table tests never meet a limit unless they set one
    rateLimits: options.rateLimits ?? GENEROUS_RATE_LIMITS,
    ...(options.clock ? { clock: options.clock } : {}),
    draftPollMs: 5,
    ...(options.leanToolsCall === false ? { leanToolsCall: false } : {}),
    ...(options.readCache ? { readCache: true } : {}),
  });
  const app = Fastify(mcpServerOptions(gateway, logger));
  await app.register(gateway.plugin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const url = `${origin}/mcp`;
  const clients: Client[] = [];
  return {
    url,
    origin,
    bus,
    server: app.server,
    received,
    resourceUpdated: (uri) => gateway.endpoint.resourceUpdated(uri),
    connect: async ({ authorization, era = 'modern', elicit } = {}) => {
      const client = new Client(
        { name: 'mcp-gateway-test', version: '1.0.0' },
        {
          ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
          ...(elicit ? { capabilities: { elicitation: {} } } : {}),
        },
      );
      if (elicit) client.setRequestHandler('elicitation/create', async (request) => elicit(request.params));
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          ...(authorization ? { requestInit: { headers: { authorization } } } : {}),
        }),
      );
      clients.push(client);
      return client;
    },
    stop: async () => {
      for (const client of clients) await client.close().catch(() => {});
      await app.close();
      await gateway.stop();
      await bus.close();
    },
  };
};
