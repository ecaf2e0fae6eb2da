import { z } from './z.js';
import { LIMITS } from './constants.js';
import { MESSAGES } from './messages.js';

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

/** A list answer of product.md §7: `{ data, metadata }`. Categories and states come whole, never paged. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    metadata: z.object({ total_elements: z.number(), skip: z.number(), limit: z.number() }),
  });

export const categoryListSchema = listOf(categorySchema);
export type CategoryList = z.infer<typeof categoryListSchema>;
export const stateListSchema = listOf(stateSchema);
export type StateList = z.infer<typeof stateListSchema>;

/** Form values after parsing (trimmed; state codes upper-cased): what the API receives. */
export type CategoryValues = z.output<typeof categoryInputSchema>;
export type StateValues = z.output<typeof stateInputSchema>;

const postCount = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`;

/** Notices of product.md §8 and the conflicts our rules add; the API and the screens share them. */
export const TAXONOMY_MESSAGES = {
  category: {
    created: 'Category created successfully!',
    updated: 'Category updated successfully!',
    deleted: 'Category deleted successfully!',
    fetchFailed: MESSAGES.categories.fetchFailed,
    createFailed: 'Failed to create category',
    updateFailed: 'Failed to update category',
    deleteFailed: 'Failed to delete category',
    notFound: MESSAGES.notFound.category,
    nameTaken: 'A category with this name already exists.',
    inUse: (n: number) => `This category is used by ${postCount(n)} and cannot be deleted.`,
  },
  state: {
    created: 'State created successfully!',
    updated: 'State updated successfully!',
    deleted: 'State deleted successfully!',
    fetchFailed: MESSAGES.states.fetchFailed,
    createFailed: 'Failed to create state',
    updateFailed: 'Failed to update state',
    deleteFailed: 'Failed to delete state',
    notFound: MESSAGES.notFound.state,
    nameTaken: 'A state with this name already exists.',
    codeTaken: 'A state with this code already exists.',
    inUse: (n: number) => `This state is used by ${postCount(n)} and cannot be deleted.`,
  },
} as const;

export const idParamSchema = z.object({ id: z.uuid('The requested resource was not found.') });
