//! The rules players read and accept. One place; each rule with `rcolor` "2" shows in red.

use crate::sports::navigation::sport_name;
use schemas::sports::{SPORT_GREYHOUND_RACING, SPORT_HORSE_RACING};
use schemas::{GameTypeRules, Rule, RuleSet, RulesTable};

const RED: &str = "2";
const PLAIN: &str = "1";

fn set(etname: &str, groups: &[(&str, &[(&str, &str)])]) -> RuleSet {
    RuleSet {
        etname: etname.into(),
        gametypelist: groups
            .iter()
            .map(|(gtype, rules)| GameTypeRules {
                gtype: (*gtype).into(),
                rulelist: rules.iter().map(|(colour, text)| Rule { rule: (*text).into(), rcolor: (*colour).into() }).collect(),
                payouts: Vec::new(),
                tables: Vec::new(),
            })
            .collect(),
    }
}

/// Every rule set: the site's, then each casino table's own (`gtype` = the table's), which the
/// round engine writes from the same constants it pays by.
pub fn rule_sets() -> Vec<RuleSet> {
    let mut sets = site_rule_sets();
    if let Some(casino) = sets.iter_mut().find(|s| s.etname == "Casino") {
        casino.gametypelist.extend(feed_sim::casino::rules());
    }
    let cricketv = feed_sim::cricketv_rules().into_iter().map(|(critical, rule)| Rule { rule, rcolor: if critical { RED } else { PLAIN }.into() });
    sets.push(RuleSet { etname: "Cricket V".into(), gametypelist: vec![GameTypeRules { gtype: "cricketv".into(), rulelist: cricketv.collect(), payouts: Vec::new(), tables: Vec::new() }] });
    sets
}

fn site_rule_sets() -> Vec<RuleSet> {
    vec![
        set("General", &[("general", &[
            (RED, "All bets are accepted only when the market is open and the price asked is still on offer; otherwise the bet is rejected and nothing is taken from your balance."),
            (PLAIN, "On the bet slip you may choose to accept better odds (a better price on offer is taken at that price) or any odds (the price on offer is taken, better or worse). A run line (fancy, meter, khado) is only ever taken at the line you chose. Your bets show the price they were taken at."),
            (PLAIN, "Your exposure is the worst-case loss of your open bets. A bet is accepted only if your balance minus your exposure after the bet stays at zero or above."),
            (PLAIN, "Back means betting that a selection wins; lay means betting that it does not. Offsetting back and lay bets in one market reduce your exposure."),
            (PLAIN, "Markets are settled from the official result. A voided market returns every stake."),
            (RED, "Bets placed after a market is suspended, on a result already known, or through a technical error are void."),
            (PLAIN, "One account per person. A new login ends your older session."),
            (PLAIN, "Amounts are in the site currency with two decimals; figures of 10,000 and more show as k, 100,000 and more as L (lakh)."),
        ])]),
        set("Cricket", &[
            ("cricket", &[
                (RED, "While a ball is in the air (BALL RUNNING) and for 20 seconds after a wicket (SUSPENDED) bets are refused; match odds stay open with their in-play delay, and a bet whose price moved during the delay is refused unless your odds setting takes the new price."),
            ]),
            ("match", &[
                (PLAIN, "Match odds are settled on the official match result; a tie or no result voids the market unless the market says otherwise."),
                (PLAIN, "Profit of a back bet is stake × (odds − 1); a lay bet wins the stake and risks stake × (odds − 1)."),
            ]),
            ("match1", &[
                (PLAIN, "Bookmaker odds are quoted per 100: a back bet at 45 wins 45 for every 100 staked."),
                (RED, "Bookmaker bets are void if the match is abandoned before a result."),
            ]),
            ("fancy", &[
                (PLAIN, "Session (fancy) lines settle on the runs scored at the end of the named over or innings: Yes wins if the runs reach the line, No wins if they stay below it."),
                (PLAIN, "The rate shows the payout per 100 staked on Yes and the liability per 100 staked on No."),
                (RED, "Sessions are void if the innings is not completed for reasons other than being bowled out or a declaration."),
            ]),
            ("fancy1", &[
                (PLAIN, "Over propositions (Six in over 7, Four in over 7, Wicket in over 7) settle when the over ends: back wins if it happened in that over, lay wins if it did not. Prices are decimal odds."),
                (PLAIN, "A proposition that has happened is suspended until its over ends."),
                (RED, "An over not completed (or not started) when the innings ends is void."),
            ]),
            ("oddeven", &[
                (PLAIN, "Odd/even settles on the runs of the named over: back wins if they are odd, lay wins if they are even. Prices are decimal odds."),
                (RED, "An over not completed when the innings ends is void."),
            ]),
            ("meter", &[
                (PLAIN, "Meter lines pay per run: the stake is per run. Yes at line L wins the stake times the runs above L at the end of the innings, and loses the stake times the runs below it; No is the reverse."),
                (RED, "Your exposure on a meter bet grows with the distance the total can travel: the most you can lose is shown before you place it, and the bet is refused if your balance cannot cover it."),
            ]),
            ("khado", &[
                (PLAIN, "Khado backs a range of runs: from the line L up to L plus its width (5 runs), at the end of the named over or innings. It wins the rate per 100 staked if the runs fall in the range and loses the stake otherwise. Back only."),
                (RED, "A range is void if its session is void (a chase won before the named over)."),
            ]),
            ("cricketcasino", &[
                (PLAIN, "Last digit backs the final digit (0 to 9) of the innings total: one digit wins at its decimal odds, every other digit loses. Back only."),
                (PLAIN, "It settles at the innings' final total, however the innings ends."),
            ]),
        ]),
        set("Football", &[("match", &[
            (PLAIN, "Match odds are settled on the result after regular time plus added time; extra time and penalties do not count."),
            (RED, "If a match is abandoned or postponed and not completed within 24 hours, all bets are void."),
        ])]),
        set("Tennis", &[("match", &[
            (PLAIN, "Match odds are settled on the player who wins the match; if a player retires, the player who advances wins."),
            (RED, "If a match does not start, all bets are void."),
        ])]),
        racing_rule_set(sport_name(SPORT_HORSE_RACING), None),
        racing_rule_set(sport_name(SPORT_GREYHOUND_RACING), Some(trap_table())),
        set("Casino", &[("casino", &[
            (PLAIN, "Casino tables deal from decks shuffled with a recorded seed, so every round can be replayed and checked."),
            (PLAIN, "Bets are taken while the countdown runs; when it reaches zero the round is suspended, dealt and settled."),
            (RED, "A round interrupted before its result is void and every stake on it is returned."),
        ])]),
    ]
}

/// The rules of a race: the win market on the exchange, the place market, non-runners
/// (docs/racing.md). Greyhound racing adds the traps' jackets.
fn racing_rule_set(etname: &str, traps: Option<RulesTable>) -> RuleSet {
    let mut rules = set(etname, &[
        ("match", &[
            (PLAIN, "Win: one runner wins. The market is an exchange: your back and lay orders are matched against other players' at your price or better, and commission is charged on your net winnings in the market when it settles."),
            (PLAIN, "Before the off, orders are matched at once. At the off the race turns in play: unmatched orders you asked to lapse are cancelled, and in running every order waits a 1 second delay before it is matched."),
            (RED, "The market settles on the first runner past the post; an abandoned race voids every bet."),
        ]),
        ("fancy1", &[
            (PLAIN, "Place (top N): back wins if the runner finishes within the places paid (2 places for up to 7 runners, 3 above), lay wins if it does not. Prices are decimal odds, booked at the price shown. The market closes at the off."),
        ]),
        ("nonrunner", &[
            (RED, "A runner withdrawn before the off (a non-runner) is removed from every market of its race: bets on it are void and their stakes returned, and every unmatched order of the market is cancelled."),
            (PLAIN, "Matched bets on the other runners have their price reduced by the withdrawn runner's reduction factor (its chance when it was withdrawn): new price = price × (1 − factor), never below 1.01. Factors under 2.5% are not applied."),
        ]),
    ]);
    if let (Some(traps), Some(win)) = (traps, rules.gametypelist.first_mut()) {
        win.tables.push(traps);
    }
    rules
}

/// Greyhound traps 1 to 6 and the jacket each runs in (the UK colours the race tracker draws).
fn trap_table() -> RulesTable {
    const JACKETS: [&str; 6] = ["Red", "Blue", "White", "Black", "Orange", "Black and white stripes"];
    RulesTable {
        title: "Traps".into(),
        columns: vec!["Trap".into(), "Jacket".into()],
        rows: JACKETS.iter().zip(1..).map(|(jacket, trap)| vec![format!("{trap}"), (*jacket).into()]).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_racing_sport_has_its_rules_and_the_greyhounds_show_every_trap_with_its_jacket() {
        let sets = rule_sets();
        let named = |etid| sets.iter().find(|set| set.etname == sport_name(etid)).unwrap_or_else(|| panic!("no rules for {}", sport_name(etid)));
        let horses = named(SPORT_HORSE_RACING);
        assert!(horses.gametypelist.iter().all(|group| group.tables.is_empty()));
        let greyhounds = named(SPORT_GREYHOUND_RACING);
        let gtypes: Vec<&str> = greyhounds.gametypelist.iter().map(|group| group.gtype.as_str()).collect();
        assert_eq!(gtypes, ["match", "fancy1", "nonrunner"]);
        let traps = &greyhounds.gametypelist[0].tables[0];
        assert_eq!(traps.columns, ["Trap", "Jacket"]);
        let numbers: Vec<&str> = traps.rows.iter().map(|row| row[0].as_str()).collect();
        assert_eq!(numbers, ["1", "2", "3", "4", "5", "6"]);
        assert_eq!(traps.rows[0][1], "Red");
        assert_eq!(traps.rows[5][1], "Black and white stripes");
    }
}
