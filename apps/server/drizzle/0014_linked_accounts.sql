CREATE TABLE "user_devices" (
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id"),
	CONSTRAINT "user_devices_device_id_format" CHECK ("user_devices"."device_id" ~ '^[A-Za-z0-9_-]{16,64}$')
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_devices_device_idx" ON "user_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "deposits_from_address_idx" ON "deposits" USING btree ("from_address");