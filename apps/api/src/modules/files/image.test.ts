import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIF_MARKER, bmpBytes, declaredPngBytes, jpegWithExifBytes, pngBytes } from '../../test/factories/files.js';
import { BmpUnreadableError, decodeBmp, readBmpHeader } from './bmp.js';
import { ImageRefusedError, checkImage, imageMessages, reencodeImage } from './image.js';

// Issue 10, finding 9: images were stored as sent, bombs and EXIF (GPS) included.
let directory: string;
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-image-test-'));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

let count = 0;
function write(bytes: Buffer): string {
  count += 1;
  const file = path.join(directory, `in-${count}`);
  fs.writeFileSync(file, bytes);
  return file;
}
const output = () => path.join(directory, `out-${(count += 1)}`);

describe('reencodeImage', () => {
  it('writes a JPEG anew without its EXIF, GPS position included', async () => {
    const original = await jpegWithExifBytes();
    // The factory's photo really carries the metadata the re-encoding must drop.
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain(EXIF_MARKER);
    // The GPS IFD pointer (tag 0x8825, little-endian here) leads to the position.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const target = output();
    const stored = await reencodeImage(write(original), target, 'image/jpeg');
    expect(stored.mime).toBe('image/jpeg');
    const bytes = fs.readFileSync(target);
    expect(stored.size).toBe(bytes.length);
    const after = await sharp(bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect([after.width, after.height]).toEqual([16, 8]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from(EXIF_MARKER))).toBe(false);
  });

  it('drops what follows the image data (a file smuggled behind a PNG)', async () => {
    const smuggled = Buffer.concat([pngBytes(3, 2), Buffer.from('<script>alert(1)</script>')]);
    const target = output();
    await reencodeImage(write(smuggled), target, 'image/png');
    const bytes = fs.readFileSync(target);
    expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([3, 2]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('refuses a PNG declaring 20000 x 20000 pixels before decoding it', async () => {
    const bomb = declaredPngBytes();
    expect(bomb.length).toBeLessThan(200_000);
    const target = output();
    await expect(reencodeImage(write(bomb), target, 'image/png')).rejects.toThrow(
      new ImageRefusedError(imageMessages.tooLarge),
    );
    expect(fs.existsSync(target)).toBe(false);
    await expect(checkImage(write(bomb), 'image/png')).rejects.toThrow(imageMessages.tooLarge);
  });

  it('refuses a real, decodable image just over 40 megapixels, and takes one just under', async () => {
    const solid = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
    await expect(checkImage(write(await solid(8001, 5000)), 'image/png')).rejects.toThrow(imageMessages.tooLarge);
    await expect(checkImage(write(await solid(8000, 5000)), 'image/png')).resolves.toBeUndefined();
  }, 30_000);

  it('refuses bytes that are not a decodable image', async () => {
    const broken = pngBytes(4, 4).subarray(0, 40);
    await expect(reencodeImage(write(broken), output(), 'image/png')).rejects.toThrow(imageMessages.unreadable);
  });

  it('turns a BMP into a PNG with the same pixels', async () => {
    const target = output();
    const stored = await reencodeImage(write(bmpBytes(3, 2, [10, 200, 30])), target, 'image/bmp');
    expect(stored.mime).toBe('image/png');
    const { data, info } = await sharp(fs.readFileSync(target)).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([3, 2, 3]);
    expect([...data.subarray(0, 3)]).toEqual([10, 200, 30]);
  });

  it('refuses a BMP whose header declares more pixels than the limit', async () => {
    const bomb = bmpBytes(2, 2, [0, 0, 0], { width: 20_000, height: 20_000 });
    await expect(reencodeImage(write(bomb), output(), 'image/bmp')).rejects.toThrow(imageMessages.tooLarge);
  });
});

describe('decodeBmp', () => {
  it('reads bottom-up 24-bit rows in order', () => {
    const bytes = bmpBytes(1, 2);
    // Bottom-up: the first stored row is the image's last. Paint it green.
    bytes[54] = 0;
    bytes[55] = 255;
    bytes[56] = 0;
    const { rgba, width, height, hasAlpha } = decodeBmp(bytes);
    expect([width, height, hasAlpha]).toEqual([1, 2, false]);
    expect([...rgba]).toEqual([0, 0, 255, 255, 0, 255, 0, 255]);
  });

  it('reads an 8-bit palette image', () => {
    const header = Buffer.alloc(54);
    header.write('BM', 0, 'latin1');
    header.writeUInt32LE(54 + 8, 10);
    header.writeUInt32LE(40, 14);
    header.writeInt32LE(2, 18);
    header.writeInt32LE(-1, 22);
    header.writeUInt16LE(1, 26);
    header.writeUInt16LE(8, 28);
    header.writeUInt32LE(2, 46);
    const palette = Buffer.from([0, 0, 255, 0, 255, 0, 0, 0]); // red, then blue (BGR0)
    const pixels = Buffer.from([1, 0, 0, 0]);
    const { rgba } = decodeBmp(Buffer.concat([header, palette, pixels]));
    expect([...rgba]).toEqual([0, 0, 255, 255, 255, 0, 0, 255]);
  });

  it('refuses a truncated or compressed BMP, and what is not a BMP', () => {
    expect(() => decodeBmp(bmpBytes(4, 4).subarray(0, 60))).toThrow(BmpUnreadableError);
    const rle = bmpBytes(2, 2);
    rle.writeUInt32LE(1, 30);
    expect(() => decodeBmp(rle)).toThrow(BmpUnreadableError);
    expect(() => readBmpHeader(pngBytes())).toThrow(BmpUnreadableError);
  });
});
