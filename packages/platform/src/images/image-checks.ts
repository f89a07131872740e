import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MIN_SIDE,
  IMAGE_TYPES,
  LOGO_STORED_SIDE,
  type LogoSize,
} from '@listings/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** The image was not accepted; `reason` says why in words a person can act on. */
export class ImageRefused extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`image refused: ${reason}`);
    this.name = 'ImageRefused';
    this.reason = reason;
  }
}

export type ImageType = (typeof IMAGE_TYPES)[number];
type Metadata = Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;

// no cache of decoded files (logos are read once) and never more threads than the process can spare
sharp.cache(false);
sharp.concurrency(1);

/** an SVG document: optional BOM, XML declaration, comments and doctype, then the <svg> element */
const SVG_START =
  /^\uFEFF?\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--[\s\S]{0,4000}?-->\s*)*(?:<!DOCTYPE\s+svg[^>]{0,2000}>\s*)?(?:<!--[\s\S]{0,4000}?-->\s*)*<svg[\s>]/i;

/**
 * What the bytes are, read from the bytes themselves (file-type's magic numbers; SVG, which is
 * text, by its root element), never from a Content-Type header or a file name; null when they are
 * none of the accepted types.
 */
export const sniffImageType = async (bytes: Uint8Array): Promise<ImageType | null> => {
  const found = await fileTypeFromBuffer(bytes);
  if (found && (IMAGE_TYPES as readonly string[]).includes(found.mime) && found.mime !== 'image/svg+xml')
    return found.mime as ImageType;
  if (found && found.mime !== 'application/xml') return null;
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 8192));
  return SVG_START.test(head) ? 'image/svg+xml' : null;
};

/**
 * A logo as we store it: the bytes checked (type sniffed, size, pixel limits) and re-encoded with
 * sharp into a square PNG of LOGO_STORED_SIDE pixels, the image fitted inside on transparency, its
 * metadata dropped. An SVG is rasterised (librsvg, inside sharp: no script runs, no external file
 * or URL is loaded), so only PNG bytes we wrote are ever served.
 */
export const normaliseLogo = async (bytes: Uint8Array): Promise<Uint8Array> => {
  if (bytes.byteLength === 0) throw new ImageRefused('the file is empty');
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new ImageRefused(`the file is larger than ${IMAGE_MAX_BYTES} bytes`);
  const type = await sniffImageType(bytes);
  if (type === null) throw new ImageRefused(`the file is not an image of an accepted type (${IMAGE_TYPES.join(', ')})`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(`the ${type} file cannot be read`);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > IMAGE_MAX_PIXELS)
    throw new ImageRefused(`the image is ${width}×${height}, more than ${IMAGE_MAX_PIXELS} pixels`);
  if (Math.min(width, height) < IMAGE_MIN_SIDE && type !== 'image/svg+xml')
    throw new ImageRefused(`the image is ${width}×${height}; a side of at least ${IMAGE_MIN_SIDE} pixels is needed`);
  // an SVG is drawn at the density that makes its longer side LOGO_STORED_SIDE pixels
  const density =
    type === 'image/svg+xml' && width > 0 && height > 0
      ? Math.min(2400, Math.max(1, (72 * LOGO_STORED_SIDE) / Math.max(width, height)))
      : undefined;
  try {
    const png = await sharp(bytes, {
      limitInputPixels: IMAGE_MAX_PIXELS,
      failOn: 'error',
      ...(density ? { density } : {}),
    })
      .rotate()
      .resize(LOGO_STORED_SIDE, LOGO_STORED_SIDE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  } catch (error) {
    throw new ImageRefused(`the ${type} file cannot be read (${(error as Error).message.slice(0, 120)})`);
  }
};

/** A stored logo at one of the sizes the site shows (a PNG, square). */
export const logoAtSize = async (stored: Uint8Array, size: LogoSize): Promise<Uint8Array> => {
  const png = await sharp(stored, { limitInputPixels: IMAGE_MAX_PIXELS })
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
};
