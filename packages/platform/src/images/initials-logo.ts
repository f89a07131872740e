import { createHash } from 'node:crypto';
import type { ImageIntake } from './image-intake.ts';

/** background colours with white text at a contrast of 4.5:1 or more */
const COLOURS = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#6d28d9',
  '#0f766e',
  '#9d174d',
  '#a16207',
  '#334155',
  '#c2410c',
  '#4338ca',
];

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * A generated logo for a listing that has none of its own (the demo catalog's): the name's
 * initials (one or two letters) in white on a colour chosen by the name, as an SVG document that
 * the image pipeline rasterises like any other.
 */
export const initialsLogoSvg = (name: string): string => {
  const words = name
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0] ?? '?';
  const camel = /^(\p{Lu})\p{Ll}+(\p{Lu})/u.exec(first);
  const letters = (
    words.length > 1 && !/^\d+$/.test(words[1] ?? '')
      ? `${first[0]}${words[1]?.[0]}`
      : camel
        ? `${camel[1]}${camel[2]}`
        : first.slice(0, 1)
  ).toUpperCase();
  const hash = createHash('sha256').update(name).digest();
  const colour = COLOURS[(hash[0] ?? 0) % COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><rect width="256" height="256" rx="48" fill="${colour}"/><text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="bold" font-size="${letters.length > 1 ? 104 : 128}" fill="#ffffff">${escapeXml(letters)}</text></svg>`;
};

/**
 * Logos drawn from names (the demo listings'): their initials on a colour, stored like any logo. Names that make the
 * same picture (same initials and colour) are drawn once.
 */
export const initialsLogos = (images: Pick<ImageIntake, 'logoFromBytes'>) => {
  const drawn = new Map<string, Promise<string>>();
  return (name: string): Promise<string> => {
    const svg = initialsLogoSvg(name);
    let url = drawn.get(svg);
    if (!url) {
      url = images.logoFromBytes(svg).then((stored) => stored.url);
      drawn.set(svg, url);
    }
    return url;
  };
};
