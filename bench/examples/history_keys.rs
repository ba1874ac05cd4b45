//! What a data directory's history holds, by key prefix (docs/benchmarks.md, issue 31): keys, key
//! and value bytes, and for accounts' rows (prefixes 1 to 5) how many keys are single rows and
//! how many are pages, over how many accounts. sled's memory at open grows with its pages, and
//! its pages with the keys; this says which keys they are. Run it on a directory no server holds:
//!
//! ```sh
//! cargo run --release -p bench --example history_keys -- DIR
//! ```
use std::collections::{BTreeMap, HashSet};

#[derive(Default)]
struct Prefix {
    keys: u64,
    key_bytes: u64,
    value_bytes: u64,
    single_rows: u64,
    pages: u64,
    accounts: HashSet<[u8; 8]>,
}

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("a data directory"));
    let db = sled::Config::new().path(dir.join(ledger::history::HISTORY_DIR)).open().expect("the history opens");
    let tree = db.open_tree("history").expect("the history's tree opens");
    let mut prefixes: BTreeMap<u8, Prefix> = BTreeMap::new();
    for item in tree.iter() {
        let (key, value) = item.expect("the history reads");
        let prefix = prefixes.entry(key[0]).or_default();
        prefix.keys += 1;
        prefix.key_bytes += key.len() as u64;
        prefix.value_bytes += value.len() as u64;
        // An account's rows: [kind][user_id u64 BE]…, a value's header starts with its rows (u32 BE).
        if (1..=5).contains(&key[0]) && key.len() >= 9 && value.len() >= 4 {
            let rows = u32::from_be_bytes([value[0], value[1], value[2], value[3]]);
            if rows == 1 {
                prefix.single_rows += 1;
            } else {
                prefix.pages += 1;
            }
            prefix.accounts.insert(key[1..9].try_into().expect("eight bytes"));
        }
    }
    for (byte, prefix) in &prefixes {
        print!(
            "{byte:#04x}: {} keys, {} key bytes, {} value bytes ({:.0} B a value)",
            prefix.keys,
            prefix.key_bytes,
            prefix.value_bytes,
            prefix.value_bytes as f64 / prefix.keys as f64
        );
        if !prefix.accounts.is_empty() {
            print!("; {} single rows, {} pages, {} accounts", prefix.single_rows, prefix.pages, prefix.accounts.len());
        }
        println!();
    }
}
