CREATE TABLE "withdrawal_approvals" (
	"withdrawal_id" uuid NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_approvals_withdrawal_id_staff_user_id_pk" PRIMARY KEY("withdrawal_id","staff_user_id")
);
--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Withdrawals approved before issue 23 count their one reviewer (the insider self-approvals among them stay as history).
INSERT INTO "withdrawal_approvals" ("withdrawal_id", "staff_user_id", "at")
SELECT w."id", w."reviewed_by"::uuid, w."reviewed_at"
FROM "withdrawals" w
WHERE w."status" NOT IN ('review', 'rejected') AND w."reviewed_at" IS NOT NULL
  AND w."reviewed_by" ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  AND EXISTS (SELECT 1 FROM "users" u WHERE u."id"::text = w."reviewed_by");--> statement-breakpoint
-- The database refuses what must never happen: an approval by the withdrawal's owner.
CREATE FUNCTION "withdrawal_approval_not_by_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "withdrawals" WHERE "id" = NEW."withdrawal_id" AND "user_id" = NEW."staff_user_id") THEN
    RAISE EXCEPTION 'a withdrawal cannot be approved by its owner' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "withdrawal_approvals_not_by_owner" BEFORE INSERT OR UPDATE ON "withdrawal_approvals" FOR EACH ROW EXECUTE FUNCTION "withdrawal_approval_not_by_owner"();--> statement-breakpoint
-- New decisions only (NOT VALID): rows decided before issue 23 stay as they were.
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_not_reviewed_by_owner" CHECK ("withdrawals"."reviewed_by" is null or "withdrawals"."reviewed_by" <> "withdrawals"."user_id"::text) NOT VALID;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_not_resolved_by_named" CHECK ("flags"."resolved_by" is null or ("flags"."resolved_by" <> "flags"."user_id"::text and ("flags"."other_user_id" is null or "flags"."resolved_by" <> "flags"."other_user_id"::text))) NOT VALID;
