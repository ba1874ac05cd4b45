//! `--only state-bytes --dir DATA_DIR [--exchange PATH]` (issue 31): where the restored state's
//! memory is. It restores the state of a built directory as a start does (the newest snapshot
//! trusted by the build, and the log's tail), then takes each big collection out of it, one at a
//! time, and prints its entries and its encoded bytes (MessagePack, as a snapshot holds it), beside
//! the process's RSS before and after the restore.

use ledger::state::State;
use ledger::{SledStore, Store};
use std::path::Path;
use std::time::Instant;

/// Resident memory of this process, MB (`/proc/self/status`).
fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib: f64 = status.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()).unwrap_or(0.0);
    kib / 1024.0
}

fn mb(bytes: i64) -> f64 {
    bytes as f64 / 1e6
}

/// Prints one collection's row.
fn row(name: &str, entries: usize, encoded: Result<Vec<u8>, rmp_serde::encode::Error>) {
    let encoded = encoded.expect("the state encodes").len() as i64;
    println!("| {name} | {entries} | {:.3} | {:.0} |", mb(encoded), encoded as f64 / entries.max(1) as f64);
}

pub fn probe(dir: &Path, exchange: Option<&Path>) {
    let store = SledStore::open(dir).expect("the log opens");
    let build = exchange.map_or_else(ledger::snapshot::this_build, ledger::snapshot::build_of);
    let snapshots = ledger::Snapshots::reading(dir, build);
    // The parts of a restore one by one, then the restore itself, RSS after each.
    println!("| step | RSS MB |\n|---|---:|\n| the sled log opened | {:.1} |", rss_mb());
    let last = store.read_from(store.head()).next().map(|e| e.map(|e| e.seq));
    println!("| its last event read ({last:?}) | {:.1} |", rss_mb());
    let newest = snapshots.latest(&store).map(|state| state.head_seq);
    println!("| the newest trusted snapshot decoded and dropped ({newest:?}) | {:.1} |", rss_mb());
    let started = Instant::now();
    let (state, restored) = snapshots.restore(&store).expect("the state restores");
    println!("| the state restored (snapshot {} + {} events, {:.2} s) | {:.1} |", restored.snapshot_seq, restored.tail_events, started.elapsed().as_secs_f64(), rss_mb());
    println!("\nthe state at event {}: {:.2} MB encoded\n", state.head_seq, mb(state.fingerprint().len() as i64));
    drop(store);
    // The same state decoded again from its bytes on this one thread, the first kept: what its
    // values take in memory, without the restore's parts, threads and log reads.
    let bytes = state.fingerprint();
    let rss = rss_mb();
    let again: State = rmp_serde::from_slice(&bytes).expect("the state decodes");
    println!("the state decoded again from its {:.2} MB on one thread: RSS {rss:.1} → {:.1} MB\n", mb(bytes.len() as i64), rss_mb());
    drop((again, bytes));
    collections(state);
}

/// Each big collection of the state, taken out and dropped in turn.
fn collections(mut state: State) {
    println!("| collection | entries | encoded MB | encoded bytes an entry |\n|---|---:|---:|---:|");
    let users = &mut state.accounts.users;
    let book_entries: usize = users.values().map(|u| u.book_exposure.len() + u.book_pnl.len() + u.book_win_max.len()).sum();
    let books: Vec<_> = users.values_mut().map(|u| (std::mem::take(&mut u.book_exposure), std::mem::take(&mut u.book_pnl), std::mem::take(&mut u.book_win_max))).collect();
    row("accounts.users[*].book_exposure, book_pnl, book_win_max", book_entries, rmp_serde::to_vec(&books));
    let a = std::mem::take(&mut state.accounts);
    row("accounts.users (the rest of each account)", a.users.len(), rmp_serde::to_vec(&a.users));
    row("accounts.by_username", a.by_username.len(), rmp_serde::to_vec(&a.by_username));
    row("accounts.sessions", a.sessions.len(), rmp_serde::to_vec(&a.sessions));
    row("accounts.by_access", a.by_access.len(), rmp_serde::to_vec(&a.by_access));
    row("accounts.by_refresh", a.by_refresh.len(), rmp_serde::to_vec(&a.by_refresh));
    row("accounts.retired_refresh", a.retired_refresh.len(), rmp_serde::to_vec(&a.retired_refresh));
    row("accounts.demo_opened_ms", a.demo_opened_ms.len(), rmp_serde::to_vec(&a.demo_opened_ms));
    let b = std::mem::take(&mut state.betting);
    row("betting.bets (open)", b.bets.len(), rmp_serde::to_vec(&b.bets));
    row("betting.books", b.books.len(), rmp_serde::to_vec(&b.books));
    row("betting.requests", b.requests.len(), rmp_serde::to_vec(&b.requests));
    row("betting.request_order", b.request_order.len(), rmp_serde::to_vec(&b.request_order));
    let days = b.totals.stake_by_day.len() + b.totals.players_pnl_by_day.len() + b.totals.commission_by_day.len();
    row("betting.totals (by day)", days, rmp_serde::to_vec(&b.totals));
    let e = std::mem::take(&mut state.exchange);
    row("exchange.orders", e.orders.len(), rmp_serde::to_vec(&e.orders));
    row("exchange.markets", e.markets.len(), rmp_serde::to_vec(&e.markets));
    let s = std::mem::take(&mut state.sports);
    row("sports.resulted (runs of ids)", s.resulted.runs(), rmp_serde::to_vec(&s.resulted));
    row("sports.voided (runs of ids)", s.voided.runs(), rmp_serde::to_vec(&s.voided));
    row("sports.withdrawn", s.withdrawn.len(), rmp_serde::to_vec(&s.withdrawn));
    row("sports.market_holds", s.market_holds.len(), rmp_serde::to_vec(&s.market_holds));
    let c = std::mem::take(&mut state.casino);
    row("casino.resulted.recent", c.resulted.recent.len(), rmp_serde::to_vec(&c.resulted.recent));
    row("casino.resulted.order", c.resulted.order.len(), rmp_serde::to_vec(&c.resulted.order));
    row("casino.tables", c.tables.len(), rmp_serde::to_vec(&c.tables));
    let w = std::mem::take(&mut state.wallet);
    row("wallet.requests", w.requests.len(), rmp_serde::to_vec(&w.requests));
    row("wallet.accounts", w.accounts.len(), rmp_serde::to_vec(&w.accounts));
    row("wallet.coupons", w.coupons.len(), rmp_serde::to_vec(&w.coupons));
    let s = std::mem::take(&mut state.secure);
    row("secure.users", s.users.len(), rmp_serde::to_vec(&s.users));
    row("everything else", 1, rmp_serde::to_vec(&state));
}
