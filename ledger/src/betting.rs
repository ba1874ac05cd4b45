//! Profit, liability and exposure of bets (DESIGN §3), defined once for every market type.
//!
//! A bet belongs to a book: the set of bets whose outcomes are decided together (a whole
//! match-odds market, or one fancy line). Exposure of a user in a book is the worst case over the
//! book's outcomes of the sum of the user's bets' profit and loss, floored at zero loss.
//! Amounts are floored to the minor unit, for winners and losers alike, so a back bet's profit
//! equals the matching lay bet's liability.

/// A UTC day in milliseconds: the house's figures are per day.
pub const DAY_MS: i64 = 86_400_000;

/// The start (UTC midnight) of the day of `at_ms`.
pub fn day_of(at_ms: i64) -> i64 {
    at_ms.div_euclid(DAY_MS) * DAY_MS
}

use schemas::casino::ItemOutcome;
use schemas::sports::{MarketResult, Side};
use serde::{Deserialize, Serialize};

/// The highest run value a run market considers. No innings total comes near it.
pub const RUNS_MAX: u32 = 999;

/// A meter bet pays per run of difference up to this many runs, which bounds its liability.
pub const METER_RUNS_CAP: u32 = 50;

/// How a bet wins or loses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Payoff {
    /// One winner among the book's runners (match, cricketcasino, casino items): decimal odds in
    /// hundredths. Back wins stake × (odds − 1) if `sid` wins; lay wins the stake otherwise.
    Decimal { sid: u32, odds_h: u32, side: Side },
    /// Bookmaker odds per 100 (match1): back wins stake × odds / 100 if `sid` wins.
    Per100 { sid: u32, odds_h: u32, side: Side },
    /// A yes/no proposition (fancy1, oddeven): back wins stake × (odds − 1) if it happens.
    Binary { odds_h: u32, side: Side },
    /// Fancy run line: Yes (back) wins stake × rate / 100 when runs ≥ line, else loses the stake;
    /// No (lay) wins the stake when runs < line, else loses stake × rate / 100.
    Line { line: u32, rate_h: u32, side: Side },
    /// Khado: Yes only; wins stake × rate / 100 when line ≤ runs < line + width, else loses stake.
    Range { line: u32, width: u32, rate_h: u32 },
    /// Meter: the stake is per run. Yes wins stake × (runs − line), No wins stake × (line − runs),
    /// each way capped at `METER_RUNS_CAP` runs.
    Meter { line: u32, side: Side },
    /// A live casino item at a fixed rate (decimal, hundredths): its round's result says how it
    /// ended (`ItemOutcome`: win, half win, push, half lose, lose, or a rate of its own).
    Item { sid: u32, rate_h: u32, side: Side },
    /// A bet on a runner withdrawn from its race (`crate::racing`): it neither wins nor loses.
    Void,
}

/// What decided a book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Winner(u32),
    Runs(u32),
    Happened(bool),
    /// How a casino item ended.
    Item(ItemOutcome),
}

/// `stake × factor_h / 100`, floored (both are non-negative): decimal odds minus one.
fn scaled(stake_minor: i64, factor_h: u32) -> i64 {
    stake_minor * i64::from(factor_h) / 100
}

/// `stake × rate / 100` for a rate in hundredths (`4500` is 45 per 100), floored.
fn per_hundred(stake_minor: i64, rate_h: u32) -> i64 {
    stake_minor * i64::from(rate_h) / 10_000
}

impl Payoff {
    /// Profit (positive) or loss (negative) of a stake under an outcome.
    pub fn pnl(&self, stake_minor: i64, outcome: Outcome) -> i64 {
        match (self, outcome) {
            (Payoff::Decimal { sid, odds_h, side }, Outcome::Winner(w)) => two_way(*side, w == *sid, scaled(stake_minor, odds_h.saturating_sub(100)), stake_minor),
            (Payoff::Per100 { sid, odds_h, side }, Outcome::Winner(w)) => two_way(*side, w == *sid, per_hundred(stake_minor, *odds_h), stake_minor),
            (Payoff::Binary { odds_h, side }, Outcome::Happened(yes)) => two_way(*side, yes, scaled(stake_minor, odds_h.saturating_sub(100)), stake_minor),
            (Payoff::Line { line, rate_h, side }, Outcome::Runs(runs)) => match side {
                Side::Back => if runs >= *line { per_hundred(stake_minor, *rate_h) } else { -stake_minor },
                Side::Lay => if runs < *line { stake_minor } else { -per_hundred(stake_minor, *rate_h) },
            },
            (Payoff::Range { line, width, rate_h }, Outcome::Runs(runs)) => {
                if runs >= *line && runs < line + width { per_hundred(stake_minor, *rate_h) } else { -stake_minor }
            }
            (Payoff::Item { rate_h, side, .. }, Outcome::Item(item)) => item_pnl(item, *side, stake_minor, *rate_h),
            (Payoff::Meter { line, side }, Outcome::Runs(runs)) => {
                let diff = (i64::from(runs) - i64::from(*line)).clamp(-i64::from(METER_RUNS_CAP), i64::from(METER_RUNS_CAP));
                match side {
                    Side::Back => stake_minor * diff,
                    Side::Lay => -stake_minor * diff,
                }
            }
            // An outcome of the wrong kind cannot decide this bet: it is void.
            _ => 0,
        }
    }

    /// An outcome space that holds every result this bet can have on its own: enough to price
    /// its profit and liability without the rest of its book.
    pub fn own_kind(&self) -> BookKind {
        match self {
            Payoff::Decimal { sid, .. } | Payoff::Per100 { sid, .. } => BookKind::Runners(vec![*sid, sid.wrapping_add(1)]),
            Payoff::Binary { .. } => BookKind::OddRuns,
            Payoff::Line { .. } | Payoff::Range { .. } | Payoff::Meter { .. } => BookKind::Runs,
            Payoff::Item { .. } => BookKind::Item,
            Payoff::Void => BookKind::OddRuns,
        }
    }

    /// Run values at which this bet's P/L changes slope or steps: the worst case of a run book
    /// lies at one of these (or at 0 or `RUNS_MAX`).
    fn breakpoints(&self, out: &mut Vec<u32>) {
        match self {
            Payoff::Line { line, .. } => out.extend([line.saturating_sub(1), *line]),
            Payoff::Range { line, width, .. } => out.extend([line.saturating_sub(1), *line, (line + width).saturating_sub(1), line + width]),
            Payoff::Meter { line, .. } => out.extend([line.saturating_sub(METER_RUNS_CAP), *line, line + METER_RUNS_CAP]),
            _ => {}
        }
    }
}

/// A casino item's profit (positive) or loss (negative) at `rate_h` (decimal, hundredths), as
/// its round's result says it ended. Magnitudes are floored to the minor unit like every amount,
/// so a back bet's profit is always the matching lay bet's loss. Each table's rules text shows
/// these same payouts (`docs/casino.md`).
fn item_pnl(outcome: ItemOutcome, side: Side, stake_minor: i64, rate_h: u32) -> i64 {
    let back = match outcome {
        ItemOutcome::Win => scaled(stake_minor, rate_h.saturating_sub(100)),
        ItemOutcome::HalfWin => scaled(stake_minor, rate_h.saturating_sub(100)) / 2,
        ItemOutcome::Pays { rate } => scaled(stake_minor, rate.0.saturating_sub(100)),
        ItemOutcome::Push => 0,
        ItemOutcome::HalfLose => -(stake_minor / 2),
        ItemOutcome::Lose => -stake_minor,
    };
    match side {
        Side::Back => back,
        Side::Lay => -back,
    }
}

/// Back wins `profit` when the selection happens and loses the stake otherwise; lay the reverse.
fn two_way(side: Side, happened: bool, profit: i64, stake_minor: i64) -> i64 {
    match (side, happened) {
        (Side::Back, true) => profit,
        (Side::Back, false) => -stake_minor,
        (Side::Lay, true) => -profit,
        (Side::Lay, false) => stake_minor,
    }
}

/// The kind of outcomes a book has, and how a market result decides it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BookKind {
    /// Exactly one of these runners wins (`Winner`).
    Runners(Vec<u32>),
    /// A proposition that happens when its section is among the result's `Happened` sids.
    Happens { sid: u32 },
    /// Happens when the result's run value is odd.
    OddRuns,
    /// A run value in 0..=RUNS_MAX.
    Runs,
    /// One casino item of one round. Its result is given per item, not by a market result.
    Item,
}

/// The ways a casino item can end that bound its bets' P/L: every bet on an item pays at most
/// its win and loses at most its stake (back) or its win (lay), the halves and the push lie
/// between, and a `Pays` rate is only ever given to back-only items.
const ITEM_OUTCOMES: [ItemOutcome; 5] = [ItemOutcome::Win, ItemOutcome::HalfWin, ItemOutcome::Push, ItemOutcome::HalfLose, ItemOutcome::Lose];

impl BookKind {
    /// The outcome a market result gives this book; `None` voids it (every stake returned).
    pub fn outcome(&self, result: &MarketResult) -> Option<Outcome> {
        match (self, result) {
            (BookKind::Runners(sids), MarketResult::Winner { sid }) if sids.contains(sid) => Some(Outcome::Winner(*sid)),
            (BookKind::Happens { sid }, MarketResult::Happened { sids }) => Some(Outcome::Happened(sids.contains(sid))),
            (BookKind::OddRuns, MarketResult::Runs { value }) => Some(Outcome::Happened(value % 2 == 1)),
            (BookKind::Runs, MarketResult::Runs { value }) => Some(Outcome::Runs((*value).min(RUNS_MAX))),
            _ => None,
        }
    }

    /// The outcomes at which a set of bets can reach its worst case.
    pub fn candidate_outcomes<'a>(&self, payoffs: impl Iterator<Item = &'a Payoff>) -> Vec<Outcome> {
        match self {
            BookKind::Runners(sids) => sids.iter().map(|s| Outcome::Winner(*s)).collect(),
            BookKind::Happens { .. } | BookKind::OddRuns => vec![Outcome::Happened(true), Outcome::Happened(false)],
            BookKind::Item => ITEM_OUTCOMES.iter().map(|o| Outcome::Item(*o)).collect(),
            BookKind::Runs => {
                let mut runs = vec![0, RUNS_MAX];
                for payoff in payoffs {
                    payoff.breakpoints(&mut runs);
                }
                runs.retain(|r| *r <= RUNS_MAX);
                runs.sort_unstable();
                runs.dedup();
                runs.into_iter().map(Outcome::Runs).collect()
            }
        }
    }

    /// Every outcome: for brute-force checks.
    pub fn all_outcomes(&self) -> Vec<Outcome> {
        match self {
            BookKind::Runs => (0..=RUNS_MAX).map(Outcome::Runs).collect(),
            other => other.candidate_outcomes(std::iter::empty()),
        }
    }
}

/// A user's P/L in a book at each of the book's fixed outcomes (in `candidate_outcomes` order),
/// after one more bet. Kept per user and book, so a bet costs one pass over the outcomes, not
/// one over every open bet of the book (a player with thousands of bets on one market would
/// otherwise slow every bet of everyone). `None` for run books: their outcomes are the bets'
/// breakpoints, so they are priced from the bets.
pub fn book_pnl_after(kind: &BookKind, pnl_before: Option<&[i64]>, payoff: &Payoff, stake_minor: i64) -> Option<Vec<i64>> {
    if matches!(kind, BookKind::Runs) {
        return None;
    }
    let outcomes = kind.candidate_outcomes(std::iter::empty());
    let before = pnl_before.filter(|pnl| pnl.len() == outcomes.len());
    Some(outcomes.iter().enumerate().map(|(i, o)| before.map_or(0, |pnl| pnl[i]) + payoff.pnl(stake_minor, *o)).collect())
}

/// The most a user's bets in one book can win (non-negative) after one more bet: the best of
/// the book's P/L over its outcomes (`pnl_after`, a book with fixed outcomes), or for a run book
/// the most before it plus the bet's own best, an upper bound (its outcomes are its bets'
/// breakpoints, so pricing it exactly means going over every open bet of the book).
pub fn book_win_max_after(pnl_after: Option<&[i64]>, win_max_before: i64, payoff: &Payoff, stake_minor: i64) -> i64 {
    match pnl_after {
        Some(pnl) => pnl.iter().copied().max().unwrap_or(0).max(0),
        None => win_max_before + profit_minor(payoff, stake_minor),
    }
}

/// The worst-case loss (non-negative) of a book's P/L over its outcomes.
pub fn worst_loss_minor(pnl: &[i64]) -> i64 {
    (-pnl.iter().copied().min().unwrap_or(0)).max(0)
}

/// The worst-case loss (non-negative) of `bets` (payoff, stake) in a book of `kind`.
pub fn exposure_minor<'a>(kind: &BookKind, bets: impl Iterator<Item = (&'a Payoff, i64)> + Clone) -> i64 {
    let outcomes = kind.candidate_outcomes(bets.clone().map(|(p, _)| p));
    let worst = outcomes.iter().map(|o| bets.clone().map(|(p, stake)| p.pnl(stake, *o)).sum::<i64>()).min().unwrap_or(0);
    (-worst).max(0)
}

/// The P/L of a set of bets at each outcome where it can change: the book a player sees next to
/// each runner, or the Run Amount table of a fancy line.
pub fn book_outcomes<'a>(kind: &BookKind, bets: impl Iterator<Item = (&'a Payoff, i64)> + Clone) -> Vec<(Outcome, i64)> {
    kind.candidate_outcomes(bets.clone().map(|(p, _)| p))
        .into_iter()
        .map(|o| (o, bets.clone().map(|(p, stake)| p.pnl(stake, o)).sum()))
        .collect()
}

/// The most one bet can win.
pub fn profit_minor(payoff: &Payoff, stake_minor: i64) -> i64 {
    book_outcomes(&payoff.own_kind(), std::iter::once((payoff, stake_minor))).iter().map(|(_, pnl)| *pnl).max().unwrap_or(0).max(0)
}

/// The greatest loss one bet can make: its own exposure.
pub fn liability_minor(kind: &BookKind, payoff: &Payoff, stake_minor: i64) -> i64 {
    exposure_minor(kind, std::iter::once((payoff, stake_minor)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use schemas::sports::Price;

    const RUNNERS: fn() -> BookKind = || BookKind::Runners(vec![1, 2, 3]);

    #[test]
    fn every_casino_item_outcome_pays_as_its_table_says_on_both_sides() {
        let (stake, rate_h) = (1_000, 198);
        let back = |o: ItemOutcome| item_pnl(o, Side::Back, stake, rate_h);
        assert_eq!(back(ItemOutcome::Win), 980);
        assert_eq!(back(ItemOutcome::HalfWin), 490);
        assert_eq!(back(ItemOutcome::Pays { rate: Price(4600) }), 45_000);
        assert_eq!(back(ItemOutcome::Push), 0);
        assert_eq!(back(ItemOutcome::HalfLose), -500);
        assert_eq!(back(ItemOutcome::Lose), -1_000);
        assert_eq!(item_pnl(ItemOutcome::Win, Side::Lay, stake, 224), -1_240);
        assert_eq!(item_pnl(ItemOutcome::Lose, Side::Lay, stake, 224), 1_000);
    }

    #[test]
    fn odd_casino_stakes_floor_halves_toward_zero() {
        assert_eq!(item_pnl(ItemOutcome::HalfLose, Side::Back, 101, 200), -50);
        assert_eq!(item_pnl(ItemOutcome::HalfWin, Side::Back, 101, 200), 50);
    }

    #[test]
    fn decimal_back_and_lay_follow_design_rules() {
        let back = Payoff::Decimal { sid: 1, odds_h: 185, side: Side::Back };
        assert_eq!(back.pnl(10_000, Outcome::Winner(1)), 8_500);
        assert_eq!(back.pnl(10_000, Outcome::Winner(2)), -10_000);
        let lay = Payoff::Decimal { sid: 1, odds_h: 185, side: Side::Lay };
        assert_eq!(lay.pnl(10_000, Outcome::Winner(1)), -8_500);
        assert_eq!(lay.pnl(10_000, Outcome::Winner(3)), 10_000);
        assert_eq!(liability_minor(&RUNNERS(), &lay, 10_000), 8_500);
        assert_eq!(liability_minor(&RUNNERS(), &back, 10_000), 10_000);
    }

    #[test]
    fn bookmaker_odds_are_per_100() {
        let back = Payoff::Per100 { sid: 2, odds_h: 4_500, side: Side::Back };
        assert_eq!(back.pnl(10_000, Outcome::Winner(2)), 4_500);
        assert_eq!(back.pnl(10_000, Outcome::Winner(1)), -10_000);
        let lay = Payoff::Per100 { sid: 2, odds_h: 4_500, side: Side::Lay };
        assert_eq!(lay.pnl(10_000, Outcome::Winner(2)), -4_500);
        assert_eq!(lay.pnl(10_000, Outcome::Winner(1)), 10_000);
    }

    #[test]
    fn fancy_yes_and_no_settle_on_the_line() {
        let yes = Payoff::Line { line: 46, rate_h: 10_000, side: Side::Back };
        assert_eq!(yes.pnl(1_000, Outcome::Runs(46)), 1_000);
        assert_eq!(yes.pnl(1_000, Outcome::Runs(45)), -1_000);
        let no = Payoff::Line { line: 45, rate_h: 9_000, side: Side::Lay };
        assert_eq!(no.pnl(1_000, Outcome::Runs(44)), 1_000);
        assert_eq!(no.pnl(1_000, Outcome::Runs(45)), -900);
    }

    #[test]
    fn offsetting_bets_reduce_exposure() {
        let kind = RUNNERS();
        let back = Payoff::Decimal { sid: 1, odds_h: 200, side: Side::Back };
        let lay = Payoff::Decimal { sid: 1, odds_h: 190, side: Side::Lay };
        let alone = exposure_minor(&kind, [(&back, 10_000)].into_iter());
        let hedged = exposure_minor(&kind, [(&back, 10_000), (&lay, 10_000)].into_iter());
        assert_eq!(alone, 10_000);
        assert_eq!(hedged, 0, "back 2.00 and lay 1.90 the same stake wins 1000 or 0");
    }

    #[test]
    fn a_fancy_yes_and_no_pair_exposes_only_the_gap() {
        // No at 45 and Yes at 46: runs 45 loses both? No loses at >= 45, Yes loses below 46.
        let no = Payoff::Line { line: 45, rate_h: 10_000, side: Side::Lay };
        let yes = Payoff::Line { line: 46, rate_h: 10_000, side: Side::Back };
        let exposure = exposure_minor(&BookKind::Runs, [(&no, 1_000), (&yes, 1_000)].into_iter());
        assert_eq!(exposure, 2_000, "runs exactly 45 loses both bets");
    }

    #[test]
    fn khado_wins_inside_the_range_only() {
        let bet = Payoff::Range { line: 40, width: 5, rate_h: 10_000 };
        assert_eq!(bet.pnl(500, Outcome::Runs(40)), 500);
        assert_eq!(bet.pnl(500, Outcome::Runs(44)), 500);
        assert_eq!(bet.pnl(500, Outcome::Runs(45)), -500);
        assert_eq!(bet.pnl(500, Outcome::Runs(39)), -500);
    }

    #[test]
    fn meter_pays_per_run_with_a_cap() {
        let yes = Payoff::Meter { line: 40, side: Side::Back };
        assert_eq!(yes.pnl(100, Outcome::Runs(47)), 700);
        assert_eq!(yes.pnl(100, Outcome::Runs(30)), -1_000);
        assert_eq!(yes.pnl(100, Outcome::Runs(200)), 5_000);
        assert_eq!(liability_minor(&BookKind::Runs, &yes, 100), 4_000, "at 0 runs the loss is 40 runs");
        let no = Payoff::Meter { line: 40, side: Side::Lay };
        assert_eq!(liability_minor(&BookKind::Runs, &no, 100), 5_000, "capped at 50 runs");
    }

    #[test]
    fn casino_items_settle_by_their_outcome_at_the_rate_taken() {
        let back = Payoff::Item { sid: 1, rate_h: 198, side: Side::Back };
        assert_eq!(back.pnl(1_000, Outcome::Item(ItemOutcome::Win)), 980);
        assert_eq!(back.pnl(1_000, Outcome::Item(ItemOutcome::HalfLose)), -500);
        assert_eq!(back.pnl(1_000, Outcome::Item(ItemOutcome::Push)), 0);
        assert_eq!(liability_minor(&BookKind::Item, &back, 1_000), 1_000);
        assert_eq!(profit_minor(&back, 1_000), 980);
        let lay = Payoff::Item { sid: 1, rate_h: 224, side: Side::Lay };
        assert_eq!(liability_minor(&BookKind::Item, &lay, 1_000), 1_240);
        assert_eq!(exposure_minor(&BookKind::Item, [(&back, 1_000), (&lay, 1_000)].into_iter()), 260, "back 1.98 and lay 2.24 on one item lose 260 if it wins");
    }

    #[test]
    fn binary_back_wins_when_it_happens() {
        let odd = Payoff::Binary { odds_h: 195, side: Side::Back };
        assert_eq!(odd.pnl(1_000, Outcome::Happened(true)), 950);
        assert_eq!(odd.pnl(1_000, Outcome::Happened(false)), -1_000);
    }

    #[test]
    fn fractions_of_a_minor_unit_are_floored() {
        let back = Payoff::Decimal { sid: 1, odds_h: 133, side: Side::Back };
        assert_eq!(back.pnl(101, Outcome::Winner(1)), 33);
        let lay = Payoff::Decimal { sid: 1, odds_h: 133, side: Side::Lay };
        assert_eq!(lay.pnl(101, Outcome::Winner(1)), -33);
    }
}
