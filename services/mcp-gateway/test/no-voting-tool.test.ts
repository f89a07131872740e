import { castVote, operations, withdrawVote } from '@listings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.ts';

/** Votes come only from people on the site: no MCP tool can cast or withdraw one. */
describe('no MCP tool can vote', () => {
  let harness: Harness;
  let names: string[];

  beforeAll(async () => {
    harness = await startHarness();
    const client = await harness.connect();
    names = (await client.listTools()).tools.map((t) => t.name);
  });
  afterAll(() => harness.stop());

  it('when the tools are listed then none is a vote, and none sends to the vote subjects', () => {
    expect(names.length).toBe(operations.length);
    // reading votes (the public vote ledger, get_vote_ledger) is allowed; no tool that changes one
    const changesVotes = (name: string) =>
      /vote/i.test(name) && operations.find((op) => op.operationId === name)?.method !== 'GET';
    expect(names.filter(changesVotes)).toEqual([]);
    const subjects = names.map((name) => operations.find((op) => op.operationId === name)?.subject);
    expect(subjects).not.toContain(castVote.subject);
    expect(subjects).not.toContain(withdrawVote.subject);
  });
});
