import {
  fromJsonSchema,
  type jsonSchemaValidator,
  type McpServer,
  ResourceTemplate,
} from '@modelcontextprotocol/server';

/**
 * The fixture tools, resources and prompts the MCP conformance suite calls by fixed names. They
 * exist only when MCP_CONFORMANCE_FIXTURES=true (scripts/mcp-conformance.mjs sets it); the service
 * never offers them otherwise. Each answers exactly what its scenario checks for.
 */

// a 1x1 PNG and a minimal WAV: the smallest valid payloads of their kinds
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

/** The suite's focal schema for `json-schema-2020-12`, verbatim. */
const JSON_SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, in a plain schema object
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** the fixture only has to be advertised intact; the suite checks the listing, not validation */
const acceptAll: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

// wrapped once per process (fromJsonSchema compiles a validator), not on every per-request server
const noArguments = fromJsonSchema<Record<string, never>>({ type: 'object', properties: {} });
const jsonSchema2020_12 = fromJsonSchema<Record<string, unknown>>(JSON_SCHEMA_2020_12 as never, acceptAll);
const promptArguments = fromJsonSchema<{ arg1: string; arg2: string }>({
  type: 'object',
  properties: { arg1: { type: 'string' }, arg2: { type: 'string' } },
  required: ['arg1', 'arg2'],
});
const embeddedResourceArguments = fromJsonSchema<{ resourceUri: string }>({
  type: 'object',
  properties: { resourceUri: { type: 'string' } },
  required: ['resourceUri'],
});

export const registerConformanceFixtures = (server: McpServer) => {
  server.registerTool(
    'test_simple_text',
    { description: 'Returns simple text', inputSchema: noArguments },
    async () => ({
      content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
    }),
  );
  server.registerTool(
    'test_image_content',
    { description: 'Returns an image', inputSchema: noArguments },
    async () => ({
      content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
    }),
  );
  server.registerTool('test_audio_content', { description: 'Returns audio', inputSchema: noArguments }, async () => ({
    content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }],
  }));
  server.registerTool(
    'test_embedded_resource',
    { description: 'Returns an embedded resource', inputSchema: noArguments },
    async () => ({
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    }),
  );
  server.registerTool(
    'test_multiple_content_types',
    { description: 'Returns text, image and a resource', inputSchema: noArguments },
    async () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    }),
  );
  server.registerTool(
    'test_tool_with_progress',
    { description: 'Reports progress', inputSchema: noArguments },
    async (_args, ctx) => {
      const token = ctx.mcpReq._meta?.progressToken;
      if (token !== undefined)
        for (const progress of [0, 50, 100])
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress, total: 100, message: `Completed step ${progress} of 100` },
          });
      return { content: [{ type: 'text', text: String(token ?? 0) }] };
    },
  );
  // json-schema-2020-12: the suite's schema, advertised as is ($schema, $defs/$anchor, $ref, allOf/anyOf, if/then/else)
  server.registerTool(
    'json_schema_2020_12_tool',
    {
      description: 'Tool with a JSON Schema 2020-12 input schema',
      inputSchema: jsonSchema2020_12,
    },
    async () => ({ content: [{ type: 'text', text: 'ok' }] }),
  );
  server.registerTool('test_error_handling', { description: 'Always fails', inputSchema: noArguments }, async () => ({
    isError: true,
    content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
  }));

  server.registerResource('static-text', 'test://static-text', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
  }));
  server.registerResource('static-binary', 'test://static-binary', { mimeType: 'image/png' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }],
  }));
  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { mimeType: 'application/json' },
    async (uri, variables) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ id: variables.id, templateTest: true, data: `Data for ID: ${String(variables.id)}` }),
        },
      ],
    }),
  );

  server.registerPrompt('test_simple_prompt', { description: 'A simple prompt' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
  }));
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      description: 'A prompt with arguments',
      argsSchema: promptArguments,
    },
    ({ arg1, arg2 }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } },
      ],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      description: 'A prompt with an embedded resource',
      argsSchema: embeddedResourceArguments,
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );
  server.registerPrompt('test_prompt_with_image', { description: 'A prompt with an image' }, () => ({
    messages: [
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }));
};
