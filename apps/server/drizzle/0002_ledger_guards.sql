-- Ledger guards the database enforces whatever the code does.
-- Entries and transfers are append-only.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Every transfer sums to zero, checked at commit.
CREATE OR REPLACE FUNCTION ledger_check_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT COALESCE(SUM(amount), 0) INTO total FROM ledger_entries WHERE transfer_id = NEW.transfer_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transfer % is unbalanced by % wei', NEW.transfer_id, total;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_balanced();
--> statement-breakpoint
-- A stored balance always equals the balance after the account's last entry, checked at commit.
CREATE OR REPLACE FUNCTION ledger_check_account_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_balance numeric;
  stored numeric;
BEGIN
  -- A deferred trigger sees the row as it was when the event fired; read it as it is now.
  SELECT balance INTO stored FROM ledger_accounts WHERE id = NEW.id;
  SELECT current_balance INTO last_balance FROM ledger_entries
    WHERE account_id = NEW.id ORDER BY id DESC LIMIT 1;
  IF COALESCE(last_balance, 0) <> stored THEN
    RAISE EXCEPTION 'ledger account % balance % does not match its entries (%)', NEW.code, stored, COALESCE(last_balance, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_accounts_match_entries AFTER INSERT OR UPDATE ON ledger_accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_account_balance();
