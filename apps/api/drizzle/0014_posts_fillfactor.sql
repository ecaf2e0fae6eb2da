-- A vote rewrites its tea's row (vote_count). With full heap pages the new version lands on
-- another page, and every index of posts, the trigram GIN indexes among them, gets an entry for
-- it. A fifth of each page left free lets the update stay on its page (a HOT update), touching no
-- index. Applies to pages written from now on; VACUUM FULL posts would repack older ones.
ALTER TABLE "posts" SET (fillfactor = 80);
