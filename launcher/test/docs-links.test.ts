/**
 * Every relative link in README.md and docs/**\/*.md points to something in the repository: the file
 * (or folder) it names, and for a `#fragment` a heading of that Markdown file (GitHub's anchors) or an
 * element with that `id`. A path written as code (`services/web/src/server.ts`, `docs/events.md`) is
 * a link too: one that starts at a top-level folder of the repository, or names a Markdown file, must
 * exist. Code moves break such references silently; this test names each broken one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt, { type Token } from 'markdown-it';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const markdown = new MarkdownIt({ html: true });

const markdownUnder = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });

const DOCUMENTS = ['README.md', ...markdownUnder('docs')];

/** the tokens of a document, inline children included, in order */
const tokensOf = (file: string): Token[] =>
  markdown
    .parse(readFileSync(path.join(ROOT, file), 'utf8'), {})
    .flatMap((token) => [token, ...(token.children ?? [])]);

/** the anchors a document offers: its headings as GitHub slugs them, and every HTML `id` */
const anchorCache = new Map<string, Set<string>>();
const anchorsOf = (file: string): Set<string> => {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const tokens = markdown.parse(readFileSync(path.join(ROOT, file), 'utf8'), {});
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') {
      const text = (tokens[index + 1]?.children ?? [])
        .filter((child) => child.type === 'text' || child.type === 'code_inline')
        .map((child) => child.content)
        .join('');
      anchors.add(slugger.slug(text));
    }
    const html = [token, ...(token.children ?? [])].filter((t) => t.type === 'html_block' || t.type === 'html_inline');
    for (const block of html)
      for (const match of block.content.matchAll(/\bid="([^"]+)"/g)) anchors.add(match[1] ?? '');
  });
  anchorCache.set(file, anchors);
  return anchors;
};

/** a link with a scheme (`https:`, `mailto:`) or protocol-relative leaves the repository */
const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** what is wrong with one link target written in `file`, or undefined when it resolves */
const problemWith = (file: string, target: string): string | undefined => {
  if (isExternal(target)) return undefined;
  const hash = target.indexOf('#');
  const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const fragment = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const resolved = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
  if (resolved.startsWith('..')) return 'points outside the repository';
  if (!existsSync(path.join(ROOT, resolved))) return `no file ${resolved}`;
  if (fragment === undefined || fragment === '') return undefined;
  if (!resolved.endsWith('.md') || statSync(path.join(ROOT, resolved)).isDirectory()) return undefined;
  return anchorsOf(resolved).has(fragment) ? undefined : `no heading or id "${fragment}" in ${resolved}`;
};

const TOP_LEVEL = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['node_modules', '.git', '.cache', 'data'].includes(entry.name))
  .map((entry) => `${entry.name}/`);

/** a code span naming a repository path (from the root), without placeholders or globs; else undefined */
const pathInCode = (code: string): string | undefined => {
  if (/[\s<>{}*$…]|\.\.\.|^\.\.?\//.test(code) || isExternal(code)) return undefined;
  const bare = code.replace(/:\d+$/, '');
  if (TOP_LEVEL.some((folder) => bare.startsWith(folder))) return bare;
  return bare.includes('/') && bare.endsWith('.md') ? bare : undefined;
};

const brokenLinksIn = (file: string): string[] =>
  tokensOf(file).flatMap((token) => {
    if (token.type === 'code_inline') {
      const named = pathInCode(token.content);
      const problem = named && problemWith('README.md', named);
      return problem ? [`\`${token.content}\`: ${problem}`] : [];
    }
    const target =
      token.type === 'link_open' ? token.attrGet('href') : token.type === 'image' ? token.attrGet('src') : null;
    const problem = target ? problemWith(file, target) : undefined;
    return problem ? [`${target}: ${problem}`] : [];
  });

describe('links in README.md and docs/', () => {
  it('finds the documents and their headings', () => {
    expect(DOCUMENTS).toContain('README.md');
    expect(DOCUMENTS).toContain('docs/architecture.md');
    expect(anchorsOf('docs/api-decisions.md')).toContain('fuzzing-schemathesis');
    expect(anchorsOf('docs/events.md')).toContain('catalog-listingcreated');
  });

  it('reports a link to a missing file or heading', () => {
    expect(problemWith('docs/web.md', 'missing.md')).toBe('no file docs/missing.md');
    expect(problemWith('docs/web.md', 'architecture.md#no-such-heading')).toBe(
      'no heading or id "no-such-heading" in docs/architecture.md',
    );
    expect(problemWith('README.md', 'docs/api-decisions.md#fuzzing-schemathesis')).toBeUndefined();
    expect(problemWith('README.md', 'https://example.com/x.md')).toBeUndefined();
  });

  it('reads a path written as code from the repository root', () => {
    expect(pathInCode('services/web/src/server.ts')).toBe('services/web/src/server.ts');
    expect(pathInCode('shared/spec/service-spec.md')).toBe('shared/spec/service-spec.md');
    expect(pathInCode('services/<svc>/src/')).toBeUndefined();
    expect(pathInCode('npm run bench')).toBeUndefined();
    expect(pathInCode('src/workflows/histories/')).toBeUndefined();
  });

  it.each(DOCUMENTS)('every relative link in %s resolves', (file) => {
    expect(brokenLinksIn(file)).toEqual([]);
  });
});
