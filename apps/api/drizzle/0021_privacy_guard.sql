CREATE TABLE "held_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"parent_comment_id" uuid,
	"content" text NOT NULL,
	"findings" jsonb NOT NULL,
	"flags" text[] NOT NULL,
	"cost" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid,
	"comment_id" uuid,
	"findings" jsonb NOT NULL,
	"flags" text[] NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "privacy_reviews_one_target" CHECK (num_nonnulls("privacy_reviews"."post_id", "privacy_reviews"."comment_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "attested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "held_comments" ADD CONSTRAINT "held_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_comments" ADD CONSTRAINT "held_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_comments" ADD CONSTRAINT "held_comments_parent_comment_id_comments_id_fk" FOREIGN KEY ("parent_comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_reviews" ADD CONSTRAINT "privacy_reviews_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_reviews" ADD CONSTRAINT "privacy_reviews_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_reviews" ADD CONSTRAINT "privacy_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_comments_post_user_idx" ON "held_comments" USING btree ("post_id","user_id");--> statement-breakpoint
CREATE INDEX "held_comments_created_idx" ON "held_comments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_reviews_post_idx" ON "privacy_reviews" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_reviews_comment_idx" ON "privacy_reviews" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "privacy_reviews_status_idx" ON "privacy_reviews" USING btree ("status","created_at");