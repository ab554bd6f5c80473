CREATE TABLE "player_limits" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount_usd" integer,
	"pending_set" boolean DEFAULT false NOT NULL,
	"pending_amount_usd" integer,
	"pending_effective_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period"),
	CONSTRAINT "player_limits_kind" CHECK ("player_limits"."kind" in ('deposit', 'loss', 'wager')),
	CONSTRAINT "player_limits_period" CHECK ("player_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "player_limits_amount_positive" CHECK ("player_limits"."amount_usd" is null or "player_limits"."amount_usd" > 0),
	CONSTRAINT "player_limits_pending_positive" CHECK ("player_limits"."pending_amount_usd" is null or "player_limits"."pending_amount_usd" > 0),
	CONSTRAINT "player_limits_pending_consistent" CHECK ("player_limits"."pending_set" = ("player_limits"."pending_effective_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "player_protections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer DEFAULT 60 NOT NULL,
	"pending_reality_check_minutes" integer,
	"pending_reality_check_at" timestamp with time zone,
	"time_out_until" timestamp with time zone,
	"self_exclusion_started_at" timestamp with time zone,
	"self_exclusion_until" timestamp with time zone,
	"self_exclusion_end_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_protections_reality_check" CHECK ("player_protections"."reality_check_minutes" in (0, 15, 30, 60)),
	CONSTRAINT "player_protections_pending_reality_check" CHECK (("player_protections"."pending_reality_check_minutes" is null) = ("player_protections"."pending_reality_check_at" is null))
);
--> statement-breakpoint
CREATE TABLE "responsible_gaming_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"user_id" uuid NOT NULL,
	"terms_version" text NOT NULL,
	"age_confirmed_at" timestamp with time zone NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "terms_acceptances_user_id_terms_version_pk" PRIMARY KEY("user_id","terms_version")
);
--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_protections" ADD CONSTRAINT "player_protections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_gaming_events" ADD CONSTRAINT "responsible_gaming_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "responsible_gaming_events_user_idx" ON "responsible_gaming_events" USING btree ("user_id","id");