import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.ts';

/**
 * Other MCP clients read our tool errors: the MCP Inspector CLI (the TypeScript SDK v1 client, which
 * checks `structuredContent` against the tool's `outputSchema` even on an error) and the Python
 * SDK. A tool error carries no `structuredContent`, so both show its message; a success still
 * carries `structuredContent` matching the schema.
 */
const run = promisify(execFile);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const INSPECTOR = path.join(HERE, '../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
/** installed by scripts/stand-ins/python-mcp.sh (.ci/run runs it) */
const PYTHON = path.join(HERE, '../../../.cache/stand-ins/python-mcp-2.3.0/bin/python');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const inspector = async (tool: string, args: Record<string, string>) => {
  const argv = [INSPECTOR, '--cli', harness.url, '--transport', 'http', '--method', 'tools/call', '--tool-name', tool];
  for (const [name, value] of Object.entries(args)) argv.push('--tool-arg', `${name}=${value}`);
  // the CLI exits non-zero when the tool answered isError; its stdout still holds the result
  const { stdout } = await run(process.execPath, argv, { timeout: 60_000 }).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  return JSON.parse(stdout.slice(0, stdout.lastIndexOf('}\n{') + 1 || undefined)) as {
    isError?: boolean;
    content?: { text: string }[];
    structuredContent?: unknown;
  };
};

describe('the MCP Inspector CLI as a client', () => {
  it('when a tool answers an error then the Inspector shows its message and problem', async () => {
    const result = await inspector('get_listing', { slug: 'nope' });
    expect(result.isError).toBe(true);
    expect(result.content?.[0]?.text).toContain('Error 404 Not found: no listing nope');
    expect(result.content?.[0]?.text).toContain('"status":404');
  });

  it('when a tool succeeds then the Inspector gets the structured result, valid for its output schema', async () => {
    const result = await inspector('get_listing', { slug: 'acme' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ slug: 'acme' });
  });
});

const python = existsSync(PYTHON);
if (!python)
  console.warn(`Python MCP SDK client suite skipped: ${PYTHON} is missing (run scripts/stand-ins/python-mcp.sh)`);

describe.skipIf(!python)('the Python MCP SDK as a client', () => {
  const call = async (tool: string, args: object) => {
    const { stdout } = await run(
      PYTHON,
      [path.join(HERE, 'support/python-client.py'), harness.url, tool, JSON.stringify(args)],
      {
        timeout: 60_000,
      },
    );
    return JSON.parse(stdout) as { is_error: boolean; texts: string[]; structured: unknown };
  };

  it('when a tool answers an error then the Python client reads its message', async () => {
    const result = await call('search_listings', { per_page: 500 });
    expect(result.is_error).toBe(true);
    expect(result.structured).toBeNull();
    expect(result.texts[0]).toContain('- per_page: must be <= 100');
  });

  it('when a tool succeeds then the Python client gets the structured result', async () => {
    const result = await call('get_listing', { slug: 'acme' });
    expect(result.is_error).toBe(false);
    expect(result.structured).toMatchObject({ slug: 'acme' });
  });
});
