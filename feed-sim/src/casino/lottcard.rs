//! Lottery: three cards A–10, each from its own full deck of 40, make the drawn number (A is 1,
//! 10 is 0): hundreds, tens, units, each digit independent and uniform. Players pick the units
//! (Single), the last two digits (Double) or the whole number (Triple).

use super::cards::{cards, Shoe};
use super::{Deal, Face, Market, Pick, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::sports::Price;

pub struct Lottery;

/// Rates (ours), hundredths: a pick of n digits comes up 1 in 10^n; each keeps 5 %.
const RATES_H: [u32; 3] = [950, 9_500, 95_000];
const NAMES: [&str; 3] = ["Single", "Double", "Triple"];
const POSITIONS: [&str; 3] = ["Hundreds", "Tens", "Units"];

const HOW_TO_PLAY: &[&str] = &[
    "Three cards are dealt, each from its own full deck of A to 10 (A counts 1, 10 counts 0): they make the drawn number, hundreds first.",
    "Single: pick the units digit. Double: pick the tens and units. Triple: pick the whole number.",
    "Build a ticket of picks with their stakes, then place it; Repeat places the last ticket again, Remove takes one pick off, Clear empties it.",
];

fn digits(sid: u32) -> Option<usize> {
    usize::try_from(sid).ok().filter(|n| (1..=3).contains(n))
}

fn digit_choices() -> Vec<String> {
    (0..10).map(|d: u8| d.to_string()).collect()
}

fn market(sid: u32) -> Market {
    let n = digits(sid).expect("sids 1 to 3");
    let chance = 10f64.powi(-i32::try_from(n).unwrap_or(3));
    let slots = POSITIONS[3 - n..].iter().map(|&position| (position.to_owned(), digit_choices())).collect();
    let market = Market::back(NAMES[n - 1], "lottery", NAMES[n - 1], RATES_H[n - 1], chance).ours().picked(slots, false);
    Market { sid, ..market }
}

/// The drawn number's digits, hundreds first.
fn drawn(deal: &Deal) -> Option<[u8; 3]> {
    let cards = deal.cards(0);
    Some([cards.first()?.rank % 10, cards.get(1)?.rank % 10, cards.get(2)?.rank % 10])
}

impl Table for Lottery {
    fn gtype(&self) -> &'static str {
        "lottcard"
    }

    fn name(&self) -> &'static str {
        "Lottery"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Number"]
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
        (1..=3).map(market).collect()
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let Some(number) = drawn(deal) else { return Verdict::void(3) };
        let text: String = number.iter().map(u8::to_string).collect();
        Verdict { win: text.clone(), winner: format!("Number {text}"), rdesc: format!("Number {text}"), outcomes: vec![ItemOutcome::Push; 3] }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }

    fn pick(&self, sid: u32, choices: &[String]) -> Result<Pick, String> {
        let n = digits(sid).ok_or("This item takes no pick")?;
        let picked: Vec<u8> = choices.iter().map(|c| c.trim().parse::<u8>().ok().filter(|d| *d < 10)).collect::<Option<_>>().ok_or("pick: digits 0 to 9")?;
        if picked.len() != n {
            return Err(format!("pick: {} takes {n} digit{}", NAMES[n - 1], if n == 1 { "" } else { "s" }));
        }
        let text: String = picked.iter().map(u8::to_string).collect();
        let market = market(sid);
        Ok(Pick {
            code: text.parse().unwrap_or(0),
            choices: picked.iter().map(u8::to_string).collect(),
            nat: format!("{} {text}", market.nat),
            rate: Price(RATES_H[n - 1]),
            chances: market.chances,
        })
    }

    fn unpick(&self, sid: u32, code: u32) -> Option<Pick> {
        let n = digits(sid)?;
        let text = format!("{code:0n$}");
        self.pick(sid, &text.chars().map(String::from).collect::<Vec<_>>()).ok().filter(|pick| pick.code == code)
    }

    fn judge(&self, deal: &Deal, _sid: u32, pick: &Pick) -> ItemOutcome {
        let Some(number) = drawn(deal) else { return ItemOutcome::Push };
        let tail = number[3 - pick.choices.len()..].iter().map(u8::to_string);
        if tail.eq(pick.choices.iter().cloned()) {
            ItemOutcome::Win
        } else {
            ItemOutcome::Lose
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
            deal.give(0, Face::Card(Card::new(rank, Suit::Clubs)));
        }
        deal
    }

    fn pick(sid: u32, digits: &str) -> Pick {
        Lottery.pick(sid, &digits.chars().map(String::from).collect::<Vec<_>>()).expect("a valid pick")
    }

    #[test]
    fn single_double_and_triple_match_the_end_of_the_drawn_number() {
        let drawn = deal([4, 10, 7]); // 407
        assert_eq!(Lottery.settle(&drawn).win, "407");
        assert_eq!(Lottery.judge(&drawn, 1, &pick(1, "7")), ItemOutcome::Win);
        assert_eq!(Lottery.judge(&drawn, 1, &pick(1, "4")), ItemOutcome::Lose);
        assert_eq!(Lottery.judge(&drawn, 2, &pick(2, "07")), ItemOutcome::Win);
        assert_eq!(Lottery.judge(&drawn, 2, &pick(2, "70")), ItemOutcome::Lose);
        assert_eq!(Lottery.judge(&drawn, 3, &pick(3, "407")), ItemOutcome::Win);
        assert_eq!(Lottery.judge(&drawn, 3, &pick(3, "417")), ItemOutcome::Lose);
    }

    #[test]
    fn a_pick_has_its_items_number_of_digits_and_reads_back_from_its_code() {
        let choices = |s: &str| s.chars().map(String::from).collect::<Vec<_>>();
        assert!(Lottery.pick(2, &choices("7")).is_err());
        assert!(Lottery.pick(1, &choices("x")).is_err());
        assert!(Lottery.pick(4, &choices("1234")).is_err());
        let double = pick(2, "05");
        assert_eq!(double.nat, "Double 05");
        assert_eq!(Lottery.unpick(2, double.code), Some(double));
        assert_eq!(Lottery.unpick(3, 7).map(|p| p.nat), Some("Triple 007".to_owned()));
        assert_eq!(Lottery.unpick(1, 12), None);
    }
}
