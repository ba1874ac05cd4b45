//! A table's rules: how the game is played in words, then its payout table: every market's
//! rate, the chance of each way it ends, and the house edge, all computed from the one place
//! each rate is set.

use super::Market;
use schemas::casino::ItemOutcome;
use schemas::sports::Price;
use schemas::{PayoutRow, Rule};

const PLAIN: &str = "1";
const RED: &str = "2";

const RATES_NOTE: &str = "Rates in the payout table are decimal: the return per 1 staked, stake included (2.00 pays 1:1). \
The house edge is what the house keeps on average per 1 staked. Rates marked (ours) are set by this site.";

pub fn text(how_to_play: &[&str]) -> Vec<Rule> {
    let rule = |rcolor: &str, text: String| Rule { rule: text, rcolor: rcolor.to_string() };
    let mut out: Vec<Rule> = how_to_play.iter().map(|line| rule(PLAIN, line.to_string())).collect();
    out.push(rule(RED, RATES_NOTE.to_string()));
    out
}

/// The payout table: one row per run of markets alike but for their names.
pub fn payouts(markets: &[Market]) -> Vec<PayoutRow> {
    groups(markets).into_iter().filter_map(row).collect()
}

/// Runs of consecutive markets alike but for their names (a roulette layout, thirteen ranks).
fn groups(markets: &[Market]) -> Vec<&[Market]> {
    let alike = |a: &Market, b: &Market| a.group == b.group && a.back == b.back && a.lay == b.lay && a.chances == b.chances;
    let mut out = Vec::new();
    let mut start = 0;
    for end in 1..=markets.len() {
        if end == markets.len() || !alike(&markets[start], &markets[end]) {
            out.push(&markets[start..end]);
            start = end;
        }
    }
    out
}

fn row(group: &[Market]) -> Option<PayoutRow> {
    let first = group.first()?;
    let item = match group {
        [one] => one.nat.clone(),
        [.., last] => format!("{} ({} to {}, each)", first.group, first.nat, last.nat),
        [] => return None,
    };
    let chances: Vec<String> = first.chances.iter().map(|(o, p)| format!("{} {}", outcome_name(*o, first.back), percent(*p))).collect();
    Some(PayoutRow {
        item,
        sids: group.iter().map(|m| m.sid).collect(),
        back: first.back,
        lay: first.lay,
        ours: first.ours,
        chance: chances.join(", "),
        edge_pct: hundredths(-first.back_return() * 100.0),
        lay_edge_pct: first.lay_return().map(|r| hundredths(-r * 100.0)),
    })
}

/// A percentage to two decimals, as the dialog shows it.
fn hundredths(pct: f64) -> f64 {
    (pct * 100.0).round() / 100.0
}

fn outcome_name(outcome: ItemOutcome, back: Price) -> String {
    match outcome {
        ItemOutcome::Win => "wins".to_string(),
        ItemOutcome::HalfWin => format!("wins half ({}:1)", Price(back.0.saturating_sub(100) / 2)),
        ItemOutcome::Pays { rate: paid } => format!("pays {}", rate(paid)),
        ItemOutcome::Push => "stake returned".to_string(),
        ItemOutcome::HalfLose => "loses half".to_string(),
        ItemOutcome::Lose => "loses".to_string(),
    }
}

/// `1.98 (0.98:1)`.
fn rate(rate: Price) -> String {
    let profit = Price(rate.0.saturating_sub(100));
    format!("{rate} ({profit}:1)")
}

fn percent(p: f64) -> String {
    format!("{:.2}%", p * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payout_row_states_its_rate_chance_and_edge() {
        let markets = vec![Market::back("Red", "colour", "Colour", 197, 0.5)];
        let rows = payouts(&markets);
        assert_eq!(text(&["Eight decks."])[0].rule, "Eight decks.");
        assert_eq!(rows[0].item, "Red");
        assert_eq!(rows[0].back, Price(197));
        assert_eq!(rows[0].chance, "wins 50.00%");
        assert_eq!(rows[0].edge_pct, 1.5);
        assert_eq!(rows[0].lay_edge_pct, None);
    }

    #[test]
    fn alike_markets_share_one_row() {
        let markets: Vec<Market> = ["A", "2", "3"].iter().zip(1..).map(|(n, sid)| Market { sid, ..Market::back(*n, "rank", "Single rank", 1200, 1.0 / 13.0) }).collect();
        let rows = payouts(&markets);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].item, "Single rank (A to 3, each)");
        assert_eq!(rows[0].sids, vec![1, 2, 3]);
        assert_eq!(rows[0].chance, "wins 7.69%");
    }
}
