CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player1_id" uuid NOT NULL,
	"player2_id" uuid NOT NULL,
	"player1_character" text NOT NULL,
	"player2_character" text NOT NULL,
	"bet_usd" integer NOT NULL,
	"stake_wei" numeric(78, 0) NOT NULL,
	"price_micro_usd" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'playing' NOT NULL,
	"winner_id" uuid,
	"end_reason" text,
	"state" jsonb NOT NULL,
	"next_deadline" timestamp with time zone,
	"owner_node" text,
	"lease_until" timestamp with time zone,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "games_two_players" CHECK ("games"."player1_id" <> "games"."player2_id"),
	CONSTRAINT "games_status_known" CHECK ("games"."status" in ('playing', 'finished', 'refunded')),
	CONSTRAINT "games_stake_positive" CHECK ("games"."stake_wei" > 0),
	CONSTRAINT "games_bet_option" CHECK ("games"."bet_usd" in (1, 5, 10, 15, 20, 50, 100)),
	CONSTRAINT "games_ended_consistent" CHECK (("games"."status" = 'playing') = ("games"."ended_at" is null)),
	CONSTRAINT "games_winner_is_player" CHECK ("games"."winner_id" is null or "games"."winner_id" = "games"."player1_id" or "games"."winner_id" = "games"."player2_id"),
	CONSTRAINT "games_refund_has_no_winner" CHECK ("games"."status" <> 'refunded' or "games"."winner_id" is null),
	CONSTRAINT "games_finished_has_winner" CHECK ("games"."status" <> 'finished' or "games"."winner_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_player1_id_users_id_fk" FOREIGN KEY ("player1_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_player2_id_users_id_fk" FOREIGN KEY ("player2_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_player1_idx" ON "games" USING btree ("player1_id","ended_at");--> statement-breakpoint
CREATE INDEX "games_player2_idx" ON "games" USING btree ("player2_id","ended_at");--> statement-breakpoint
CREATE INDEX "games_status_deadline_idx" ON "games" USING btree ("status","next_deadline");--> statement-breakpoint
CREATE INDEX "games_ended_idx" ON "games" USING btree ("ended_at");