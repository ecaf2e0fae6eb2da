-- Issue 14: the enforcement ladder. Each warning, suspension and ban is a row naming the rule it
-- enforces; users.suspended_until is the end of the latest suspension, so each paid action checks a
-- column of the account it already reads, and a suspension ends by itself.
CREATE TABLE "account_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"admin_id" uuid,
	"kind" text NOT NULL,
	"rule" text NOT NULL,
	"message" text NOT NULL,
	"days" integer,
	"ends_at" timestamp with time zone,
	"post_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_actions_kind" CHECK ("account_actions"."kind" in ('warning', 'suspension', 'ban')),
	CONSTRAINT "account_actions_days" CHECK (("account_actions"."kind" = 'suspension') = ("account_actions"."days" is not null and "account_actions"."ends_at" is not null) and ("account_actions"."days" is null or "account_actions"."days" between 1 and 30))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_actions" ADD CONSTRAINT "account_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_actions" ADD CONSTRAINT "account_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_actions" ADD CONSTRAINT "account_actions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_actions_user_created_idx" ON "account_actions" USING btree ("user_id","created_at");