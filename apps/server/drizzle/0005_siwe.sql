CREATE TABLE "siwe_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "siwe_nonces_format" CHECK ("siwe_nonces"."nonce" ~ '^[A-Za-z0-9]{8,128}$')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "linked_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_linked_address_key" ON "users" USING btree ("linked_address");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_linked_address_format" CHECK ("users"."linked_address" ~ '^0x[0-9a-f]{40}$');