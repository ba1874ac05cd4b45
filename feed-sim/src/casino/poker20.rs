//! Poker 20-20: one deck; Player A and Player B get two cards each (dealt A, B, A, B), then five
//! board cards; each plays the best five of the seven cards they can use, standard poker ranking
//! (A high, and low in A-2-3-4-5). The better hand wins; equal hands tie and return the Player A
//! and Player B stakes. Side bets pay on the winning hand's category.

use super::cards::{cards, Card, Shoe};
use super::limits::STAGE_PAUSE_MS;
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;

pub struct Poker20;

/// Player A and Player B (casino-rules.md: "around 1.98", ours).
const PLAYER_RATE_H: u32 = 198;
/// Faces showing when the dealing pauses: after the four hole cards (before the flop), after the
/// flop (before the turn) and after the turn (before the river).
const STAGE_BREAKS: [usize; 3] = [4, 7, 8];

/// The chance the two best hands are equal, estimated over 10,000,000 seeded deals
/// (`poker20::tests::estimate_chances`, run with `--ignored --nocapture`).
const TIE_CHANCE: f64 = TIE_PER_10M as f64 / 1e7;
const TIE_PER_10M: u32 = 408_396;

/// Side bets on the winning hand's category (ours): the chance, estimated over the same
/// 10,000,000 deals, and the rate, fair odds less about 3% rounded down to the hundredth.
const SIDE_BETS: [(Side, u32, u32); 6] = [
    (Side::PairOrLess, 4_306_524, 225),
    (Side::TwoPair, 3_140_829, 308),
    (Side::Trips, 718_346, 1_350),
    (Side::Straight, 801_542, 1_210),
    (Side::Flush, 525_107, 1_847),
    (Side::FullHouseOrBetter, 507_652, 1_910),
];

const HOW_TO_PLAY: &[&str] = &[
    "One deck, shuffled every round. Player A and Player B get two cards each (A, B, A, B), then the board is opened in stages, with a three-second countdown before each: the flop (three cards), the turn (one) and the river (one).",
    "Each player makes the best five-card hand of their two cards and the five on the board. Hands from high to low: straight flush, four of a kind, full house, flush, straight, three of a kind, two pair, pair, high card. A is high, and low in A-2-3-4-5.",
    "Player A and Player B pay 1.98; equal hands tie and return the stake.",
    "Winning hand bets pay on the category of the better hand (either player's): pair or less, two pair, three of a kind, straight, flush, full house or better.",
];

/// Hand categories, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    HighCard,
    Pair,
    TwoPair,
    Trips,
    Straight,
    Flush,
    FullHouse,
    Quads,
    StraightFlush,
}

impl Category {
    pub fn name(self) -> &'static str {
        match self {
            Category::HighCard => "High card",
            Category::Pair => "Pair",
            Category::TwoPair => "Two pair",
            Category::Trips => "Three of a kind",
            Category::Straight => "Straight",
            Category::Flush => "Flush",
            Category::FullHouse => "Full house",
            Category::Quads => "Four of a kind",
            Category::StraightFlush => "Straight flush",
        }
    }
}

/// A five-card hand's strength: its category, then its ranks in the order they compare.
pub type Strength = (Category, [u8; 5]);

/// Ace high: A=14, K=13 … 2=2.
fn high(card: Card) -> u8 {
    if card.rank == 1 {
        14
    } else {
        card.rank
    }
}

/// The strength of exactly five cards.
pub fn five(cards: [Card; 5]) -> Strength {
    let mut ranks: Vec<u8> = cards.iter().map(|c| high(*c)).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit == cards[0].suit);
    let distinct = {
        let mut d = ranks.clone();
        d.dedup();
        d.len() == 5
    };
    let straight_top = if distinct && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if ranks == [14, 5, 4, 3, 2] {
        Some(5)
    } else {
        None
    };
    if let Some(top) = straight_top {
        let category = if flush { Category::StraightFlush } else { Category::Straight };
        return (category, [top, 0, 0, 0, 0]);
    }
    // Ranks grouped by how often they appear, most often first, then highest first.
    let mut groups: Vec<(u8, u8)> = Vec::new();
    for rank in &ranks {
        match groups.iter_mut().find(|(r, _)| r == rank) {
            Some((_, n)) => *n += 1,
            None => groups.push((*rank, 1)),
        }
    }
    groups.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
    let mut order = [0u8; 5];
    for (slot, rank) in order.iter_mut().zip(groups.iter().flat_map(|(r, n)| std::iter::repeat_n(*r, usize::from(*n)))) {
        *slot = rank;
    }
    let category = match (groups[0].1, groups.get(1).map_or(0, |g| g.1)) {
        (4, _) => Category::Quads,
        (3, 2) => Category::FullHouse,
        _ if flush => Category::Flush,
        (3, _) => Category::Trips,
        (2, 2) => Category::TwoPair,
        (2, _) => Category::Pair,
        _ => Category::HighCard,
    };
    (category, order)
}

/// The best five of seven cards.
pub fn best(seven: [Card; 7]) -> Strength {
    let mut best: Option<Strength> = None;
    for skip_a in 0..7 {
        for skip_b in skip_a + 1..7 {
            let mut hand = [seven[0]; 5];
            let mut at = 0;
            for (i, card) in seven.iter().enumerate() {
                if i != skip_a && i != skip_b {
                    hand[at] = *card;
                    at += 1;
                }
            }
            let strength = five(hand);
            if best.is_none_or(|b| strength > b) {
                best = Some(strength);
            }
        }
    }
    best.unwrap_or((Category::HighCard, [0; 5]))
}

/// The side bets' groups of the winning category.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    PairOrLess,
    TwoPair,
    Trips,
    Straight,
    Flush,
    FullHouseOrBetter,
}

impl Side {
    fn of(category: Category) -> Side {
        match category {
            Category::HighCard | Category::Pair => Side::PairOrLess,
            Category::TwoPair => Side::TwoPair,
            Category::Trips => Side::Trips,
            Category::Straight => Side::Straight,
            Category::Flush => Side::Flush,
            Category::FullHouse | Category::Quads | Category::StraightFlush => Side::FullHouseOrBetter,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Side::PairOrLess => "Pair or less",
            Side::TwoPair => "Two pair",
            Side::Trips => "Three of a kind",
            Side::Straight => "Straight",
            Side::Flush => "Flush",
            Side::FullHouseOrBetter => "Full house or better",
        }
    }
}

#[derive(Clone, Copy)]
enum Bet {
    PlayerA,
    PlayerB,
    Winning(Side),
}

fn bets() -> Vec<Bet> {
    [Bet::PlayerA, Bet::PlayerB].into_iter().chain(SIDE_BETS.iter().map(|(side, _, _)| Bet::Winning(*side))).collect()
}

fn market(bet: Bet) -> Market {
    let player = |nat: &str| {
        Market::with(nat, "main", "Player", PLAYER_RATE_H, vec![(ItemOutcome::Win, (1.0 - TIE_CHANCE) / 2.0), (ItemOutcome::Push, TIE_CHANCE)]).ours()
    };
    match bet {
        Bet::PlayerA => player("Player A"),
        Bet::PlayerB => player("Player B"),
        Bet::Winning(side) => {
            let (_, per_10m, rate) = SIDE_BETS.iter().find(|(s, _, _)| *s == side).copied().unwrap_or((side, 0, 100));
            Market::back(format!("Hand: {}", side.name()), "winninghand", "Winning hand", rate, f64::from(per_10m) / 1e7).ours()
        }
    }
}

/// Player A's and Player B's best hands from a full deal.
fn hands(deal: &Deal) -> Option<(Strength, Strength)> {
    let (a, b, board) = (deal.cards(0), deal.cards(1), deal.cards(2));
    if a.len() != 2 || b.len() != 2 || board.len() != 5 {
        return None;
    }
    let seven = |hole: &[Card]| [hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]];
    Some((best(seven(&a)), best(seven(&b))))
}

impl Table for Poker20 {
    fn gtype(&self) -> &'static str {
        "poker20"
    }

    fn name(&self) -> &'static str {
        "Poker 20-20"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Player A", "Player B", "Board"]
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 13, 1)
    }

    /// The hole cards, then a pause before the flop, the turn and the river.
    fn stage_pause_ms(&self, shown: usize) -> i64 {
        if STAGE_BREAKS.contains(&shown) {
            STAGE_PAUSE_MS
        } else {
            0
        }
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        for hand in [0, 1, 0, 1, 2, 2, 2, 2, 2] {
            deal.give(hand, Face::Card(shoe.card()));
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(bets().into_iter().map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let Some((a, b)) = hands(deal) else { return Verdict::void(bets().len()) };
        let (win, winner, top) = match a.cmp(&b) {
            std::cmp::Ordering::Greater => ("A", "Player A", a.0),
            std::cmp::Ordering::Less => ("B", "Player B", b.0),
            std::cmp::Ordering::Equal => ("T", "Tie", a.0),
        };
        let outcomes = bets()
            .into_iter()
            .map(|bet| match (bet, win) {
                (Bet::PlayerA | Bet::PlayerB, "T") => ItemOutcome::Push,
                (Bet::PlayerA, "A") | (Bet::PlayerB, "B") => ItemOutcome::Win,
                (Bet::Winning(side), _) if Side::of(top) == side => ItemOutcome::Win,
                _ => ItemOutcome::Lose,
            })
            .collect();
        Verdict {
            win: win.to_string(),
            winner: winner.to_string(),
            rdesc: format!("{winner} | {} | Player A: {} | Player B: {}", top.name(), a.0.name(), b.0.name()),
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

    fn hand<const N: usize>(texts: [&str; N]) -> [Card; N] {
        texts.map(|t| Card::parse(t).expect("a card"))
    }

    #[test]
    fn five_card_hands_rank_in_the_standard_order() {
        let order = [
            hand(["ASS", "KHH", "9CC", "7DD", "3SS"]),
            hand(["ASS", "AHH", "9CC", "7DD", "3SS"]),
            hand(["ASS", "AHH", "9CC", "9DD", "3SS"]),
            hand(["9SS", "9HH", "9CC", "7DD", "3SS"]),
            hand(["ASS", "2HH", "3CC", "4DD", "5SS"]),
            hand(["6SS", "7HH", "8CC", "9DD", "10SS"]),
            hand(["2HH", "7HH", "9HH", "JHH", "KHH"]),
            hand(["9SS", "9HH", "9CC", "3DD", "3SS"]),
            hand(["9SS", "9HH", "9CC", "9DD", "3SS"]),
            hand(["ASS", "2SS", "3SS", "4SS", "5SS"]),
            hand(["10HH", "JHH", "QHH", "KHH", "AHH"]),
        ];
        let strengths: Vec<Strength> = order.iter().map(|h| five(*h)).collect();
        assert!(strengths.windows(2).all(|w| w[0] < w[1]), "{strengths:?}");
        assert_eq!(five(order[4]).0, Category::Straight, "the wheel is a straight, five high");
    }

    #[test]
    fn the_best_five_of_seven_decide_and_equal_hands_tie() {
        // Board makes a straight for both: a tie.
        let board = ["5SS", "6HH", "7CC", "8DD", "9SS"];
        let faces: Vec<Face> = ["2HH", "2DD", "3HH", "3DD"].iter().chain(board.iter()).map(|t| Face::Card(Card::parse(t).expect("card"))).collect();
        let deal = Poker20.deal(&mut Shoe::stacked(&faces, cards(1, 13, 1)).expect("stacked"));
        let verdict = Poker20.settle(&deal);
        assert_eq!((verdict.win.as_str(), verdict.outcomes[0], verdict.outcomes[1]), ("T", ItemOutcome::Push, ItemOutcome::Push));
        assert_eq!(verdict.outcomes[2 + 3], ItemOutcome::Win, "the winning hand is a straight");
        // A's ten makes a higher straight.
        let faces: Vec<Face> = ["10HH", "2DD", "3HH", "3DD"].iter().chain(board.iter()).map(|t| Face::Card(Card::parse(t).expect("card"))).collect();
        let deal = Poker20.deal(&mut Shoe::stacked(&faces, cards(1, 13, 1)).expect("stacked"));
        assert_eq!(Poker20.settle(&deal).win, "A");
    }

    /// Prints the tie and side-bet frequencies over 10,000,000 deals (the constants above).
    #[test]
    #[ignore]
    fn estimate_chances() {
        let table = Poker20;
        let (mut ties, mut sides) = (0u32, [0u32; 6]);
        for seed in 1_000_000_000..1_010_000_000u64 {
            let deal = table.deal(&mut Shoe::shuffled(table.shoe(), seed));
            let (a, b) = hands(&deal).expect("a full deal");
            if a == b {
                ties += 1;
            }
            let side = Side::of(a.max(b).0);
            sides[SIDE_BETS.iter().position(|(s, _, _)| *s == side).expect("every side")] += 1;
        }
        println!("ties {ties}; sides {sides:?}");
    }
}
