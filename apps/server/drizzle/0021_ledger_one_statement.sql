-- Issue 30: a ledger transfer in one statement (ledger-transfer.repo.ts) refuses an overdraft by raising this
-- error from inside the statement, so that nothing of it is written, even in a statement that commits on its own.
-- SQLSTATE SH001; DETAIL carries the account, its balance and what the transfer needed, as JSON.
CREATE OR REPLACE FUNCTION ledger_refuse_overdraft(account_code text, balance numeric, needed numeric) RETURNS boolean
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'insufficient funds on ledger account %', account_code
    USING ERRCODE = 'SH001',
          DETAIL = json_build_object('code', account_code, 'balance', balance::text, 'needed', needed::text)::text;
END
$$;
