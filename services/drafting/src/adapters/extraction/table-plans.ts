import type { CheerioAPI } from 'cheerio';
import { lineOf } from '../page-content.ts';
import { AMOUNT, CUSTOM_PRICE, MONTH, PRICE, type PricingPlan, plan, shown, YEAR } from './prices.ts';

/** A header cell that labels a column of a plan table (in the languages we read). */
const PRICE_HEADER = /^(?:price|pricing|cost|preis|prix|precio|pris|prijs|prezzo)\b/i;
const NAME_HEADER = /^(?:plan|tier|package|edition|name|tarif|paket|plan(?:e|es)?|abonnement|offre)\b/i;
const PERIOD_HEADER = /^(?:period|billing|billed|interval|term|per|zeitraum|abrechnung|période|facturación)\b/i;

/**
 * Plans in a table, every row of it: plan names as column headers with a row of prices, or one plan
 * per row (the name in the plan column or the first, the price in the price column or the first
 * cell that holds one, the period from a billing column when there is one).
 */
export const tablePlans = ($: CheerioAPI): PricingPlan[] => {
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
