import { html, type VNode } from '../html.ts';

/**
 * The few Markdown shapes listings and blog posts use, as elements: `#` headings (the biggest at
 * `headingLevel`, below the page's own), `-`/`*` lists, paragraphs. Everything stays text: no HTML passes through.
 */
export const Markdown = (props: { text: string; headingLevel?: 2 | 3 }): VNode => {
  const base = props.headingLevel ?? 2;
  const blocks: VNode[] = [];
  let list: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(html`<p>${paragraph.join(' ')}</p>`);
    if (list.length > 0) blocks.push(html`<ul>${list.map((item) => html`<li>${item}</li>`)}</ul>`);
    paragraph = [];
    list = [];
  };
  const lines = props.text.split('\n');
  // the text's biggest heading becomes the level given, the others keep their distance below it
  const top = Math.min(7, ...lines.map((line) => /^(#{1,6})\s/.exec(line.trim())?.[1]?.length ?? 7));
  for (const raw of lines) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      const level = Math.min(6, base + (heading[1] as string).length - top);
      blocks.push(html`<${`h${level}`}>${heading[2]}<//>`);
    } else if (item) {
      if (paragraph.length > 0) flush();
      list.push(item[1] as string);
    } else {
      if (list.length > 0) flush();
      paragraph.push(line);
    }
  }
  flush();
  return html`<div class="prose">${blocks}</div>`;
};
