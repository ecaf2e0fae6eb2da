-- Issue 14: an account deleted by its owner keeps its row, erased and named 'deleted user', so its
-- published teas, purchases and ledger still point at something. Usernames stay unique among live
-- accounts only.
DROP INDEX "users_username_lower_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username")) WHERE "users"."deleted_at" is null;