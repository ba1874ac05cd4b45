-- The PostgreSQL peer of our bet placement (scripts/bench-server --peers): accounts with a
-- balance and an exposure, and an append-only table of bets. One account per pgbench client,
-- as bet-load gives every client its own player; each starts rich enough that no bet of the run
-- is refused.
SET client_min_messages = warning;
DROP TABLE IF EXISTS bet;
DROP TABLE IF EXISTS account;
CREATE TABLE account (
    id integer PRIMARY KEY,
    balance_minor bigint NOT NULL,
    exposure_minor bigint NOT NULL DEFAULT 0
);
CREATE TABLE bet (
    id bigserial PRIMARY KEY,
    account_id integer NOT NULL REFERENCES account (id),
    market_id bigint NOT NULL,
    selection_id bigint NOT NULL,
    side text NOT NULL,
    odds_hundredths integer NOT NULL,
    stake_minor bigint NOT NULL,
    liability_minor bigint NOT NULL,
    request_id text NOT NULL,
    placed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO account (id, balance_minor) SELECT g, 10000000000 FROM generate_series(1, 256) AS g;
VACUUM ANALYZE account;
