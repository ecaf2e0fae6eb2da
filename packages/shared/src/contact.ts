import { z } from './z.js';
import { honeypotField, noLineBreaks } from './fields.js';

export const contactSchema = z.object({
  fullname: z
    .string({ error: 'Full name must be at least 2 characters long' })
    .trim()
    .min(2, 'Full name must be at least 2 characters long')
    .max(50, 'Full name cannot exceed 50 characters')
    .refine(noLineBreaks, 'Full name cannot contain line breaks'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(100, 'Email cannot exceed 100 characters')
    .pipe(z.email('Please enter a valid email address')),
  subject: z
    .string({ error: 'Subject must be at least 3 characters long' })
    .trim()
    .min(3, 'Subject must be at least 3 characters long')
    .max(100, 'Subject cannot exceed 100 characters')
    .refine(noLineBreaks, 'Subject cannot contain line breaks'),
  message: z
    .string({ error: 'Message must be at least 10 characters long' })
    .trim()
    .min(10, 'Message must be at least 10 characters long')
    .max(500, 'Message cannot exceed 500 characters'),
  website: honeypotField,
});
export type ContactInput = z.input<typeof contactSchema>;
