//! Worli Matka: three cards A–10 (A is 1, 10 is 0), each from its own full deck of 40, so the
//! three digits are independent and uniform. The patti is the three digits in the game's order
//! (ascending, 0 counting as 10); the single is the last digit of their sum. Players back a
//! single digit, or pick a patti on the digit pad.

use super::cards::{cards, Shoe};
use super::{numbered, Deal, Face, Market, Pick, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::sports::Price;

pub struct Worli;

/// Single (ours, one value): every digit is 1 in 10 as a sum of independent uniform digits;
/// 9.50 keeps 5 %.
const SINGLE_RATE_H: u32 = 950;
/// Pattis, at the rates of casino-rules.md (none ours): a given patti of three different digits
/// comes up 6 times in 1,000, two alike 3 in 1,000, three alike 1 in 1,000.
const SINGLE_PATTI_RATE_H: u32 = 14_000;
const DOUBLE_PATTI_RATE_H: u32 = 24_000;
const TRIPLE_PATTI_RATE_H: u32 = 70_000;

const DIGITS: u32 = 10;

const HOW_TO_PLAY: &[&str] = &[
    "Three cards are dealt, each from its own full deck of A to 10: A counts 1, 2 to 9 their value, 10 counts 0.",
    "The patti is the three digits in order (smallest first, 0 counting as 10, e.g. 1 2 0); the single is the last digit of their sum (1 + 2 + 0 = 3).",
    "Single: back the digit the sum ends in. Patti: pick three digits on the pad. Single Patti takes three different digits, Double Patti two alike, Triple Patti three alike; it wins when the dealt patti is the one picked.",
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Patti {
    Single,
    Double,
    Triple,
}

const PATTIS: [Patti; 3] = [Patti::Single, Patti::Double, Patti::Triple];
const FIRST_PATTI_SID: u32 = DIGITS + 1;

impl Patti {
    fn of_sid(sid: u32) -> Option<Patti> {
        PATTIS.get(usize::try_from(sid.checked_sub(FIRST_PATTI_SID)?).ok()?).copied()
    }

    fn name(self) -> &'static str {
        match self {
            Patti::Single => "Single Patti",
            Patti::Double => "Double Patti",
            Patti::Triple => "Triple Patti",
        }
    }

    fn rate_h(self) -> u32 {
        match self {
            Patti::Single => SINGLE_PATTI_RATE_H,
            Patti::Double => DOUBLE_PATTI_RATE_H,
            Patti::Triple => TRIPLE_PATTI_RATE_H,
        }
    }

    /// The chance of one given patti of this kind: its orderings of three independent digits.
    fn chance(self) -> f64 {
        let orderings = match self {
            Patti::Single => 6.0,
            Patti::Double => 3.0,
            Patti::Triple => 1.0,
        };
        orderings / 1_000.0
    }

    /// The kind three digits make.
    fn of_digits(digits: &[u8; 3]) -> Patti {
        let alike = usize::from(digits[0] == digits[1]) + usize::from(digits[1] == digits[2]) + usize::from(digits[0] == digits[2]);
        match alike {
            0 => Patti::Single,
            3 => Patti::Triple,
            _ => Patti::Double,
        }
    }
}

/// A card's digit: A is 1, 10 is 0.
fn digit(rank: u8) -> u8 {
    rank % 10
}

/// The digits in the game's order: ascending, 0 counting as 10.
fn patti_order(mut digits: [u8; 3]) -> [u8; 3] {
    digits.sort_by_key(|&d| if d == 0 { 10 } else { d });
    digits
}

fn patti_text(digits: &[u8; 3]) -> String {
    digits.iter().map(u8::to_string).collect()
}

fn digit_choices() -> Vec<String> {
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 0].iter().map(u8::to_string).collect()
}

fn market(sid: u32) -> Market {
    match Patti::of_sid(sid) {
        None => Market::back(format!("Single {}", sid - 1), "single", "Single", SINGLE_RATE_H, 1.0 / f64::from(DIGITS)).ours(),
        Some(patti) => {
            let slots = (1..=3).map(|n| (format!("Digit {n}"), digit_choices())).collect();
            Market::back(patti.name(), "patti", patti.name(), patti.rate_h(), patti.chance()).picked(slots, false)
        }
    }
}

/// The dealt patti, if three cards were dealt.
fn dealt_patti(deal: &Deal) -> Option<[u8; 3]> {
    let cards = deal.cards(0);
    let digits: [u8; 3] = [digit(cards.first()?.rank), digit(cards.get(1)?.rank), digit(cards.get(2)?.rank)];
    Some(patti_order(digits))
}

fn sids() -> std::ops::RangeInclusive<u32> {
    1..=DIGITS + 3
}

impl Table for Worli {
    fn gtype(&self) -> &'static str {
        "worli"
    }

    fn name(&self) -> &'static str {
        "Worli Matka"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Patti"]
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 10, 1)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        for _ in 0..3 {
            deal.give(0, Face::Card(shoe.card_from_fresh()));
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(sids().map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let Some(patti) = dealt_patti(deal) else { return Verdict::void(sids().count()) };
        let single = patti.iter().map(|&d| u32::from(d)).sum::<u32>() % DIGITS;
        let outcome = |sid: u32| match Patti::of_sid(sid) {
            Some(_) => ItemOutcome::Push,
            None if sid - 1 == single => ItemOutcome::Win,
            None => ItemOutcome::Lose,
        };
        let text = patti_text(&patti);
        Verdict {
            win: single.to_string(),
            winner: format!("Patti {text} · Single {single}"),
            rdesc: format!("Patti {text} · Single {single} | {} {text} | Single {single}", Patti::of_digits(&patti).name()),
            outcomes: sids().map(outcome).collect(),
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }

    fn pick(&self, sid: u32, choices: &[String]) -> Result<Pick, String> {
        let kind = Patti::of_sid(sid).ok_or("This item takes no pick")?;
        let digits: Vec<u8> = choices.iter().map(|c| c.trim().parse::<u8>().ok().filter(|d| *d < 10)).collect::<Option<_>>().ok_or("pick: three digits 0 to 9")?;
        let digits: [u8; 3] = digits.try_into().map_err(|_| "pick: three digits 0 to 9")?;
        let patti = patti_order(digits);
        if Patti::of_digits(&patti) != kind {
            let wanted = match kind {
                Patti::Single => "three different digits",
                Patti::Double => "two digits alike and one different",
                Patti::Triple => "three digits alike",
            };
            return Err(format!("pick: {} takes {wanted}", kind.name()));
        }
        let text = patti_text(&patti);
        Ok(Pick {
            code: text.parse().unwrap_or(0),
            choices: patti.iter().map(u8::to_string).collect(),
            nat: format!("{} {text}", kind.name()),
            rate: Price(kind.rate_h()),
            chances: vec![(ItemOutcome::Win, kind.chance())],
        })
    }

    fn unpick(&self, sid: u32, code: u32) -> Option<Pick> {
        let digits = [code / 100, code / 10 % 10, code % 10].map(|d| d.to_string());
        self.pick(sid, &digits).ok().filter(|pick| pick.code == code)
    }

    fn judge(&self, deal: &Deal, _sid: u32, pick: &Pick) -> ItemOutcome {
        match dealt_patti(deal) {
            Some(patti) if patti.iter().map(u8::to_string).eq(pick.choices.iter().cloned()) => ItemOutcome::Win,
            Some(_) => ItemOutcome::Lose,
            None => ItemOutcome::Push,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::casino::cards::{Card, Suit};

    fn deal(ranks: [u8; 3]) -> Deal {
        let mut deal = Deal::default();
        for rank in ranks {
            deal.give(0, Face::Card(Card::new(rank, Suit::Hearts)));
        }
        deal
    }

    fn pick(sid: u32, digits: &str) -> Result<Pick, String> {
        Worli.pick(sid, &digits.chars().map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn a_patti_reads_in_the_games_order_and_its_sum_makes_the_single() {
        // 10, 2, A: digits 0, 2, 1 -> patti 1 2 0, single 3.
        let verdict = Worli.settle(&deal([10, 2, 1]));
        assert_eq!(verdict.win, "3");
        assert_eq!(verdict.outcomes[3], ItemOutcome::Win, "Single 3");
        assert_eq!(verdict.outcomes.iter().filter(|o| **o == ItemOutcome::Win).count(), 1);
        let single_patti = pick(11, "210").expect("three different digits");
        assert_eq!(single_patti.nat, "Single Patti 120");
        assert_eq!(Worli.judge(&deal([10, 2, 1]), 11, &single_patti), ItemOutcome::Win);
        assert_eq!(Worli.judge(&deal([10, 2, 3]), 11, &single_patti), ItemOutcome::Lose);
    }

    #[test]
    fn each_patti_item_takes_only_its_kind_and_its_code_reads_back() {
        assert!(pick(11, "112").is_err(), "two alike is a double patti");
        assert!(pick(12, "123").is_err());
        assert!(pick(13, "121").is_err());
        assert!(pick(13, "12").is_err(), "three digits");
        assert!(pick(1, "123").is_err(), "a single is no pick");
        let double = pick(12, "010").expect("two alike");
        assert_eq!(double.choices, ["1", "0", "0"]);
        assert_eq!(Worli.unpick(12, double.code), Some(double.clone()));
        assert_eq!(Worli.judge(&deal([10, 1, 10]), 12, &double), ItemOutcome::Win);
        let triple = pick(13, "000").expect("three alike");
        assert_eq!(Worli.unpick(13, triple.code), Some(triple));
    }
}
