-- Exchange orders with cash outs in the mix, as ledger-bench --only cashouts runs ours: on the
-- client's own book, its first account lays 100.00 at 2.00 (it rests), its second backs 100.00
-- at 2.00 (it takes that lay: one fill), the first backs 100.00 at 2.00 (it rests: the depth's
-- lays are below 2.00), the second cashes out (exchange.cash_out, order_schema.sql: a lay of
-- 100.00 at 2.00 that takes the first's back whole). One step in two is a full match, and both
-- positions are flat after each cycle. Each step is one transaction, durable at its commit.
-- Run with -D step=-1 so the first step is 0.
\set step :step + 1
\set book :client_id + 1
\set phase :step % 4
-- The first account at phases 0 and 2, the second at 1 and 3.
\set account 3 * :client_id + 1 + :phase % 2
SELECT CASE WHEN :phase = 3
    THEN exchange.cash_out(:account, :book, 1, 'c' || :client_id || '-' || :step)
    ELSE exchange.place_order(:account, :book, 1, CASE WHEN :phase = 0 THEN 'lay' ELSE 'back' END, 200, 10000, 'c' || :client_id || '-' || :step)
END;
