CREATE TABLE "post_counts" (
	"category_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "post_counts_category_id_state_id_pk" PRIMARY KEY("category_id","state_id")
);
--> statement-breakpoint
INSERT INTO "post_counts" ("category_id", "state_id", "approved")
SELECT "category_id", "state_id", count(*)::int FROM "posts" WHERE "status" = 'approved' GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "post_counts_add"(cat uuid, st uuid, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO "post_counts" ("category_id", "state_id", "approved") VALUES (cat, st, delta)
  ON CONFLICT ("category_id", "state_id") DO UPDATE SET "approved" = "post_counts"."approved" + delta;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "posts_keep_counts"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'approved' THEN
    PERFORM "post_counts_add"(OLD."category_id", OLD."state_id", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'approved' THEN
    PERFORM "post_counts_add"(NEW."category_id", NEW."state_id", 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "posts_keep_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "category_id", "state_id" ON "posts"
FOR EACH ROW EXECUTE FUNCTION "posts_keep_counts"();
