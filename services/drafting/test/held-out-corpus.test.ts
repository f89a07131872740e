import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusHash } from '../../../scripts/corpus-hash.ts';
import { checkSite, homeLanguage, robotsAllows } from './support/corpus-check.ts';
import { HELD_OUT_CORPUS } from './support/held-out/index.ts';

/**
 * The held-out corpus (issue #30 item 4) is frozen: written without reading the drafter, its hash
 * recorded in docs/benchmarks.md before the first measurement. These tests hold it well-formed and
 * frozen; they run no drafter.
 */
const benchmarks = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/benchmarks.md'),
  'utf8',
);
const recordedHash = (corpus: string) => {
  const section = benchmarks.split(/^## /m).find((s) => s.startsWith('Held-out drafting corpus')) ?? '';
  return new RegExp(`${corpus}[^\\n]*sha256:([0-9a-f]{64})`).exec(section)?.[1];
};

describe('when the held-out corpus is read', () => {
  it('then it holds at least 40 sites with unique ids, of many builders and languages', () => {
    expect(HELD_OUT_CORPUS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(HELD_OUT_CORPUS.map((s) => s.id)).size).toBe(HELD_OUT_CORPUS.length);
    expect(new Set(HELD_OUT_CORPUS.map((s) => s.variant)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(HELD_OUT_CORPUS.map(homeLanguage)).size).toBeGreaterThanOrEqual(10);
  });

  it('then every labelled value is on a readable page, and every forbidden string only on disallowed ones', () => {
    const problems = HELD_OUT_CORPUS.flatMap((site) => checkSite(site).map((p) => `${site.id}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('then some sites keep secrets on pages robots.txt disallows', () => {
    expect(HELD_OUT_CORPUS.filter((s) => s.forbidden.length > 0).length).toBeGreaterThanOrEqual(8);
    const crumb = HELD_OUT_CORPUS.find((s) => s.id === 'handwritten/crumb-bot-rules');
    expect(crumb && robotsAllows(crumb)('/beta/')).toBe(false);
    expect(crumb && robotsAllows(crumb)('/plans')).toBe(true);
  });
});

describe('when a site is mislabelled', () => {
  const home =
    '<html lang="en"><head><title>Acme</title></head><body><h1>Acme</h1><a href="/secret/">x</a><p>code SESAME</p></body></html>';
  const site = {
    id: 'broken',
    variant: 'test',
    robots: 'User-agent: *\nDisallow: /secret/\n',
    pages: { '/': home, '/secret/': '<p>code SESAME</p>', '/orphan': '<p>nobody links here</p>' },
    expected: { name: 'Acme', tagline: 'Invoices in one click', logo_url: 'https://cdn.example/logo.png' },
    forbidden: ['SESAME'],
  };

  it('then the check names each label not on a readable page, each secret on one, and each unlinked page', () => {
    expect(checkSite(site)).toEqual([
      'tagline: "Invoices in one click" is on no readable page',
      'logo_url: https://cdn.example/logo.png is in no attribute or script of a readable page',
      "logo_url: https://cdn.example/logo.png is not on the site's origin",
      'forbidden: "SESAME" is on a readable page',
      'page /orphan is linked from no readable page',
    ]);
  });
});

describe('when the held-out corpus files are hashed', () => {
  it('then the hash is the one recorded in docs/benchmarks.md (the corpus is frozen)', () => {
    expect(recordedHash('held-out')).toBeDefined();
    expect(corpusHash('held-out')).toBe(recordedHash('held-out'));
  });
});
