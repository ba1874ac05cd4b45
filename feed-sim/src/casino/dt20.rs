//! Dragon Tiger 20-20: eight decks, one card to Dragon, one to Tiger; A=1 … K=13, higher wins.

use super::cards::{cards, Card, Shoe, Suit};
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;

pub struct Dt20;

/// Main rates of casino-rules.md: Dragon 1:1, Tiger 1:1, Tie 50:1, Pair 11:1.
const SIDE_RATE_H: u32 = 200;
const TIE_RATE_H: u32 = 5_100;
const PAIR_RATE_H: u32 = 1_200;

/// Side market rates, ours: fair odds less about 3% (each card is A … K with chance 1/13, red
/// with chance 1/2, of a suit with chance 1/4).
const EVEN_RATE_H: u32 = 210;
const ODD_RATE_H: u32 = 180;
const COLOUR_RATE_H: u32 = 194;
const SUIT_RATE_H: u32 = 385;
const RANK_RATE_H: u32 = 1_250;

const DECKS: u8 = 8;
/// With 416 cards (32 of each rank, 8 of each card), Tiger's card matches Dragon's rank with
/// chance 31/415 and matches the very card (rank and suit) with chance 7/415.
const SAME_RANK: f64 = 31.0 / 415.0;
const SAME_CARD: f64 = 7.0 / 415.0;
const RANK_CHANCE: f64 = 1.0 / 13.0;

const HOW_TO_PLAY: &[&str] = &[
    "Eight decks, shuffled every round. One card to Dragon, then one to Tiger. A=1 … K=13; the higher card wins.",
    "Dragon 1:1, Tiger 1:1. When both cards are the same rank, Dragon and Tiger bets lose.",
    "Tie 50:1 pays when both cards are the same rank and the same suit (possible with eight decks); Pair 11:1 pays when both cards are the same rank.",
    "Each side has its own Even (2, 4, 6, 8, 10, Q) / Odd (A, 3, 5, 7, 9, J, K), Red / Black, suit and rank markets, settled on that side's card.",
];

#[derive(Clone, Copy)]
enum Bet {
    Dragon,
    Tiger,
    Tie,
    Pair,
    Even(usize),
    Odd(usize),
    Red(usize),
    Black(usize),
    Suit(usize, Suit),
    Rank(usize, u8),
}

const SIDES: [&str; 2] = ["Dragon", "Tiger"];

fn bets() -> Vec<Bet> {
    let side = |s: usize| {
        let fixed = [Bet::Even(s), Bet::Odd(s), Bet::Red(s), Bet::Black(s)];
        let suits = Suit::ALL.into_iter().map(move |suit| Bet::Suit(s, suit));
        fixed.into_iter().chain(suits).chain((1..=13).map(move |r| Bet::Rank(s, r)))
    };
    [Bet::Dragon, Bet::Tiger, Bet::Tie, Bet::Pair].into_iter().chain(side(0)).chain(side(1)).collect()
}

fn market(bet: Bet) -> Market {
    let main_win = (1.0 - SAME_RANK) / 2.0;
    match bet {
        Bet::Dragon => Market::back("Dragon", "main", "Dragon", SIDE_RATE_H, main_win),
        Bet::Tiger => Market::back("Tiger", "main", "Tiger", SIDE_RATE_H, main_win),
        Bet::Tie => Market::back("Tie", "main", "Tie", TIE_RATE_H, SAME_CARD),
        Bet::Pair => Market::back("Pair", "main", "Pair", PAIR_RATE_H, SAME_RANK),
        Bet::Even(s) => Market::back(format!("{} Even", SIDES[s]), "oddeven", "Even", EVEN_RATE_H, 6.0 * RANK_CHANCE).ours(),
        Bet::Odd(s) => Market::back(format!("{} Odd", SIDES[s]), "oddeven", "Odd", ODD_RATE_H, 7.0 * RANK_CHANCE).ours(),
        Bet::Red(s) => Market::back(format!("{} Red", SIDES[s]), "colour", "Red", COLOUR_RATE_H, 0.5).ours(),
        Bet::Black(s) => Market::back(format!("{} Black", SIDES[s]), "colour", "Black", COLOUR_RATE_H, 0.5).ours(),
        Bet::Suit(s, suit) => Market::back(format!("{} {}", SIDES[s], suit.name()), "suit", "Suit", SUIT_RATE_H, 0.25).ours(),
        Bet::Rank(s, rank) => Market::back(format!("{} {}", SIDES[s], Card::rank_name(rank)), "rank", "Rank", RANK_RATE_H, RANK_CHANCE).ours(),
    }
}

fn outcome(bet: Bet, cards: [Card; 2]) -> ItemOutcome {
    let [dragon, tiger] = cards;
    let won = match bet {
        Bet::Dragon => dragon.rank > tiger.rank,
        Bet::Tiger => tiger.rank > dragon.rank,
        Bet::Tie => dragon == tiger,
        Bet::Pair => dragon.rank == tiger.rank,
        Bet::Even(s) => cards[s].rank.is_multiple_of(2),
        Bet::Odd(s) => !cards[s].rank.is_multiple_of(2),
        Bet::Red(s) => cards[s].is_red(),
        Bet::Black(s) => !cards[s].is_red(),
        Bet::Suit(s, suit) => cards[s].suit == suit,
        Bet::Rank(s, rank) => cards[s].rank == rank,
    };
    if won {
        ItemOutcome::Win
    } else {
        ItemOutcome::Lose
    }
}

impl Table for Dt20 {
    fn gtype(&self) -> &'static str {
        "dt20"
    }

    fn name(&self) -> &'static str {
        "Dragon Tiger 20-20"
    }

    fn hands(&self) -> &'static [&'static str] {
        &SIDES
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 13, DECKS)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        deal.give(0, Face::Card(shoe.card()));
        deal.give(1, Face::Card(shoe.card()));
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(bets().into_iter().map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let (Some(&dragon), Some(&tiger)) = (deal.cards(0).first(), deal.cards(1).first()) else { return Verdict::void(bets().len()) };
        let (win, winner) = match dragon.rank.cmp(&tiger.rank) {
            std::cmp::Ordering::Greater => ("D", "Dragon"),
            std::cmp::Ordering::Less => ("T", "Tiger"),
            // Same rank: Dragon and Tiger lose; the Tie bet wins only on the same suit too.
            std::cmp::Ordering::Equal if dragon == tiger => ("TIE", "Tie (same card): Tie and Pair win"),
            std::cmp::Ordering::Equal => ("P", "Pair (same rank, not the same suit): Pair wins, Tie loses"),
        };
        Verdict {
            win: win.to_string(),
            winner: winner.to_string(),
            rdesc: format!("{winner} | Dragon {} | Tiger {}", dragon.words(), tiger.words()),
            outcomes: bets().into_iter().map(|bet| outcome(bet, [dragon, tiger])).collect(),
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }
}
