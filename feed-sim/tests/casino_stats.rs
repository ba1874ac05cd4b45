//! 100,000 seeded rounds per table: every market's observed frequency of each outcome matches
//! its stated chance, and its observed return per unit staked matches the stated rate × chance,
//! within five standard errors. Every market's stated house edge is at least 0.5%, and our own
//! rates keep between 0.5% and 6%.
//!
//! Run with `--nocapture` to print the measured edges (the figures in `docs/casino.md`).

// The tests sit in a module named after the file, so `cargo test -p feed-sim casino` selects them.
mod casino_stats {
    use feed_sim::casino::{profit_per_unit, table, Deal, Market, Pick, Shoe};
    use schemas::casino::ItemOutcome;

    const ROUNDS: u64 = 100_000;
    const SIGMAS: f64 = 5.0;

    /// Every market keeps at least this per unit staked, and our own rates at most
    /// the maximum.
    const EDGE_MIN: f64 = 0.005;
    const OURS_EDGE_MAX: f64 = 0.06;

    /// How often each outcome came up, per market.
    type Tally = Vec<Counts>;

    /// Each outcome seen, with how often (a market has at most six).
    type Counts = Vec<(ItemOutcome, u64)>;

    fn count(counts: &Counts, outcome: ItemOutcome) -> u64 {
        counts.iter().find(|(o, _)| *o == outcome).map_or(0, |(_, c)| *c)
    }

    /// Plays the table's plain markets, and the picks given as `(item, choices)` each as a market
    /// of its own (a pick item has no outcome of its own).
    fn play(gtype: &str, picks: &[(u32, &[&str])]) -> (Vec<Market>, Tally) {
        let table = table(gtype).expect("a known table");
        // A table that re-prices in play is checked on the items it opens with, at their prices.
        let opening = table.live_markets(&Deal::default(), 0);
        let opened = |m: &Market| opening.as_ref().map_or(Some(m.clone()), |offered| offered.iter().find(|o| o.sid == m.sid).cloned());
        let all: Vec<Market> = table.markets().iter().map(|m| opened(m).unwrap_or_else(|| m.clone())).collect();
        let plain: Vec<bool> = table.markets().iter().map(|m| m.pick.is_none() && opened(m).is_some()).collect();
        let picked: Vec<(u32, Pick)> = picks
            .iter()
            .map(|(sid, choices)| (*sid, table.pick(*sid, &choices.iter().map(|c| c.to_string()).collect::<Vec<_>>()).expect("a valid pick")))
            .collect();
        let pick_market = |(sid, pick): &(u32, Pick)| {
            let item = all.iter().find(|m| m.sid == *sid).expect("the pick's item");
            Market { ours: item.ours, ..Market::with(pick.nat.clone(), item.kind, item.group, pick.rate.0, pick.chances.clone()) }
        };
        let markets: Vec<Market> = all.iter().zip(&plain).filter(|(_, plain)| **plain).map(|(m, _)| m.clone()).chain(picked.iter().map(pick_market)).collect();
        let faces = table.shoe();
        let mut tally: Tally = vec![Vec::new(); markets.len()];
        for seed in 0..ROUNDS {
            let deal = table.deal(&mut Shoe::shuffled(faces.clone(), seed));
            let plain_outcomes = table.settle(&deal).outcomes.into_iter().zip(&plain).filter(|(_, plain)| **plain).map(|(o, _)| o);
            let pick_outcomes = picked.iter().map(|(sid, pick)| table.judge(&deal, *sid, pick));
            for (counts, outcome) in tally.iter_mut().zip(plain_outcomes.chain(pick_outcomes)) {
                match counts.iter_mut().find(|(o, _)| *o == outcome) {
                    Some((_, c)) => *c += 1,
                    None => counts.push((outcome, 1)),
                }
            }
        }
        (markets, tally)
    }

    /// Every outcome the market states, with its chance, `Lose` last.
    fn stated(market: &Market) -> Vec<(ItemOutcome, f64)> {
        let mut all = market.chances.clone();
        all.push((ItemOutcome::Lose, market.lose_chance()));
        all
    }

    /// Mean and standard deviation of a profit per unit staked, from stated chances.
    fn moments(chances: &[(ItemOutcome, f64)], profit: impl Fn(ItemOutcome) -> f64) -> (f64, f64) {
        let mean: f64 = chances.iter().map(|(o, p)| p * profit(*o)).sum();
        let square: f64 = chances.iter().map(|(o, p)| p * profit(*o).powi(2)).sum();
        (mean, (square - mean * mean).max(0.0).sqrt())
    }

    fn check_frequencies(label: &str, market: &Market, counts: &Counts, failures: &mut Vec<String>) {
        let n = ROUNDS as f64;
        let chances = stated(market);
        for (outcome, count) in counts {
            if !chances.iter().any(|(o, _)| o == outcome) {
                failures.push(format!("{label}: {outcome:?} came up {count} times but has no stated chance"));
            }
        }
        for (outcome, p) in &chances {
            let seen = count(counts, *outcome) as f64 / n;
            let tolerance = SIGMAS * (p * (1.0 - p) / n).sqrt() + 1e-12;
            if (seen - p).abs() > tolerance {
                failures.push(format!("{label}: {outcome:?} seen {seen:.5}, stated {p:.5} (±{tolerance:.5})"));
            }
        }
    }

    /// Checks the observed return of one side; returns the measured edge.
    fn check_return(label: &str, chances: &[(ItemOutcome, f64)], counts: &Counts, profit: impl Fn(ItemOutcome) -> f64, failures: &mut Vec<String>) -> f64 {
        let n = ROUNDS as f64;
        let (stated_mean, sd) = moments(chances, &profit);
        let seen: f64 = counts.iter().map(|(o, c)| *c as f64 * profit(*o)).sum::<f64>() / n;
        let tolerance = SIGMAS * sd / n.sqrt();
        if (seen - stated_mean).abs() > tolerance {
            failures.push(format!("{label}: return seen {seen:.5}, stated {stated_mean:.5} (±{tolerance:.5})"));
        }
        -seen
    }

    fn check_edge(label: &str, market: &Market, edge: f64, failures: &mut Vec<String>) {
        if edge < EDGE_MIN {
            failures.push(format!("{label}: stated house edge {edge:.5} is below {EDGE_MIN}"));
        }
        if market.ours && edge > OURS_EDGE_MAX {
            failures.push(format!("{label}: our rate keeps {edge:.5}, above {OURS_EDGE_MAX}"));
        }
    }

    fn check_table(gtype: &str) {
        check_picks(gtype, &[]);
    }

    fn check_picks(gtype: &str, picks: &[(u32, &[&str])]) {
        let (markets, tally) = play(gtype, picks);
        let mut failures = Vec::new();
        println!("{gtype}: market | back | lay | stated win | seen win | stated edge | seen edge (back; lay)");
        for (market, counts) in markets.iter().zip(&tally) {
            let label = format!("{gtype} {}", market.nat);
            check_frequencies(&label, market, counts, &mut failures);
            let chances = stated(market);
            let back = |o| profit_per_unit(o, market.back.0);
            let seen_edge = check_return(&label, &chances, counts, back, &mut failures);
            check_edge(&label, market, -market.back_return(), &mut failures);
            let mut line = format!("{label} | {} | {} | {:.4} | {:.4} | {:.4}% | {:.4}%", market.back, market.lay, 1.0 - market.lose_chance(), 1.0 - count(counts, ItemOutcome::Lose) as f64 / ROUNDS as f64, -market.back_return() * 100.0, seen_edge * 100.0);
            if let Some(lay_return) = market.lay_return() {
                let lay = |o| -profit_per_unit(o, market.lay.0);
                let seen_lay_edge = check_return(&format!("{label} (lay)"), &chances, counts, lay, &mut failures);
                check_edge(&format!("{label} (lay)"), market, -lay_return, &mut failures);
                line.push_str(&format!("; lay {:.4}% | {:.4}%", -lay_return * 100.0, seen_lay_edge * 100.0));
            }
            println!("{line}");
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn teen_patti_markets_pay_as_stated_over_100000_rounds() {
        check_table("teen20");
    }

    #[test]
    fn lucky_7_markets_pay_as_stated_over_100000_rounds() {
        check_table("lucky7");
    }

    #[test]
    fn dragon_tiger_markets_pay_as_stated_over_100000_rounds() {
        check_table("dt20");
    }

    #[test]
    fn andar_bahar_markets_pay_as_stated_over_100000_rounds() {
        check_table("ab20");
    }

    #[test]
    fn card32_markets_pay_as_stated_over_100000_rounds() {
        check_table("card32");
    }

    #[test]
    fn baccarat_markets_pay_as_stated_over_100000_rounds() {
        check_table("baccarat");
    }

    #[test]
    fn roulette_markets_pay_as_stated_over_100000_rounds() {
        check_table("roulette");
    }

    #[test]
    fn casino_war_markets_pay_as_stated_over_100000_rounds() {
        check_table("war");
    }

    #[test]
    fn sic_bo_markets_pay_as_stated_over_100000_rounds() {
        check_table("sicbo");
    }

    #[test]
    fn poker_markets_pay_as_stated_over_100000_rounds() {
        check_table("poker20");
    }

    #[test]
    fn race_20_markets_pay_as_stated_over_100000_rounds() {
        check_table("race20");
    }

    #[test]
    fn ball_by_ball_markets_pay_as_stated_over_100000_rounds() {
        check_table("ballbyball");
    }

    #[test]
    fn worli_singles_and_pattis_pay_as_stated_over_100000_rounds() {
        check_picks("worli", &[(11, &["1", "2", "3"]), (11, &["9", "0", "5"]), (12, &["4", "4", "7"]), (13, &["8", "8", "8"])]);
    }

    #[test]
    fn three_card_judgement_picks_pay_as_stated_over_100000_rounds() {
        check_picks("3cardj", &[(1, &["A", "7", "K"]), (2, &["A", "7", "K"]), (1, &["2", "3", "4"]), (2, &["10", "J", "Q"])]);
    }

    #[test]
    fn kbc_picks_pay_as_stated_over_100000_rounds() {
        let typical: &[&str] = &["Red", "Odd", "7 Up", "A23", "Spades"];
        let other: &[&str] = &["Black", "Even", "7 Down", "JQK", "Diamonds"];
        check_picks("kbc", &[(1, typical), (2, &typical[..4]), (3, typical), (1, other), (2, &other[..4]), (3, other)]);
    }

    #[test]
    fn lottery_picks_pay_as_stated_over_100000_rounds() {
        check_picks("lottcard", &[(1, &["7"]), (1, &["0"]), (2, &["0", "7"]), (2, &["5", "5"]), (3, &["4", "0", "7"]), (3, &["0", "0", "0"])]);
    }

    #[test]
    fn super_over_opening_prices_pay_as_stated_over_100000_rounds() {
        check_table("superover");
    }
}
