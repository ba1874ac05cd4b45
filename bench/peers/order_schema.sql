-- The PostgreSQL peer of our exchange orders (scripts/bench-server --peers): the order book and
-- the positions in tables, and one order's acceptance and matching as one function,
-- exchange.place_order, that bench/peers/order.sql calls once per transaction. The rules are our
-- ledger's (ledger/src/book/decide.rs, matching.rs):
--   * a back at odds O takes resting lays at O or higher, the highest first, the oldest first at
--     each price, each at the resting order's price; a lay the mirror; never its owner's orders,
--     and a rest that would cross one of its owner's orders is cancelled, not rested;
--   * exposure is the worst case of the matched bets plus what every unmatched order could add,
--     per book, and an order is refused unless the balance covers the exposure after it.
-- A position here has two outcomes, "the runner wins" and "it loses": the benchmark trades one
-- runner per book, where our ledger's vector over the market's three runners holds the same two
-- numbers. Our ledger also checks what the open bets could win against the balance maximum; this
-- peer does not (one check less for PostgreSQL).
--
-- pgbench client i (from 0) trades on book i + 1 with accounts 3i + 1 and 3i + 2; account 3i + 3
-- holds the book's depth: five prices of resting lays below 2.00 and five of backs from 2.02 up,
-- which the benchmark's orders never reach, as ledger-bench --only orders seeds ours. Every book
-- is its own client's, so no two clients wait for each other's locks: PostgreSQL's best case.
SET client_min_messages = warning;
DROP SCHEMA IF EXISTS exchange CASCADE;
CREATE SCHEMA exchange;

CREATE TABLE exchange.account (
    id integer PRIMARY KEY,
    balance_minor bigint NOT NULL,
    exposure_minor bigint NOT NULL DEFAULT 0
);

-- One account's position in one book: the matched bets' P/L and the unmatched orders' worst
-- (never positive) if the runner wins and if it loses, and the book's exposure they give.
CREATE TABLE exchange.position (
    account_id integer NOT NULL REFERENCES exchange.account (id),
    book_id integer NOT NULL,
    win_minor bigint NOT NULL DEFAULT 0,
    lose_minor bigint NOT NULL DEFAULT 0,
    win_reserve_minor bigint NOT NULL DEFAULT 0,
    lose_reserve_minor bigint NOT NULL DEFAULT 0,
    exposure_minor bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, book_id)
);

-- Every order, as our OrderPlaced records it.
CREATE TABLE exchange.book_order (
    id bigint PRIMARY KEY,
    account_id integer NOT NULL REFERENCES exchange.account (id),
    book_id integer NOT NULL,
    sid integer NOT NULL,
    side text NOT NULL CHECK (side IN ('back', 'lay')),
    price_h integer NOT NULL,
    size_minor bigint NOT NULL,
    matched_minor bigint NOT NULL,
    self_match_minor bigint NOT NULL,
    request_id text NOT NULL,
    placed_at timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE exchange.order_id;

-- The book: orders with an unmatched part. `rank` orders a side best first for a taker (lays
-- by price down, backs by price up), so one index serves both sides in price-time order.
CREATE TABLE exchange.resting (
    order_id bigint PRIMARY KEY,
    account_id integer NOT NULL,
    book_id integer NOT NULL,
    sid integer NOT NULL,
    side text NOT NULL,
    rank integer NOT NULL,
    price_h integer NOT NULL,
    unmatched_minor bigint NOT NULL CHECK (unmatched_minor > 0),
    request_id text NOT NULL
);
CREATE INDEX resting_queue ON exchange.resting (book_id, sid, side, rank, order_id);

-- Every fill is two bets, the resting side's first, as our two BetPlaced.
CREATE TABLE exchange.matched_bet (
    id bigserial PRIMARY KEY,
    order_id bigint NOT NULL,
    counter_order_id bigint NOT NULL,
    account_id integer NOT NULL,
    book_id integer NOT NULL,
    sid integer NOT NULL,
    side text NOT NULL,
    price_h integer NOT NULL,
    stake_minor bigint NOT NULL,
    request_id text NOT NULL,
    exposure_after_minor bigint NOT NULL,
    placed_at timestamptz NOT NULL DEFAULT now()
);

-- A side's place in the queue order of the index: lays highest price first, backs lowest.
CREATE FUNCTION exchange.rank(side text, price_h integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT CASE side WHEN 'lay' THEN -price_h ELSE price_h END $$;

-- What `stake` at `price_h` on `side` pays if the runner wins and if it loses (our Payoff::pnl).
CREATE FUNCTION exchange.pnl(side text, price_h integer, stake bigint, OUT win bigint, OUT lose bigint)
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE side WHEN 'back' THEN stake * (price_h - 100) / 100 ELSE -(stake * (price_h - 100) / 100) END,
           CASE side WHEN 'back' THEN -stake ELSE stake END
$$;

-- Moves one account's position in one book (matched P/L and unmatched worst, per outcome) and
-- its exposure with it; the account's exposure after.
CREATE FUNCTION exchange.shift(p_account integer, p_book integer, d_win bigint, d_lose bigint, d_win_reserve bigint, d_lose_reserve bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    v_before bigint;
    v_after bigint;
    v_exposure bigint;
BEGIN
    INSERT INTO exchange.position AS p (account_id, book_id) VALUES (p_account, p_book) ON CONFLICT DO NOTHING;
    SELECT exposure_minor INTO v_before FROM exchange.position WHERE account_id = p_account AND book_id = p_book;
    UPDATE exchange.position
        SET win_minor = win_minor + d_win, lose_minor = lose_minor + d_lose,
            win_reserve_minor = win_reserve_minor + d_win_reserve, lose_reserve_minor = lose_reserve_minor + d_lose_reserve,
            exposure_minor = greatest(0, -least(win_minor + d_win + win_reserve_minor + d_win_reserve, lose_minor + d_lose + lose_reserve_minor + d_lose_reserve))
        WHERE account_id = p_account AND book_id = p_book
        RETURNING exposure_minor INTO v_after;
    UPDATE exchange.account SET exposure_minor = exposure_minor + v_after - v_before WHERE id = p_account
        RETURNING exposure_minor INTO v_exposure;
    RETURN v_exposure;
END $$;

-- One order: lock the taker's account, take the best resting opposite orders that cross (locked,
-- price-time order, at most 16 of them), reduce or delete them, record each fill as two bets and
-- move both holders' positions, rest what is left, refuse (an error: the whole transaction
-- rolls back) unless the balance covers the taker's exposure after. Returns the size matched.
CREATE FUNCTION exchange.place_order(p_account integer, p_book integer, p_sid integer, p_side text, p_price_h integer, p_size bigint, p_request text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    v_balance bigint;
    v_order bigint := nextval('exchange.order_id');
    v_opposite text := CASE p_side WHEN 'back' THEN 'lay' ELSE 'back' END;
    -- The worst resting rank this order may take: lays at its price or higher, backs at or lower.
    v_rank_max integer := exchange.rank(v_opposite, p_price_h);
    v_left bigint := p_size;
    v_self bigint := 0;
    v_fill bigint;
    v_maker_exposure bigint;
    v_taker_win bigint := 0;
    v_taker_lose bigint := 0;
    -- The taker's side of each fill, recorded once its exposure after is known.
    v_makers bigint[] := '{}';
    v_prices integer[] := '{}';
    v_sizes bigint[] := '{}';
    v_exposure bigint;
    m record;
    o record;
BEGIN
    SELECT balance_minor INTO STRICT v_balance FROM exchange.account WHERE id = p_account FOR UPDATE;
    FOR m IN
        SELECT * FROM exchange.resting
        WHERE book_id = p_book AND sid = p_sid AND side = v_opposite AND rank <= v_rank_max AND account_id <> p_account
        ORDER BY rank, order_id LIMIT 16 FOR UPDATE
    LOOP
        v_fill := least(m.unmatched_minor, v_left);
        IF v_fill = m.unmatched_minor THEN
            DELETE FROM exchange.resting WHERE order_id = m.order_id;
        ELSE
            UPDATE exchange.resting SET unmatched_minor = unmatched_minor - v_fill WHERE order_id = m.order_id;
        END IF;
        -- The maker: this much of its order leaves the unmatched worst and is matched.
        o := exchange.pnl(m.side, m.price_h, v_fill);
        v_maker_exposure := exchange.shift(m.account_id, p_book, o.win, o.lose, -least(o.win, 0), -least(o.lose, 0));
        INSERT INTO exchange.matched_bet (order_id, counter_order_id, account_id, book_id, sid, side, price_h, stake_minor, request_id, exposure_after_minor)
            VALUES (m.order_id, v_order, m.account_id, p_book, p_sid, m.side, m.price_h, v_fill, m.request_id, v_maker_exposure);
        o := exchange.pnl(p_side, m.price_h, v_fill);
        v_taker_win := v_taker_win + o.win;
        v_taker_lose := v_taker_lose + o.lose;
        v_makers := v_makers || m.order_id;
        v_prices := v_prices || m.price_h;
        v_sizes := v_sizes || v_fill;
        v_left := v_left - v_fill;
        EXIT WHEN v_left = 0;
    END LOOP;
    -- A rest that would cross one of the owner's resting orders is cancelled (no self-match).
    IF v_left > 0 AND EXISTS (
        SELECT 1 FROM exchange.resting
        WHERE book_id = p_book AND sid = p_sid AND side = v_opposite AND rank <= v_rank_max AND account_id = p_account
    ) THEN
        v_self := v_left;
        v_left := 0;
    END IF;
    o := exchange.pnl(p_side, p_price_h, v_left);
    v_exposure := exchange.shift(p_account, p_book, v_taker_win, v_taker_lose, least(o.win, 0), least(o.lose, 0));
    IF v_exposure > v_balance THEN
        RAISE EXCEPTION 'insufficient balance: account % would have exposure % against balance %', p_account, v_exposure, v_balance;
    END IF;
    INSERT INTO exchange.matched_bet (order_id, counter_order_id, account_id, book_id, sid, side, price_h, stake_minor, request_id, exposure_after_minor)
        SELECT v_order, maker, p_account, p_book, p_sid, p_side, price_h, size_minor, p_request, v_exposure
        FROM unnest(v_makers, v_prices, v_sizes) AS f (maker, price_h, size_minor);
    INSERT INTO exchange.book_order (id, account_id, book_id, sid, side, price_h, size_minor, matched_minor, self_match_minor, request_id)
        VALUES (v_order, p_account, p_book, p_sid, p_side, p_price_h, p_size, p_size - v_left - v_self, v_self, p_request);
    IF v_left > 0 THEN
        INSERT INTO exchange.resting (order_id, account_id, book_id, sid, side, rank, price_h, unmatched_minor, request_id)
            VALUES (v_order, p_account, p_book, p_sid, p_side, exchange.rank(p_side, p_price_h), p_price_h, v_left, p_request);
    END IF;
    RETURN p_size - v_left - v_self;
END $$;

-- Cashes out all of an account's matched position in a book (bench/peers/order_cashout.sql), as
-- our SportsCommand::CashOut does (ledger/src/book/cash_out.rs): the hedge that makes its P/L
-- the same whichever way the runner goes, at the best price the book holds now, placed as one
-- order that must fill whole (fill-or-kill: else an error, and the transaction rolls back).
-- Winning more if the runner wins, it lays at the best resting back: a lay of S at P moves the
-- win by -S(P-1) and the loss by +S, level when S = (win - lose) / P; losing more, it backs at
-- the best resting lay, the mirror. Returns the size matched. (Ours finds each hedge's size by
-- asking matching across every runner and price level; one runner and one level here.)
CREATE FUNCTION exchange.cash_out(p_account integer, p_book integer, p_sid integer, p_request text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    v_win bigint;
    v_lose bigint;
    v_side text;
    v_price integer;
    v_stake bigint;
    v_matched bigint;
BEGIN
    SELECT win_minor, lose_minor INTO STRICT v_win, v_lose FROM exchange.position
        WHERE account_id = p_account AND book_id = p_book FOR UPDATE;
    IF v_win = v_lose THEN
        RAISE EXCEPTION 'nothing to cash out: account % is level in book %', p_account, p_book;
    END IF;
    v_side := CASE WHEN v_win > v_lose THEN 'lay' ELSE 'back' END;
    SELECT price_h INTO v_price FROM exchange.resting
        WHERE book_id = p_book AND sid = p_sid AND side = CASE v_side WHEN 'lay' THEN 'back' ELSE 'lay' END AND account_id <> p_account
        ORDER BY rank, order_id LIMIT 1;
    IF v_price IS NULL THEN
        RAISE EXCEPTION 'no price to cash out at in book %', p_book;
    END IF;
    v_stake := abs(v_win - v_lose) * 100 / v_price;
    v_matched := exchange.place_order(p_account, p_book, p_sid, v_side, v_price, v_stake, p_request);
    IF v_matched <> v_stake THEN
        RAISE EXCEPTION 'the book moved: % of the hedge''s % matched', v_matched, v_stake;
    END IF;
    RETURN v_matched;
END $$;

-- Three accounts a client for up to 256 clients, rich enough that no order of the run is refused.
INSERT INTO exchange.account (id, balance_minor) SELECT g, 10000000000 FROM generate_series(1, 3 * 256) AS g;
-- Each book's depth, placed as orders: 100.00 at each of 1.95 to 1.99 (lays) and 2.02 to 2.10
-- (backs), by the book's third account.
SELECT count(exchange.place_order(3 * b, b, 1, side, price_h, 10000, 'depth-' || b || '-' || side || '-' || price_h))
FROM generate_series(1, 256) AS b,
     (SELECT 'lay' AS side, p AS price_h FROM generate_series(195, 199) AS p
      UNION ALL SELECT 'back', p FROM generate_series(202, 210, 2) AS p) AS levels;
VACUUM ANALYZE;
