import { describe, expect, it } from 'vitest';
import { renderDocument } from '../html.ts';
import { Logo } from './listing-row.ts';

const DIGEST = 'ab'.repeat(32);

describe('a listing logo', () => {
  it('when the logo is ours then it is shown from /images/ at the size shown and twice it for dense screens', () => {
    const out = renderDocument(
      Logo({ listing: { name: 'Acme', logo_url: `https://directory.example/images/${DIGEST}.png` }, size: 72 }),
    );
    expect(out).toContain(`src="/images/${DIGEST}/72.png"`);
    expect(out).toContain(`srcset="/images/${DIGEST}/144.png 2x"`);
    expect(out).toContain('width="72" height="72"');
  });

  it('when the logo is another site’s image then the site never shows it: the initial letter stands in', () => {
    const out = renderDocument(Logo({ listing: { name: 'acme', logo_url: 'https://acme.example/logo.png' } }));
    expect(out).not.toContain('<img');
    expect(out).not.toContain('acme.example');
    expect(out).toContain('>A</span>');
  });
});
