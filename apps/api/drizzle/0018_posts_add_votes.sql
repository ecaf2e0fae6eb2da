-- Every vote of a statement's batch bumps its tea's counter in one UPDATE (votes.repository.ts),
-- where posts_add_vote (0015) ran one UPDATE per vote: each a statement of its own to start and
-- end, a fifth of a 16-vote batch's time (measured, 20,000 bench teas). Volatile, so its UPDATE
-- takes a snapshot newer than the locks the vote statement took first, as posts_add_vote's does.
-- A batch names a tea once. posts_add_vote stays for servers of the previous release in a rolling
-- deploy.
CREATE OR REPLACE FUNCTION "posts_add_votes"(targets uuid[]) RETURNS TABLE (id uuid, vote_count integer) AS $$
BEGIN
  RETURN QUERY
    UPDATE "posts" AS p SET "vote_count" = p."vote_count" + 1
    FROM unnest(targets) AS t(target) WHERE p."id" = t.target
    RETURNING p."id", p."vote_count";
END;
$$ LANGUAGE plpgsql VOLATILE;
