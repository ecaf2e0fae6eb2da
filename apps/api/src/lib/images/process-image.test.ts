import { crc32 } from 'node:zlib';
import { POST_MESSAGES } from '@kettle/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.js';
import { detectImageType, newStorageKey, processImage } from './process-image.js';

// Fixtures are made here with sharp (and a few hand-built segments), so no binary file is committed.

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } });

/** Follows IFD0's GPS pointer (tag 0x8825) to prove the fixture really carries GPS coordinates. */
function hasGpsLatitude(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const tagsOf = (ifd: number) => Array.from({ length: u16(ifd) }, (_, i) => ifd + 2 + i * 12);
  const gpsEntry = tagsOf(u32(4)).find((entry) => u16(entry) === 0x8825);
  if (gpsEntry === undefined) return false;
  return tagsOf(u32(gpsEntry + 8)).some((entry) => u16(entry) === 0x0002);
}

/** An APP13 Photoshop segment holding IPTC By-line (2:80), spliced after the JPEG's SOI marker. */
function withIptc(jpeg: Buffer, byline: string): Buffer {
  const text = Buffer.from(byline, 'latin1');
  const iptc = Buffer.concat([Buffer.from([0x1c, 0x02, 0x50, 0, text.length]), text]);
  const padded = iptc.length % 2 ? Buffer.concat([iptc, Buffer.alloc(1)]) : iptc;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(iptc.length);
  const body = Buffer.concat([
    Buffer.from('Photoshop 3.0\0', 'latin1'),
    Buffer.from('8BIM\x04\x04\0\0', 'latin1'),
    size,
    padded,
  ]);
  const header = Buffer.from([0xff, 0xed, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

/** A PNG with a tEXt chunk (valid CRC) inserted right after IHDR. */
function withPngText(png: Buffer, keyword: string, value: string): Buffer {
  const typeAndData = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`${keyword}\0${value}`, 'latin1')]);
  const chunk = Buffer.alloc(typeAndData.length + 8);
  chunk.writeUInt32BE(typeAndData.length - 4, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), chunk.length - 4);
  const afterIhdr = 8 + 8 + 13 + 4;
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}

function webpChunks(webp: Buffer): string[] {
  const names: string[] = [];
  for (let at = 12; at + 8 <= webp.length; ) {
    names.push(webp.toString('latin1', at, at + 4));
    const size = webp.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return names;
}

/** Everything U2 forbids, checked on the bytes and through sharp's own reader. */
async function expectClean(data: Buffer, secrets: string[] = []) {
  expect(detectImageType(data)).toBe('webp');
  const chunks = webpChunks(data);
  for (const forbidden of ['EXIF', 'XMP ', 'ICCP']) expect(chunks).not.toContain(forbidden);
  const text = data.toString('latin1');
  for (const needle of ['Exif', 'GPS', 'http://ns.adobe.com/xap', 'Photoshop', '8BIM', ...secrets]) {
    expect(text).not.toContain(needle);
  }
  const meta = await sharp(data).metadata();
  expect(meta.format).toBe('webp');
  expect([meta.exif, meta.xmp, meta.icc, meta.iptc]).toEqual([undefined, undefined, undefined, undefined]);
  expect(meta.orientation).toBeUndefined();
}

async function rejection(input: Buffer): Promise<AppError> {
  const err: unknown = await processImage(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="SecretCam"/></rdf:RDF></x:xmpmeta>`;

describe('processImage: metadata never survives (U2)', () => {
  it('strips EXIF GPS, Make/Model, DateTimeOriginal, XMP, IPTC and ICC from a JPEG, and applies orientation 6', async () => {
    const base = await solid(200, 100)
      .withExif({
        IFD0: { Make: 'AcmeCam', Model: 'Phone 9 Pro' },
        IFD2: { DateTimeOriginal: '2024:01:02 03:04:05' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 26/1 4620/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '79/1 58/1 5600/100',
        },
      })
      .withXmp(XMP)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const input = withIptc(base, 'Jane Photographer');
    const before = await sharp(input).metadata();
    expect(before.exif && hasGpsLatitude(before.exif)).toBe(true);
    expect([before.orientation, before.width, before.height]).toEqual([6, 200, 100]);
    expect(before.xmp).toBeDefined();
    expect(before.iptc).toBeDefined();
    expect(before.icc).toBeDefined();

    const out = await processImage(input);
    expect([out.width, out.height]).toEqual([100, 200]);
    const meta = await sharp(out.data).metadata();
    expect([meta.width, meta.height]).toEqual([100, 200]);
    await expectClean(out.data, ['AcmeCam', 'Phone 9 Pro', '2024:01:02', 'SecretCam', 'Jane Photographer']);
  });

  it('strips a PNG tEXt chunk and eXIf', async () => {
    const png = await solid(64, 48)
      .png()
      .withExif({ IFD0: { Make: 'AcmeCam' } })
      .toBuffer();
    const input = withPngText(png, 'Comment', 'home at 12 Elm Street');
    expect((await sharp(input).metadata()).format).toBe('png');
    const out = await processImage(input);
    expect([out.width, out.height]).toEqual([64, 48]);
    await expectClean(out.data, ['Elm Street', 'AcmeCam']);
  });

  it('re-encodes a WebP carrying EXIF and XMP', async () => {
    const input = await solid(80, 60)
      .webp()
      .withExif({ IFD0: { Model: 'Phone 9 Pro' } })
      .withXmp(XMP)
      .toBuffer();
    expect(webpChunks(input)).toEqual(expect.arrayContaining(['EXIF', 'XMP ']));
    const out = await processImage(input);
    await expectClean(out.data, ['Phone 9 Pro', 'SecretCam']);
  });
});

describe('processImage: the type comes from the bytes (U1)', () => {
  it('accepts a PNG whatever it was called, and resizes to fit 2048 without enlarging', async () => {
    const big = await processImage(await solid(3000, 1000).png().toBuffer());
    expect([big.width, big.height]).toEqual([2048, 683]);
    const small = await processImage(await solid(30, 20).jpeg().toBuffer());
    expect([small.width, small.height]).toEqual([30, 20]);
  });

  it.each([
    ['text', Buffer.from('just some gossip, not a picture\n')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    [
      'SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    ],
    ['PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF')],
    ['PHP', Buffer.from('<?php system($_GET["c"]); ?>')],
    ['HEIC', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic')])],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s with 422 UNSUPPORTED_IMAGE', async (_name, input) => {
    const err = await rejection(input);
    expect([err.statusCode, err.code, err.message]).toEqual([422, 'UNSUPPORTED_IMAGE', POST_MESSAGES.imageType]);
  });

  it('refuses a GIF made by sharp', async () => {
    const gif = await solid(10, 10).gif().toBuffer();
    expect(gif.toString('latin1', 0, 3)).toBe('GIF');
    expect((await rejection(gif)).code).toBe('UNSUPPORTED_IMAGE');
  });

  it('re-encodes a JPEG+PHP polyglot so the payload is not stored', async () => {
    const jpeg = await solid(40, 40).jpeg().toBuffer();
    const input = Buffer.concat([jpeg, Buffer.from('<?php system($_GET["c"]); ?>')]);
    const out = await processImage(input);
    expect(out.data.toString('latin1')).not.toContain('<?php');
    expect(out.data.equals(input)).toBe(false);
    expect(detectImageType(out.data)).toBe('webp');
  });

  it('refuses a truncated JPEG with the type message', async () => {
    const jpeg = await solid(300, 300).jpeg().toBuffer();
    const err = await rejection(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect([err.statusCode, err.message]).toEqual([422, POST_MESSAGES.imageType]);
  });
});

describe('processImage: the blurred preview (decisions Privacy)', () => {
  it('is a clean WebP at most 64 px on the long side, and never enlarged', async () => {
    const wide = await processImage(await solid(3000, 1000).png().toBuffer());
    const meta = await sharp(wide.preview).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 21]);
    await expectClean(wide.preview);
    const tiny = await sharp((await processImage(await solid(30, 20).jpeg().toBuffer())).preview).metadata();
    expect([tiny.width, tiny.height]).toEqual([30, 20]);
  });
});

describe('newStorageKey', () => {
  it('is 192 random bits in base64url and never repeats', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newStorageKey()));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
