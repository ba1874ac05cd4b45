-- One exchange order, as our engine takes it: exchange.place_order (order_schema.sql) in one
-- transaction, durable at its commit. The same four-step cycle as ledger-bench --only orders,
-- on the client's own book: its first account lays 100.00 at 2.00 (it rests), its second backs
-- 100.00 at 2.00 (it takes that lay: one fill), the second lays (it rests), the first backs (it
-- takes it). Every back is a full match, every lay rests, and positions come back to flat.
-- `step` counts this client's orders (pgbench keeps a client's variables between transactions;
-- run with -D step=-1 so the first is 0).
\set step :step + 1
\set book :client_id + 1
-- The first account at steps 0 and 3 of every four, the second at 1 and 2; even steps lay.
\set account 3 * :client_id + 1 + ((:step + 1) / 2) % 2
\set lay 1 - :step % 2
SELECT exchange.place_order(:account, :book, 1, CASE WHEN :lay = 1 THEN 'lay' ELSE 'back' END, 200, 10000, 'c' || :client_id || '-' || :step);
