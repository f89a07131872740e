import { createRequire } from 'node:module';

// the maintained list of disposable email domains (npm `disposable-email-domains`), read offline:
// `index.json` the domains, `wildcard.json` those whose every subdomain is disposable too
const require = createRequire(import.meta.url);
const DOMAINS: ReadonlySet<string> = new Set(require('disposable-email-domains/index.json') as string[]);
const WILDCARDS: readonly string[] = require('disposable-email-domains/wildcard.json') as string[];

/**
 * Whether an address is at a disposable email domain (the ranking rules weigh such voters' votes 0,
 * docs/ranking.md): its domain, lowercased, is on the list, or is a subdomain of a wildcard entry.
 */
export const isDisposableEmail = (email: string): boolean => {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (domain === '' || DOMAINS.has(domain)) return domain !== '';
  return WILDCARDS.some((w) => domain === w || domain.endsWith(`.${w}`));
};
