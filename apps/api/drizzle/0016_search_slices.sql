-- Search slices (search-slices.ts, decisions.md "Search reads slices newest first"). Approved posts
-- are cut by created_at into slices of about the same number of posts, numbered upwards in time;
-- their title and preview trigrams are indexed under the post's slice ('f12:abc') and its group of
-- 32 slices ('c0:abc'), so a search probes a group, then its slices, newest first, and stops when
-- it has enough. A post takes its slice when it is first approved; pending posts have none.
ALTER TABLE "posts" ADD COLUMN "search_slice" integer;--> statement-breakpoint
-- One row: how many approved posts a new slice takes before the next one opens.
CREATE TABLE "search_slicing" (
  "one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
  "size" integer NOT NULL CHECK ("size" > 0)
);--> statement-breakpoint
INSERT INTO "search_slicing" VALUES (true, 2048);--> statement-breakpoint
-- Slice n holds the posts created from its starts_at up to the next slice's. first_post is the
-- counter's value when it opened, so its size is read from the counter without a write per post.
CREATE TABLE "search_slices" (
  "slice" integer PRIMARY KEY,
  "starts_at" timestamp with time zone NOT NULL,
  "first_post" bigint NOT NULL
);--> statement-breakpoint
CREATE SEQUENCE "search_slice_posts";--> statement-breakpoint
-- The trigram tokens of one approved post. 32 is SLICE_GROUP in search-slices.ts. Its search_path
-- is its own: PostgreSQL 17 builds indexes with pg_catalog's alone, where show_trgm is not.
CREATE FUNCTION "search_slice_trigrams"(slice integer, title text, preview text) RETURNS text[] AS $$
  SELECT array(
    SELECT level || trigram
    FROM unnest(show_trgm(title || ' ' || preview)) trigram,
         unnest(array['f' || slice || ':', 'c' || (slice / 32) || ':']) level
  )
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT;--> statement-breakpoint
-- Gives a post its slice when it is first approved (a moderator's approval, or a post written
-- approved). Posts are counted under one lock, held to the end of the approval's transaction, so
-- two approvals never open the same slice, and a slice opens only at a time later than every post
-- already in the newest one: each slice is a range of created_at, which is what lets a search take
-- slices in order. A post older than the newest slice joins the slice of its time.
CREATE FUNCTION "assign_search_slice"() RETURNS trigger AS $$
DECLARE
  counted bigint;
  newest "search_slices";
  latest timestamp with time zone;
BEGIN
  PERFORM pg_advisory_xact_lock(1936024419);
  counted := nextval('search_slice_posts');
  SELECT * INTO newest FROM "search_slices" ORDER BY "slice" DESC LIMIT 1;
  IF newest IS NULL THEN
    INSERT INTO "search_slices" VALUES (0, '-infinity', counted);
    NEW."search_slice" := 0;
  ELSIF NEW."created_at" < newest."starts_at" THEN
    SELECT "slice" INTO NEW."search_slice" FROM "search_slices"
      WHERE "starts_at" <= NEW."created_at" ORDER BY "starts_at" DESC LIMIT 1;
  ELSIF counted - newest."first_post" >= (SELECT "size" FROM "search_slicing") THEN
    SELECT max("created_at") INTO latest FROM "posts" WHERE "search_slice" = newest."slice";
    IF latest IS NULL OR NEW."created_at" > latest THEN
      INSERT INTO "search_slices" VALUES (newest."slice" + 1, NEW."created_at", counted);
      NEW."search_slice" := newest."slice" + 1;
    ELSE
      NEW."search_slice" := newest."slice";
    END IF;
  ELSE
    NEW."search_slice" := newest."slice";
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql VOLATILE;--> statement-breakpoint
CREATE TRIGGER "posts_search_slice" BEFORE INSERT OR UPDATE OF "status" ON "posts"
  FOR EACH ROW WHEN (NEW."status" = 'approved' AND NEW."search_slice" IS NULL)
  EXECUTE FUNCTION "assign_search_slice"();--> statement-breakpoint
-- The approved posts written before this migration, cut by (created_at, id), posts sharing a
-- created_at kept together; the counter goes on from their number.
CREATE TEMP TABLE "resliced" AS
  SELECT "id", "created_at", min(n) OVER (PARTITION BY "created_at") AS "slice"
  FROM (SELECT "id", "created_at", (row_number() OVER (ORDER BY "created_at", "id") - 1) / 2048 AS n
        FROM "posts" WHERE "status" = 'approved') numbered;--> statement-breakpoint
UPDATE "posts" p SET "search_slice" = r."slice" FROM "resliced" r WHERE r."id" = p."id";--> statement-breakpoint
INSERT INTO "search_slices"
  SELECT "slice", CASE WHEN "slice" = 0 THEN '-infinity' ELSE min("created_at") END,
         (SELECT count(*) FROM "resliced") - count(*) + 1
  FROM "resliced" GROUP BY "slice";--> statement-breakpoint
SELECT setval('search_slice_posts', greatest((SELECT count(*) FROM "resliced"), 1), (SELECT count(*) FROM "resliced") > 0);--> statement-breakpoint
DROP TABLE "resliced";--> statement-breakpoint
CREATE INDEX "posts_slice_trigrams_idx" ON "posts" USING gin (search_slice_trigrams("search_slice", "title", "preview")) WITH (fastupdate=false) WHERE "posts"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "posts_search_slice_idx" ON "posts" USING btree ("search_slice","created_at");
