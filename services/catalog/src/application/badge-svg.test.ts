import { describe, expect, it } from 'vitest';
import { renderBadgeSvg } from './badge-svg.ts';

/** XML 1.0's `Char`: tab, LF, CR, U+0020-U+D7FF, U+E000-U+FFFD and the astral planes (as pairs) */
const XML_CHARS = /^(?:[\t\n\r\u0020-\ud7ff\ue000-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;

describe('a badge SVG of a stored name (issue 16: NUL in a name broke the badge XML)', () => {
  const badge = { kind: 'listed-on', label: 'Listed on Listings Directory' };

  it('when the stored name holds C0 controls, a lone surrogate or U+FFFF then the SVG holds only XML characters', () => {
    const svg = renderBadgeSvg(badge, 'Acme\u0000\u0007\u001b \ud800 \udc00 \uffff 🚀', 'standard', 'auto', 'm');
    expect(svg).toMatch(XML_CHARS);
    expect(svg).toContain('Acme\ufffd\ufffd\ufffd \ufffd \ufffd \ufffd 🚀');
  });

  it('when the name holds markup then it is escaped, and tabs and line breaks stay', () => {
    const svg = renderBadgeSvg(badge, `<b>"Tom" & 'Jerry'</b>\tand\nmore`, 'pill', 'dark', 'l');
    expect(svg).toMatch(XML_CHARS);
    expect(svg).toContain('&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;\tand\nmore');
  });
});
