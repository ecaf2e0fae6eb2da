import { z } from './z.js';

/** Field builders shared by several schemas, so one rule has one message everywhere. */
export const emailField = (message = 'Please enter a valid email address', maxLength = 254) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(maxLength, `Email cannot exceed ${maxLength} characters`)
    .pipe(z.email(message))
    .transform((value) => value.toLowerCase())
    // The pipe hides z.email() from the generated JSON Schema; say it for the OpenAPI document.
    .meta({ format: 'email' });

export const noLineBreaks = (value: string): boolean => !/[\r\n]/.test(value);

/** A hidden field only bots fill; the server drops such requests silently. */
export const honeypotField = z.string().max(200).optional();
