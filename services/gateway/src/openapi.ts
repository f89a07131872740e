import {
  IDEMPOTENCY_KEY_BARE_PATTERN,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  type Operation,
  operations,
  Problem,
  type ProblemStatus,
  problemStatusesOf,
  SCOPE_DESCRIPTIONS,
  SCOPES,
} from '@listings/contracts';
import { API_PREFIX } from './routes/operations.ts';

/** JSON Schema → OpenAPI 3.1 schema: 3.1 is JSON Schema 2020-12, so only TypeBox's symbols go (JSON round trip). */
const schemaOf = (schema: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(schema));

const parametersOf = (op: Operation) => {
  const out: Record<string, unknown>[] = [];
  const add = (where: 'path' | 'query', schema: Operation['params']) => {
    if (!schema) return;
    const required = new Set(schema.required ?? []);
    for (const [name, property] of Object.entries(schema.properties)) {
      const { description, ...rest } = schemaOf(property);
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  };
  add('path', op.params);
  add('query', op.query);
  if (op.idempotent) {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes retries safe: a retry with the same key does not run the operation twice. A token of printable ASCII without spaces, quotes, backslashes, commas or semicolons (or a quoted structured-field string, which may hold those).',
      schema: {
        type: 'string',
        minLength: 1,
        maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
        pattern: IDEMPOTENCY_KEY_BARE_PATTERN.source,
      },
    });
  }
  return out;
};

const PROBLEM_DESCRIPTIONS: Record<ProblemStatus, string> = {
  400: 'Invalid input: `errors` names each failing field or parameter as sent',
  401: 'Missing or invalid credentials (`WWW-Authenticate` says which)',
  403: 'Insufficient scope, or not yours',
  404: 'Not found: the path, or something the request names',
  409: 'Conflict with the current state, or a request with this Idempotency-Key still in flight',
  410: 'Gone: expired',
  413: 'Body too large',
  415: 'Body not `application/json`',
  422: 'Idempotency-Key already used for a different request',
  429: 'Rate limited (`Retry-After`, `RateLimit-*` headers)',
  503: 'A service is unavailable; retry later',
};

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** OpenAPI links, named after the operation each leads to (declared with the operations in the contracts) */
const linksOf = (op: Operation) =>
  Object.fromEntries(
    (op.links ?? []).map((link) => [
      link.operationId,
      { operationId: link.operationId, parameters: link.parameters, description: link.description },
    ]),
  );

const operationObject = (op: Operation) => ({
  operationId: op.operationId,
  summary: op.summary,
  description: op.description,
  tags: [op.service === 'gateway' ? 'account' : op.service],
  // public operations accept credentials but do not need them ({} = none)
  security: op.scope ? [{ api_key: [] }, { oauth2: [op.scope] }] : [{}, { api_key: [] }, { oauth2: [] }],
  'x-scope': op.scope,
  // only accounts holding this role may call it (403 otherwise): the operators' operations
  ...(op.role ? { 'x-role': op.role } : {}),
  'x-idempotent': op.idempotent,
  parameters: parametersOf(op),
  ...(op.body
    ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body) } } } }
    : {}),
  responses: {
    [String(op.successStatus)]: {
      description: op.successStatus === 201 ? 'Created' : 'OK',
      content: { 'application/json': { schema: schemaOf(op.response) } },
      ...(op.links?.length ? { links: linksOf(op) } : {}),
    },
    ...Object.fromEntries(
      problemStatusesOf(op).map((status) => [String(status), problemResponse(PROBLEM_DESCRIPTIONS[status])]),
    ),
  },
});

/** The OpenAPI 3.1 document, generated from the contracts alone. */
export const buildOpenApiDocument = (options: { publicUrl: string }) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, unknown>)[op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Listings Directory and Launch Service API',
      version: '1.0.0',
      description:
        'A product directory with a weekly launch calendar. Every operation is also an MCP tool with the same name as its operationId. Payments happen only on the checkout page, never through the API.',
    },
    servers: [{ url: `${options.publicUrl}${API_PREFIX}` }],
    tags: [
      { name: 'catalog', description: 'The public directory and your listings' },
      { name: 'drafting', description: 'Submit a product by URL and edit its draft' },
      { name: 'commerce', description: 'Products, quotes, checkout and orders' },
      { name: 'claims', description: 'Claim and verify an existing listing' },
      { name: 'account', description: 'Your account' },
    ],
    paths,
    components: {
      schemas: { Problem: schemaOf(Problem) },
      securitySchemes: {
        api_key: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <API_KEY>`' },
        oauth2: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${options.publicUrl}/oauth/authorize`,
              tokenUrl: `${options.publicUrl}/oauth/token`,
              scopes: Object.fromEntries(SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]])),
            },
          },
        },
      },
    },
  };
};

/**
 * The document as the API reference page gets it: the same, but its one server is the relative
 * `/api/v1`, which the page resolves against its own URL. Opened at http://127.0.0.1:3000 while
 * PUBLIC_URL says http://localhost:3000, "Try it" still calls the page's own origin instead of
 * failing on CORS. Nothing comes from the request: the document is the same for every Host.
 */
export const docsPageDocument = (document: ReturnType<typeof buildOpenApiDocument>) => ({
  ...document,
  servers: [{ url: API_PREFIX, description: 'the origin this page was opened at' }],
});
