/*
 * BMP decoding for re-encoding: the image library (sharp/libvips) reads no BMP, and the photo
 * field accepts BMP (applicant-flow §3.8). Uncompressed and bit-field BMPs with 1 to 32 bits per
 * pixel are decoded to RGBA pixels; RLE-compressed and embedded JPEG/PNG BMPs are refused.
 */

/** A BMP that cannot be decoded (unsupported or damaged). */
export class BmpUnreadableError extends Error {
  constructor() {
    super('This image could not be read.');
    this.name = 'BmpUnreadableError';
  }
}

/** The dimensions a BMP header declares, without decoding anything. */
export type BmpHeader = { width: number; height: number };

/** Decoded pixels: 4 bytes (R, G, B, A) per pixel, rows top to bottom. */
export type BmpPixels = BmpHeader & { rgba: Buffer; hasAlpha: boolean };

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

type Layout = {
  width: number;
  height: number;
  topDown: boolean;
  bitsPerPixel: number;
  compression: number;
  pixelOffset: number;
  headerSize: number;
  colours: number;
};

function layoutOf(bytes: Buffer): Layout {
  if (bytes.length < 26 || bytes.toString('latin1', 0, 2) !== 'BM') {
    throw new BmpUnreadableError();
  }
  const pixelOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize === 12) {
    // OS/2 BITMAPCOREHEADER: 16-bit dimensions, no compression, 3-byte palette entries.
    return {
      width: bytes.readUInt16LE(18),
      height: bytes.readUInt16LE(20),
      topDown: false,
      bitsPerPixel: bytes.readUInt16LE(24),
      compression: BI_RGB,
      pixelOffset,
      headerSize,
      colours: 0,
    };
  }
  if (headerSize < 40 || bytes.length < 54) {
    throw new BmpUnreadableError();
  }
  const height = bytes.readInt32LE(22);
  return {
    width: bytes.readInt32LE(18),
    height: Math.abs(height),
    topDown: height < 0,
    bitsPerPixel: bytes.readUInt16LE(28),
    compression: bytes.readUInt32LE(30),
    pixelOffset,
    headerSize,
    colours: bytes.readUInt32LE(46),
  };
}

/** The dimensions a BMP declares; throws {@link BmpUnreadableError} when the header is not a BMP's. */
export function readBmpHeader(bytes: Buffer): BmpHeader {
  const { width, height } = layoutOf(bytes);
  if (width <= 0 || height <= 0) {
    throw new BmpUnreadableError();
  }
  return { width, height };
}

/** One colour channel of a bit-field pixel: its mask's bits, scaled to 0–255. */
function channel(mask: number): (value: number) => number {
  if (mask === 0) {
    return () => 0;
  }
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) {
    shift += 1;
  }
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}

/**
 * Decodes a BMP to RGBA. Call only after the dimensions were checked against the pixel limit:
 * the pixel buffer is allocated at the declared size.
 */
export function decodeBmp(bytes: Buffer): BmpPixels {
  const layout = layoutOf(bytes);
  const { width, height, bitsPerPixel, compression, headerSize } = layout;
  if (width <= 0 || height <= 0 || ![1, 2, 4, 8, 16, 24, 32].includes(bitsPerPixel)) {
    throw new BmpUnreadableError();
  }
  if (![BI_RGB, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(compression)) {
    throw new BmpUnreadableError();
  }
  const stride = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
  if (layout.pixelOffset + stride * height > bytes.length) {
    throw new BmpUnreadableError();
  }

  let palette: Array<[number, number, number]> = [];
  if (bitsPerPixel <= 8) {
    const entrySize = headerSize === 12 ? 3 : 4;
    const start = 14 + headerSize;
    const count = layout.colours || 2 ** bitsPerPixel;
    if (start + count * entrySize > bytes.length) {
      throw new BmpUnreadableError();
    }
    palette = Array.from({ length: count }, (_, index) => {
      const at = start + index * entrySize;
      return [bytes[at + 2] ?? 0, bytes[at + 1] ?? 0, bytes[at] ?? 0];
    });
  }

  // Bit masks: in the header from V2 on, else just after a 40-byte header; defaults otherwise.
  let masks = bitsPerPixel === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0x00ff00, 0x0000ff, 0];
  if (compression !== BI_RGB && (bitsPerPixel === 16 || bitsPerPixel === 32)) {
    const at = 54;
    const count = compression === BI_ALPHABITFIELDS || headerSize >= 56 ? 4 : 3;
    if (at + count * 4 > bytes.length) {
      throw new BmpUnreadableError();
    }
    masks = Array.from({ length: 4 }, (_, index) => (index < count ? bytes.readUInt32LE(at + index * 4) : 0));
  }
  const [red, green, blue, alpha] = masks.map(channel) as [
    (value: number) => number,
    (value: number) => number,
    (value: number) => number,
    (value: number) => number,
  ];
  const hasAlpha = (masks[3] ?? 0) !== 0;

  const rgba = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    const source = layout.pixelOffset + (layout.topDown ? row : height - 1 - row) * stride;
    for (let column = 0; column < width; column += 1) {
      const out = (row * width + column) * 4;
      let r: number;
      let g: number;
      let b: number;
      let a = 255;
      if (bitsPerPixel <= 8) {
        const bit = column * bitsPerPixel;
        const byte = bytes[source + (bit >> 3)] ?? 0;
        const index = (byte >> (8 - bitsPerPixel - (bit & 7))) & ((1 << bitsPerPixel) - 1);
        [r, g, b] = palette[index] ?? [0, 0, 0];
      } else if (bitsPerPixel === 24) {
        const at = source + column * 3;
        [b, g, r] = [bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0];
      } else {
        const value =
          bitsPerPixel === 16 ? bytes.readUInt16LE(source + column * 2) : bytes.readUInt32LE(source + column * 4);
        [r, g, b] = [red(value), green(value), blue(value)];
        if (hasAlpha) {
          a = alpha(value);
        }
      }
      rgba[out] = r;
      rgba[out + 1] = g;
      rgba[out + 2] = b;
      rgba[out + 3] = a;
    }
  }
  return { width, height, rgba, hasAlpha };
}
