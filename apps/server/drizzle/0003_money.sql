CREATE TABLE "chain_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "chain_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number"),
	CONSTRAINT "chain_blocks_hash" CHECK ("chain_blocks"."hash" ~ '^0x[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "chain_state" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"genesis_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"tx_hash" text,
	"address" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0),
	CONSTRAINT "deposits_kind_known" CHECK ("deposits"."kind" in ('transfer', 'internal')),
	CONSTRAINT "deposits_status_known" CHECK ("deposits"."status" in ('pending', 'credited', 'orphaned', 'reorged_after_credit')),
	CONSTRAINT "deposits_tx_hash_matches_kind" CHECK (("deposits"."kind" = 'transfer') = ("deposits"."tx_hash" is not null)),
	CONSTRAINT "deposits_tx_hash_format" CHECK ("deposits"."tx_hash" is null or "deposits"."tx_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "deposits_address_format" CHECK ("deposits"."address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "deposits_credited_at" CHECK (("deposits"."status" in ('credited', 'reorged_after_credit')) = ("deposits"."credited_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "hot_wallet_nonces" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "hot_wallet_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address"),
	CONSTRAINT "hot_wallet_nonces_non_negative" CHECK ("hot_wallet_nonces"."next_nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sweeps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"nonce" bigint NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"max_fee" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0),
	"block_number" bigint,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sweeps_value_positive" CHECK ("sweeps"."value" > 0),
	CONSTRAINT "sweeps_status_known" CHECK ("sweeps"."status" in ('sent', 'confirmed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"nonce" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"raw_transaction" text NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"gas_limit" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'signed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_attempts_tx_hash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"recipient_address" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"idempotency_key" text,
	"balance_after" numeric(78, 0) NOT NULL,
	"nonce" bigint,
	"tx_hash" text,
	"block_number" bigint,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('queued', 'sent', 'confirmed', 'failed')),
	CONSTRAINT "withdrawals_recipient_format" CHECK ("withdrawals"."recipient_address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deposit_index" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_attempts" ADD CONSTRAINT "withdrawal_attempts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_tx_address_key" ON "deposits" USING btree ("chain_id","tx_hash","address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_internal_key" ON "deposits" USING btree ("chain_id","address","block_number") WHERE "deposits"."kind" = 'internal';--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("chain_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "sweeps_chain_tx_key" ON "sweeps" USING btree ("chain_id","tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sweeps_chain_address_nonce_key" ON "sweeps" USING btree ("chain_id","address","nonce");--> statement-breakpoint
CREATE INDEX "sweeps_status_idx" ON "sweeps" USING btree ("chain_id","status");--> statement-breakpoint
CREATE INDEX "withdrawal_attempts_withdrawal_idx" ON "withdrawal_attempts" USING btree ("withdrawal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_idempotency_key" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_chain_nonce_key" ON "withdrawals" USING btree ("chain_id","nonce");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "users_deposit_index_key" ON "users" USING btree ("deposit_index");