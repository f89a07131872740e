import { OutboundRequestFailed, OutboundRequestRefused, type SafeFetch } from '@listings/platform/outbound';
import { describe, expect, it } from 'vitest';
import { type CheckTarget, createOwnershipCheck, type TxtResolver } from './ownership-checks.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';
const target = (method: CheckTarget['method']): CheckTarget => ({
  method,
  domain: 'acme.example',
  homepage: 'https://www.acme.example/',
  token: TOKEN,
});
const noFetch: SafeFetch = async (url) => {
  throw new Error(`no fetch expected (${url})`);
};
const noTxt: TxtResolver = async () => [];
/** what node's resolver and sockets put in their errors: none of it may reach the claimant */
const INTERNALS = /queryTxt|getaddrinfo|ENOTFOUND|ESERVFAIL|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|\d+\.\d+\.\d+\.\d+|::1/;

const reasonOf = async (
  method: CheckTarget['method'],
  deps: { safeFetch?: SafeFetch; resolveTxt?: TxtResolver },
): Promise<string> => {
  const result = await createOwnershipCheck({
    safeFetch: deps.safeFetch ?? noFetch,
    resolveTxt: deps.resolveTxt ?? noTxt,
  })(target(method));
  if (result.passed) throw new Error('the check passed');
  return result.reason;
};

describe('ownership checks: a failed check says what it looked for and what it found, without resolver internals', () => {
  it('when the DNS server fails then the reason names the record looked for, not the resolver error', async () => {
    const reason = await reasonOf('dns', {
      resolveTxt: async (name) => {
        throw Object.assign(new Error(`queryTxt ESERVFAIL ${name} (server 192.0.2.53)`), { code: 'ESERVFAIL' });
      },
    });
    expect(reason).toContain(`Looked for the TXT record "listings-verification=${TOKEN}" at acme.example`);
    expect(reason).toContain('the DNS lookup of acme.example did not answer');
    expect(reason).not.toMatch(INTERNALS);
  });

  it('when other TXT records are there then it says how many and that none is this claim’s, without echoing them', async () => {
    const reason = await reasonOf('dns', {
      resolveTxt: async (name) =>
        name === 'acme.example' ? [['v=spf1 -all'], ['listings-verification=someoneelse']] : [],
    });
    expect(reason).toContain(
      'found 2 TXT records at acme.example, 1 "listings-verification=" record with another value; no TXT record at _listings-verification.acme.example',
    );
    expect(reason).not.toContain('someoneelse');
  });

  it('when the homepage’s name does not resolve then it says so in words', async () => {
    const reason = await reasonOf('meta', {
      safeFetch: async (url) => {
        throw new OutboundRequestFailed(String(url), 'getaddrinfo ENOTFOUND www.acme.example', {
          cause: Object.assign(new Error('getaddrinfo ENOTFOUND www.acme.example'), { code: 'ENOTFOUND' }),
        });
      },
    });
    expect(reason).toBe(
      `Looked for <meta name="listings-verification" content="…"> with this claim's token on https://www.acme.example/; it could not be read: its domain name does not resolve (no such name, or no address for it).`,
    );
    expect(reason).not.toMatch(INTERNALS);
  });

  it('when the homepage resolves to a private address then the address is not named', async () => {
    const reason = await reasonOf('file', {
      safeFetch: async (url) => {
        throw new OutboundRequestRefused(String(url), 'www.acme.example resolves to 10.0.0.7 is in a private range');
      },
    });
    expect(reason).toContain('https://www.acme.example/.well-known/listings-verification.txt');
    expect(reason).toContain('resolves to an address that is not public');
    expect(reason).not.toMatch(INTERNALS);
  });

  it('when the page has the tag with another value, or the file other lines, then it says what it found', async () => {
    const page =
      (body: string): SafeFetch =>
      async () =>
        new Response(body, { status: 200 });
    expect(
      await reasonOf('meta', { safeFetch: page('<meta name="listings-verification" content="someoneelse">') }),
    ).toMatch(/found 1 such tag holding another value\.$/);
    expect(await reasonOf('meta', { safeFetch: page('<html></html>') })).toMatch(
      /found no <meta name="listings-verification"> tag on the page\.$/,
    );
    expect(await reasonOf('file', { safeFetch: page('abc\ndef\n') })).toMatch(
      /found 2 lines, none of them the token\.$/,
    );
    expect(await reasonOf('file', { safeFetch: async () => new Response('gone', { status: 404 }) })).toBe(
      "Looked for a line with this claim's token in https://www.acme.example/.well-known/listings-verification.txt; it answered HTTP 404.",
    );
  });
});
