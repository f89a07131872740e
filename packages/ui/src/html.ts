import htmImport from 'htm';
import { h, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * The one template tag of the site: htm's tagged templates over Preact's `h`. Every interpolated
 * value is text (escaped by preact-render-to-string) unless a template opts in to raw HTML with
 * `dangerouslySetInnerHTML`, which only the JSON-LD component and the inlined stylesheet do.
 */
// htm's types describe a CommonJS module (`default` inside), while Node loads its ES module, whose
// default export is the htm object itself
const htm = htmImport as unknown as typeof htmImport.default;
export const html = htm.bind(h) as (strings: TemplateStringsArray, ...values: unknown[]) => VNode;

export type { VNode };

/** A whole document: the doctype and the rendered tree. */
export const renderDocument = (tree: VNode): string => `<!doctype html>${renderToString(tree)}`;

/**
 * JSON for a `<script type="application/ld+json">` body: `<`, `>`, `&` and the line separators become
 * escapes, so no text inside can close the script element or open a comment.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
