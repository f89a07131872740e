import dns from 'node:dns';
import {
  CLAIM_CHECK_TIMEOUT_MS,
  CLAIM_FILE_PATH,
  CLAIM_META_NAME,
  CLAIM_TXT_LABEL,
  CLAIM_TXT_PREFIX,
} from '@listings/contracts';
import { OutboundRequestFailed, OutboundRequestRefused, type SafeFetch } from '@listings/platform/outbound';

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

/**
 * The dns, meta and file checks. Every fetch goes through the SSRF guard (`safeFetch`, bounded in
 * size, time and redirects); DNS through the injected resolver.
 */
export const createOwnershipCheck = (deps: { safeFetch: SafeFetch; resolveTxt: TxtResolver }): OwnershipCheck => {
  const fetchText = async (url: string): Promise<{ text: string } | { reason: string }> => {
    try {
      const response = await deps.safeFetch(url, { headers: { accept: 'text/html,text/plain;q=0.9,*/*;q=0.1' } });
      if (!response.ok) {
        await response.body?.cancel();
        return { reason: `${url} answered HTTP ${response.status}` };
      }
      return { text: await response.text() };
    } catch (error) {
      if (error instanceof OutboundRequestRefused) return { reason: `${url} cannot be fetched: ${error.reason}` };
      if (error instanceof OutboundRequestFailed) return { reason: `${url} could not be read: ${error.message}` };
      return { reason: `${url} could not be read` };
    }
  };

  return async (target) => {
    switch (target.method) {
      case 'dns': {
        const expected = `${CLAIM_TXT_PREFIX}${target.token}`;
        for (const name of [target.domain, `${CLAIM_TXT_LABEL}.${target.domain}`]) {
          let records: string[][];
          try {
            records = await deps.resolveTxt(name);
          } catch (error) {
            return failed(
              `the TXT records of ${name} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
            );
          }
          if (records.some((chunks) => chunks.join('').trim() === expected)) return { passed: true };
        }
        return failed(`no TXT record "${expected}" at ${target.domain} or ${CLAIM_TXT_LABEL}.${target.domain} yet`);
      }
      case 'meta': {
        if (!target.homepage) return failed('the listing has no website to check');
        const page = await fetchText(target.homepage);
        if ('reason' in page) return failed(page.reason);
        const contents = metaContents(page.text, CLAIM_META_NAME);
        if (contents.includes(target.token)) return { passed: true };
        return failed(
          contents.length === 0
            ? `no <meta name="${CLAIM_META_NAME}"> tag on ${target.homepage}`
            : `the <meta name="${CLAIM_META_NAME}"> tag on ${target.homepage} does not hold this claim's token`,
        );
      }
      case 'file': {
        if (!target.homepage) return failed('the listing has no website to check');
        const url = new URL(CLAIM_FILE_PATH, target.homepage).toString();
        const file = await fetchText(url);
        if ('reason' in file) return failed(file.reason);
        if (file.text.split(/\r?\n/).some((line) => line.trim() === target.token)) return { passed: true };
        return failed(`${url} does not hold this claim's token`);
      }
      default: {
        const never: never = target.method;
        throw new Error(`unknown method ${String(never)}`);
      }
    }
  };
};
