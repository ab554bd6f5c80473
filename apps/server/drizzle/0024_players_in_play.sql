-- Issue 30 (decision 068): the players of the games in play, one row each, kept by a trigger on games. "Is this
-- player in a game in play?" (every search and game start) becomes a lookup of this table's primary key. The partial
-- indexes of the games in play answered it until a plan made on statistics that counted no game in play scanned
-- another of them whole (every game in play, at each start); no index of games can be mistaken for this key.
-- No foreign keys: the rows are the games' own players, written from the games row in the same statement.
CREATE TABLE "players_in_play" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION games_track_players_in_play() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status = 'playing' THEN
      -- A player already in a game in play breaks the key: the new game is refused with its statement.
      INSERT INTO players_in_play (user_id, game_id) VALUES (NEW.player1_id, NEW.id), (NEW.player2_id, NEW.id);
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF OLD.status = 'playing' AND NEW.status <> 'playing' THEN
      DELETE FROM players_in_play WHERE user_id IN (OLD.player1_id, OLD.player2_id) AND game_id = OLD.id;
    ELSIF OLD.status <> 'playing' AND NEW.status = 'playing' THEN
      INSERT INTO players_in_play (user_id, game_id) VALUES (NEW.player1_id, NEW.id), (NEW.player2_id, NEW.id);
    END IF;
  ELSE
    DELETE FROM players_in_play WHERE user_id IN (OLD.player1_id, OLD.player2_id) AND game_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- `UPDATE OF status`: a round's save (state and deadline only) does not fire it.
CREATE TRIGGER games_players_in_play AFTER INSERT OR DELETE OR UPDATE OF status ON games
  FOR EACH ROW EXECUTE FUNCTION games_track_players_in_play();
--> statement-breakpoint
INSERT INTO players_in_play (user_id, game_id)
  SELECT player1_id, id FROM games WHERE status = 'playing'
  UNION ALL
  SELECT player2_id, id FROM games WHERE status = 'playing'
  ON CONFLICT (user_id) DO NOTHING;
--> statement-breakpoint
DROP INDEX "games_playing_player1_idx";--> statement-breakpoint
DROP INDEX "games_playing_player2_idx";
