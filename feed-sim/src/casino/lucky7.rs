//! Lucky 7: one card from eight decks. LOW is A–6, HIGH is 8–K; a 7 makes LOW and HIGH lose half.

use super::cards::{cards, Card, Shoe};
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;

pub struct Lucky7;

/// Rates of casino-rules.md, none ours.
const LOW_HIGH_RATE_H: u32 = 200;
const EVEN_RATE_H: u32 = 212;
const ODD_RATE_H: u32 = 183;
const COLOUR_RATE_H: u32 = 197;
const RANK_RATE_H: u32 = 1_200;

const DECKS: u8 = 8;
const RANK_CHANCE: f64 = 1.0 / 13.0;

const HOW_TO_PLAY: &[&str] = &[
    "Eight decks, shuffled every round; one card is drawn.",
    "LOW wins on A to 6 and HIGH on 8 to K, each at 2.00. If the card is a 7, LOW and HIGH bets lose half the stake.",
    "Even (2, 4, 6, 8, 10, Q) 2.12; Odd (A, 3, 5, 7, 9, J, K) 1.83; Red 1.97; Black 1.97; any one rank (A … K) 12.00.",
];

/// What each market backs.
#[derive(Clone, Copy)]
enum Bet {
    Low,
    High,
    Even,
    Odd,
    Red,
    Black,
    Rank(u8),
}

fn bets() -> Vec<Bet> {
    let fixed = [Bet::Low, Bet::High, Bet::Even, Bet::Odd, Bet::Red, Bet::Black];
    fixed.into_iter().chain((1..=13).map(Bet::Rank)).collect()
}

fn market(bet: Bet) -> Market {
    let side = |nat: &str| {
        let chances = vec![(ItemOutcome::Win, 6.0 * RANK_CHANCE), (ItemOutcome::HalfLose, RANK_CHANCE)];
        Market::with(nat, "lowhigh", "Low / High", LOW_HIGH_RATE_H, chances)
    };
    match bet {
        Bet::Low => side("LOW Card"),
        Bet::High => side("HIGH Card"),
        Bet::Even => Market::back("Even", "oddeven", "Even", EVEN_RATE_H, 6.0 * RANK_CHANCE),
        Bet::Odd => Market::back("Odd", "oddeven", "Odd", ODD_RATE_H, 7.0 * RANK_CHANCE),
        Bet::Red => Market::back("Red", "colour", "Colour", COLOUR_RATE_H, 0.5),
        Bet::Black => Market::back("Black", "colour", "Colour", COLOUR_RATE_H, 0.5),
        Bet::Rank(rank) => Market::back(Card::rank_name(rank), "rank", "Single rank", RANK_RATE_H, RANK_CHANCE),
    }
}

fn outcome(bet: Bet, card: Card) -> ItemOutcome {
    let seven = card.rank == 7;
    let won = match bet {
        Bet::Low | Bet::High if seven => return ItemOutcome::HalfLose,
        Bet::Low => card.rank < 7,
        Bet::High => card.rank > 7,
        Bet::Even => card.rank.is_multiple_of(2),
        Bet::Odd => !card.rank.is_multiple_of(2),
        Bet::Red => card.is_red(),
        Bet::Black => !card.is_red(),
        Bet::Rank(rank) => card.rank == rank,
    };
    if won {
        ItemOutcome::Win
    } else {
        ItemOutcome::Lose
    }
}

impl Table for Lucky7 {
    fn gtype(&self) -> &'static str {
        "lucky7"
    }

    fn name(&self) -> &'static str {
        "Lucky 7"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Card"]
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 13, DECKS)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        deal.give(0, Face::Card(shoe.card()));
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(bets().into_iter().map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let Some(&card) = deal.cards(0).first() else { return Verdict::void(bets().len()) };
        let (win, winner) = match card.rank {
            1..=6 => ("L", "LOW Card"),
            7 => ("7", "Seven"),
            _ => ("H", "HIGH Card"),
        };
        let parity = if card.rank.is_multiple_of(2) { "Even" } else { "Odd" };
        let colour = if card.is_red() { "Red" } else { "Black" };
        Verdict {
            win: win.to_string(),
            winner: winner.to_string(),
            rdesc: format!("{winner} | {parity} | {colour} | {}", Card::rank_name(card.rank)),
            outcomes: bets().into_iter().map(|bet| outcome(bet, card)).collect(),
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }
}
