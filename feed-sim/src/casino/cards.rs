//! Cards, roulette pockets, and the shoe they are dealt from.
//!
//! A shoe is shuffled lazily: each draw swaps a uniformly chosen card of the undealt part to the
//! front (Fisher–Yates, one step per card), so dealing six cards from eight decks costs six
//! random numbers, and the cards dealt are exactly those of a full shuffle with the same seed.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt;

/// Suits, strongest first where a game breaks ties by suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suit {
    Spades,
    Hearts,
    Clubs,
    Diamonds,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

    /// The suit code of card strings.
    pub fn code(self) -> &'static str {
        match self {
            Suit::Spades => "SS",
            Suit::Hearts => "HH",
            Suit::Clubs => "CC",
            Suit::Diamonds => "DD",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Spades => "Spade",
            Suit::Hearts => "Heart",
            Suit::Clubs => "Club",
            Suit::Diamonds => "Diamond",
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// Spades 4 > hearts 3 > clubs 2 > diamonds 1.
    pub fn strength(self) -> u8 {
        match self {
            Suit::Spades => 4,
            Suit::Hearts => 3,
            Suit::Clubs => 2,
            Suit::Diamonds => 1,
        }
    }

    fn from_letter(letter: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|s| s.code().starts_with(letter))
    }
}

/// A playing card: rank 1 (ace) to 13 (king).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    pub rank: u8,
    pub suit: Suit,
}

/// Rank names, index = rank.
const RANKS: [&str; 14] = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

impl Card {
    pub fn new(rank: u8, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// Reads a card string (`10HH`, `KS`, `ACC`): a rank, then one or two letters of a suit.
    pub fn parse(text: &str) -> Option<Card> {
        let split = text.find(['S', 'H', 'C', 'D'])?;
        let (rank, suit) = text.split_at(split);
        let rank = RANKS.iter().position(|r| !r.is_empty() && *r == rank)?;
        let letter = suit.chars().next()?;
        let suit_ok = suit.len() <= 2 && suit.chars().all(|c| c == letter);
        let rank = u8::try_from(rank).ok()?;
        suit_ok.then_some(Card::new(rank, Suit::from_letter(letter)?))
    }

    /// `A`, `2` … `10`, `J`, `Q`, `K`.
    pub fn rank_name(rank: u8) -> &'static str {
        RANKS.get(usize::from(rank)).copied().unwrap_or("")
    }

    pub fn is_red(self) -> bool {
        self.suit.is_red()
    }

    /// A rank in words: `Ace`, `2` … `10`, `Jack`, `Queen`, `King`.
    pub fn rank_words(rank: u8) -> &'static str {
        match rank {
            1 => "Ace",
            11 => "Jack",
            12 => "Queen",
            13 => "King",
            other => Card::rank_name(other),
        }
    }

    /// The card in words, as a result names it: `King of Clubs`, `10 of Hearts`.
    pub fn words(self) -> String {
        format!("{} of {}s", Card::rank_words(self.rank), self.suit.name())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", Card::rank_name(self.rank), self.suit.code())
    }
}

/// What a table deals: a card, a roulette pocket, or a die's face (1 to 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Face {
    Card(Card),
    Pocket(u8),
    Die(u8),
}

impl Face {
    pub fn card(self) -> Option<Card> {
        match self {
            Face::Card(card) => Some(card),
            Face::Pocket(_) | Face::Die(_) => None,
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Face::Card(card) => card.fmt(f),
            Face::Pocket(n) | Face::Die(n) => write!(f, "{n}"),
        }
    }
}

/// `decks` full decks of the ranks `low..=high` in every suit, in order.
pub fn cards(low: u8, high: u8, decks: u8) -> Vec<Face> {
    let one = Suit::ALL.into_iter().flat_map(|suit| (low..=high).map(move |rank| Face::Card(Card::new(rank, suit))));
    let one: Vec<Face> = one.collect();
    (0..decks).flat_map(|_| one.iter().copied()).collect()
}

/// The faces a round is dealt from, drawn one at a time.
pub struct Shoe {
    faces: Vec<Face>,
    /// Faces before this index are dealt.
    next: usize,
    /// Faces before this index were placed by hand and are dealt in order, unshuffled.
    fixed: usize,
    rng: StdRng,
}

impl Shoe {
    /// The faces shuffled by `seed`.
    pub fn shuffled(faces: Vec<Face>, seed: u64) -> Shoe {
        Shoe { faces, next: 0, fixed: 0, rng: StdRng::seed_from_u64(seed) }
    }

    /// A shoe whose first draws are `top`, in order, followed by the rest of `faces` shuffled
    /// (seed 0). Each face of `top` is taken out of `faces`, so the shoe's make-up is
    /// unchanged; `None` if `faces` does not hold them all.
    pub fn stacked(top: &[Face], mut faces: Vec<Face>) -> Option<Shoe> {
        for (at, face) in top.iter().enumerate() {
            let found = faces.iter().skip(at).position(|f| f == face)? + at;
            faces.swap(at, found);
        }
        Some(Shoe { faces, next: 0, fixed: top.len(), rng: StdRng::seed_from_u64(0) })
    }

    pub fn remaining(&self) -> usize {
        self.faces.len() - self.next
    }

    pub fn draw(&mut self) -> Option<Face> {
        if self.next >= self.faces.len() {
            return None;
        }
        if self.next >= self.fixed {
            let pick = self.rng.gen_range(self.next..self.faces.len());
            self.faces.swap(self.next, pick);
        }
        self.next += 1;
        Some(self.faces[self.next - 1])
    }

    /// A card of the full shoe, put back after it is drawn: each such draw is as if from a fresh
    /// shoe, independent of the others (a table that deals every card from its own deck).
    /// Stacked faces still come first, in order.
    pub fn card_from_fresh(&mut self) -> Card {
        let face = if self.next < self.fixed {
            self.next += 1;
            self.faces[self.next - 1]
        } else {
            self.faces[self.rng.gen_range(0..self.faces.len())]
        };
        face.card().expect("a table dealing from fresh decks has a shoe of cards")
    }

    /// The next card, for a table that draws fewer cards than its shoe holds, from a shoe of
    /// cards only (both checked where the table is defined).
    pub fn card(&mut self) -> Card {
        self.draw().and_then(Face::card).expect("a card table draws fewer cards than its shoe of cards holds")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_strings_read_back_as_written() {
        for face in cards(1, 13, 1) {
            let text = face.to_string();
            assert_eq!(Card::parse(&text).map(Face::Card), Some(face), "{text}");
        }
        assert_eq!(Card::parse("10HH"), Some(Card::new(10, Suit::Hearts)));
        assert_eq!(Card::parse("KS"), Some(Card::new(13, Suit::Spades)));
        for bad in ["", "1HH", "11SS", "KX", "KSH", "KSSS", "HH"] {
            assert_eq!(Card::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_shoe_deals_every_face_once() {
        let mut shoe = Shoe::shuffled(cards(1, 13, 2), 7);
        let mut dealt: Vec<String> = std::iter::from_fn(|| shoe.draw()).map(|f| f.to_string()).collect();
        dealt.sort();
        let mut all: Vec<String> = cards(1, 13, 2).iter().map(|f| f.to_string()).collect();
        all.sort();
        assert_eq!(dealt, all);
    }

    #[test]
    fn a_stacked_shoe_deals_its_top_first_and_keeps_its_make_up() {
        let top = [Face::Card(Card::new(1, Suit::Clubs)), Face::Card(Card::new(13, Suit::Spades))];
        let mut shoe = Shoe::stacked(&top, cards(1, 13, 1)).expect("both cards are in a deck");
        assert_eq!(shoe.draw(), Some(top[0]));
        assert_eq!(shoe.draw(), Some(top[1]));
        assert_eq!(std::iter::from_fn(|| shoe.draw()).count(), 50);
        assert!(Shoe::stacked(&[top[0], top[0]], cards(1, 13, 1)).is_none(), "one deck has one ace of clubs");
    }
}
