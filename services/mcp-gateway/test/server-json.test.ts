import { readFileSync } from 'node:fs';
import { operations } from '@listings/contracts';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { SERVER_VERSION } from '../src/build-server.ts';
import { TASKS_EXTENSION } from '../src/tools/draft-tasks.ts';

/**
 * server.json at the repository root (the MCP registry's format, schema 2025-12-11) describes the
 * remote /mcp endpoint as the code serves it: its version, both protocol eras, its sign-in and
 * its tools. It is written by hand, so this checks it against the code and the registry's rules.
 */
const serverJson = JSON.parse(readFileSync(new URL('../../../server.json', import.meta.url), 'utf8'));
const published = serverJson._meta['io.modelcontextprotocol.registry/publisher-provided'];

describe('server.json (MCP registry)', () => {
  it('when the registry reads it then name, description and version follow its rules', () => {
    expect(serverJson.$schema).toBe('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
    expect(serverJson.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(serverJson.description.length).toBeGreaterThan(0);
    expect(serverJson.description.length).toBeLessThanOrEqual(100);
    expect(serverJson.version).toBe(SERVER_VERSION);
  });

  it('when a client reads the remote then it is the streamable HTTP endpoint at /mcp, sign-in optional', () => {
    expect(serverJson.remotes).toHaveLength(1);
    const [remote] = serverJson.remotes;
    expect(remote.type).toBe('streamable-http');
    expect(new URL(remote.url.replace('{host}', 'directory.example.com')).pathname).toBe('/mcp');
    expect(Object.keys(remote.variables)).toEqual(['host']);
    expect(remote.headers).toEqual([
      expect.objectContaining({ name: 'Authorization', isSecret: true, isRequired: false }),
    ]);
  });

  it('when it lists protocol versions and tools then they are the ones served', () => {
    expect(published.protocolVersions).toEqual(['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS]);
    expect(published.tools).toBe(operations.length);
    expect(published.extensions).toEqual([TASKS_EXTENSION]);
  });
});
