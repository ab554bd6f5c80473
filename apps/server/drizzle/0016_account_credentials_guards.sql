CREATE TABLE "login_failures" (
	"email_key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "login_failures_key_format" CHECK ("login_failures"."email_key" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "login_failures_failures_non_negative" CHECK ("login_failures"."failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mail_throttle" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "mail_throttle_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "mail_throttle_sent_positive" CHECK ("mail_throttle"."sent" > 0),
	CONSTRAINT "mail_throttle_kind" CHECK ("mail_throttle"."kind" in ('verification', 'password_reset', 'address_confirmation'))
);
--> statement-breakpoint
ALTER TABLE "mail_throttle" ADD CONSTRAINT "mail_throttle_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siwe_nonces" ADD COLUMN "purpose" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "siwe_nonces" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "siwe_nonces" ADD CONSTRAINT "siwe_nonces_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siwe_nonces" ADD CONSTRAINT "siwe_nonces_purpose" CHECK ("siwe_nonces"."purpose" in ('sign_in', 'link'));--> statement-breakpoint
ALTER TABLE "siwe_nonces" ADD CONSTRAINT "siwe_nonces_link_has_session" CHECK (("siwe_nonces"."purpose" = 'link') = ("siwe_nonces"."session_id" is not null));--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD COLUMN "changes_email" boolean DEFAULT false NOT NULL;
