//! 32 Cards: a deck of 6 to K in four suits (6 … 13 points). Players 8, 9, 10 and 11 start from
//! those points and each add one card; the highest total wins, and players tied for the highest
//! get another card each until one is highest.

use super::cards::{cards, Shoe};
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::sports::Price;

pub struct Card32;

const START: [u8; 4] = [8, 9, 10, 11];
const NAMES: [&str; 4] = ["Player 8", "Player 9", "Player 10", "Player 11"];

/// Each player's chance to win, exact to double precision, from an enumeration of every deal
/// (ties re-dealt from the same deck).
const WIN_CHANCE: [f64; 4] = [0.078_327_771_598_071_6, 0.163_786_923_742_429_2, 0.293_023_112_099_864_4, 0.464_862_192_559_637_5];

/// Back and lay rates, ours: the fair rate 1/chance less 4% (back, rounded down) and plus 4%
/// (lay, rounded up), so backing and laying each keep about 4% for the house.
const RATES_H: [(u32, u32); 4] = [(1_225, 1_328), (586, 635), (327, 355), (206, 224)];

const DECK_CARDS: usize = 32;

const HOW_TO_PLAY: &[&str] = &[
    "A 32-card deck (6, 7, 8, 9, 10, J, Q, K of each suit), shuffled every round. Card points: 6 to 10 as shown, J 11, Q 12, K 13.",
    "Player 8, Player 9, Player 10 and Player 11 start from 8, 9, 10 and 11 points. Each is dealt one card, in that order, and adds its points; the highest total wins.",
    "Players tied for the highest total get another card each, in seat order, until one is highest. If the deck runs out first, the tied player whose last card has the higher suit (spades, hearts, clubs, diamonds) wins.",
    "Each player can be backed (wins if that player wins) or laid (wins if that player does not); the rates come from the players' true chances less a 4% margin.",
];

fn market(player: usize) -> Market {
    let (back, lay) = RATES_H[player];
    let market = Market::back(NAMES[player], "main", "Player", back, WIN_CHANCE[player]).ours();
    Market { lay: Price(lay), ..market }
}

/// Each player's total so far: starting points plus cards dealt.
fn totals(deal: &Deal) -> [u32; 4] {
    let mut totals = START.map(u32::from);
    for d in &deal.dealt {
        if let (Some(total), Some(card)) = (totals.get_mut(d.hand), d.face.card()) {
            *total += u32::from(card.rank);
        }
    }
    totals
}

/// The winner: the highest total; among players still tied (the deck ran out), the last card's
/// suit, then its rank (one deck: no two cards are alike).
fn winner(deal: &Deal) -> usize {
    let totals = totals(deal);
    let last = |p: usize| deal.cards(p).last().map_or((0, 0), |c| (c.suit.strength(), c.rank));
    (0..4).max_by_key(|&p| (totals[p], last(p))).unwrap_or(0)
}

impl Table for Card32 {
    fn gtype(&self) -> &'static str {
        "card32"
    }

    fn name(&self) -> &'static str {
        "32 Cards"
    }

    fn hands(&self) -> &'static [&'static str] {
        &NAMES
    }

    fn shoe(&self) -> Vec<Face> {
        cards(6, 13, 1)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        let mut contenders: Vec<usize> = (0..NAMES.len()).collect();
        // Every pass deals at least two cards, so the deck bounds the passes.
        for _ in 0..DECK_CARDS {
            if shoe.remaining() < contenders.len() {
                break;
            }
            for &p in &contenders {
                deal.give(p, Face::Card(shoe.card()));
            }
            let totals = totals(&deal);
            let best = contenders.iter().map(|&p| totals[p]).max().unwrap_or(0);
            contenders.retain(|&p| totals[p] == best);
            if contenders.len() == 1 {
                break;
            }
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered((0..NAMES.len()).map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let won = winner(deal);
        let totals = totals(deal);
        let scores: Vec<String> = (0..4).map(|p| format!("{}: {} points", NAMES[p], totals[p])).collect();
        Verdict {
            win: START[won].to_string(),
            winner: NAMES[won].to_string(),
            rdesc: format!("{} | {}", NAMES[won], scores.join(" | ")),
            outcomes: (0..4).map(|p| if p == won { ItemOutcome::Win } else { ItemOutcome::Lose }).collect(),
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }
}

/// Cards the first pass needs, against the deck.
const _: () = assert!(START.len() <= DECK_CARDS);
