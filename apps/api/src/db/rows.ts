import type { posts, users } from './schema.js';

// Rows as every layer speaks them. They sit beside the schema they come from, so a repository
// that returns one need not import a presenter to name it.
export type UserRow = typeof users.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
