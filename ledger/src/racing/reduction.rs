//! The reduction factor rule, pure: what a withdrawal does to one bet.

use crate::betting::{BookKind, Payoff};
use crate::ids::BookKey;

/// A reduction factor below 2.5 % is not applied (Betfair's rule: a runner that unlikely
/// changes the others' chances too little to reprice every matched bet).
pub const REDUCTION_APPLIED_MIN_BP: u32 = 250;

/// The most a reduction factor can be: the runner's whole chance.
pub const REDUCTION_FACTOR_BP_MAX: u32 = 10_000;

/// The lowest price a reduced bet keeps: the ladder's lowest price.
const PRICE_H_MIN: u32 = 101;

/// A matched price after a withdrawal with reduction factor `factor_bp`: the price times
/// (1 − factor), in hundredths rounded down, never below 1.01 (Betfair: "a traded price of 8.0
/// with a 25 % reduction factor becomes 6.0"). Both sides of a fill are reduced alike, so what one
/// wins the other still pays.
pub fn reduced_price_h(price_h: u32, factor_bp: u32) -> u32 {
    if factor_bp < REDUCTION_APPLIED_MIN_BP {
        return price_h;
    }
    let kept_bp = u64::from(REDUCTION_FACTOR_BP_MAX.saturating_sub(factor_bp));
    let reduced = u64::from(price_h) * kept_bp / u64::from(REDUCTION_FACTOR_BP_MAX);
    u32::try_from(reduced).unwrap_or(u32::MAX).max(PRICE_H_MIN).min(price_h)
}

/// A bet of book `book` after runner `sid` is withdrawn with reduction factor `factor_bp`: void
/// (pays nothing either way) when it is on that runner, its price reduced when it is a decimal
/// price on another runner, as it was otherwise.
pub fn after_withdrawal(payoff: &Payoff, book: BookKey, sid: u32, factor_bp: u32) -> Payoff {
    match payoff {
        Payoff::Decimal { sid: on, .. } | Payoff::Per100 { sid: on, .. } if *on == sid => Payoff::Void,
        // A yes/no book per runner (a place market): the withdrawn runner's book is void.
        Payoff::Binary { .. } if book.scope == sid => Payoff::Void,
        Payoff::Decimal { sid: on, odds_h, side } => Payoff::Decimal { sid: *on, odds_h: reduced_price_h(*odds_h, factor_bp), side: *side },
        Payoff::Binary { odds_h, side } => Payoff::Binary { odds_h: reduced_price_h(*odds_h, factor_bp), side: *side },
        other => other.clone(),
    }
}

/// A book's outcomes without the withdrawn runner: it can no longer win.
pub fn without_runner(kind: &BookKind, sid: u32) -> BookKind {
    match kind {
        BookKind::Runners(sids) => BookKind::Runners(sids.iter().copied().filter(|s| *s != sid).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schemas::sports::Side;

    #[test]
    fn betfairs_examples_reduce_the_traded_price() {
        assert_eq!(reduced_price_h(800, 2_500), 600, "8.0 with 25 % is 6.0");
        assert_eq!(reduced_price_h(860, 1_620), 720, "8.6 with 16.2 % is 7.2 (7.2068 rounded down)");
        assert_eq!(reduced_price_h(1_100, 1_000), 990, "11 with 10 % is 9.9");
    }

    #[test]
    fn a_factor_below_two_and_a_half_percent_is_not_applied_and_no_price_falls_below_1_01() {
        assert_eq!(reduced_price_h(500, 249), 500);
        assert_eq!(reduced_price_h(500, 250), 487);
        assert_eq!(reduced_price_h(212, 5_000), 106);
        assert_eq!(reduced_price_h(150, 9_900), 101);
        assert_eq!(reduced_price_h(101, 10_000), 101);
    }

    #[test]
    fn the_withdrawn_runners_bets_are_void_and_the_others_reduced() {
        let book = BookKey { mid: 9, scope: 0 };
        let on = |sid, odds_h| Payoff::Decimal { sid, odds_h, side: Side::Lay };
        assert_eq!(after_withdrawal(&on(3, 400), book, 3, 2_500), Payoff::Void);
        assert_eq!(after_withdrawal(&on(2, 400), book, 3, 2_500), on(2, 300));
        let place = Payoff::Binary { odds_h: 200, side: Side::Back };
        assert_eq!(after_withdrawal(&place, BookKey { mid: 9, scope: 3 }, 3, 4_000), Payoff::Void);
        assert_eq!(after_withdrawal(&place, BookKey { mid: 9, scope: 4 }, 3, 4_000), Payoff::Binary { odds_h: 120, side: Side::Back });
        assert_eq!(without_runner(&BookKind::Runners(vec![1, 2, 3]), 2), BookKind::Runners(vec![1, 3]));
    }
}
