import type { SchemaNode } from '../structured-data.ts';
import { typesOf } from '../structured-data.ts';
import { clean, str } from './draft-context.ts';
import type { PricingPlan } from './prices.ts';

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

/** a number of days (of a trial) and the word free, in the languages we read */
const DAYS = String.raw`\d+\s?(?:-\s?)?(?:days?|tage?n?|jours|días|giorni|dias|dagen|dagar|dage|dager|päivää|dni|dní|gün)(?![\p{L}])`;
const FREE = String.raw`(?<![\p{L}])(?:gratis|kostenlos|gratuit\p{L}*|grátis|ilmaiseksi|za darmo|zdarma|ücretsiz|free)(?![\p{L}])`;
/** "14-day free trial", "Kostenlos testen", "14 Tage gratis testen", "14日間無料": a trial, if the page offers one. */
const TRIAL = new RegExp(
  String.raw`\bfree trial\b|\btrial\b.*\bdays?\b|\bdays?\b.*\btrial\b|\bfree for \d+ days\b|testphase|kostenlos testen|\d+ tage? kostenlos|essai gratuit|prueba gratuita|prueba gratis|prova gratuita|teste grátis|avaliação gratuita|gratis proberen|proefperiode|provperiod|prøveperiode|gratis i \d+ dag|ilmainen kokeilu|kokeile ilmaiseksi|okres próbny|zkušební|ücretsiz deneme|無料トライアル|無料体験|免费试用|免費試用|무료 체험|무료 평가판|${FREE}[^.!?]{0,30}?${DAYS}|${DAYS}[^.!?]{0,30}?${FREE}|\d+\s?(?:日間|日|天|일)[^。！？]{0,10}?(?:無料|免费|免費|무료)`,
  'iu',
);

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
