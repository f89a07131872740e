import { describe, expect, it } from 'vitest';
import { createJsvatCheck, createSalesTaxRates } from '../../adapters/offline-vat.ts';
import { decideVat, InvalidVatNumber, vatCents } from './vat.ts';

const rates = createSalesTaxRates();
const vatNumbers = createJsvatCheck();
const vat = (billingCountry?: string, vatNumber?: string) =>
  decideVat({ billingCountry, vatNumber, sellerCountry: 'IE', rates, vatNumbers });

describe('VAT', () => {
  it('when the buyer is in the seller country then the domestic rate applies, even for a business', () => {
    expect(vat('IE')).toEqual({ rate: 0.23, reverseCharge: false });
    expect(vat('IE', 'IE6388047V')).toEqual({ rate: 0.23, reverseCharge: false });
  });
  it('when a consumer is in another EU country then that country’s rate applies', () => {
    expect(vat('DE')).toEqual({ rate: 0.19, reverseCharge: false });
    expect(vat('FR')).toEqual({ rate: 0.2, reverseCharge: false });
  });
  it('when an EU business in another country gives a well-formed VAT number then it is reverse charge at 0%', () => {
    expect(vat('DE', 'DE136695976')).toEqual({ rate: 0, reverseCharge: true });
    expect(vat('DE', 'DE 136.695.976')).toEqual({ rate: 0, reverseCharge: true });
  });
  it('when the VAT number is malformed or of another country then it is refused', () => {
    expect(() => vat('DE', 'DE123')).toThrow(InvalidVatNumber);
    expect(() => vat('FR', 'DE136695976')).toThrow(/not a VAT number of FR/);
  });
  it('when the buyer is outside the EU then no VAT is charged', () => {
    expect(vat('US')).toEqual({ rate: 0, reverseCharge: false });
    expect(vat('CH')).toEqual({ rate: 0, reverseCharge: false });
  });
  it('when no billing country is given yet then the preview carries no VAT', () => {
    expect(vat()).toEqual({ rate: 0, reverseCharge: false });
  });
  it('rounds VAT to whole cents', () => {
    expect(vatCents(4900, 0.19)).toBe(931);
    expect(vatCents(4950, 0.23)).toBe(1139);
  });
});
