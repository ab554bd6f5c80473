-- Issue 30 (decision 066): `next_deadline`, which every round's save changes, leaves the indexes; the ended games keep
-- an index by status (the games in play have their partial indexes).
DROP INDEX "games_status_deadline_idx";--> statement-breakpoint
CREATE INDEX "games_status_idx" ON "games" USING btree ("status") WHERE "games"."status" <> 'playing';--> statement-breakpoint
-- The collusion rules after a game read its pair's games.
CREATE INDEX "games_pair_idx" ON "games" USING btree ("player1_id","player2_id");--> statement-breakpoint
-- Room on each page for a game's next row version, so that a round's save (which no longer touches an indexed
-- column) is a HOT update: the new version on the same page, no index entry written.
ALTER TABLE "games" SET (fillfactor = 70);
