import { z } from 'zod';
import { LIMITS } from './constants.js';

/** Letters, digits, spaces and -_'&().?! (decisions.md: the spec's own defaults need these). */
const NAME_PATTERN = /^[\p{L}\p{N} \-_'&().?!]+$/u;
const NAME_CHARS_HINT = "letters, numbers, spaces and - _ ' & ( ) . ? !";

const descriptionField = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .min(LIMITS.descriptionMin, `Description must be at least ${LIMITS.descriptionMin} characters`)
  .max(LIMITS.descriptionMax, `Description must be less than ${LIMITS.descriptionMax} characters`);

const nameField = (label: 'Category' | 'State', min: number) =>
  z
    .string({ error: `${label} name is required` })
    .trim()
    .min(1, `${label} name is required`)
    .min(min, `${label} name must be at least ${min} characters`)
    .max(LIMITS.nameMax, `${label} name must be less than ${LIMITS.nameMax} characters`)
    .regex(NAME_PATTERN, `${label} name can only contain ${NAME_CHARS_HINT}`);

export const categorySchema = z.object({ id: z.uuid(), name: z.string(), description: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const categoryInputSchema = z.object({
  name: nameField('Category', LIMITS.categoryNameMin),
  description: descriptionField,
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const stateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
});
export type UsState = z.infer<typeof stateSchema>;

export const stateInputSchema = z.object({
  name: nameField('State', LIMITS.stateNameMin),
  code: z
    .string({ error: 'State code is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'State code must be two letters'),
  description: descriptionField,
});
export type StateInput = z.input<typeof stateInputSchema>;

export const idParamSchema = z.object({ id: z.uuid('The requested resource was not found.') });
