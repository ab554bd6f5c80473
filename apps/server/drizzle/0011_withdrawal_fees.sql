ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fee" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "max_fee_per_gas" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "gas_paid" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK ("ledger_accounts"."kind" IN ('user', 'escrow', 'deposits', 'withdrawals_in_flight', 'withdrawals_sent', 'network_fees', 'house', 'withdrawal_fees'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fee_non_negative" CHECK ("withdrawals"."fee" >= 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_gas_within_fee" CHECK ("withdrawals"."max_fee_per_gas" is null or "withdrawals"."gas_paid" is null or "withdrawals"."gas_paid" <= "withdrawals"."fee");