//! Baccarat: eight decks, standard drawing rules (natural 8 or 9 stands; player draws on 0–5;
//! banker by the standard table against the player's third card).

use super::cards::{cards, Card, Shoe};
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;

pub struct Baccarat;

/// Rates of casino-rules.md: Player 1:1; Banker 1:1 (1:0.5 on a win with 6); Tie 8:1; pairs 11:1.
const PLAYER_RATE_H: u32 = 200;
const BANKER_RATE_H: u32 = 200;
const TIE_RATE_H: u32 = 900;
const PAIR_RATE_H: u32 = 1_200;

/// Big (5 or 6 cards) and Small (4 cards): ours, about 4% under the fair rates.
const BIG_RATE_H: u32 = 155;
const SMALL_RATE_H: u32 = 253;

/// Chances of an eight-deck shoe, exact to double precision, from an enumeration of every
/// deal of up to six cards.
const PLAYER_WINS: f64 = 0.446_246_609_343_596_8;
const BANKER_WINS_WITH_6: f64 = 0.053_863_715_857_769_9;
const BANKER_WINS_OTHERWISE: f64 = 0.404_733_706_774_993_1;
const TIE: f64 = 0.095_155_968_023_640_2;
const FOUR_CARDS: f64 = 0.378_868_490_880_281_6;
/// A hand's first two cards share a rank: 31 of the other 415 cards match the first.
const PAIR: f64 = 31.0 / 415.0;

const DECKS: u8 = 8;
const PLAYER: usize = 0;
const BANKER: usize = 1;

const HOW_TO_PLAY: &[&str] = &[
    "Eight decks, shuffled every round. Cards go Player, Banker, Player, Banker. A counts 1, 2 to 9 their value, 10, J, Q, K count 0; a hand's total is the last digit of its sum.",
    "A natural (8 or 9 on either hand's first two cards) stands both hands. Otherwise the player draws a third card on 0–5 and stands on 6–7.",
    "If the player stood, the banker draws on 0–5. If the player drew, the banker draws on 0–2; on 3 unless the player's third card is 8; on 4 if it is 2–7; on 5 if it is 4–7; on 6 if it is 6–7; and stands on 7.",
    "The total closer to 9 wins. Player 1:1; Banker 1:1, but a banker win with 6 pays half (1:0.5); Tie 8:1, and on a tie Player and Banker stakes are returned.",
    "Player Pair / Banker Pair 11:1 when that hand's first two cards have the same rank. Big wins when 5 or 6 cards are dealt, Small when 4 are.",
];

/// A card's points.
fn points(card: Card) -> u8 {
    if card.rank >= 10 {
        0
    } else {
        card.rank
    }
}

fn total(hand: &[Card]) -> u8 {
    hand.iter().map(|&c| points(c)).sum::<u8>() % 10
}

/// Whether the banker draws on `banker` points, given the player's third card if any.
pub fn banker_draws(banker: u8, player_third: Option<Card>) -> bool {
    let Some(third) = player_third.map(points) else { return banker <= 5 };
    match banker {
        0..=2 => true,
        3 => third != 8,
        4 => (2..=7).contains(&third),
        5 => (4..=7).contains(&third),
        6 => (6..=7).contains(&third),
        _ => false,
    }
}

fn deal_hands(shoe: &mut Shoe) -> Deal {
    let mut deal = Deal::default();
    for hand in [PLAYER, BANKER, PLAYER, BANKER] {
        deal.give(hand, Face::Card(shoe.card()));
    }
    let (player, banker) = (total(&deal.cards(PLAYER)), total(&deal.cards(BANKER)));
    if player >= 8 || banker >= 8 {
        return deal;
    }
    let third = (player <= 5).then(|| shoe.card());
    if let Some(card) = third {
        deal.give(PLAYER, Face::Card(card));
    }
    if banker_draws(banker, third) {
        deal.give(BANKER, Face::Card(shoe.card()));
    }
    deal
}

fn market(n: usize) -> Option<Market> {
    let chances = |win: f64| vec![(ItemOutcome::Win, win), (ItemOutcome::Push, TIE)];
    let banker = vec![(ItemOutcome::Win, BANKER_WINS_OTHERWISE), (ItemOutcome::HalfWin, BANKER_WINS_WITH_6), (ItemOutcome::Push, TIE)];
    Some(match n {
        0 => Market::with("Player", "main", "Player", PLAYER_RATE_H, chances(PLAYER_WINS)),
        1 => Market::with("Banker", "main", "Banker", BANKER_RATE_H, banker),
        2 => Market::back("Tie", "main", "Tie", TIE_RATE_H, TIE),
        3 => Market::back("Player Pair", "pair", "Player Pair", PAIR_RATE_H, PAIR),
        4 => Market::back("Banker Pair", "pair", "Banker Pair", PAIR_RATE_H, PAIR),
        5 => Market::back("Big", "size", "Big", BIG_RATE_H, 1.0 - FOUR_CARDS).ours(),
        6 => Market::back("Small", "size", "Small", SMALL_RATE_H, FOUR_CARDS).ours(),
        _ => return None,
    })
}

fn win_if(won: bool) -> ItemOutcome {
    if won {
        ItemOutcome::Win
    } else {
        ItemOutcome::Lose
    }
}

fn outcomes(player: &[Card], banker: &[Card]) -> Vec<ItemOutcome> {
    let (p, b) = (total(player), total(banker));
    let side = |wins: bool| if p == b { ItemOutcome::Push } else { win_if(wins) };
    let banker_side = if b > p && b == 6 { ItemOutcome::HalfWin } else { side(b > p) };
    let pair = |hand: &[Card]| win_if(hand.len() >= 2 && hand[0].rank == hand[1].rank);
    let cards = player.len() + banker.len();
    vec![side(p > b), banker_side, win_if(p == b), pair(player), pair(banker), win_if(cards >= 5), win_if(cards == 4)]
}

impl Table for Baccarat {
    fn gtype(&self) -> &'static str {
        "baccarat"
    }

    fn name(&self) -> &'static str {
        "Baccarat"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Player", "Banker"]
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 13, DECKS)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        deal_hands(shoe)
    }

    fn markets(&self) -> Vec<Market> {
        numbered((0..).map_while(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let (player, banker) = (deal.cards(PLAYER), deal.cards(BANKER));
        let (p, b) = (total(&player), total(&banker));
        let (win, winner) = match p.cmp(&b) {
            std::cmp::Ordering::Greater => ("P", "Player"),
            std::cmp::Ordering::Less => ("B", "Banker"),
            std::cmp::Ordering::Equal => ("T", "Tie"),
        };
        Verdict {
            win: win.to_string(),
            winner: winner.to_string(),
            rdesc: format!("{winner} | Player total {p} | Banker total {b}"),
            outcomes: outcomes(&player, &banker),
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }
}
