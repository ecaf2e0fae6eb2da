ALTER TABLE "coin_ledger" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified_by" uuid;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "preview_key" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "preview" text GENERATED ALWAYS AS (left("content", 150)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "bounty_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "bounty_comment_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "bounty_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_bounty_comment_id_comments_id_fk" FOREIGN KEY ("bounty_comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_ledger_user_seq_idx" ON "coin_ledger" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "posts_preview_trgm_idx" ON "posts" USING gin ("preview" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "posts_bounty_open_idx" ON "posts" USING btree ("published_at") WHERE "posts"."bounty_status" = 'escrowed';--> statement-breakpoint
CREATE INDEX "posts_rejected_at_idx" ON "posts" USING btree ("rejected_at") WHERE "posts"."rejected_at" is not null;--> statement-breakpoint
-- Rejections before this column: their last update is the best date there is.
UPDATE "posts" SET "rejected_at" = "updated_at" WHERE "status" = 'rejected';
