import { randomBytes } from 'node:crypto';
import { IMAGE_PREVIEW_MAX_SIDE, POST_MESSAGES } from '@kettle/shared';
import sharp from 'sharp';
import { AppError } from '../app-error.js';

/** The re-encoded image, and the blurred preview that is all a reader who has not unlocked receives. */
export type ProcessedImage = { data: Buffer; width: number; height: number; preview: Buffer };

export const IMAGE_ERROR_CODES = { unsupported: 'UNSUPPORTED_IMAGE', tooLarge: 'IMAGE_TOO_LARGE' } as const;
export const IMAGE_TOO_LARGE_MESSAGE = 'This image is too large to process.';

/** Reliability U4: anything bigger is refused from its header, before a single pixel is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_OUTPUT_SIDE = 2048;
const WEBP_QUALITY = 82;
/**
 * Blurred on the server too, so the preview file itself (saved, or viewed without the page's
 * CSS) shows shapes and colours, not a face or a name.
 */
const PREVIEW_BLUR_SIGMA = 1.5;
/** A backstop against pathological files that pass the pixel limit but still decode slowly. */
const PROCESS_TIMEOUT_SECONDS = 15;

type DetectedType = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The type comes from the bytes, never from the file name or the client's Content-Type (U1):
 * a PHP or HTML file renamed .jpg stops here, whatever it claims to be.
 */
export function detectImageType(input: Buffer): DetectedType | null {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (input.length >= 8 && input.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (input.length >= 12 && input.toString('latin1', 0, 4) === 'RIFF' && input.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

const unsupported = () => new AppError(422, IMAGE_ERROR_CODES.unsupported, POST_MESSAGES.imageType);
const tooLarge = () => new AppError(422, IMAGE_ERROR_CODES.tooLarge, IMAGE_TOO_LARGE_MESSAGE);

/** sharp reports every failure as a plain Error; only its text tells a bomb from a broken file. */
function classify(err: unknown): AppError {
  const message = err instanceof Error ? err.message : '';
  if (/pixel limit|timeout/i.test(message)) return tooLarge();
  return unsupported();
}

/**
 * Decodes an upload and re-encodes it as WebP (architecture 'Images', decisions 'Privacy'):
 * re-encoding drops anything appended to the image (polyglots), and because sharp copies no
 * metadata unless asked to (withMetadata/keepExif/keepIccProfile, never called here), the
 * output carries no EXIF, GPS, XMP, IPTC or ICC profile. EXIF orientation is applied to the
 * pixels first, so the picture still stands the right way up without its tag.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = detectImageType(input);
  if (!type) throw unsupported();

  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let meta: sharp.Metadata;
  try {
    // Header only: cheap, and lets a 50000×50000 declaration fail before any decoding starts.
    meta = await sharp(input, options).metadata();
  } catch (err) {
    throw classify(err);
  }
  // The magic number and the decoder must agree, so no other libvips loader (SVG, HEIF, …) runs.
  if (meta.format !== type) throw unsupported();
  if (!meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge();

  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, preview: await makePreview(data) };
  } catch (err) {
    throw classify(err);
  }
}

/**
 * The preview of an already processed image (its WebP bytes): also what the start-up backfill
 * runs on images stored before previews existed.
 */
export async function makePreview(processed: Buffer): Promise<Buffer> {
  return sharp(processed, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: IMAGE_PREVIEW_MAX_SIDE, height: IMAGE_PREVIEW_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .blur(PREVIEW_BLUR_SIGMA)
    .webp({ quality: 50 })
    .toBuffer();
}

/** 192 random bits, base64url: unguessable, and unrelated to the file name, the user or the post (U5). */
export function newStorageKey(): string {
  return randomBytes(24).toString('base64url');
}
