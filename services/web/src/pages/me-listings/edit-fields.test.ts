import { describe, expect, it } from 'vitest';
import { fingerprintsOf, formErrorsOf, formValuesOf, limitsOf, patchOf } from './edit-fields.ts';

const listing = {
  listing_id: 7,
  slug: 'acme',
  name: 'Acme',
  url: 'https://acme.example',
  votes: 0,
  status: 'live' as const,
  plan: 'free' as const,
  launch_week: '2026-11-23',
  unlocked_sections: [],
  outbound_ref: null,
  tagline: 'Widgets for teams',
  description: 'Line one\nLine two',
  features: ['Fast', 'Small'],
  pricing: { model: 'freemium', summary: null as unknown as string },
  country: 'DE',
  founded_year: '2019',
  seo: { title: 'Acme widgets', description: null },
  operator_notice: null,
};

describe('the edit form of an owned listing', () => {
  const values = formValuesOf(listing);
  const was = fingerprintsOf(values);

  it('when the form is shown then each field holds the public value, lists one item per line', () => {
    expect(values).toMatchObject({
      tagline: 'Widgets for teams',
      description: 'Line one\nLine two',
      features: 'Fast\nSmall',
      pricing_model: 'freemium',
      pricing_summary: '',
      founded_year: '2019',
      seo_title: 'Acme widgets',
      headline: '',
    });
  });

  it('when the form comes back unchanged (textareas in CRLF) then the patch is empty', () => {
    const typed = { ...values, description: 'Line one\r\nLine two\r\n', features: 'Fast\r\nSmall' };
    expect(patchOf(typed, was)).toEqual({ body: { fields: {} }, errors: {} });
  });

  it('when one field is changed then only that field is sent', () => {
    expect(patchOf({ ...values, tagline: '  Widgets for everyone ' }, was).body).toEqual({
      fields: { tagline: 'Widgets for everyone' },
    });
  });

  it('when optional fields are emptied then they are cleared: empty text, empty list, no year', () => {
    const typed = { ...values, tagline: '', features: '\r\n', founded_year: '', country: '' };
    expect(patchOf(typed, was).body.fields).toEqual({ tagline: '', features: [], founded_year: null, country: '' });
  });

  it('when a year or a country is not in its form then the error is beside that field and nothing is sent', () => {
    const patch = patchOf({ ...values, founded_year: 'nineteen', country: 'Germany', city: 'Berlin' }, was);
    expect(patch.errors).toEqual({
      founded_year: ['enter a year, like 2019'],
      country: ['enter a two-letter country code, like DE'],
    });
  });

  it('when a field has no fingerprint (not this site’s form) then it is left alone', () => {
    const { tagline: _, ...others } = was;
    expect(patchOf({ ...values, tagline: 'Sneaky' }, others).body.fields).toEqual({});
  });

  it('when catalog names a field or a list item then the error goes beside that field', () => {
    expect(
      formErrorsOf([
        { field: 'body.fields.tagline', message: 'must NOT have more than 200 characters' },
        { field: 'body.fields.features.2', message: 'must NOT have more than 200 characters' },
        { field: 'body', message: 'odd' },
      ]),
    ).toEqual({
      tagline: ['must NOT have more than 200 characters'],
      features: ['line 3: must NOT have more than 200 characters'],
      form: ['odd'],
    });
  });

  it('when the limits are asked for then they come from the contract', () => {
    expect(limitsOf('tagline')).toEqual({ maxLength: 200 });
    expect(limitsOf('features')).toMatchObject({ maxItems: 20, itemMaxLength: 200 });
  });
});
