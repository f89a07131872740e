import type { CheerioAPI } from 'cheerio';
import { lineOf } from './page-content.ts';
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
  readonly quotes: readonly PlanQuote[];
}

/**
 * What a plan was read from: visible text as the page shows it, or a structured-data value and the
 * schema.org property it is under (the drafter quotes that property as the page wrote it).
 */
export interface PlanQuote {
  readonly text: string;
  readonly property?: string;
}
const shown = (...texts: string[]): PlanQuote[] => texts.map((text) => ({ text }));

const clean = (s: unknown): string => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** A price: a currency sign or code next to a number, or the word free (in the languages we read). */
/** Currency signs and codes written before or after an amount, in the markets we read. */
const SIGN = String.raw`[$€£¥₩₺₹₽₪]|R\$|A\$|C\$|CHF|Fr\.|USD|EUR|GBP|SEK|NOK|DKK|PLN|CZK|TRY|JPY|CNY|KRW|BRL|INR|AUD|CAD`;
const UNIT_AFTER = String.raw`kr\.?|zł|Kč|円|元|TL|Ft|lei|руб\.?|₽`;
const FREE_WORDS = `free|gratis|kostenlos|gratuit|gratuita|gratuito|grátis|ilmainen|darmowy|darmowa|zdarma|ücretsiz|無料|免费|免費|무료`;
/** an amount of money: a currency sign or code next to a number */
const AMOUNT = new RegExp(String.raw`(?:${SIGN})\s?\d|\d[\d.,\s]*\s?(?:${SIGN}|${UNIT_AFTER})(?![\p{L}])`, 'u');
/** A price: an amount, or the word free (in the languages we read). */
const PRICE = new RegExp(
  String.raw`(?:(?:${SIGN})\s?\d[\d.,]*|\d[\d.,]*\s?(?:${SIGN}|${UNIT_AFTER})(?![\p{L}])|(?<![\p{L}])(?:${FREE_WORDS})(?![\p{L}]))`,
  'iu',
);
const CURRENCIES: Record<string, string> = {
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₩': 'KRW',
  '₺': 'TRY',
  '₹': 'INR',
  '₽': 'RUB',
  '₪': 'ILS',
  円: 'JPY',
  元: 'CNY',
  zł: 'PLN',
  Kč: 'CZK',
  R$: 'BRL',
};
/** "/month", "per month", "monthly", and the same in the languages we read */
const MONTH =
  /(?:\/\s?|(?<![\p{L}])(?:per|a|pro|par|al|por|i|w|za|each)\s)(?:month|mo|monat|mois|mes|mese|mês|maand|mnd|mån(?:ad)?|måned|md|kk|kuukausi|miesiąc|mies\.?|měsíc|měs\.?|ay|月|월)(?![\p{L}])|(?<![\p{L}])(?:monthly|monatlich|mensuel(?:le)?|mensual|mensile|mensal|maandelijks|månadsvis|månedlig|kuukausittain|miesięcznie|měsíčně|aylık|月額|每月|매월)(?![\p{L}])/iu;
const YEAR =
  /(?:\/\s?|(?<![\p{L}])(?:per|a|pro|par|al|por|i|w|za|each)\s)(?:year|yr|annum|jahr|an|année|año|anno|ano|jaar|år|vuosi|rok|ok|yıl|年|년)(?![\p{L}])|(?<![\p{L}])(?:yearly|annually|jährlich|annuel(?:le)?|anual|annuale|jaarlijks|årlig|vuosittain|rocznie|ročně|yıllık|年額|每年|매년)(?![\p{L}])/iu;

const parsePrice = (text: string) => {
  const free =
    new RegExp(String.raw`^\s*(?:${FREE_WORDS})(?![\p{L}])`, 'iu').test(text) ||
    /^\D{0,3}0(?:[.,]00?)?(?!\d)/.test(text.trim());
  const sign = text.match(/R\$|zł|Kč|[$€£¥₩₺₹₽₪円元]/)?.[0];
  const code = text.match(/\b(USD|EUR|GBP|CHF|SEK|NOK|DKK|PLN|CZK|TRY|JPY|CNY|KRW|BRL|INR|AUD|CAD)\b/)?.[1];
  const number = text.match(/\d[\d.,]*/)?.[0];
  const amount = number ? Number(number.replace(/,(\d{2})$/, '.$1').replace(/,/g, '')) : free ? 0 : null;
  return {
    amount: Number.isFinite(amount) ? amount : null,
    currency: code ?? (sign ? (CURRENCIES[sign] ?? null) : null),
    period: MONTH.test(text) ? ('month' as const) : YEAR.test(text) ? ('year' as const) : null,
    free,
  };
};

const plan = (name: string, price: string, quotes: PlanQuote[]): PricingPlan | null => {
  // a plan may be called "Free"; a name holding an amount is no plan name
  if (!name || name.length > 60 || !price || price.length > 80 || AMOUNT.test(name)) return null;
  return { name, price, ...parsePrice(price), quotes };
};

/**
 * A price that names no amount, as plan cards write it for their largest plan ("Custom", "Auf
 * Anfrage"); a call to action ("Talk to us", "Contact sales") is no price.
 */
const CUSTOM_PRICE =
  /^(?:custom(?: pricing| price| quote)?|on request|price on request|get a quote|individuell|auf anfrage|preis auf anfrage|sur devis|sur mesure|sur demande|a medida|personalizado|bajo petición|su misura|su richiesta|op aanvraag|på förfrågan|på forespørgsel|på forespørsel|offert|tarjouksen mukaan|wycena indywidualna|indywidualnie|individuálně|na vyžádání|özel fiyat|要相談|お見積り|个性化定价|별도 문의)\.?$/iu;

/** The innermost elements whose own text (their text nodes, not their children's) is a price. */
const priceElements = ($: CheerioAPI, root: ReturnType<CheerioAPI>, custom = false) =>
  root
    .find('*')
    .addBack()
    .toArray()
    .filter((el) => {
      const t = lineOf(el);
      return (
        t.length <= 80 &&
        (PRICE.test(t) || (custom && CUSTOM_PRICE.test(t) && !$(el).is('a, button, h1, h2, h3, h4, h5'))) &&
        $(el)
          .children()
          .toArray()
          .every((c) => !PRICE.test($(c).text()))
      );
    });

/**
 * A price with the period written beside it in its own element (`<b>$29</b><span>/month</span>`):
 * the smallest block around the price that says the period and holds no other price, up to two
 * levels up and 60 characters; else the price alone.
 */
const withPeriod = ($: CheerioAPI, el: unknown): string => {
  const price = lineOf(el);
  if (MONTH.test(price) || YEAR.test(price)) return price;
  let block = $(el as never).parent();
  for (let depth = 0; depth < 2 && block.length > 0 && !block.is('body, table, tr'); depth += 1) {
    const text = lineOf(block.get(0));
    if (text.length > 60) break;
    const amounts = text.match(new RegExp(AMOUNT.source, 'gu')) ?? [];
    if (amounts.length > 1) break;
    if (text.startsWith(price) && (MONTH.test(text) || YEAR.test(text))) return text;
    block = block.parent();
  }
  return price;
};

const CARD = '[class*="plan"], [class*="tier"], [class*="pricing-card"], [class*="price-card"], [class*="package"]';

/** Plans laid out as cards: an element named like a plan, holding one heading and one price. */
const cardPlans = ($: CheerioAPI): PricingPlan[] => {
  const plans: PricingPlan[] = [];
  $(CARD).each((_, el) => {
    const card = $(el);
    if (card.is('table, tr, td, th, tbody, thead')) return;
    if (card.find(CARD).filter((__, inner) => $(inner).find('h2, h3, h4, h5').length > 0).length > 0) return;
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
 * A plan's prices in one card: the first, and one more for each other period the card states
 * ("$10 / month" and "$100 / year" give two parts, as a plan billed both ways is).
 */
const perPeriod = ($: CheerioAPI, name: string, prices: readonly unknown[]): PricingPlan[] => {
  const found: PricingPlan[] = [];
  for (const el of prices) {
    const price = withPeriod($, el);
    const next = plan(name, price, shown(name, price));
    if (!next) continue;
    if (found.length === 0) found.push(next);
    else if (next.period !== null && !found.some((f) => f.period === next.period || f.period === null))
      found.push(next);
  }
  return found;
};

/** A header cell that labels a column of a plan table (in the languages we read). */
const PRICE_HEADER = /^(?:price|pricing|cost|preis|prix|precio|pris|prijs|prezzo)\b/i;
const NAME_HEADER = /^(?:plan|tier|package|edition|name|tarif|paket|plan(?:e|es)?|abonnement|offre)\b/i;
const PERIOD_HEADER = /^(?:period|billing|billed|interval|term|per|zeitraum|abrechnung|période|facturación)\b/i;

/**
 * Plans in a table, every row of it: plan names as column headers with a row of prices, or one plan
 * per row (the name in the plan column or the first, the price in the price column or the first
 * cell that holds one, the period from a billing column when there is one).
 */
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
          .map((c) => lineOf(c)),
      );
    const header = rows[0] ?? [];
    const priceColumn = header.findIndex((h) => PRICE_HEADER.test(h));
    const periodColumns = header.map((h, i) => (i > 0 && h.length <= 30 && (MONTH.test(h) || YEAR.test(h)) ? i : -1));
    const priceRows = rows.slice(1).filter((r) => r.slice(1).filter((c) => PRICE.test(c)).length >= 2);
    // plans as columns: a header of plan names (a corner label such as "Plan" allowed) over rows of prices
    const planColumns =
      priceColumn < 0 &&
      periodColumns.every((i) => i < 0) &&
      header.length >= 3 &&
      header.slice(1).every((h) => h.length > 0 && !PRICE.test(h) && !NAME_HEADER.test(h));
    const labelled = priceColumn >= 0 || header.some((h) => NAME_HEADER.test(h));
    if ((planColumns || (!labelled && header.length >= 2)) && priceRows.length > 0) {
      for (const priceRow of priceRows.slice(0, 2)) {
        // a row labelled by its period ("Monthly", "per year") gives that period to prices that name none
        const rowPeriod = priceRow[0] ?? '';
        const periodLabel = rowPeriod.length <= 30 && (MONTH.test(rowPeriod) || YEAR.test(rowPeriod));
        header.forEach((name, i) => {
          const price = priceRow[i] ?? '';
          if (i === 0 && planColumns) return;
          if (!PRICE.test(price) && !CUSTOM_PRICE.test(price)) return;
          const bare = !MONTH.test(price) && !YEAR.test(price);
          const found =
            periodLabel && bare && !/^\D{0,3}0(?!\d)|^\s*(?:free|gratis|kostenlos)/i.test(price)
              ? plan(name, `${price} ${rowPeriod}`, shown(name, price, rowPeriod))
              : plan(name, price, shown(name, price));
          if (found && !plans.some((p) => p.name === found.name && (p.period === found.period || p.free)))
            plans.push(found);
        });
      }
      return;
    }
    const nameColumn = Math.max(
      0,
      header.findIndex((h) => NAME_HEADER.test(h)),
    );
    const periodColumn = header.findIndex((h) => PERIOD_HEADER.test(h));
    for (const cells of labelled ? rows.slice(1) : rows) {
      const first = cells[nameColumn];
      if (!first) continue;
      const priceCell =
        priceColumn >= 0 && PRICE.test(cells[priceColumn] ?? '')
          ? cells[priceColumn]
          : cells.find((c, i) => i !== nameColumn && PRICE.test(c));
      // a price in each column that names a period ("Monthly", "Yearly"): one plan per period
      const byPeriod = periodColumns.filter((i) => i >= 0 && PRICE.test(cells[i] ?? ''));
      if (priceColumn < 0 && byPeriod.length > 0) {
        for (const i of byPeriod) {
          const cell = cells[i] as string;
          const head = header[i] as string;
          const found =
            MONTH.test(cell) || YEAR.test(cell) || !AMOUNT.test(cell)
              ? plan(first, cell, shown(first, cell))
              : plan(first, `${cell} ${head}`, shown(first, cell, head));
          if (found && !plans.some((p) => p.name === found.name && (p.period === found.period || p.free)))
            plans.push(found);
        }
        continue;
      }
      if (priceCell) {
        const period = periodColumn >= 0 ? (cells[periodColumn] ?? '') : '';
        const periodBeside =
          (MONTH.test(period) || YEAR.test(period)) &&
          !MONTH.test(priceCell) &&
          !YEAR.test(priceCell) &&
          period.length <= 30;
        const found = periodBeside
          ? plan(first, `${priceCell} ${period}`, shown(first, priceCell, period))
          : plan(first, priceCell, shown(first, priceCell));
        if (found && !plans.some((p) => p.name === found.name)) plans.push(found);
        continue;
      }
      // one cell holding both: "Starter $9 per month"
      const at = first.search(PRICE);
      if (cells.length === 1 && at > 0) {
        const found = plan(first.slice(0, at).trim(), first.slice(at).trim(), shown(first));
        if (found) plans.push(found);
      }
    }
  });
  return plans;
};

/** A price as a plan card shows it: it starts with an amount or the word free, and is short. */
const PRICE_ALONE = new RegExp(
  String.raw`^\s*(?:(?:from|ab|dès|à partir de|desde|a partir de|da|vanaf|från|fra|alkaen|od|itibaren)\s+)?(?:(?:${SIGN})\s?\d|\d[\d.,\s]*\s?(?:${SIGN}|${UNIT_AFTER})(?![\p{L}])|(?:${FREE_WORDS})(?![\p{L}]))`,
  'iu',
);

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
  if (plans.length === 0 && options.loose && options.product) add(productPlan($, options.product));
  return plans.slice(0, 8);
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
          quotes: [
            { text: name, property: 'name' },
            { text: price, property: 'price' },
            ...(currency ? [{ text: currency, property: 'priceCurrency' }] : []),
          ],
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
            { text: low, property: 'lowPrice' },
            ...(high ? [{ text: high, property: 'highPrice' }] : []),
            ...(currency ? [{ text: currency, property: 'priceCurrency' }] : []),
            ...(name ? [{ text: name, property: 'name' }] : []),
          ],
        });
      }
    }
  }
  return plans;
};

/** "14-day free trial", "Kostenlos testen": the sentence that offers a trial, if the page has one. */
const TRIAL =
  /\bfree trial\b|\btrial\b.*\bdays?\b|\bdays?\b.*\btrial\b|\bfree for \d+ days\b|testphase|kostenlos testen|\d+ tage? kostenlos|essai gratuit|prueba gratuita|prueba gratis|prova gratuita|teste grátis|avaliação gratuita|gratis proberen|proefperiode|provperiod|prøveperiode|gratis i \d+ dag|ilmainen kokeilu|kokeile ilmaiseksi|okres próbny|zkušební|ücretsiz deneme|無料トライアル|無料体験|免费试用|免費試用|무료 체험|무료 평가판/iu;

/** "14-day free trial", "Kostenlos testen": the sentence that offers a trial, if the page has one (a question is no offer). */
export const trialSentence = (text: string): string | null => {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  return (
    text
      .split('\n')
      // the sentence of its line that offers the trial, not the whole line around it
      .flatMap((line) => [...segmenter.segment(line)].map((s) => s.segment.trim()))
      .find((l) => l.length <= 200 && !l.endsWith('?') && !l.endsWith('？') && TRIAL.test(l)) ?? null
  );
};

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
