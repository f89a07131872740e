import type { CheerioAPI } from 'cheerio';
import {
  AMOUNT,
  CUSTOM_PRICE,
  FREE_WORDS,
  MONTH,
  PRICE,
  PRICE_ALONE,
  type PricingPlan,
  perPeriod,
  plan,
  priceElements,
  SIGN,
  shown,
  UNIT_AFTER,
  withPeriod,
  YEAR,
} from './extraction/prices.ts';
import { tablePlans } from './extraction/table-plans.ts';
import { lineOf } from './page-content.ts';

export { structuredPlans, summarisePlans, trialSentence } from './extraction/offer-plans.ts';
export type { PlanQuote, PricingPlan } from './extraction/prices.ts';

const CARD = '[class*="plan"], [class*="tier"], [class*="pricing-card"], [class*="price-card"], [class*="package"]';

/**
 * An element named like a plan that is the grid of them ("pricing-tiers" around cards of no telling
 * class): a heading, a price, then another heading and its price, in the order the page shows them.
 */
const isGrid = ($: CheerioAPI, card: ReturnType<CheerioAPI>): boolean => {
  const prices = new Set<unknown>(priceElements($, card, true));
  let seen = '';
  for (const el of card.find('*').toArray()) {
    if ($(el).is('h2, h3, h4, h5') && !PRICE.test(lineOf(el))) seen += seen.endsWith('h') ? '' : 'h';
    else if (prices.has(el)) seen += seen.endsWith('p') ? '' : 'p';
  }
  return /hp.*hp/.test(seen);
};

/** Plans laid out as cards: an element named like a plan, holding one heading and one price. */
const cardPlans = ($: CheerioAPI): PricingPlan[] => {
  const plans: PricingPlan[] = [];
  $(CARD).each((_, el) => {
    const card = $(el);
    if (card.is('table, tr, td, th, tbody, thead')) return;
    if (card.find(CARD).filter((__, inner) => $(inner).find('h2, h3, h4, h5').length > 0).length > 0) return;
    if (isGrid($, card)) return;
    const heading = card.find('h2, h3, h4, h5, [class*="name"], [class*="title"]').first();
    const name = lineOf(heading.get(0));
    const prices = priceElements($, card, true).filter((p) => !$(p).is(heading) && !$(p).parents().is(heading));
    const first = prices[0];
    if (!first) {
      // the price in the heading itself: "Pro — $29/mo"
      const at = name.search(PRICE);
      const found =
        at > 0 && AMOUNT.test(name)
          ? plan(name.slice(0, at).replace(/[\s:–—|-]+$/, ''), name.slice(at).trim(), shown(name))
          : null;
      if (found && !plans.some((p) => p.name === found.name)) plans.push(found);
      return;
    }
    for (const found of perPeriod($, name, prices))
      if (!plans.some((p) => p.name === found.name && p.period === found.period)) plans.push(found);
  });
  return plans;
};

/**
 * Plans laid out as cards of any markup (a pricing page's grid of `div`s with no telling class):
 * each price that stands alone, with the heading of the smallest block around it that holds no
 * other price. Two such plans at least, or none: one lone price is no plan grid.
 */
const looseCardPlans = ($: CheerioAPI): PricingPlan[] => {
  const prices = priceElements($, $('body'), true).filter((el) => {
    const t = lineOf(el);
    return (
      t.length <= 40 && (PRICE_ALONE.test(t) || CUSTOM_PRICE.test(t)) && !$(el).is('h1, h2, h3, h4, h5, li, td, th')
    );
  });
  const plans: PricingPlan[] = [];
  for (const el of prices) {
    let block = $(el).parent();
    for (let depth = 0; depth < 5 && block.length > 0; depth += 1) {
      const inside = new Set<unknown>(block.find('*').toArray());
      const others = prices.filter((other) => other !== el && inside.has(other));
      // the plan's name: a heading, else a name-like line (bold, classed as a name or title) that is no price
      let headings = block.find('h2, h3, h4, h5');
      if (headings.length === 0)
        headings = block.find('h6, strong, b, [class*="name"], [class*="title"]').filter((__, h) => {
          const t = lineOf(h);
          return t.length > 0 && t.length <= 40 && !PRICE.test(t) && !CUSTOM_PRICE.test(t);
        });
      // another price in the block: the same card when the block has one heading (a plan priced
      // monthly and yearly), else the next card
      if (others.length > 0 && headings.length > 1) break;
      if (headings.length > 0) {
        const name = lineOf(headings.get(0));
        for (const found of perPeriod($, name, [el, ...others]))
          if (!plans.some((p) => p.name === found.name && p.period === found.period)) plans.push(found);
        break;
      }
      block = block.parent();
    }
  }
  // two priced plans at least: one lone price, or "Custom" beside one price, is no plan grid
  return plans.filter((p) => p.amount !== null).length >= 2 ? plans : [];
};

/** A badge beside a plan's name ("Most popular"), or a call to action: no plan name. */
const NOT_A_PLAN_NAME =
  /^(?:most popular|popular|recommended|best value|best deal|beliebt|empfohlen|populaire|recommandé|más popular|recomendado|consigliato|aanbevolen|populär|suosituin|polecany|doporučeno|önerilen|new|neu|nouveau|nuevo)!?$/i;

/**
 * Plan cards whose price is their heading ("<p>Hobby</p><h2>€0</h2>", as page builders style
 * them) or whose name stands under the price: each price that stands alone, named by the first
 * short line of the smallest block around it that holds no other price (not a badge, a button, a
 * period or a number). Read only when no other markup gave a plan; two priced plans at least.
 */
const headedPriceCards = ($: CheerioAPI): PricingPlan[] => {
  const prices = priceElements($, $('body'), true).filter((el) => {
    const t = lineOf(el);
    return t.length <= 40 && (PRICE_ALONE.test(t) || CUSTOM_PRICE.test(t)) && !$(el).is('li, td, th');
  });
  const plans: PricingPlan[] = [];
  for (const el of prices) {
    let block = $(el).parent();
    for (let depth = 0; depth < 4 && block.length > 0 && !block.is('body'); depth += 1) {
      const inside = new Set<unknown>(block.find('*').toArray());
      if (prices.some((other) => other !== el && inside.has(other))) break;
      const label = block
        .find('*')
        .toArray()
        .find((c) => {
          if (
            c === el ||
            $(c)
              .parents()
              .is(el as never) ||
            $(c).is('a, button') ||
            $(c).parents().is('a, button')
          )
            return false;
          if ($(c).children().length > 0) return false;
          const t = lineOf(c);
          return (
            t.length >= 2 &&
            t.length <= 30 &&
            !/\d/.test(t) &&
            !PRICE.test(t) &&
            !CUSTOM_PRICE.test(t) &&
            !MONTH.test(t) &&
            !YEAR.test(t) &&
            !/^(?:per|pro|par|al|por|each)\s/i.test(t) &&
            !NOT_A_PLAN_NAME.test(t)
          );
        });
      if (label) {
        for (const found of perPeriod($, lineOf(label), [el]))
          if (!plans.some((p) => p.name === found.name && p.period === found.period)) plans.push(found);
        break;
      }
      block = block.parent();
    }
  }
  return plans.filter((p) => p.amount !== null).length >= 2 ? plans : [];
};

/** Plans in a definition list: the plan's name as the term, its price (or prices) as the definition. */
const definitionPlans = ($: CheerioAPI): PricingPlan[] => {
  const plans: PricingPlan[] = [];
  $('dl dt').each((_, dt) => {
    const name = lineOf(dt);
    const dds = $(dt).nextUntil('dt', 'dd').toArray();
    const prices = dds.flatMap((dd) => priceElements($, $(dd)));
    for (const found of perPeriod($, name, prices))
      if (!plans.some((p) => p.name === found.name && p.period === found.period)) plans.push(found);
  });
  return plans;
};

/** "Starter: $9 per month", "Pro — 29 € / Monat": a plan's name and its price on one line. */
const LINE_PLAN = new RegExp(
  String.raw`^([\p{L}][\p{L}\p{N} +&'’.]{0,30}?)\s*(?::|–|—|-|\|)\s*((?:(?:from|ab|dès|desde|a partir de|vanaf|från|fra|od)\s+)?(?:(?:${SIGN})\s?\d[\d.,]*|\d[\d.,]*\s?(?:${SIGN}|${UNIT_AFTER})(?![\p{L}])|(?:${FREE_WORDS})(?![\p{L}]))[^.;!?]{0,40})$`,
  'iu',
);

/** Plans written one per line, in list items or paragraphs: the name, a separator, the price. */
const linePlans = ($: CheerioAPI): PricingPlan[] => {
  const plans: PricingPlan[] = [];
  $('li, p').each((_, el) => {
    if ($(el).find('li, p').length > 0) return;
    const text = lineOf(el);
    const m = text.length <= 90 ? text.match(LINE_PLAN) : null;
    if (!m?.[1] || !m[2]) return;
    const found = plan(m[1].trim(), m[2].trim(), shown(text));
    if (found && !plans.some((p) => p.name === found.name && p.period === found.period)) plans.push(found);
  });
  return plans;
};

/**
 * Plans of a page: its tables, then cards classed as plans, then definition lists; on the pricing
 * page itself (`loose`), when none of them gives any, cards of any markup, then plans written one
 * per line ("Starter: $9 per month"), then the page's one price as the plan of the product (`product`).
 */
export const htmlPlans = ($: CheerioAPI, options: { loose?: boolean; product?: string } = {}): PricingPlan[] => {
  const plans = tablePlans($);
  const add = (more: readonly PricingPlan[]) => {
    for (const p of more) if (!plans.some((q) => q.name === p.name && q.period === p.period)) plans.push(p);
  };
  add(cardPlans($));
  add(definitionPlans($));
  if (plans.length === 0 && options.loose) add(looseCardPlans($));
  if (plans.length === 0 && options.loose) add(linePlans($));
  if (plans.length === 0 && options.loose) add(headedPriceCards($));
  if (plans.length === 0 && options.loose) add(sectionPlans($));
  if (plans.length === 0 && options.loose && options.product) add(productPlan($, options.product));
  return plans.slice(0, 8);
};

/**
 * Plans written as a document (Markdown, a blog theme, a docs site): each plan a heading, its price
 * in the first element after it that is a price standing alone, before the next heading ("## Starter",
 * "$9 per month", "- 3 projects"). Two priced plans at least.
 */
const sectionPlans = ($: CheerioAPI): PricingPlan[] => {
  const plans: PricingPlan[] = [];
  $('h2, h3, h4').each((_, h) => {
    const name = lineOf(h);
    // the price in the heading itself: "Pro — $12/month"
    const at = name.search(PRICE);
    const inHeading =
      at > 0 && AMOUNT.test(name) && name.length <= 60
        ? plan(name.slice(0, at).replace(/[\s:–—|-]+$/, ''), name.slice(at).trim(), shown(name))
        : null;
    if (inHeading && !plans.some((p) => p.name === inHeading.name)) plans.push(inHeading);
    if (!name || name.length > 40 || PRICE.test(name) || NOT_A_PLAN_NAME.test(name)) return;
    const after = $(h).nextUntil('h1, h2, h3, h4').toArray().slice(0, 4);
    const el = after
      .flatMap((a) => priceElements($, $(a), true))
      .find((p) => {
        const t = lineOf(p);
        return t.length <= 60 && (PRICE_ALONE.test(t) || CUSTOM_PRICE.test(t));
      });
    if (!el) return;
    for (const found of perPeriod($, name, [el]))
      if (!plans.some((p) => p.name === found.name && p.period === found.period)) plans.push(found);
  });
  return plans.filter((p) => p.amount !== null).length >= 2 ? plans : [];
};

/**
 * A pricing page with one price and no plan names: that price is the product's one plan (named
 * after the product). Only a price with an amount that stands alone, and only when it is the
 * page's one such price.
 */
const productPlan = ($: CheerioAPI, product: string): PricingPlan[] => {
  const prices = priceElements($, $('body')).filter((el) => {
    const t = lineOf(el);
    return t.length <= 40 && PRICE_ALONE.test(t) && AMOUNT.test(t);
  });
  const only = prices.length === 1 ? prices[0] : undefined;
  if (!only) return [];
  const price = withPeriod($, only);
  const found = plan(product, price, shown(price));
  return found ? [found] : [];
};
