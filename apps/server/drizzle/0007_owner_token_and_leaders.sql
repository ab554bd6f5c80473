CREATE TABLE "leader_epochs" (
	"role" text PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL,
	"holder" text NOT NULL,
	"elected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leader_epochs_positive" CHECK ("leader_epochs"."epoch" > 0)
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "owner_token" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "lease_until";