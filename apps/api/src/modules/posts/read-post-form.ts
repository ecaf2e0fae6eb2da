import type { Multipart } from '@fastify/multipart';
import { ERROR_CODES, LIMITS, MAX_IMAGE_BYTES, POST_MESSAGES, STATUS_FALLBACK } from '@kettle/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, validationFailed, type FieldError } from '../../lib/app-error.js';
import { processImage, type ProcessedImage } from '../../lib/images/process-image.js';
import { assertNoNulBytes } from '../../lib/nul-bytes.js';

/** Field names a post's files may arrive under (product.md §3). */
const IMAGE_FIELDS = new Set(['images', 'image']);

/**
 * Busboy limits for the posts plugin. A field holds at most 5000 characters, which is up to
 * 15,000 bytes of UTF-8, so 16 KB never truncates a valid value and any truncated value still
 * fails its length rule.
 */
export const POST_FORM_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: LIMITS.maxImages,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: 30,
} as const;

/** Whole multipart request: five full files plus the text fields and multipart framing. */
export const MULTIPART_BODY_LIMIT = LIMITS.maxImages * MAX_IMAGE_BYTES + 1024 * 1024;

export type PostForm<T> = { data: T; images: ProcessedImage[] };

const fileTooLarge = () => new AppError(413, ERROR_CODES.payloadTooLarge, STATUS_FALLBACK[413] ?? '');
const tooManyImages = () => validationFailed([{ field: 'images', message: POST_MESSAGES.imagesMax }]);

const errorCode = (error: unknown): unknown =>
  error && typeof error === 'object' && 'code' in error ? error.code : undefined;

/** The multipart plugin's own errors, in the API's words. */
function mapMultipartError(error: unknown): unknown {
  switch (errorCode(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_FILES_LIMIT':
      return tooManyImages();
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest();
    default:
      return error;
  }
}

type RawForm = { fields: Record<string, unknown>; files: Buffer[] };

async function collectPart(part: Multipart, form: RawForm): Promise<void> {
  if (part.type === 'field') {
    // A repeated text field keeps its first value.
    if (!(part.fieldname in form.fields)) form.fields[part.fieldname] = part.value;
    return;
  }
  // Every file is read to its end (bounded by fileSize); only image fields are kept.
  const data = await part.toBuffer();
  if (IMAGE_FIELDS.has(part.fieldname)) form.files.push(data);
}

async function readMultipart(request: FastifyRequest): Promise<RawForm> {
  const contentLength = Number(request.headers['content-length'] ?? 0);
  if (contentLength > MULTIPART_BODY_LIMIT) throw fileTooLarge();
  const form: RawForm = { fields: Object.create(null), files: [] };
  try {
    for await (const part of request.parts()) await collectPart(part, form);
  } catch (error) {
    throw mapMultipartError(error);
  }
  return form;
}

function readJson(request: FastifyRequest): RawForm {
  const body = request.body;
  const fields: Record<string, unknown> = body && typeof body === 'object' ? { ...body } : {};
  return { fields, files: [] };
}

/** One message per field, the first the schema reports (product.md §5 wording). */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return errors;
}

/**
 * Checks run before any image is decoded, so a refusal costs no decoding: the upload byte budget
 * on the received files, then the caller's check of the parsed fields (the balance).
 */
export type BeforeDecode<T> = {
  chargeBytes?: (bytes: number) => Promise<void>;
  checkFields?: (data: T) => Promise<void>;
};

/**
 * Reads a post form sent as multipart (files under `images` or `image`) or as JSON, checks the
 * text fields against the shared schema, runs the `before` checks, then re-encodes each image in the order sent.
 * Nothing is stored here: the caller stores the processed images with the post.
 */
export async function readPostForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  before: BeforeDecode<z.output<S>> = {},
): Promise<PostForm<z.output<S>>> {
  const raw = request.isMultipart() ? await readMultipart(request) : readJson(request);
  await before.chargeBytes?.(raw.files.reduce((sum, file) => sum + file.length, 0));
  // Multipart fields skip the app-wide NUL guard (they are read here, after it ran).
  assertNoNulBytes(raw.fields, 'body');
  if (raw.files.length > LIMITS.maxImages) throw tooManyImages();
  const parsed = schema.safeParse(raw.fields);
  if (!parsed.success) throw validationFailed(fieldErrorsOf(parsed.error));
  await before.checkFields?.(parsed.data);
  const images: ProcessedImage[] = [];
  for (const file of raw.files) {
    try {
      images.push(await processImage(file));
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 422 && !error.errors) {
        throw new AppError(422, error.code, error.message, [{ field: 'images', message: error.message }]);
      }
      throw error;
    }
  }
  return { data: parsed.data, images };
}
