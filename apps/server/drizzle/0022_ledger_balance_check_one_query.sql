-- Issue 30: the commit-time check that a stored balance equals the balance after the account's last entry
-- (migration 0002) reads both in one query instead of two: the same rows, the same verdict and message, half the
-- statements at every commit that changed balances (a game's two transfers touch five accounts).
CREATE OR REPLACE FUNCTION ledger_check_account_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_balance numeric;
  stored numeric;
BEGIN
  -- A deferred trigger sees the row as it was when the event fired; read it as it is now.
  SELECT a.balance,
         (SELECT e.current_balance FROM ledger_entries e WHERE e.account_id = a.id ORDER BY e.id DESC LIMIT 1)
    INTO stored, last_balance
    FROM ledger_accounts a WHERE a.id = NEW.id;
  IF COALESCE(last_balance, 0) <> stored THEN
    RAISE EXCEPTION 'ledger account % balance % does not match its entries (%)', NEW.code, stored, COALESCE(last_balance, 0);
  END IF;
  RETURN NULL;
END
$$;
