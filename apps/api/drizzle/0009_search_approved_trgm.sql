-- Issue 13: a term common among pending posts but absent from approved ones ('tea') made the planner
-- walk created_at and filter every approved row. These indexes hold title and preview of approved
-- posts only, and ANALYZE gives their expressions statistics of their own, so the planner sees how
-- rare the term is among approved posts. The old preview index served that search only.
DROP INDEX "posts_preview_trgm_idx";--> statement-breakpoint
CREATE INDEX "posts_approved_title_trgm_idx" ON "posts" USING gin ((case when "status" = 'approved' then "title" end) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "posts_approved_preview_trgm_idx" ON "posts" USING gin ((case when "status" = 'approved' then "preview" end) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- PGlite has no autovacuum: without this the new expressions have no statistics until someone runs it.
ANALYZE "posts";
