-- Lifting a ban or suspension is its own audited decision, apart from an upheld appeal: when, by
-- whom and why it was lifted stay on the action so the member's history and the users page say so.
ALTER TABLE "account_actions" ADD COLUMN "lifted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "account_actions" ADD COLUMN "lifted_by" uuid;
--> statement-breakpoint
ALTER TABLE "account_actions" ADD COLUMN "lift_reason" text;
--> statement-breakpoint
ALTER TABLE "account_actions" ADD CONSTRAINT "account_actions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_actions" ADD CONSTRAINT "account_actions_lift" CHECK (("lifted_at" is null) = ("lift_reason" is null));
