import type { CheerioAPI } from 'cheerio';
import { lineOf } from '../page-content.ts';

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
export const shown = (...texts: string[]): PlanQuote[] => texts.map((text) => ({ text }));

/** A price: a currency sign or code next to a number, or the word free (in the languages we read). */
/** Currency signs and codes written before or after an amount, in the markets we read. */
export const SIGN = String.raw`[$€£¥₩₺₹₽₪]|R\$|A\$|C\$|CHF|Fr\.|kr\.?(?=\s?\d)|USD|EUR|GBP|SEK|NOK|DKK|PLN|CZK|TRY|JPY|CNY|KRW|BRL|INR|AUD|CAD`;
export const UNIT_AFTER = String.raw`kr\.?|zł|Kč|円|元|TL|Ft|lei|руб\.?|₽`;
export const FREE_WORDS = `free|gratis|kostenlos|gratuit|gratuita|gratuito|grátis|ilmainen|darmowy|darmowa|zdarma|ücretsiz|無料|免费|免費|무료`;
/** an amount of money: a currency sign or code next to a number */
export const AMOUNT = new RegExp(
  String.raw`(?:${SIGN})\s?\d|\d[\d.,\s]*(?:-|–)?\s?(?:${SIGN}|${UNIT_AFTER})(?![\p{L}])`,
  'u',
);
/** A price: an amount, or the word free (in the languages we read). */
export const PRICE = new RegExp(
  String.raw`(?:(?:${SIGN})\s?\d[\d.,]*|\d[\d.,]*(?:-|–)?\s?(?:${SIGN}|${UNIT_AFTER})(?![\p{L}])|(?<![\p{L}])(?:${FREE_WORDS})(?![\p{L}]))`,
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
export const MONTH =
  /(?:\/\s?|(?<![\p{L}])(?:per|a|pro|par|al|por|i|w|za|each)\s)(?:month|mo|monat|mois|mes|mese|mês|maand|mnd|mån(?:ad)?|måned|md|kk|kuukausi|miesiąc|mies\.?|měsíc|měs\.?|ay|月|월)(?![\p{L}])|(?<![\p{L}])(?:monthly|monatlich|mensuel(?:le)?|mensual|mensile|mensal|maandelijks|månadsvis|månedlig|kuukausittain|miesięcznie|měsíčně|aylık|月額|每月|매월)(?![\p{L}])/iu;
export const YEAR =
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

export const plan = (name: string, price: string, quotes: PlanQuote[]): PricingPlan | null => {
  // a plan may be called "Free"; a name holding an amount is no plan name
  if (!name || name.length > 60 || !price || price.length > 80 || AMOUNT.test(name)) return null;
  return { name, price, ...parsePrice(price), quotes };
};

/**
 * A price that names no amount, as plan cards write it for their largest plan ("Custom", "Auf
 * Anfrage", and in the price's place "Let's talk", "Contact us", "Contactez-nous"); a call to
 * action that is a link or a button (priceElements) or "Talk to us" is no price.
 */
export const CUSTOM_PRICE =
  /^(?:custom(?: pricing| price| quote)?|contact us(?: for (?:pricing|a quote))?|contact sales|contact for pricing|let['’]s talk|kontakt(?:ieren sie uns)?|sprechen sie uns an|contactez-nous|nous contacter|contáctanos|contáctenos|contattaci|contattateci|fale conosco|entre em contato|neem contact op|kontakta oss|kontakt os|kontakt oss|ota yhteyttä|skontaktuj się|kontaktujte nás|bize ulaşın|お問い合わせ|联系我们|문의하기|on request|price on request|get a quote|individuell|auf anfrage|preis auf anfrage|sur devis|sur mesure|sur demande|a medida|personalizado|bajo petición|su misura|su richiesta|op aanvraag|på förfrågan|på forespørgsel|på forespørsel|offert|tarjouksen mukaan|wycena indywidualna|indywidualnie|individuálně|na vyžádání|özel fiyat|要相談|お見積り|个性化定价|별도 문의)\.?$/iu;

/** The innermost elements whose own text (their text nodes, not their children's) is a price. */
export const priceElements = ($: CheerioAPI, root: ReturnType<CheerioAPI>, custom = false) =>
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
export const withPeriod = ($: CheerioAPI, el: unknown): string => {
  const price = lineOf(el);
  if (MONTH.test(price) || YEAR.test(price)) return price;
  let block = $(el as never).parent();
  for (let depth = 0; depth < 2 && block.length > 0 && !block.is('body, table, tr'); depth += 1) {
    const text = lineOf(block.get(0));
    if (text.length > 60) break;
    const amounts = text.match(new RegExp(AMOUNT.source, 'gu')) ?? [];
    if (amounts.length > 1) break;
    if (text.startsWith(price) && (MONTH.test(text) || YEAR.test(text))) return text;
    // the period right after the price in a block that opens with something else ("Basic $9 /mo")
    const at = text.indexOf(price);
    const rest = at > 0 ? text.slice(at) : '';
    const period = rest.match(MONTH) ?? rest.match(YEAR);
    const between = period?.index !== undefined ? rest.slice(price.length, period.index) : '';
    if (period?.index !== undefined && period.index <= price.length + 12 && AMOUNT.test(price) && !/\d/.test(between))
      return rest.slice(0, period.index + period[0].length);
    block = block.parent();
  }
  return price;
};

/**
 * A plan's prices in one card: the first, and one more for each other period the card states
 * ("$10 / month" and "$100 / year" give two parts, as a plan billed both ways is).
 */
export const perPeriod = ($: CheerioAPI, name: string, prices: readonly unknown[]): PricingPlan[] => {
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

/** A price as a plan card shows it: it starts with an amount or the word free, and is short. */
export const PRICE_ALONE = new RegExp(
  String.raw`^\s*(?:(?:from|ab|dès|à partir de|desde|a partir de|da|vanaf|från|fra|alkaen|od|itibaren)\s+|月額|年額|月|每月)?(?:(?:${SIGN})\s?\d|\d[\d.,\s]*(?:-|–)?\s?(?:${SIGN}|${UNIT_AFTER})(?![\p{L}])|(?:${FREE_WORDS})(?![\p{L}]))`,
  'iu',
);
