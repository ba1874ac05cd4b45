//! Sic Bo: three dice. Every bet of casino-rules.md: Small and Big, Odd and Even (all lose on a
//! triple), the totals 4 to 17, two-dice combinations, specific doubles and triples, any triple,
//! and single numbers paying 1:1, 2:1 or 3:1 as one, two or three dice show them.
//!
//! The "shoe" holds the 216 ways three dice can fall, one drawn a round: the dice are uniform and
//! independent, and a round is dealt again from its seed like every other table.

use super::cards::Shoe;
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::sports::Price;

pub struct SicBo;

/// Rates of casino-rules.md (x:1 there, so the rate is x + 1), none ours.
const EVEN_MONEY_RATE_H: u32 = 200;
/// Total and its rate: 4 or 17 60:1, 5 or 16 30:1, 6 or 15 18:1, 7 or 14 12:1, 8 or 13 8:1,
/// 9 or 12 7:1, 10 or 11 6:1.
const TOTAL_RATES_H: [(u8, u32); 14] = [
    (4, 6_100),
    (5, 3_100),
    (6, 1_900),
    (7, 1_300),
    (8, 900),
    (9, 800),
    (10, 700),
    (11, 700),
    (12, 800),
    (13, 900),
    (14, 1_300),
    (15, 1_900),
    (16, 3_100),
    (17, 6_100),
];
const COMBINATION_RATE_H: u32 = 600;
const DOUBLE_RATE_H: u32 = 1_200;
const TRIPLE_RATE_H: u32 = 18_100;
const ANY_TRIPLE_RATE_H: u32 = 3_100;
/// A single number: 1:1 on one die, 2:1 on two, 3:1 on three.
const SINGLE_RATES_H: [u32; 3] = [200, 300, 400];

const OUTCOMES: u32 = 216;

const HOW_TO_PLAY: &[&str] = &[
    "Three dice are shaken every round.",
    "Small (total 4 to 10) and Big (11 to 17) pay 1:1, Odd and Even total pay 1:1; all four lose when the three dice show the same number (a triple).",
    "Totals: 4 or 17 pay 60:1, 5 or 16 30:1, 6 or 15 18:1, 7 or 14 12:1, 8 or 13 8:1, 9 or 12 7:1, 10 or 11 6:1.",
    "Two-dice combination (two given numbers both shown) 5:1; a specific double (at least two dice of a number) 11:1; a specific triple 180:1; any triple 30:1.",
    "Single number: 1:1 if one die shows it, 2:1 if two do, 3:1 if all three do.",
];

#[derive(Clone, Copy)]
enum Bet {
    Small,
    Big,
    Odd,
    Even,
    Total(u8, u32),
    Combination(u8, u8),
    Double(u8),
    Triple(u8),
    AnyTriple,
    Single(u8),
}

fn bets() -> Vec<Bet> {
    let mut bets = vec![Bet::Small, Bet::Big, Bet::Odd, Bet::Even];
    bets.extend(TOTAL_RATES_H.iter().map(|&(total, rate)| Bet::Total(total, rate)));
    bets.extend((1..=6).flat_map(|a| (a + 1..=6).map(move |b| Bet::Combination(a, b))));
    bets.extend((1..=6).map(Bet::Double));
    bets.extend((1..=6).map(Bet::Triple));
    bets.push(Bet::AnyTriple);
    bets.extend((1..=6).map(Bet::Single));
    bets
}

/// Every way three dice fall, each with chance 1/216.
fn all_rolls() -> impl Iterator<Item = [u8; 3]> {
    (0..OUTCOMES).map(roll)
}

fn roll(n: u32) -> [u8; 3] {
    [(n / 36) as u8 + 1, ((n / 6) % 6) as u8 + 1, (n % 6) as u8 + 1]
}

fn shown(dice: [u8; 3], number: u8) -> usize {
    dice.iter().filter(|d| **d == number).count()
}

fn is_triple(dice: [u8; 3]) -> bool {
    dice[0] == dice[1] && dice[1] == dice[2]
}

fn outcome(bet: Bet, dice: [u8; 3]) -> ItemOutcome {
    let total: u8 = dice.iter().sum();
    let won = match bet {
        Bet::Small => (4..=10).contains(&total) && !is_triple(dice),
        Bet::Big => (11..=17).contains(&total) && !is_triple(dice),
        Bet::Odd => !total.is_multiple_of(2) && !is_triple(dice),
        Bet::Even => total.is_multiple_of(2) && !is_triple(dice),
        Bet::Total(t, _) => total == t,
        Bet::Combination(a, b) => shown(dice, a) >= 1 && shown(dice, b) >= 1,
        Bet::Double(n) => shown(dice, n) >= 2,
        Bet::Triple(n) => shown(dice, n) == 3,
        Bet::AnyTriple => is_triple(dice),
        Bet::Single(n) => {
            return match shown(dice, n) {
                0 => ItemOutcome::Lose,
                1 => ItemOutcome::Win,
                count => ItemOutcome::Pays { rate: Price(SINGLE_RATES_H[count - 1]) },
            }
        }
    };
    if won {
        ItemOutcome::Win
    } else {
        ItemOutcome::Lose
    }
}

/// The chance of each way `bet` can end but losing, counted over the 216 rolls.
fn chances(bet: Bet) -> Vec<(ItemOutcome, f64)> {
    let mut counts: Vec<(ItemOutcome, u32)> = Vec::new();
    for dice in all_rolls() {
        let outcome = outcome(bet, dice);
        if outcome == ItemOutcome::Lose {
            continue;
        }
        match counts.iter_mut().find(|(o, _)| *o == outcome) {
            Some((_, c)) => *c += 1,
            None => counts.push((outcome, 1)),
        }
    }
    counts.into_iter().map(|(o, c)| (o, f64::from(c) / f64::from(OUTCOMES))).collect()
}

fn market(bet: Bet) -> Market {
    let with = |nat: String, kind, group, rate| Market::with(nat, kind, group, rate, chances(bet));
    match bet {
        Bet::Small => with("Small".into(), "size", "Small / Big", EVEN_MONEY_RATE_H),
        Bet::Big => with("Big".into(), "size", "Small / Big", EVEN_MONEY_RATE_H),
        Bet::Odd => with("Odd".into(), "oddeven", "Odd / Even", EVEN_MONEY_RATE_H),
        Bet::Even => with("Even".into(), "oddeven", "Odd / Even", EVEN_MONEY_RATE_H),
        Bet::Total(t, rate) => with(format!("Total {t}"), "total", "Total", rate),
        Bet::Combination(a, b) => with(format!("Combination {a}-{b}"), "combination", "Two-dice combination", COMBINATION_RATE_H),
        Bet::Double(n) => with(format!("Double {n}"), "double", "Specific double", DOUBLE_RATE_H),
        Bet::Triple(n) => with(format!("Triple {n}"), "triple", "Specific triple", TRIPLE_RATE_H),
        Bet::AnyTriple => with("Any Triple".into(), "anytriple", "Any triple", ANY_TRIPLE_RATE_H),
        Bet::Single(n) => with(format!("Single {n}"), "single", "Single number", SINGLE_RATES_H[0]),
    }
}

impl Table for SicBo {
    fn gtype(&self) -> &'static str {
        "sicbo"
    }

    fn name(&self) -> &'static str {
        "Sic Bo"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Die 1", "Die 2", "Die 3"]
    }

    /// The 216 rolls, numbered as `roll` reads them.
    fn shoe(&self) -> Vec<Face> {
        (0..=215u8).map(Face::Pocket).collect()
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        if let Some(Face::Pocket(n)) = shoe.draw() {
            for (hand, die) in roll(u32::from(n)).into_iter().enumerate() {
                deal.give(hand, Face::Die(die));
            }
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(bets().into_iter().map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let faces: Vec<u8> = deal.dealt.iter().filter_map(|d| if let Face::Die(n) = d.face { Some(n) } else { None }).collect();
        let [a, b, c] = faces[..] else { return Verdict::void(bets().len()) };
        let dice = [a, b, c];
        let total: u8 = dice.iter().sum();
        let winner = if is_triple(dice) {
            format!("Triple {a}")
        } else if total <= 10 {
            "Small".to_string()
        } else {
            "Big".to_string()
        };
        let parity = if total.is_multiple_of(2) { "Even" } else { "Odd" };
        Verdict {
            win: total.to_string(),
            winner: winner.clone(),
            rdesc: format!("{winner} | Dice {a}, {b}, {c} | Total {total} | {parity}"),
            outcomes: bets().into_iter().map(|bet| outcome(bet, dice)).collect(),
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome_of(dice: [u8; 3], nat: &str) -> ItemOutcome {
        let markets = SicBo.markets();
        let mut deal = Deal::default();
        for (hand, die) in dice.into_iter().enumerate() {
            deal.give(hand, Face::Die(die));
        }
        SicBo.settle(&deal).outcomes[markets.iter().position(|m| m.nat == nat).expect(nat)]
    }

    #[test]
    fn the_chances_are_those_of_three_fair_dice() {
        let of = |nat: &str| SicBo.markets().into_iter().find(|m| m.nat == nat).expect(nat);
        assert_eq!(of("Small").chances, vec![(ItemOutcome::Win, 105.0 / 216.0)]);
        assert_eq!(of("Total 4").chances, vec![(ItemOutcome::Win, 3.0 / 216.0)]);
        assert_eq!(of("Total 10").chances, vec![(ItemOutcome::Win, 27.0 / 216.0)]);
        assert_eq!(of("Combination 1-2").chances, vec![(ItemOutcome::Win, 30.0 / 216.0)]);
        assert_eq!(of("Double 6").chances, vec![(ItemOutcome::Win, 16.0 / 216.0)]);
        let single = of("Single 3").chances;
        assert_eq!(single.len(), 3);
        assert!(single.contains(&(ItemOutcome::Win, 75.0 / 216.0)));
        assert!(single.contains(&(ItemOutcome::Pays { rate: Price(300) }, 15.0 / 216.0)));
        assert!(single.contains(&(ItemOutcome::Pays { rate: Price(400) }, 1.0 / 216.0)));
        assert_eq!(SicBo.markets().len(), 52);
    }

    #[test]
    fn a_triple_sinks_the_even_money_bets_and_pays_the_triples() {
        assert_eq!(outcome_of([3, 3, 3], "Small"), ItemOutcome::Lose);
        assert_eq!(outcome_of([3, 3, 3], "Odd"), ItemOutcome::Lose);
        assert_eq!(outcome_of([3, 3, 3], "Triple 3"), ItemOutcome::Win);
        assert_eq!(outcome_of([3, 3, 3], "Any Triple"), ItemOutcome::Win);
        assert_eq!(outcome_of([3, 3, 3], "Double 3"), ItemOutcome::Win);
        assert_eq!(outcome_of([3, 3, 3], "Single 3"), ItemOutcome::Pays { rate: Price(400) });
        assert_eq!(outcome_of([1, 4, 6], "Big"), ItemOutcome::Win);
        assert_eq!(outcome_of([1, 4, 6], "Total 11"), ItemOutcome::Win);
        assert_eq!(outcome_of([1, 4, 6], "Combination 1-6"), ItemOutcome::Win);
        assert_eq!(outcome_of([1, 4, 6], "Combination 2-6"), ItemOutcome::Lose);
        assert_eq!(outcome_of([2, 2, 5], "Single 2"), ItemOutcome::Pays { rate: Price(300) });
        assert_eq!(outcome_of([2, 2, 5], "Single 5"), ItemOutcome::Win);
    }
}
