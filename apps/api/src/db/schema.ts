// The database's tables, one file a domain under schema/; drizzle-kit and the code read them all
// from here. Status and kind lists come from @kettle/shared, so the API's schemas and the
// columns' enums are one list each.
export * from './schema/accounts.js';
export * from './schema/posts.js';
export * from './schema/conversation.js';
export * from './schema/coins.js';
export * from './schema/moderation.js';
export * from './schema/operations.js';
export * from './schema/privacy.js';
