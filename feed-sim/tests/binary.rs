//! The `feed-sim` binary: a casino table's rounds from a world's seed, each one the round its own
//! seed deals again.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_feed-sim");

#[test]
fn casino_prints_a_tables_rounds_and_each_replays_from_its_seed() {
    let run = || Command::new(BIN).args(["casino", "--gtype", "lucky7", "--seed", "11", "--rounds", "5"]).output().expect("feed-sim runs");
    let output = run();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let rounds: Vec<schemas::casino::RoundResult> = String::from_utf8_lossy(&output.stdout).lines().map(|l| serde_json::from_str(l).expect("a round")).collect();
    assert_eq!(rounds.len(), 5);
    for round in &rounds {
        assert_eq!(round.gtype, "lucky7");
        assert_eq!(feed_sim::casino::replay("lucky7", &round.mid, round.seed).as_ref(), Some(round), "round {} deals again from its seed", round.mid);
    }
    assert_eq!(run().stdout, output.stdout, "the same world seed gives the same rounds");
    let unknown = Command::new(BIN).args(["casino", "--gtype", "poker99", "--seed", "1"]).output().expect("feed-sim runs");
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("--gtype: one of teen20"));
}
