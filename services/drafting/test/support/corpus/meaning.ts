/**
 * The bench compares free-text values by meaning, with one parser for both the label and the draft:
 * a pricing part "Plan: <price>" is its plan name (case and spacing ignored), amount, currency and
 * period, however the price is written ("$12 / month", "$12 per month", "12 USD/mo", "€9,50
 * monatlich"); a founder is their name (case, diacritics and spacing ignored). A founder's title is
 * not scored: labels write it "as written for them" and sites write it in many ways.
 * This is the scorer's own small parser, independent of the drafter's, so a parsing mistake in the
 * drafter is not hidden by the same mistake in the scorer.
 */

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();

/** currency signs and codes → ISO code ("kr" stays "kr": SEK, NOK and DKK all write it) */
const CURRENCY: readonly [RegExp, string][] = [
  [/R\$/, 'BRL'],
  [/A\$/, 'AUD'],
  [/C\$/, 'CAD'],
  [/\$/, 'USD'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/[¥円]/, 'JPY'],
  [/元/, 'CNY'],
  [/₩/, 'KRW'],
  [/₺|(?<![\p{L}])TL(?![\p{L}])/u, 'TRY'],
  [/₹/, 'INR'],
  [/₽|руб/, 'RUB'],
  [/₪/, 'ILS'],
  [/zł/, 'PLN'],
  [/Kč/, 'CZK'],
  [/(?<![\p{L}])Fr\.|CHF/u, 'CHF'],
];
const CODE = /(?<![\p{L}])(USD|EUR|GBP|CHF|SEK|NOK|DKK|PLN|CZK|TRY|JPY|CNY|KRW|BRL|INR|AUD|CAD|RUB|ILS)(?![\p{L}])/u;
const KR = /(?<![\p{L}])kr\.?(?![\p{L}])/iu;

const currencyOf = (text: string): string | null => {
  const code = text.match(CODE)?.[1];
  if (code) return code;
  for (const [re, iso] of CURRENCY) if (re.test(text)) return iso;
  return KR.test(text) ? 'kr' : null;
};

/** "1,299.00", "1.299,00", "9,50", "12.50", "1 299", "12" → a number */
export const amountOf = (text: string): number | null => {
  const raw = text.match(/\d(?:[\d.,\s\u00a0\u202f]*\d)?/)?.[0];
  if (!raw) return null;
  let s = raw.replace(/[\s\u00a0\u202f]/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    s = s.split(thousands).join('').replace(decimal, '.');
  } else {
    const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (sep) {
      const groups = s.split(sep);
      // one separator followed by exactly three digits groups thousands; otherwise it is the decimal mark
      const thousands = groups.slice(1).every((g) => g.length === 3) && groups.length > 1 && groups[0] !== '0';
      s = thousands ? groups.join('') : `${groups.slice(0, -1).join('')}.${groups[groups.length - 1]}`;
    }
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};

const MONTH =
  /(?:\/\s*|(?<![\p{L}])(?:per|a|pro|par|al|por|i|w|za|each|every|au|im|en)\s+)(?:month|mo|mth|monat|mois|mes|mese|mês|maand|mnd|mån(?:ad)?|måned|md|kk|kuukausi|miesiąc|mies\.?|měsíc|měs\.?|ay)(?![\p{L}])|(?<![\p{L}])(?:monthly|monatlich|mensuel(?:le)?|mensual|mensile|mensal|maandelijks|månadsvis|månedlig|kuukausittain|miesięcznie|měsíčně|aylık)(?![\p{L}])|月額|每月|／月|\/月|매월|\/월/iu;
const YEAR =
  /(?:\/\s*|(?<![\p{L}])(?:per|a|pro|par|al|por|i|w|za|each|every|au|im|en)\s+)(?:year|yr|annum|jahr|an|année|año|anno|ano|jaar|år|vuosi|rok|yıl)(?![\p{L}])|(?<![\p{L}])(?:yearly|annually|annual|jährlich|annuel(?:le)?|anual|annuale|jaarlijks|årlig|vuosittain|rocznie|ročně|yıllık)(?![\p{L}])|年額|每年|／年|\/年|매년|\/년/iu;
const FREE =
  /(?<![\p{L}])(?:free|gratis|kostenlos|gratuit|gratuite|gratuita|gratuito|grátis|ilmainen|darmowy|darmowa|zdarma|ücretsiz)(?![\p{L}])|無料|免费|免費|무료/iu;

export interface PriceMeaning {
  readonly amount: number | null;
  readonly currency: string | null;
  readonly period: 'month' | 'year' | null;
}

/** What a written price means: its amount (0 when free), currency and period. */
export const priceMeaning = (text: string): PriceMeaning => {
  const amount = amountOf(text);
  const free = amount === null && FREE.test(text);
  return {
    amount: amount ?? (free ? 0 : null),
    currency: amount === null || amount === 0 ? null : currencyOf(text),
    period: amount === 0 || free ? null : MONTH.test(text) ? 'month' : YEAR.test(text) ? 'year' : null,
  };
};

/**
 * A pricing part as a comparable key: "Plan: price" by plan name, amount, currency and period; a
 * part with no readable amount (a trial sentence, "Custom") by its folded text.
 */
export const pricingPartKey = (part: string): string => {
  const at = part.indexOf(':');
  if (at > 0 && at <= 60) {
    const name = fold(part.slice(0, at));
    const price = part.slice(at + 1);
    const m = priceMeaning(price);
    if (m.amount !== null) return `plan ${name} | ${m.amount} ${m.currency ?? ''} | ${m.period ?? 'once'}`;
    return `plan ${name} | ${fold(price).replace(/[.!]$/, '')}`;
  }
  return fold(part).replace(/[.!]$/, '');
};

/** A founder as a comparable key: the name, case, diacritics and spacing ignored. */
export const founderKey = (name: string): string => fold(name).replace(/[\s.\-‐]+/g, '');
