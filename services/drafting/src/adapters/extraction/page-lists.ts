import type { Evidence } from '../../domain/draft/draft.ts';
import { lineOf } from '../page-content.ts';
import { cap, clean, type DraftContext, type Parsed, str } from './draft-context.ts';

/** demo video: a YouTube link or embed */
export const draftDemoVideo = (ctx: DraftContext): void => {
  for (const p of ctx.parsed) {
    const line = p.page.text.match(/^(?:link|embed): (https:\/\/(?:www\.)?(?:youtube\.com|youtu\.be)\/\S+)$/m);
    if (line?.[1]) ctx.set('demo_video_url', line[1], ctx.ev(line[1], p));
  }
};

/** keywords: the meta keywords tag */
export const draftKeywords = (ctx: DraftContext): void => {
  const keywords = ctx.meta(ctx.home, 'keywords');
  if (!keywords) return;
  const items = keywords
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k && k.length <= 200)
    .slice(0, 20);
  if (items.length > 0) ctx.set('keywords', items, ctx.ev(keywords, ctx.home));
};

/** categories: only names the catalog knows, quoted from JSON-LD applicationCategory */
export const draftCategories = (ctx: DraftContext): void => {
  const known = new Map(ctx.request.categoryNames.map((n) => [n.toLowerCase(), n]));
  const cats: string[] = [];
  const catEvidence: Evidence[] = [];
  for (const { node, p } of ctx.org) {
    const c = str(node.applicationCategory);
    const hit = known.get(c.toLowerCase());
    if (hit && !cats.includes(hit)) {
      cats.push(hit);
      catEvidence.push(...ctx.ev(c, p, undefined, 'applicationCategory'));
    }
  }
  if (cats.length > 0) ctx.set('categories', cats, catEvidence);
};

/** features: list items of a features page or of a section headed "features" */
export const draftFeatures = (ctx: DraftContext): void => {
  const featureItems: { text: string; p: Parsed }[] = [];
  for (const p of ctx.parsed) {
    const featurePage = /feature/.test(p.path);
    p.$('h1, h2, h3').each((_, heading) => {
      const headingText = lineOf(heading);
      if (!featurePage && !/feature/i.test(headingText)) return;
      const container = p.$(heading).parent();
      container.find('li').each((__, li) => {
        const t = lineOf(li);
        if (t.length >= 3 && t.length <= 200 && !featureItems.some((f) => f.text === t))
          featureItems.push({ text: t, p });
      });
    });
  }
  if (featureItems.length > 0)
    ctx.set(
      'features',
      featureItems.slice(0, 20).map((f) => f.text),
      featureItems.slice(0, 20).flatMap((f) => ctx.ev(f.text, f.p)),
    );
};

/** FAQs: FAQPage JSON-LD, then question headings followed by their answer on an FAQ page */
export const draftFaqs = (ctx: DraftContext): void => {
  const faqs: { question: string; answer: string }[] = [];
  const faqEvidence: Evidence[] = [];
  const add = (question: string, answer: string, p: Parsed) => {
    const i = faqs.length;
    faqs.push({ question, answer });
    faqEvidence.push(...ctx.ev(question, p, `faqs[${i}].question`), ...ctx.ev(answer, p, `faqs[${i}].answer`));
  };
  for (const { node, p } of ctx.ldOf(['FAQPage'])) {
    const entities = Array.isArray(node.mainEntity) ? node.mainEntity : [node.mainEntity];
    for (const q of entities as Record<string, unknown>[]) {
      const question = cap(clean(q?.name), 300);
      const answer = cap(clean((q?.acceptedAnswer as { text?: unknown } | undefined)?.text), 1500);
      if (!question || !answer || faqs.length >= 10) continue;
      add(question, answer, p);
    }
  }
  if (faqs.length === 0) {
    for (const p of ctx.parsed.filter((x) => /faq|questions|help/.test(x.path))) {
      p.$('h2, h3, h4, dt, summary').each((_, el) => {
        const question = cap(lineOf(el), 300);
        const answer = cap(lineOf(p.$(el).next().get(0)), 1500);
        if (!question?.endsWith('?') || !answer || faqs.length >= 10) return;
        add(question, answer, p);
      });
    }
  }
  if (faqs.length > 0) ctx.set('faqs', faqs, faqEvidence);
};
