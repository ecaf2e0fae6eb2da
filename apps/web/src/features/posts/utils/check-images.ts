import {
  ACCEPTED_IMAGE_EXTENSIONS,
  ACCEPTED_IMAGE_TYPES,
  LIMITS,
  MAX_IMAGE_BYTES,
  POST_MESSAGES,
} from '@kettle/shared';

/** Some systems give no MIME type; the extension decides then. */
const isAcceptedType = (file: File): boolean =>
  file.type
    ? ACCEPTED_IMAGE_TYPES.some((type) => type === file.type)
    : ACCEPTED_IMAGE_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

/** Splits picked files into those that fit (type, size, the 5-image limit) and the messages for the rest. */
export function checkImages(currentCount: number, incoming: readonly File[]): { accepted: File[]; errors: string[] } {
  const accepted: File[] = [];
  const errors: string[] = [];
  let overLimit = false;
  for (const file of incoming) {
    if (!isAcceptedType(file)) errors.push(POST_MESSAGES.pickerType(file.name));
    else if (file.size > MAX_IMAGE_BYTES) errors.push(POST_MESSAGES.pickerTooLarge(file.name));
    else if (currentCount + accepted.length >= LIMITS.maxImages) overLimit = true;
    else accepted.push(file);
  }
  if (overLimit) errors.push(POST_MESSAGES.pickerTooMany);
  return { accepted, errors };
}
