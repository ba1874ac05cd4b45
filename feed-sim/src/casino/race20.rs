//! Race 20: the four kings race. 48 cards (A to Q of four suits, the kings set aside) are opened
//! one at a time; each card moves its suit's king one step, and the suit whose fifth card opens
//! first wins. Each king can be backed or laid; the total number of cards opened has its own
//! markets.

use super::cards::{cards, Card, Shoe, Suit};
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::sports::Price;
use std::sync::OnceLock;

pub struct Race20;

/// The kings, ours: by symmetry each wins with chance exactly 1/4; back 3.90 and lay 4.10 keep
/// 2.5% each way.
const KING_BACK_H: u32 = 390;
const KING_LAY_H: u32 = 410;
/// Steps to the finish: the fifth card of a suit wins.
const FINISH: usize = 5;
/// Total cards opened when the race ends (5 to 17), in three bands, and their rates (ours: fair
/// odds less about 3%, from the exact chances `cards_chances` computes).
const BANDS: [(&str, u8, u8, u32); 3] = [("Cards 5-11", 5, 11, 285), ("Cards 12-13", 12, 13, 323), ("Cards 14-17", 14, 17, 268)];

const HOW_TO_PLAY: &[&str] = &[
    "The four kings race. 48 cards (A to Q of the four suits; the kings are the runners) are shuffled and opened one at a time.",
    "Each card moves the king of its suit one step; the first king to reach five steps (the fifth card of its suit) wins.",
    "Back a king at 3.90 (wins if it wins) or lay it at 4.10 (wins if it does not).",
    "Cards bets pay on how many cards were opened when the race ended: 5-11 pays 2.85, 12-13 pays 3.23, 14-17 pays 2.68.",
];

#[derive(Clone, Copy)]
enum Bet {
    King(usize),
    Cards(usize),
}

fn bets() -> Vec<Bet> {
    (0..4).map(Bet::King).chain((0..BANDS.len()).map(Bet::Cards)).collect()
}

/// The chance the race ends after exactly `n` cards (index n), exactly: a walk over how many
/// cards of each suit are open, each next card drawn from what is left.
fn cards_chances() -> &'static [f64; 18] {
    static CHANCES: OnceLock<[f64; 18]> = OnceLock::new();
    CHANCES.get_or_init(|| {
        let mut ends = [0.0; 18];
        let mut states: Vec<([usize; 4], f64)> = vec![([0; 4], 1.0)];
        while !states.is_empty() {
            let mut next: Vec<([usize; 4], f64)> = Vec::new();
            for (open, chance) in states {
                let opened: usize = open.iter().sum();
                for suit in 0..4 {
                    let draw = chance * (12 - open[suit]) as f64 / (48 - opened) as f64;
                    if open[suit] + 1 == FINISH {
                        ends[opened + 1] += draw;
                        continue;
                    }
                    let mut after = open;
                    after[suit] += 1;
                    match next.iter_mut().find(|(o, _)| *o == after) {
                        Some((_, c)) => *c += draw,
                        None => next.push((after, draw)),
                    }
                }
            }
            states = next;
        }
        ends
    })
}

fn band_chance(low: u8, high: u8) -> f64 {
    cards_chances()[usize::from(low)..=usize::from(high)].iter().sum()
}

fn market(bet: Bet) -> Market {
    match bet {
        Bet::King(suit) => {
            let market = Market::back(format!("K {}", Suit::ALL[suit].name()), "main", "King", KING_BACK_H, 0.25).ours();
            Market { lay: Price(KING_LAY_H), ..market }
        }
        Bet::Cards(band) => {
            let (nat, low, high, rate) = BANDS[band];
            Market::back(nat, "cards", "Total cards", rate, band_chance(low, high)).ours()
        }
    }
}

fn suit_index(card: Card) -> usize {
    Suit::ALL.iter().position(|s| *s == card.suit).unwrap_or(0)
}

const RUNNERS: [&str; 4] = ["Spades", "Hearts", "Clubs", "Diamonds"];

impl Table for Race20 {
    fn gtype(&self) -> &'static str {
        "race20"
    }

    fn name(&self) -> &'static str {
        "Race 20"
    }

    /// Each suit's opened cards are its king's steps.
    fn hands(&self) -> &'static [&'static str] {
        &RUNNERS
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 12, 1)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        let mut steps = [0usize; 4];
        while steps.iter().all(|s| *s < FINISH) {
            let card = shoe.card();
            let suit = suit_index(card);
            steps[suit] += 1;
            deal.give(suit, Face::Card(card));
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(bets().into_iter().map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let Some(winner) = (0..4).find(|suit| deal.cards(*suit).len() >= FINISH) else { return Verdict::void(bets().len()) };
        let opened = deal.dealt.len();
        let outcomes = bets()
            .into_iter()
            .map(|bet| {
                let won = match bet {
                    Bet::King(suit) => suit == winner,
                    Bet::Cards(band) => (usize::from(BANDS[band].1)..=usize::from(BANDS[band].2)).contains(&opened),
                };
                if won {
                    ItemOutcome::Win
                } else {
                    ItemOutcome::Lose
                }
            })
            .collect();
        Verdict {
            win: Suit::ALL[winner].code()[..1].to_string(),
            winner: RUNNERS[winner].to_string(),
            rdesc: format!("{} | {opened} cards", RUNNERS[winner]),
            outcomes,
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_race_length_chances_are_a_distribution_from_5_to_17_cards() {
        let chances = cards_chances();
        assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(chances[..5].iter().sum::<f64>(), 0.0);
        // Five of one suit first: 4 × C(12,5)/C(48,5) × (5!/5!) ordered → 4 × 12·11·10·9·8 / (48·47·46·45·44).
        let five = 4.0 * (12.0 * 11.0 * 10.0 * 9.0 * 8.0) / (48.0 * 47.0 * 46.0 * 45.0 * 44.0);
        assert!((chances[5] - five).abs() < 1e-15, "{} vs {five}", chances[5]);
        assert!(chances[17] > 0.0);
    }

    #[test]
    fn the_first_suit_to_five_cards_wins() {
        let order = ["AHH", "2HH", "ASS", "3HH", "4HH", "2SS", "5HH"];
        let faces: Vec<Face> = order.iter().map(|t| Face::Card(Card::parse(t).expect("card"))).collect();
        let deal = Race20.deal(&mut Shoe::stacked(&faces, cards(1, 12, 1)).expect("stacked"));
        assert_eq!(deal.dealt.len(), 7);
        let verdict = Race20.settle(&deal);
        assert_eq!((verdict.win.as_str(), verdict.winner.as_str()), ("H", "Hearts"));
        let markets = Race20.markets();
        let of = |nat: &str| verdict.outcomes[markets.iter().position(|m| m.nat == nat).expect(nat)];
        assert_eq!(of("K Heart"), ItemOutcome::Win);
        assert_eq!(of("K Spade"), ItemOutcome::Lose);
        assert_eq!(of("Cards 5-11"), ItemOutcome::Win);
    }
}
