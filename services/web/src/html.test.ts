import { describe, expect, it } from 'vitest';
import { JsonLd } from './components/json-ld.ts';
import { Markdown } from './components/markdown.ts';
import { html, jsonForScript, renderDocument } from './html.ts';

describe('templates', () => {
  it('when text holds markup then it is escaped, in content and in attributes', () => {
    const name = '<script>alert(1)</script>" onmouseover="x';
    const out = renderDocument(html`<p title=${name}>${name}</p>`);
    expect(out).not.toContain('<script>');
    expect(out).toContain('&lt;script>alert(1)&lt;/script>');
    expect(out).toContain('title="&lt;script>alert(1)&lt;/script>&quot; onmouseover=&quot;x"');
  });

  it('when JSON-LD holds a closing script tag then it stays inside the script element', () => {
    const out = renderDocument(JsonLd({ data: { name: '</script><script>alert(1)</script>&\u2028' }, nonce: 'n' }));
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(jsonForScript({ a: '</script>' }))).toEqual({ a: '</script>' });
  });

  it('when Markdown holds HTML then it is shown as text, with headings, lists and paragraphs as elements', () => {
    const out = renderDocument(Markdown({ text: '## What it does\n\nIt <b>works</b>.\n\n- one\n- two' }));
    expect(out).toContain('<h2>What it does</h2>');
    expect(out).toContain('<p>It &lt;b>works&lt;/b>.</p>');
    expect(out).toContain('<ul><li>one</li><li>two</li></ul>');
  });
});
