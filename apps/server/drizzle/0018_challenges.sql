CREATE TABLE "challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"challenger_id" uuid NOT NULL,
	"bet_usd" integer NOT NULL,
	"character" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by" uuid,
	"game_id" uuid,
	"closed_at" timestamp with time zone,
	CONSTRAINT "challenges_id_format" CHECK ("challenges"."id" ~ '^[A-Za-z0-9_-]{22}$'),
	CONSTRAINT "challenges_status_known" CHECK ("challenges"."status" in ('open', 'accepted', 'cancelled', 'expired')),
	CONSTRAINT "challenges_bet_known" CHECK ("challenges"."bet_usd" in (1, 5, 10, 15, 20, 50, 100)),
	CONSTRAINT "challenges_accepted_has_game" CHECK (("challenges"."status" = 'accepted') = ("challenges"."game_id" is not null)),
	CONSTRAINT "challenges_not_self" CHECK ("challenges"."accepted_by" is null or "challenges"."accepted_by" <> "challenges"."challenger_id")
);
--> statement-breakpoint
CREATE TABLE "rematches" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"new_game_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rematches_new_game_id_unique" UNIQUE("new_game_id")
);
--> statement-breakpoint
CREATE TABLE "rematch_requests" (
	"game_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rematch_requests_game_id_from_user_id_pk" PRIMARY KEY("game_id","from_user_id")
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenger_id_users_id_fk" FOREIGN KEY ("challenger_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rematches" ADD CONSTRAINT "rematches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rematches" ADD CONSTRAINT "rematches_new_game_id_games_id_fk" FOREIGN KEY ("new_game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rematch_requests" ADD CONSTRAINT "rematch_requests_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rematch_requests" ADD CONSTRAINT "rematch_requests_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_open_challenger_idx" ON "challenges" USING btree ("challenger_id") WHERE "challenges"."status" = 'open';--> statement-breakpoint
CREATE INDEX "challenges_open_expiry_idx" ON "challenges" USING btree ("expires_at") WHERE "challenges"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "challenges_game_idx" ON "challenges" USING btree ("game_id") WHERE "challenges"."game_id" is not null;
