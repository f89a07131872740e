import type { CheerioAPI } from 'cheerio';
import type { SchemaNode } from './structured-data.ts';
import { typesOf } from './structured-data.ts';

/**
 * A pricing plan as a site states it. Every part comes with the text it was read from (`quotes`),
 * each of them verbatim in the page's evidence text (a visible text block, or a structured-data
 * value), so the evidence check can hold the drafter to it.
 */
export interface PricingPlan {
  readonly name: string;
  /** the price as written (`$9 per month`, `Free`), or composed from structured data (`9 USD`) */
  readonly price: string;
  readonly amount: number | null;
  readonly currency: string | null;
  readonly period: 'month' | 'year' | null;
  readonly free: boolean;
  readonly quotes: readonly string[];
}

const clean = (s: unknown): string => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** A price: a currency sign or code next to a number, or the word free (in the languages we read). */
const PRICE =
  /(?:[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:[$€£¥]|USD|EUR|GBP|CHF)|\b(?:free|gratis|kostenlos|gratuit|gratuito)\b)/i;
const CURRENCIES: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
const MONTH =
  /(?:\/\s?|\bper\s|\ba\s|\bpro\s|\bpar\s|\bal\s)(?:month|mo|monat|mois|mes)\b|\bmonthly\b|\bmonatlich\b|\bmensuel\b/i;
const YEAR =
  /(?:\/\s?|\bper\s|\ba\s|\bpro\s|\bpar\s|\bal\s)(?:year|yr|annum|jahr|an|año)\b|\byearly\b|\bannually\b|\bjährlich\b/i;

const parsePrice = (text: string) => {
  const free = /^\s*(?:free|gratis|kostenlos|gratuit|gratuito)\b/i.test(text) || /^[$€£]\s?0(?:[.,]00?)?\b/.test(text);
  const sign = text.match(/[$€£¥]/)?.[0];
  const code = text.match(/\b(USD|EUR|GBP|CHF)\b/)?.[1];
  const number = text.match(/\d[\d.,]*/)?.[0];
  const amount = number ? Number(number.replace(/,(\d{2})$/, '.$1').replace(/,/g, '')) : free ? 0 : null;
  return {
    amount: Number.isFinite(amount) ? amount : null,
    currency: code ?? (sign ? (CURRENCIES[sign] ?? null) : null),
    period: MONTH.test(text) ? ('month' as const) : YEAR.test(text) ? ('year' as const) : null,
    free,
  };
};

const plan = (name: string, price: string, quotes: string[]): PricingPlan | null => {
  if (!name || name.length > 60 || !price || price.length > 80 || PRICE.test(name)) return null;
  return { name, price, ...parsePrice(price), quotes };
};

/** The innermost elements whose own text (their text nodes, not their children's) is a price. */
const priceElements = ($: CheerioAPI, root: ReturnType<CheerioAPI>) =>
  root
    .find('*')
    .addBack()
    .toArray()
    .filter((el) => {
      const t = clean($(el).text());
      return (
        t.length <= 80 &&
        PRICE.test(t) &&
        $(el)
          .children()
          .toArray()
          .every((c) => !PRICE.test($(c).text()))
      );
    });

const CARD = '[class*="plan"], [class*="tier"], [class*="pricing-card"], [class*="price-card"], [class*="package"]';

/** Plans laid out as cards: an element named like a plan, holding one heading and one price. */
const cardPlans = ($: CheerioAPI): PricingPlan[] => {
  const plans: PricingPlan[] = [];
  $(CARD).each((_, el) => {
    const card = $(el);
    if (card.is('table, tr, td, th, tbody, thead')) return;
    if (card.find(CARD).filter((__, inner) => $(inner).find('h2, h3, h4, h5').length > 0).length > 0) return;
    const heading = card.find('h2, h3, h4, h5, [class*="name"], [class*="title"]').first();
    const name = clean(heading.text());
    const prices = priceElements($, card).filter((p) => !$(p).is(heading) && !$(p).parents().is(heading));
    const first = prices[0];
    if (!first) return;
    const price = clean($(first).text());
    const found = plan(name, price, [name, price]);
    if (found && !plans.some((p) => p.name === found.name)) plans.push(found);
  });
  return plans;
};

/** Plans in a table: plan names as column headers with a row of prices, or one plan per row. */
const tablePlans = ($: CheerioAPI): PricingPlan[] => {
  const plans: PricingPlan[] = [];
  $('table').each((_, table) => {
    const rows = $(table)
      .find('tr')
      .toArray()
      .map((tr) =>
        $(tr)
          .children('th, td')
          .toArray()
          .map((c) => clean($(c).text())),
      );
    const header = rows[0] ?? [];
    const priceRow = rows.slice(1).find((r) => r.filter((c) => PRICE.test(c)).length >= 2);
    if (header.length >= 2 && priceRow) {
      header.forEach((name, i) => {
        const price = priceRow[i] ?? '';
        const found = PRICE.test(price) ? plan(name, price, [name, price]) : null;
        if (found) plans.push(found);
      });
      return;
    }
    for (const cells of rows) {
      const [first, ...rest] = cells;
      if (!first) continue;
      const priceCell = rest.find((c) => PRICE.test(c));
      if (priceCell) {
        const found = plan(first, priceCell, [first, priceCell]);
        if (found) plans.push(found);
        continue;
      }
      // one cell holding both: "Starter $9 per month"
      const at = first.search(PRICE);
      if (cells.length === 1 && at > 0) {
        const found = plan(first.slice(0, at).trim(), first.slice(at).trim(), [first]);
        if (found) plans.push(found);
      }
    }
  });
  return plans;
};

export const htmlPlans = ($: CheerioAPI): PricingPlan[] => {
  const plans = tablePlans($);
  for (const p of cardPlans($)) if (!plans.some((q) => q.name === p.name)) plans.push(p);
  return plans.slice(0, 8);
};

/** Offers and AggregateOffers of schema.org nodes (JSON-LD, microdata, RDFa). */
export const structuredPlans = (nodes: readonly SchemaNode[]): PricingPlan[] => {
  const plans: PricingPlan[] = [];
  const offersOf = (node: SchemaNode): SchemaNode[] => {
    const raw = node.offers;
    const list = (Array.isArray(raw) ? raw : raw ? [raw] : []) as SchemaNode[];
    return list.flatMap((o) => (typesOf(o).includes('AggregateOffer') && o.offers ? [o, ...offersOf(o)] : [o]));
  };
  for (const node of nodes) {
    for (const offer of offersOf(node)) {
      if (!offer || typeof offer !== 'object') continue;
      const currency = str(offer.priceCurrency);
      const spec = (offer.priceSpecification ?? {}) as SchemaNode;
      const unit = `${str(spec.unitText)} ${str(spec.billingDuration)} ${str(spec.referenceQuantity)}`;
      const name = clean(offer.name) || (typesOf(offer).includes('AggregateOffer') ? '' : clean(node.name));
      const price = str(offer.price ?? spec.price);
      if (price) {
        const amount = Number(price);
        const period = /month|P1M|MON/i.test(unit) ? 'month' : /year|P1Y|ANN/i.test(unit) ? 'year' : null;
        if (!name || !Number.isFinite(amount)) continue;
        plans.push({
          name,
          price: `${price}${currency ? ` ${currency}` : ''}${period ? ` per ${period}` : ''}`,
          amount,
          currency: currency || null,
          period,
          free: amount === 0,
          quotes: [name, `price: ${price}`, ...(currency ? [`priceCurrency: ${currency}`] : [])],
        });
      } else if (typesOf(offer).includes('AggregateOffer')) {
        const low = str(offer.lowPrice);
        const high = str(offer.highPrice);
        if (!low) continue;
        const label = name || 'Plans';
        plans.push({
          name: label,
          price: `${low}${high ? `–${high}` : ''}${currency ? ` ${currency}` : ''}`,
          amount: Number(low),
          currency: currency || null,
          period: null,
          free: Number(low) === 0,
          quotes: [
            `lowPrice: ${low}`,
            ...(high ? [`highPrice: ${high}`] : []),
            ...(currency ? [`priceCurrency: ${currency}`] : []),
            ...(name ? [name] : []),
          ],
        });
      }
    }
  }
  return plans;
};

/** "14-day free trial", "Kostenlos testen": the sentence that offers a trial, if the page has one. */
export const trialSentence = (text: string): string | null =>
  text
    .split('\n')
    .map((l) => l.trim())
    .find(
      (l) =>
        l.length <= 200 &&
        /\bfree trial\b|\btrial\b.*\bdays?\b|\bdays?\b.*\btrial\b|\bfree for \d+ days\b|testphase|essai gratuit|prueba gratuita/i.test(
          l,
        ),
    ) ?? null;

/** One line per plan, for `pricing_summary`: `Starter: $9 per month; Team: $29 per month`. */
export const summarisePlans = (plans: readonly PricingPlan[], trial: string | null, max: number): string | null => {
  const parts: string[] = [];
  for (const p of plans) {
    const next = [...parts, `${p.name}: ${p.price}`];
    if (next.join('; ').length > max) break;
    parts.push(`${p.name}: ${p.price}`);
  }
  if (trial && [...parts, trial].join('; ').length <= max) parts.push(trial);
  return parts.length > 0 ? parts.join('; ') : null;
};
