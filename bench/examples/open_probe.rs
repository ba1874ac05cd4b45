//! A start's opens on a data directory with the system allocator, for heaptrack: what stays live.
use std::path::PathBuf;
fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).expect("a data directory"));
    let exchange = PathBuf::from(std::env::args().nth(2).expect("the exchange binary"));
    let store = ledger::SledStore::open(&dir).expect("the log opens");
    let history = ledger::history::History::open(&dir).expect("the history opens");
    let snapshots = ledger::Snapshots::reading(&dir, ledger::snapshot::build_of(&exchange));
    let (state, _) = snapshots.restore(&store).expect("restores");
    eprintln!("head {}", state.head_seq);
    std::mem::forget((store, history, state));
    std::process::exit(0);
}
