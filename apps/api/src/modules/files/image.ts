import fs from 'node:fs';
import type sharpLibrary from 'sharp';
import type { Sharp } from 'sharp';
import { BmpUnreadableError, decodeBmp, readBmpHeader } from './bmp.js';
import { MAX_IMAGE_PIXELS } from './limits.js';

let loadingSharp: Promise<typeof sharpLibrary> | undefined;

/**
 * sharp, loaded on the first image processed: libvips keeps about 18 MB resident from the moment
 * it is loaded, and most processes never receive an image upload.
 */
async function loadSharp(): Promise<typeof sharpLibrary> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a different image: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/** The sentences an image is refused with (422 at `file`). */
export const imageMessages = {
  tooLarge: 'This image is too large to process',
  unreadable: 'This image could not be read.',
} as const;

/** An image refused before or while re-encoding: too many pixels, or not decodable. */
export class ImageRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRefusedError';
  }
}

/** How each raster type is written back: its own format, except BMP (which libvips cannot write) as PNG. */
const OUTPUT_OF: Record<string, { mime: string; extension: string; encode: (image: Sharp) => Sharp }> = {
  'image/png': { mime: 'image/png', extension: 'png', encode: (image) => image.png() },
  'image/jpeg': { mime: 'image/jpeg', extension: 'jpg', encode: (image) => image.jpeg({ quality: 90 }) },
  'image/gif': { mime: 'image/gif', extension: 'gif', encode: (image) => image.gif() },
  'image/webp': { mime: 'image/webp', extension: 'webp', encode: (image) => image.webp({ quality: 90 }) },
  'image/bmp': { mime: 'image/png', extension: 'png', encode: (image) => image.png() },
};

/** Whether uploads of this type are decoded and re-encoded before they are stored. */
export function isReencodedImage(mime: string): boolean {
  return mime in OUTPUT_OF;
}

/** The type and usual extension a re-encoded upload of `mime` is stored as. */
export function reencodedTypeOf(mime: string): { mime: string; extension: string } {
  const output = OUTPUT_OF[mime];
  return output ? { mime: output.mime, extension: output.extension } : { mime, extension: '' };
}

function refuseOverLimit(pixels: number): void {
  if (!Number.isFinite(pixels) || pixels <= 0) {
    throw new ImageRefusedError(imageMessages.unreadable);
  }
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new ImageRefusedError(imageMessages.tooLarge);
  }
}

function asRefusal(error: unknown): Error {
  if (error instanceof ImageRefusedError) {
    return error;
  }
  if (error instanceof BmpUnreadableError) {
    return new ImageRefusedError(imageMessages.unreadable);
  }
  const message = error instanceof Error ? error.message : '';
  return new ImageRefusedError(
    /pixel limit/i.test(message) ? imageMessages.tooLarge : imageMessages.unreadable,
  );
}

/**
 * The image at `source`, opened with its pixel count checked from the header alone (so a
 * decompression bomb is refused before anything is decoded), every frame of an animation counted.
 */
async function openChecked(source: string, mime: string): Promise<Sharp> {
  const sharp = await loadSharp();
  if (mime === 'image/bmp') {
    const bytes = await fs.promises.readFile(source);
    const { width, height } = readBmpHeader(bytes);
    refuseOverLimit(width * height);
    const { rgba, hasAlpha } = decodeBmp(bytes);
    const image = sharp(rgba, { raw: { width, height, channels: 4 } });
    return hasAlpha ? image : image.removeAlpha();
  }
  const options = { animated: true, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  const metadata = await sharp(source, options).metadata();
  const frameHeight = metadata.pageHeight ?? metadata.height;
  refuseOverLimit(metadata.width * frameHeight * (metadata.pages ?? 1));
  return sharp(source, options);
}

/**
 * Refuses an image that is over the pixel limit or cannot be read, reading its header (a BMP is
 * decoded). Throws an {@link ImageRefusedError}.
 */
export async function checkImage(source: string, mime: string): Promise<void> {
  try {
    await openChecked(source, mime);
  } catch (error) {
    throw asRefusal(error);
  }
}

/**
 * Decodes the image at `source` and writes its pixels anew to `target`: upright (EXIF orientation
 * applied), with no metadata at all (EXIF with any GPS position, XMP, IPTC, comments) and nothing
 * but the image data (no trailing bytes, no embedded payloads). Answers the stored type and size.
 * Throws an {@link ImageRefusedError} for an image over the pixel limit or one that cannot be read.
 */
export async function reencodeImage(
  source: string,
  target: string,
  mime: string,
): Promise<{ mime: string; size: number }> {
  const output = OUTPUT_OF[mime];
  if (!output) {
    throw new Error(`${mime} is not a re-encoded image type`);
  }
  try {
    const image = await openChecked(source, mime);
    // sharp writes no metadata unless asked to (withMetadata/keepExif): none is asked for.
    const info = await output.encode(image.autoOrient()).toFile(target);
    return { mime: output.mime, size: info.size };
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw asRefusal(error);
  }
}
