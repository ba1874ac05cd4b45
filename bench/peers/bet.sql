-- One back bet, as our engine accepts it: lock the player's account, check the available balance
-- (balance - exposure) covers the bet's liability, raise the exposure, record the bet, commit.
-- pgbench numbers its clients from 0; client i is player i + 1 (schema.sql seeds 256 players).
\set aid :client_id + 1
\set stake 10000
\set odds 185
\set request random(1, 2000000000)
BEGIN;
SELECT (balance_minor - exposure_minor >= :stake)::int AS covered FROM account WHERE id = :aid FOR UPDATE \gset
\if :covered = 1
UPDATE account SET exposure_minor = exposure_minor + :stake WHERE id = :aid;
INSERT INTO bet (account_id, market_id, selection_id, side, odds_hundredths, stake_minor, liability_minor, request_id)
    VALUES (:aid, 1, 1, 'back', :odds, :stake, :stake, 'c' || :client_id || '-' || :request);
\endif
COMMIT;
