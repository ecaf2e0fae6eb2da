-- ANALYZE leaves the slices' trigram expression alone (posts_slice_trigrams_idx, 0016). Gathering
-- its statistics called search_slice_trigrams for every sampled row and counted some 300 trigrams
-- each: 1.4 of the 1.6 s an ANALYZE of 20,000 bench teas took on PGlite, whose own thread runs it
-- as the table changes (pglite-upkeep.js) while statements wait. The slices' statement probes the
-- index one slice at a time whatever the estimate (search-plan.test.ts pins it).
ALTER INDEX "posts_slice_trigrams_idx" ALTER COLUMN 1 SET STATISTICS 0;
