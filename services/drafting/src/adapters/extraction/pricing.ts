import { visiblePart } from '../../domain/draft/evidence/served-text.ts';
import { lineOf } from '../page-content.ts';
import { PRICING_WORDS } from '../page-kinds.ts';
import { htmlPlans, type PricingPlan, structuredPlans, summarisePlans, trialSentence } from '../pricing-plans.ts';
import type { DraftContext, Parsed } from './draft-context.ts';
import { MONTH, YEAR } from './prices.ts';

/** the listing's limit for pricing_summary (spec Part 4, update_my_listing) */
const PRICING_SUMMARY_MAX = 300;
/** a heading over a pricing section, in the languages we read */
const PRICING_HEADING = new RegExp(
  `^(?:${PRICING_WORDS.source})|^(?:plans?|pricing|prices?|preise|tarifs?|precios|prezzi|preços|prijzen|priser|hinnat|cennik|ceny|fiyatlar)\\b`,
  'i',
);

/**
 * pricing: plans (name, price, currency, period, free tier) from the pricing page's tables and
 * cards, then the homepage's, then schema.org offers, and the trial it offers; all as quoted
 */
export const draftPricing = (ctx: DraftContext): void => {
  const { set, ev, home, own } = ctx;
  const pricingPage = own.find((p) => PRICING_WORDS.test(p.path));
  const sources: { plans: PricingPlan[]; p: Parsed }[] = [];
  if (pricingPage)
    sources.push({
      plans: htmlPlans(pricingPage.$, {
        loose: true,
        product: typeof ctx.out.name?.value === 'string' ? ctx.out.name.value : undefined,
      }),
      p: pricingPage,
    });
  // the homepage: plans in tables and plan cards, and cards of any markup when it has a pricing
  // section of its own (`id="pricing"`, a heading that says pricing)
  const homePricing =
    home.$('[id*="pric" i], [class*="pricing" i]').length > 0 ||
    home
      .$('h2, h3')
      .toArray()
      .some((h) => PRICING_HEADING.test(lineOf(h)));
  sources.push({ plans: htmlPlans(home.$, { loose: homePricing }), p: home });
  // then schema.org offers, composed from their values (what the page shows comes first)
  for (const p of own) sources.push({ plans: structuredPlans(p.ld), p });
  const found = sources.find((s) => s.plans.length > 0);
  const chosen = found ? { p: found.p, plans: withPagePeriod(found.plans, visiblePart(found.p.page)) } : undefined;
  const trialPage = pricingPage ?? home;
  const trial = trialSentence(visiblePart(trialPage.page));
  if (chosen) {
    const summary = summarisePlans(chosen.plans, trial, PRICING_SUMMARY_MAX);
    if (summary)
      set('pricing_summary', summary, [
        ...chosen.plans.flatMap((plan) => plan.quotes.flatMap((q) => ev(q.text, chosen.p, undefined, q.property))),
        ...(trial ? ev(trial, trialPage) : []),
      ]);
  }
  const model = visiblePart((pricingPage ?? home).page).match(
    /\b(freemium|free trial|free plan|open source|one-time payment|pay as you go|subscription)\b/i,
  );
  if (model?.[1] && pricingPage) set('pricing_model', model[1], ev(model[1], pricingPage));
};

/**
 * Plans whose prices name no period, on a page that says it once for all of them (a billing toggle
 * that shows "Monthly" first, "All prices per month"): the first short line that names one period
 * and no number gives it to each priced plan that names none, quoted beside the price; a free plan,
 * a plan that names its period and a one-time price stay as they are.
 */
const ONCE = /one[-\s]?time|\bonce\b|lifetime|einmalig|paiement unique|pago único|una tantum|eenmalig|engångs/i;
const withPagePeriod = (plans: readonly PricingPlan[], text: string): PricingPlan[] => {
  if (plans.every((p) => p.period !== null || !p.amount || ONCE.test(p.price))) return [...plans];
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length <= 40 && !/\d/.test(l) && MONTH.test(l) !== YEAR.test(l));
  if (!line) return [...plans];
  const period = MONTH.test(line) ? ('month' as const) : ('year' as const);
  const words = ((period === 'month' ? line.match(MONTH) : line.match(YEAR))?.[0] ?? line).trim();
  return plans.map((p) =>
    p.amount && p.amount > 0 && p.period === null && !ONCE.test(p.price)
      ? { ...p, price: `${p.price} ${words}`, period, quotes: [...p.quotes, { text: line }] }
      : p,
  );
};
