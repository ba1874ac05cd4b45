//! A table's rules text: how the game is played, then every market's rate, the chance of each
//! way it ends, and the house edge, all computed from the one place each rate is set.

use super::Market;
use schemas::casino::ItemOutcome;
use schemas::sports::Price;
use schemas::Rule;

const PLAIN: &str = "1";
const RED: &str = "2";

const RATES_NOTE: &str = "Rates are decimal: the return per 1 staked, stake included (2.00 pays 1:1). \
The house edge is what the house keeps on average per 1 staked. Rates marked (ours) are set by this site.";

pub fn text(how_to_play: &[&str], markets: &[Market]) -> Vec<Rule> {
    let rule = |rcolor: &str, text: String| Rule { rule: text, rcolor: rcolor.to_string() };
    let mut out: Vec<Rule> = how_to_play.iter().map(|line| rule(PLAIN, line.to_string())).collect();
    out.push(rule(RED, RATES_NOTE.to_string()));
    out.extend(groups(markets).into_iter().map(|group| rule(PLAIN, describe(group))));
    out
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

fn describe(group: &[Market]) -> String {
    let Some(first) = group.first() else { return String::new() };
    let name = match group {
        [one] => one.nat.clone(),
        [.., last] => format!("{} ({} to {}, each)", first.group, first.nat, last.nat),
        [] => String::new(),
    };
    let ours = if first.ours { " (ours)" } else { "" };
    let chances: Vec<String> = first.chances.iter().map(|(o, p)| format!("{} {}", outcome_name(*o, first.back), percent(*p))).collect();
    let mut line = format!("{name}: back {}{ours}; {}; house edge {}", rate(first.back), chances.join(", "), percent(-first.back_return()));
    if let Some(lay_return) = first.lay_return() {
        line.push_str(&format!("; lay {}, house edge {}", rate(first.lay), percent(-lay_return)));
    }
    line.push('.');
    line
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
    fn a_market_line_states_its_rate_chance_and_edge() {
        let markets = vec![Market::back("Red", "colour", "Colour", 197, 0.5)];
        let lines = text(&["Eight decks."], &markets);
        assert_eq!(lines[0].rule, "Eight decks.");
        assert_eq!(lines[2].rule, "Red: back 1.97 (0.97:1); wins 50.00%; house edge 1.50%.");
    }

    #[test]
    fn alike_markets_share_one_line() {
        let markets: Vec<Market> = ["A", "2", "3"].iter().map(|n| Market::back(*n, "rank", "Single rank", 1200, 1.0 / 13.0)).collect();
        let lines = text(&[], &markets);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].rule.starts_with("Single rank (A to 3, each): back 12.00 (11.00:1); wins 7.69%"), "{}", lines[1].rule);
    }
}
