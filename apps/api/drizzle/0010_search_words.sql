-- Issue 13: a term with no run of three letters or digits ('qz') gives the trigram indexes nothing to
-- narrow by, so its search read every approved post (688 ms at 1M on PostgreSQL). Such a term matches
-- whole words of approved titles and previews, kept here as words so that a frequent one ('of'), read
-- from the newest rows, is not parsed again on every row.
ALTER TABLE "posts" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (strip(to_tsvector('simple', case when "status" = 'approved' then "title" || ' ' || left("content", 150) end))) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_words_idx" ON "posts" USING gin ("search_words") WITH (fastupdate=false);--> statement-breakpoint
-- PGlite has no autovacuum: without this the new column has no statistics until someone runs it.
ANALYZE "posts";
