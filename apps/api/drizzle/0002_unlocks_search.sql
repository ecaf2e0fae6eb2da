-- Trigram indexes below need pg_trgm (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "post_unlocks" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"price_paid" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_unlocks_user_id_post_id_pk" PRIMARY KEY("user_id","post_id"),
	CONSTRAINT "post_unlocks_price_paid_non_negative" CHECK ("post_unlocks"."price_paid" >= 0)
);
--> statement-breakpoint
ALTER TABLE "post_unlocks" ADD CONSTRAINT "post_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_unlocks" ADD CONSTRAINT "post_unlocks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_unlocks_post_idx" ON "post_unlocks" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_content_trgm_idx" ON "posts" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_handle_trgm_idx" ON "posts" USING gin (lower("tagged_handle") gin_trgm_ops);