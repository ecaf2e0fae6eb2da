import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.js';
import { processImage } from './process-image.js';

// Reliability U4: decompression bombs are refused from the header, without decoding. No test
// asserts a time (architecture 'Tests'); instead the error code shows where the refusal came
// from: a header-only file that reached the decoder would fail as corrupt (UNSUPPORTED_IMAGE),
// so IMAGE_TOO_LARGE on one proves nothing was decoded.

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(typeAndData.length + 8);
  out.writeUInt32BE(data.length, 0);
  typeAndData.copy(out, 4);
  out.writeUInt32BE(crc32(typeAndData), out.length - 4);
  return out;
}

/** A PNG that declares width×height in a valid IHDR but carries only a token of pixel data. */
function headerOnlyPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter quirks, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function rejection(input: Buffer): Promise<AppError> {
  const err: unknown = await processImage(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

const expectTooLarge = (err: AppError) =>
  expect([err.statusCode, err.code, err.message]).toEqual([
    422,
    'IMAGE_TOO_LARGE',
    'This image is too large to process.',
  ]);

describe('processImage: decompression bombs', () => {
  it('refuses a real 12000×12000 PNG (~420 KB) without decoding it', async () => {
    const bomb = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    expectTooLarge(await rejection(bomb));
    // Decoding it would need ~430 MB of pixels; a loose bound shows that never happened.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a header-only 50000×50000 PNG', async () => {
    const input = headerOnlyPng(50000, 50000);
    expect(await sharp(input, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 50000,
      height: 50000,
    });
    expectTooLarge(await rejection(input));
  });

  it('refuses ten bombs in parallel', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => rejection(headerOnlyPng(50000, 50000))));
    for (const err of results) expectTooLarge(err);
  });

  it('sends a header-only PNG under the limit to the decoder, which finds it corrupt', async () => {
    const err = await rejection(headerOnlyPng(6000, 6000));
    expect([err.statusCode, err.code]).toEqual([422, 'UNSUPPORTED_IMAGE']);
  });
});
