import dns from 'node:dns';
import {
  CLAIM_CHECK_TIMEOUT_MS,
  CLAIM_FILE_PATH,
  CLAIM_META_NAME,
  CLAIM_TXT_LABEL,
  CLAIM_TXT_PREFIX,
} from '@listings/contracts';
import { OutboundRequestRefused, type SafeFetch } from '@listings/platform/outbound';

/** TXT records of a name, each record as its character strings (node's `resolveTxt` shape). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** Production: node's resolver with a bounded timeout; "no such name / no records" is an empty answer. */
export const createSystemTxtResolver = (): TxtResolver => {
  const resolver = new dns.promises.Resolver({ timeout: CLAIM_CHECK_TIMEOUT_MS / 2, tries: 2 });
  return async (name) => {
    try {
      return await resolver.resolveTxt(name);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
      throw error;
    }
  };
};

export type CheckResult = { readonly passed: true } | { readonly passed: false; readonly reason: string };

export interface CheckTarget {
  readonly method: 'dns' | 'meta' | 'file';
  readonly domain: string;
  readonly homepage: string | null;
  readonly token: string;
}

export type OwnershipCheck = (target: CheckTarget) => Promise<CheckResult>;

const failed = (reason: string): CheckResult => ({ passed: false, reason });

/** `<meta name="listings-verification" content="...">` values of a page (attributes in any order and quoting). */
export const metaContents = (html: string, name: string): string[] => {
  const found: string[] = [];
  for (const tag of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const a of tag[0].matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g))
      attributes.set((a[1] as string).toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
    if (attributes.get('name')?.trim().toLowerCase() === name && attributes.has('content'))
      found.push((attributes.get('content') as string).trim());
  }
  return found;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Why a page could not be read, in words for the claimant: what happened, never the resolver's or
 * the socket's internals (no `getaddrinfo ENOTFOUND`, no error codes, no addresses).
 */
export const unreadableBecause = (error: unknown): string => {
  if (error instanceof OutboundRequestRefused)
    return / resolves to /.test(error.reason)
      ? 'its name resolves to an address that is not public, which is never fetched'
      : `it is not fetched: ${error.reason.replace(/\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[0-9a-f]*:[0-9a-f:]+\b/gi, 'an address')}`;
  const cause = error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
  const code = cause?.code ?? (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : '';
  if (code === 'ENOTFOUND' || code === 'ENODATA' || / has no address$/.test(cause?.message ?? ''))
    return 'its domain name does not resolve (no such name, or no address for it)';
  if (code === 'ECONNREFUSED') return 'the server refused the connection';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'the server closed the connection';
  if (code === 'ETIMEDOUT' || /timed out or aborted/.test(message))
    return `it did not answer within ${CLAIM_CHECK_TIMEOUT_MS / 1000} s`;
  if (code === 'EAI_AGAIN' || code === 'ESERVFAIL') return 'its domain name could not be looked up right now';
  if (/CERT|SSL|TLS/i.test(code ?? '') || /certificate/i.test(message)) return 'its TLS certificate is not valid';
  if (/redirects$/.test(message)) return 'it redirects too many times';
  if (/body larger than/.test(message)) return 'the page is too large';
  return 'it could not be reached';
};

/**
 * The dns, meta and file checks. Every fetch goes through the SSRF guard (`safeFetch`, bounded in
 * size, time and redirects); DNS through the injected resolver. A failed check says what it looked
 * for and what it found, in words for the claimant: never resolver or socket internals, and never
 * another claimant's token (only that a record or tag holds another value).
 */
export const createOwnershipCheck = (deps: { safeFetch: SafeFetch; resolveTxt: TxtResolver }): OwnershipCheck => {
  const fetchText = async (url: string): Promise<{ text: string } | { found: string }> => {
    try {
      const response = await deps.safeFetch(url, { headers: { accept: 'text/html,text/plain;q=0.9,*/*;q=0.1' } });
      if (!response.ok) {
        await response.body?.cancel();
        return { found: `it answered HTTP ${response.status}` };
      }
      return { text: await response.text() };
    } catch (error) {
      return { found: `it could not be read: ${unreadableBecause(error)}` };
    }
  };

  return async (target) => {
    switch (target.method) {
      case 'dns': {
        const expected = `${CLAIM_TXT_PREFIX}${target.token}`;
        const lookedFor = `Looked for the TXT record "${expected}" at ${target.domain} or ${CLAIM_TXT_LABEL}.${target.domain}`;
        const found: string[] = [];
        for (const name of [target.domain, `${CLAIM_TXT_LABEL}.${target.domain}`]) {
          let records: string[][];
          try {
            records = await deps.resolveTxt(name);
          } catch {
            found.push(`the DNS lookup of ${name} did not answer (try again in a few minutes)`);
            continue;
          }
          const values = records.map((chunks) => chunks.join('').trim());
          if (values.includes(expected)) return { passed: true };
          const ours = values.filter((value) => value.startsWith(CLAIM_TXT_PREFIX)).length;
          found.push(
            values.length === 0
              ? `no TXT record at ${name}`
              : `${plural(values.length, 'TXT record')} at ${name}, ${
                  ours === 0
                    ? `none starting with "${CLAIM_TXT_PREFIX}"`
                    : `${plural(ours, `"${CLAIM_TXT_PREFIX}" record`)} with another value`
                }`,
          );
        }
        return failed(`${lookedFor}; found ${found.join('; ')}. DNS changes can take a while to show.`);
      }
      case 'meta': {
        if (!target.homepage) return failed('the listing has no website to check');
        const lookedFor = `Looked for <meta name="${CLAIM_META_NAME}" content="…"> with this claim's token on ${target.homepage}`;
        const page = await fetchText(target.homepage);
        if ('found' in page) return failed(`${lookedFor}; ${page.found}.`);
        const contents = metaContents(page.text, CLAIM_META_NAME);
        if (contents.includes(target.token)) return { passed: true };
        return failed(
          contents.length === 0
            ? `${lookedFor}; found no <meta name="${CLAIM_META_NAME}"> tag on the page.`
            : `${lookedFor}; found ${plural(contents.length, 'such tag')} holding another value.`,
        );
      }
      case 'file': {
        if (!target.homepage) return failed('the listing has no website to check');
        const url = new URL(CLAIM_FILE_PATH, target.homepage).toString();
        const lookedFor = `Looked for a line with this claim's token in ${url}`;
        const file = await fetchText(url);
        if ('found' in file) return failed(`${lookedFor}; ${file.found}.`);
        if (file.text.split(/\r?\n/).some((line) => line.trim() === target.token)) return { passed: true };
        const lines = file.text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
        return failed(
          `${lookedFor}; found ${lines === 0 ? 'an empty file' : `${plural(lines, 'line')}, none of them the token`}.`,
        );
      }
      default: {
        const never: never = target.method;
        throw new Error(`unknown method ${String(never)}`);
      }
    }
  };
};
