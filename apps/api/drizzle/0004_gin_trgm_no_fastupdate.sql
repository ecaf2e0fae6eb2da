-- Search trigram indexes without a GIN pending list: PGlite has no autovacuum, so with fastupdate on
-- every new post waits in a list that each search scans linearly, and its planner cost (1k+ pages)
-- made both engines skip these indexes for a seq scan (bench/README.md, performance.md P4).
ALTER INDEX "posts_title_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "posts_content_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "posts_handle_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
-- Entries already waiting move into the index proper.
SELECT gin_clean_pending_list('posts_title_trgm_idx'), gin_clean_pending_list('posts_content_trgm_idx'), gin_clean_pending_list('posts_handle_trgm_idx');
