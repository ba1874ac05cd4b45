//! Teen Patti 20-20: one deck, three cards each to Player A and Player B (dealt A, B, A, B, A, B).
//! The better hand wins; Pair Plus pays on a player's own hand whatever the other holds.

use super::cards::{cards, Card, Shoe};
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::sports::Price;

pub struct Teen20;

/// Player A and Player B back rate (casino-rules.md: 1.98, ours).
const PLAYER_RATE_H: u32 = 198;

/// Pair Plus decimal rates: pair 1:1, colour 4:1, sequence 6:1, trail 30:1, pure sequence 40:1,
/// the casinos' usual table (house edge 2.32%). The contract's 35:1 and 45:1 kept only 0.05%
/// (12 in 22,100 hands), below the 0.5% every market must keep.
const PAIR_PLUS: [(Category, u32); 5] =
    [(Category::Pair, 200), (Category::Colour, 500), (Category::Sequence, 700), (Category::Trail, 3_100), (Category::PureSequence, 4_100)];

/// The chance the two hands tie exactly (same category and ranks; suits never break a tie):
/// 450,528 of the 407,170,400 ordered pairs of disjoint hands, counted by enumeration.
const TIE_CHANCE: f64 = 450_528.0 / 407_170_400.0;

/// Three-card hands of one deck.
const HANDS: f64 = 22_100.0;

const CARDS_DEALT: usize = 6;
const _: () = assert!(CARDS_DEALT <= 52);

const HOW_TO_PLAY: &[&str] = &[
    "One 52-card deck, shuffled every round. Player A and Player B get three cards each, dealt A, B, A, B, A, B.",
    "Hands from high to low: pure sequence (straight flush), trail (three of a kind), sequence (straight), colour (flush), pair, high card. Cards rank A (high), K, Q … 2.",
    "Sequences from high to low: A-K-Q, A-2-3, K-Q-J, Q-J-10 … 2-3-4. Within a category the higher ranks win, compared from the top; a pair is compared by its pair, then its third card.",
    "Suits never break a tie: equal hands tie, and a tie returns the Player A and Player B stakes.",
    "Pair Plus A / Pair Plus B pay on that player's own hand: pair 1:1, colour 4:1, sequence 6:1, trail 30:1, pure sequence 40:1; high card loses.",
];

/// Hand categories, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    HighCard,
    Pair,
    Colour,
    Sequence,
    Trail,
    PureSequence,
}

impl Category {
    fn name(self) -> &'static str {
        match self {
            Category::HighCard => "High card",
            Category::Pair => "Pair",
            Category::Colour => "Colour",
            Category::Sequence => "Sequence",
            Category::Trail => "Trail",
            Category::PureSequence => "Pure sequence",
        }
    }

    /// How many of the 22,100 three-card hands fall in the category.
    fn hands(self) -> f64 {
        match self {
            Category::HighCard => 16_440.0,
            Category::Pair => 3_744.0,
            Category::Colour => 1_096.0,
            Category::Sequence => 720.0,
            Category::Trail => 52.0,
            Category::PureSequence => 48.0,
        }
    }
}

/// A hand's strength: its category, then ranks to compare from the top (ace 14).
pub type Strength = (Category, [u8; 3]);

pub fn strength(hand: &[Card]) -> Strength {
    let mut r = [0u8; 3];
    for (slot, card) in r.iter_mut().zip(hand) {
        *slot = if card.rank == 1 { 14 } else { card.rank };
    }
    r.sort_unstable_by(|a, b| b.cmp(a));
    let colour = hand.iter().all(|c| Some(c.suit) == hand.first().map(|f| f.suit));
    match (sequence(r), colour) {
        (Some(top), true) => (Category::PureSequence, [top, 0, 0]),
        _ if r[0] == r[2] => (Category::Trail, [r[0], 0, 0]),
        (Some(top), false) => (Category::Sequence, [top, 0, 0]),
        (None, true) => (Category::Colour, r),
        _ if r[0] == r[1] => (Category::Pair, [r[0], r[2], 0]),
        _ if r[1] == r[2] => (Category::Pair, [r[1], r[0], 0]),
        _ => (Category::HighCard, r),
    }
}

/// A sequence's value for comparison: A-K-Q 16, A-2-3 15, then the top card (K-Q-J 13 … 4).
fn sequence(r: [u8; 3]) -> Option<u8> {
    match r {
        [14, 13, 12] => Some(16),
        [14, 3, 2] => Some(15),
        [a, b, c] if a == b + 1 && b == c + 1 => Some(a),
        _ => None,
    }
}

fn pair_plus(category: Category) -> ItemOutcome {
    PAIR_PLUS.iter().find(|(c, _)| *c == category).map_or(ItemOutcome::Lose, |(_, rate)| ItemOutcome::Pays { rate: Price(*rate) })
}

fn player(nat: &str) -> Market {
    let win = (1.0 - TIE_CHANCE) / 2.0;
    Market::with(nat, "main", "Player", PLAYER_RATE_H, vec![(ItemOutcome::Win, win), (ItemOutcome::Push, TIE_CHANCE)]).ours()
}

fn pair_plus_market(nat: &str) -> Market {
    let chances = PAIR_PLUS.iter().map(|(c, rate)| (ItemOutcome::Pays { rate: Price(*rate) }, c.hands() / HANDS)).collect();
    Market::with(nat, "pairplus", "Pair Plus", PAIR_PLUS[0].1, chances)
}

impl Table for Teen20 {
    fn gtype(&self) -> &'static str {
        "teen20"
    }

    fn name(&self) -> &'static str {
        "Teen Patti 20-20"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Player A", "Player B"]
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 13, 1)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        for n in 0..CARDS_DEALT {
            deal.give(n % 2, Face::Card(shoe.card()));
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(vec![player("Player A"), player("Player B"), pair_plus_market("Pair Plus A"), pair_plus_market("Pair Plus B")])
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let (a, b) = (strength(&deal.cards(0)), strength(&deal.cards(1)));
        let (win, winner, a_out, b_out) = match a.cmp(&b) {
            std::cmp::Ordering::Greater => ("A", "Player A", ItemOutcome::Win, ItemOutcome::Lose),
            std::cmp::Ordering::Less => ("B", "Player B", ItemOutcome::Lose, ItemOutcome::Win),
            std::cmp::Ordering::Equal => ("T", "Tie", ItemOutcome::Push, ItemOutcome::Push),
        };
        Verdict {
            win: win.to_string(),
            winner: winner.to_string(),
            rdesc: format!("{winner} | Player A: {} | Player B: {}", a.0.name(), b.0.name()),
            outcomes: vec![a_out, b_out, pair_plus(a.0), pair_plus(b.0)],
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }
}
