/**
 * The VAT rule, pure. Rates and the EU member list come from a port (adapter: the `sales-tax`
 * package's offline tables); the VAT number check is a port too (adapter: `jsvat` format check;
 * VIES is not reachable, so a number is "valid" when its format and check digits are).
 */
export interface VatRates {
  /** standard rate of a country (0.19 for DE), 0 when it has none we charge */
  rateOf(country: string): number;
  isEu(country: string): boolean;
}
export interface VatNumberCheck {
  /** the country (ISO 3166 alpha-2, `GR` for `EL`) of a well-formed VAT number, null when malformed */
  countryOf(vatNumber: string): string | null;
}

export interface VatDecision {
  readonly rate: number;
  readonly reverseCharge: boolean;
}

export class InvalidVatNumber extends Error {}

export const decideVat = (input: {
  billingCountry: string | undefined;
  vatNumber: string | undefined;
  sellerCountry: string;
  rates: VatRates;
  vatNumbers: VatNumberCheck;
}): VatDecision => {
  const { billingCountry, vatNumber, sellerCountry, rates } = input;
  if (vatNumber !== undefined && input.vatNumbers.countryOf(vatNumber) === null)
    throw new InvalidVatNumber('is not a well-formed EU VAT number');
  // no country yet: a preview without VAT (the checkout page asks for billing details)
  if (billingCountry === undefined) return { rate: 0, reverseCharge: false };
  const country = billingCountry.toUpperCase();
  if (country === sellerCountry) return { rate: rates.rateOf(country), reverseCharge: false };
  if (!rates.isEu(country)) return { rate: 0, reverseCharge: false };
  if (vatNumber !== undefined) {
    if (input.vatNumbers.countryOf(vatNumber) !== country)
      throw new InvalidVatNumber(`is not a VAT number of ${country}`);
    return { rate: 0, reverseCharge: true };
  }
  return { rate: rates.rateOf(country), reverseCharge: false };
};

/** VAT in cents on a subtotal, rounded half up. */
export const vatCents = (subtotalCents: number, rate: number): number => Math.round(subtotalCents * rate);
