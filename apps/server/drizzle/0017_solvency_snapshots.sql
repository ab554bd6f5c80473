CREATE TABLE "solvency_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"liabilities_wei" numeric(78, 0) NOT NULL,
	"reserves_wei" numeric(78, 0) NOT NULL,
	"ratio" text NOT NULL,
	"document" jsonb NOT NULL,
	"taken_by" text NOT NULL,
	CONSTRAINT "solvency_snapshots_liabilities_non_negative" CHECK ("solvency_snapshots"."liabilities_wei" >= 0),
	CONSTRAINT "solvency_snapshots_reserves_non_negative" CHECK ("solvency_snapshots"."reserves_wei" >= 0)
);
--> statement-breakpoint
CREATE TABLE "solvency_entries" (
	"snapshot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"salt" text NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	CONSTRAINT "solvency_entries_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id"),
	CONSTRAINT "solvency_entries_amount_non_negative" CHECK ("solvency_entries"."amount_wei" >= 0),
	CONSTRAINT "solvency_entries_salt_format" CHECK ("solvency_entries"."salt" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "solvency_entries" ADD CONSTRAINT "solvency_entries_snapshot_id_solvency_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."solvency_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solvency_entries" ADD CONSTRAINT "solvency_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solvency_snapshots_at_idx" ON "solvency_snapshots" USING btree ("at");
