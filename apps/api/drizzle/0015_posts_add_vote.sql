-- A vote's +1 on its tea's counter, run from inside the vote's one statement
-- (votes.repository.ts). The vote locks the tea's row first; the statement's own snapshot is
-- older than that lock wait, so an UPDATE of the row written in the statement would look for the
-- version other voters were queued on and wait behind them while they waited for it (a deadlock).
-- A volatile function's statement takes a fresh snapshot, newer than the lock: it finds the
-- version the vote holds and updates it without waiting. Returns the new count.
CREATE OR REPLACE FUNCTION "posts_add_vote"(target uuid) RETURNS integer AS $$
DECLARE
  total integer;
BEGIN
  UPDATE "posts" SET "vote_count" = "vote_count" + 1 WHERE "id" = target RETURNING "vote_count" INTO total;
  RETURN total;
END;
$$ LANGUAGE plpgsql VOLATILE;
