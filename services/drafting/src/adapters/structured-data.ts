import { Handler, type RdfaNode, type Result } from 'htmlmetaparser';
import { Parser } from 'htmlparser2';

/**
 * What a page publishes for machines, read by `htmlmetaparser` (an `htmlparser2` handler): schema.org
 * nodes from JSON-LD, microdata and RDFa, the `<html lang>`, icons, and Open Graph / Twitter tags.
 * Microdata and RDFa nodes are brought to the JSON-LD shape (`@type`, plain values, nested nodes),
 * so one set of rules reads all three syntaxes.
 */
export type StructuredSyntax = 'json-ld' | 'microdata' | 'rdfa';

export interface SchemaNode {
  readonly '@type'?: string | string[];
  readonly [key: string]: unknown;
}

export interface StructuredNode {
  readonly syntax: StructuredSyntax;
  readonly node: SchemaNode;
}

export interface PageIcon {
  /** `apple-touch-icon`, `icon`, `og:image`, ... */
  readonly kind: string;
  readonly href: string;
}

export interface StructuredData {
  readonly nodes: readonly StructuredNode[];
  /** `<html lang>`, as written */
  readonly lang: string | null;
  readonly icons: readonly PageIcon[];
}

const SCHEMA_PREFIX = /^https?:\/\/schema\.org\//i;

/** `[{ "@value": "x" }]` → `"x"`, nested nodes kept as nodes, one-element lists as the element. */
const plain = (value: unknown, depth: number): unknown => {
  if (depth > 8) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((v) => plain(v, depth + 1)).filter((v) => v !== undefined);
    return items.length === 1 ? items[0] : items;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('@value' in record) return record['@value'];
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(record)) {
      if (key === '@context') continue;
      if (key === '@type') {
        const types = (Array.isArray(v) ? v : [v]).map((t) => String(t).replace(SCHEMA_PREFIX, ''));
        out['@type'] = types.length === 1 ? types[0] : types;
        continue;
      }
      out[key.replace(SCHEMA_PREFIX, '')] = plain(v, depth + 1);
    }
    return out;
  }
  return value;
};

/** Every typed node, `@graph`s and nested lists flattened to the top (nested nodes stay inside too). */
const typedNodes = (roots: readonly unknown[] | undefined, shape: (n: unknown) => unknown): SchemaNode[] => {
  const nodes: SchemaNode[] = [];
  const add = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(add);
    else if (value && typeof value === 'object') {
      const node = value as SchemaNode;
      if (Array.isArray(node['@graph'])) add(node['@graph']);
      if (node['@type'] !== undefined) nodes.push(node);
    }
  };
  for (const root of roots ?? []) add(shape(root));
  return nodes;
};

const parse = (html: string, url: string): Result => {
  let result: Result | undefined;
  const handler = new Handler(
    (error, parsed) => {
      if (!error) result = parsed;
    },
    { url },
  );
  const parser = new Parser(handler, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return result ?? { alternate: [], icons: [], links: [], images: [] };
};

/**
 * Icons by kind: `htmlmetaparser` lists `<link rel=icon>` targets without their `rel`, so the
 * `<link>` tags are read again with `htmlparser2` to tell an apple-touch-icon from a favicon.
 */
const iconsOf = (html: string, url: string, result: Result): PageIcon[] => {
  const icons: PageIcon[] = [];
  const absolute = (href: string): string | null => {
    try {
      return new URL(href, url).href;
    } catch {
      return null;
    }
  };
  const parser = new Parser(
    {
      onopentag(name, a) {
        if (name === 'link') {
          const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
          const kind = rel.find(
            (r) => r === 'apple-touch-icon' || r === 'apple-touch-icon-precomposed' || r === 'icon',
          );
          const href = a.href ? absolute(a.href) : null;
          if (kind && href) icons.push({ kind, href });
        }
        if (name === 'meta') {
          const key = (a.property ?? a.name ?? '').toLowerCase();
          const href = a.content ? absolute(a.content) : null;
          if ((key === 'og:image' || key === 'og:logo') && href) icons.push({ kind: key, href });
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  for (const icon of result.icons)
    if (!icons.some((i) => i.href === icon.href)) icons.push({ kind: 'icon', href: icon.href });
  return icons;
};

export const structuredData = (html: string, url: string): StructuredData => {
  const result = parse(html, url);
  const asIs = (n: unknown) => n;
  const shaped = (n: unknown) => plain(n as RdfaNode, 0);
  const nodes: StructuredNode[] = [
    ...typedNodes(result.jsonld, asIs).map((node) => ({ syntax: 'json-ld' as const, node })),
    ...typedNodes(result.microdata, shaped).map((node) => ({ syntax: 'microdata' as const, node })),
    ...typedNodes(result.rdfa, shaped).map((node) => ({ syntax: 'rdfa' as const, node })),
  ];
  return { nodes, lang: result.html?.language ?? null, icons: iconsOf(html, url, result) };
};

export const typesOf = (node: SchemaNode): string[] =>
  (Array.isArray(node['@type']) ? node['@type'] : [node['@type'] ?? '']).map((t) =>
    String(t).replace(SCHEMA_PREFIX, ''),
  );
