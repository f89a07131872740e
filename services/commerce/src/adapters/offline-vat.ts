import { createRequire } from 'node:module';
import { checkVAT, countries } from 'jsvat';
import type { VatNumberCheck, VatRates } from '../domain/pricing/vat.ts';

const require = createRequire(import.meta.url);

/** Standard VAT rates from the `sales-tax` package's offline table (kept up to date by its maintainers). */
export const createSalesTaxRates = (): VatRates => {
  const table = require('sales-tax/res/sales_tax_rates.json') as Record<string, { type?: string; rate?: number }>;
  const regions = require('sales-tax/res/region_countries.json') as { EU?: string[] };
  const eu = new Set(regions.EU ?? []);
  return {
    rateOf: (country) => {
      const entry = table[country.toUpperCase()];
      return entry && entry.type === 'vat' && typeof entry.rate === 'number' ? entry.rate : 0;
    },
    isEu: (country) => eu.has(country.toUpperCase()),
  };
};

/**
 * EU VAT numbers checked offline by `jsvat` (format and check digits). VIES, the online register,
 * is a follow-up adapter behind the same port.
 */
export const createJsvatCheck = (): VatNumberCheck => ({
  countryOf: (vatNumber) => {
    const result = checkVAT(vatNumber.replace(/[\s.-]/g, '').toUpperCase(), countries);
    if (!result.isValid || !result.country) return null;
    return result.country.isoCode.short;
  },
});
