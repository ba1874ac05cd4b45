//! Roulette: a European wheel, 0–36. Every bet pays 36 / (numbers covered) as a decimal rate
//! (straight 35:1 … even money 1:1), so each has the same house edge, 1/37; zero loses every
//! outside bet.

use super::cards::Shoe;
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::{ItemOutcome, TableStats};
use std::sync::OnceLock;

pub struct Roulette;

/// Red numbers (spec §9); every other number but 0 is black.
pub const RED: [u8; 18] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

const POCKETS: u8 = 37;
/// A bet covering n numbers pays 36/n per 1 staked: 36.00 straight up … 2.00 even money.
const PAYOUT_NUMBERS_H: u32 = 3_600;

const HOW_TO_PLAY: &[&str] = &[
    "A European wheel with one zero: 0 to 36. 0 is green; 1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36 are red; the rest are black.",
    "Straight up 35:1, split 17:1, street (and 0-1-2, 0-2-3) 11:1, corner (and 0-1-2-3) 8:1, six line 5:1, dozen and column 2:1, red/black, odd/even, 1-18/19-36 1:1.",
    "Zero loses the even-money bets (red/black, odd/even, 1-18/19-36) and the dozens and columns.",
    "The statistics box shows, over the last 100 spins, the share of each dozen, column, red/black, odd/even and 1-18/19-36.",
    "Your bet slip is kept when a new round starts.",
];

pub fn is_red(n: u8) -> bool {
    RED.contains(&n)
}

/// One bet of the layout: its name, group and the numbers it covers.
struct Bet {
    nat: String,
    kind: &'static str,
    group: &'static str,
    numbers: Vec<u8>,
}

fn bet(kind: &'static str, group: &'static str, numbers: Vec<u8>) -> Bet {
    let nat = numbers.iter().map(u8::to_string).collect::<Vec<_>>().join("-");
    Bet { nat, kind, group, numbers }
}

fn named(nat: &str, kind: &'static str, group: &'static str, numbers: impl Iterator<Item = u8>) -> Bet {
    Bet { nat: nat.to_string(), kind, group, numbers: numbers.collect() }
}

/// Inside bets: straights, splits, streets, corners, six lines. Rows of the layout are
/// 1-2-3, 4-5-6 … 34-35-36.
fn inside() -> Vec<Bet> {
    let mut out: Vec<Bet> = (0..POCKETS).map(|n| bet("straight", "Straight up", vec![n])).collect();
    out.extend([1, 2, 3].map(|n| bet("split", "Split", vec![0, n])));
    out.extend((1..=35).filter(|n| n % 3 != 0).map(|n| bet("split", "Split", vec![n, n + 1])));
    out.extend((1..=33).map(|n| bet("split", "Split", vec![n, n + 3])));
    out.extend([[0, 1, 2], [0, 2, 3]].map(|ns| bet("street", "Street", ns.to_vec())));
    out.extend((1..=34).step_by(3).map(|n| bet("street", "Street", vec![n, n + 1, n + 2])));
    out.push(bet("corner", "Corner", vec![0, 1, 2, 3]));
    out.extend((1..=32).filter(|n| n % 3 != 0).map(|n| bet("corner", "Corner", vec![n, n + 1, n + 3, n + 4])));
    out.extend((1..=31).step_by(3).map(|n| bet("sixline", "Six line", (n..n + 6).collect())));
    out
}

/// Outside bets: dozens, columns, even money.
fn outside() -> Vec<Bet> {
    let mut out: Vec<Bet> = ["1st 12", "2nd 12", "3rd 12"].iter().zip(0..).map(|(nat, d)| named(nat, "dozen", "Dozen", 12 * d + 1..=12 * d + 12)).collect();
    let column = |c: u8| (1..=36).filter(move |n| n % 3 == c % 3);
    out.extend(["1st Column", "2nd Column", "3rd Column"].iter().zip(1..).map(|(nat, c)| named(nat, "column", "Column", column(c))));
    let even_money = [
        ("Red", (1..=36).filter(|&n| is_red(n)).collect::<Vec<u8>>()),
        ("Black", (1..=36).filter(|&n| !is_red(n)).collect()),
        ("Odd", (1..=36).filter(|n| n % 2 == 1).collect()),
        ("Even", (1..=36).filter(|n| n % 2 == 0).collect()),
        ("1-18", (1..=18).collect()),
        ("19-36", (19..=36).collect()),
    ];
    out.extend(even_money.into_iter().map(|(nat, numbers)| named(nat, "evenmoney", "Even money", numbers.into_iter())));
    out
}

fn bets() -> &'static [Bet] {
    static BETS: OnceLock<Vec<Bet>> = OnceLock::new();
    BETS.get_or_init(|| inside().into_iter().chain(outside()).collect())
}

fn market(bet: &Bet) -> Market {
    let covered = u32::try_from(bet.numbers.len()).unwrap_or(u32::MAX).max(1);
    let chance = f64::from(covered) / f64::from(POCKETS);
    Market::back(bet.nat.clone(), bet.kind, bet.group, PAYOUT_NUMBERS_H / covered, chance)
}

fn spun(deal: &Deal) -> Option<u8> {
    deal.dealt.iter().find_map(|d| match d.face {
        Face::Pocket(n) => Some(n),
        Face::Card(_) | Face::Die(_) => None,
    })
}

/// A whole percentage of `spins`, rounded.
fn share(count: usize, spins: usize) -> u32 {
    u32::try_from((count * 100 + spins / 2) / spins.max(1)).unwrap_or(100)
}

pub fn stats_of(numbers: &[u8]) -> TableStats {
    let spins = numbers.len();
    let pct = |f: &dyn Fn(u8) -> bool| share(numbers.iter().filter(|&&n| n != 0 && f(n)).count(), spins);
    TableStats {
        spins: u32::try_from(spins).unwrap_or(u32::MAX),
        dozens: [0, 1, 2].map(|d| pct(&|n| (n - 1) / 12 == d)),
        columns: [1, 2, 0].map(|c| pct(&|n| n % 3 == c)),
        red: pct(&is_red),
        black: pct(&|n| !is_red(n)),
        odd: pct(&|n| n % 2 == 1),
        even: pct(&|n| n % 2 == 0),
        low: pct(&|n| n <= 18),
        high: pct(&|n| n >= 19),
        zero: share(numbers.iter().filter(|&&n| n == 0).count(), spins),
    }
}

impl Table for Roulette {
    fn gtype(&self) -> &'static str {
        "roulette"
    }

    fn name(&self) -> &'static str {
        "Roulette"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Wheel"]
    }

    fn shoe(&self) -> Vec<Face> {
        (0..POCKETS).map(Face::Pocket).collect()
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        if let Some(face) = shoe.draw() {
            deal.give(0, face);
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(bets().iter().map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let Some(n) = spun(deal) else { return Verdict::void(bets().len()) };
        let colour = match n {
            0 => "Green",
            _ if is_red(n) => "Red",
            _ => "Black",
        };
        let outcomes = bets().iter().map(|b| if b.numbers.contains(&n) { ItemOutcome::Win } else { ItemOutcome::Lose }).collect();
        Verdict { win: n.to_string(), winner: format!("{n} {colour}"), rdesc: format!("{n} {colour}"), outcomes }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }

    fn stats(&self, recent: &[Deal]) -> Option<TableStats> {
        let numbers: Vec<u8> = recent.iter().filter_map(spun).collect();
        Some(stats_of(&numbers))
    }
}
