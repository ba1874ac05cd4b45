//! Casino War: one deck; six players and the dealer get one card each; A=1 … K=13, and a player
//! beats the dealer with a higher rank, equal ranks decided by suit (spades > hearts > clubs >
//! diamonds), so every player either wins or loses.

use super::cards::{cards, Card, Shoe, Suit};
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;

pub struct War;

/// Rates, all ours (casino-rules.md: "around 1.98"), fair odds less 0.8% to 1.3%. Seven
/// distinct cards of one deck: a player's card beats the dealer's with chance exactly 1/2; it is
/// black with chance 1/2, odd (A, 3, 5, 7, 9, J, K) with chance 7/13, of a suit with chance 1/4.
const WINNER_RATE_H: u32 = 198;
const COLOUR_RATE_H: u32 = 198;
const ODD_RATE_H: u32 = 184;
const EVEN_RATE_H: u32 = 215;
const SUIT_RATE_H: u32 = 395;

const PLAYERS: usize = 6;
const HANDS: [&str; PLAYERS + 1] = ["Dealer", "Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6"];
const RANK_CHANCE: f64 = 1.0 / 13.0;

const HOW_TO_PLAY: &[&str] = &[
    "One deck, shuffled every round. One card to each of the six players, then one to the dealer.",
    "A=1 … K=13. A player whose card is higher than the dealer's wins; equal ranks are decided by suit: spades, then hearts, clubs, diamonds.",
    "Each player has a Winner market (1.98) and side markets on the player's own card: Black or Red (1.98), Odd (A, 3, 5, 7, 9, J, K) 1.84, Even (2, 4, 6, 8, 10, Q) 2.15, and each suit (3.95).",
];

#[derive(Clone, Copy)]
enum Bet {
    Winner(usize),
    Black(usize),
    Red(usize),
    Odd(usize),
    Even(usize),
    Suit(usize, Suit),
}

fn bets() -> Vec<Bet> {
    (0..PLAYERS)
        .flat_map(|p| {
            let fixed = [Bet::Winner(p), Bet::Black(p), Bet::Red(p), Bet::Odd(p), Bet::Even(p)];
            fixed.into_iter().chain(Suit::ALL.into_iter().map(move |suit| Bet::Suit(p, suit)))
        })
        .collect()
}

fn player(p: usize) -> &'static str {
    HANDS[p + 1]
}

fn market(bet: Bet) -> Market {
    match bet {
        Bet::Winner(p) => Market::back(format!("{} Winner", player(p)), "winner", "Winner", WINNER_RATE_H, 0.5),
        Bet::Black(p) => Market::back(format!("{} Black", player(p)), "colour", "Black / Red", COLOUR_RATE_H, 0.5),
        Bet::Red(p) => Market::back(format!("{} Red", player(p)), "colour", "Black / Red", COLOUR_RATE_H, 0.5),
        Bet::Odd(p) => Market::back(format!("{} Odd", player(p)), "oddeven", "Odd", ODD_RATE_H, 7.0 * RANK_CHANCE),
        Bet::Even(p) => Market::back(format!("{} Even", player(p)), "oddeven", "Even", EVEN_RATE_H, 6.0 * RANK_CHANCE),
        Bet::Suit(p, suit) => Market::back(format!("{} {}", player(p), suit.name()), "suit", "Suit", SUIT_RATE_H, 0.25),
    }
    .ours()
}

/// Higher rank wins; equal ranks go by suit.
fn beats(card: Card, dealer: Card) -> bool {
    (card.rank, card.suit.strength()) > (dealer.rank, dealer.suit.strength())
}

fn outcome(bet: Bet, players: &[Card], dealer: Card) -> ItemOutcome {
    let won = match bet {
        Bet::Winner(p) => beats(players[p], dealer),
        Bet::Black(p) => !players[p].is_red(),
        Bet::Red(p) => players[p].is_red(),
        Bet::Odd(p) => !players[p].rank.is_multiple_of(2),
        Bet::Even(p) => players[p].rank.is_multiple_of(2),
        Bet::Suit(p, suit) => players[p].suit == suit,
    };
    if won {
        ItemOutcome::Win
    } else {
        ItemOutcome::Lose
    }
}

impl Table for War {
    fn gtype(&self) -> &'static str {
        "war"
    }

    fn name(&self) -> &'static str {
        "Casino War"
    }

    fn hands(&self) -> &'static [&'static str] {
        &HANDS
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 13, 1)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        for hand in 1..=PLAYERS {
            deal.give(hand, Face::Card(shoe.card()));
        }
        deal.give(0, Face::Card(shoe.card()));
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(bets().into_iter().map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let players: Vec<Card> = (1..=PLAYERS).filter_map(|hand| deal.cards(hand).first().copied()).collect();
        let (Some(&dealer), true) = (deal.cards(0).first(), players.len() == PLAYERS) else { return Verdict::void(bets().len()) };
        let winners: Vec<String> = players.iter().enumerate().filter(|(_, card)| beats(**card, dealer)).map(|(p, _)| (p + 1).to_string()).collect();
        let winner = if winners.is_empty() { "Dealer".to_string() } else { format!("Player {}", winners.join(", ")) };
        Verdict {
            win: winners.len().to_string(),
            winner: winner.clone(),
            rdesc: format!("{winner} | Dealer {} | {}", dealer.words(), players.iter().enumerate().map(|(p, c)| format!("Player {} {}", p + 1, c.words())).collect::<Vec<_>>().join(" | ")),
            outcomes: bets().into_iter().map(|bet| outcome(bet, &players, dealer)).collect(),
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        Card::parse(text).expect("a card")
    }

    #[test]
    fn a_player_beats_the_dealer_by_rank_then_by_suit() {
        assert!(beats(card("KDD"), card("QSS")));
        assert!(!beats(card("QSS"), card("KDD")));
        assert!(beats(card("7SS"), card("7HH")), "spades beat hearts");
        assert!(!beats(card("7DD"), card("7CC")), "diamonds lose to clubs");
    }

    #[test]
    fn a_deal_settles_every_players_markets() {
        let faces = ["2SS", "KHH", "7DD", "7SS", "ACC", "10DD", "7HH"].map(|t| Face::Card(card(t)));
        let shoe = Shoe::stacked(&faces, cards(1, 13, 1)).expect("a stacked shoe");
        let deal = War.deal(&mut { shoe });
        let verdict = War.settle(&deal);
        assert_eq!(verdict.win, "3");
        assert_eq!(verdict.winner, "Player 2, 4, 6");
        let markets = War.markets();
        let of = |nat: &str| verdict.outcomes[markets.iter().position(|m| m.nat == nat).expect(nat)];
        assert_eq!(of("Player 1 Winner"), ItemOutcome::Lose);
        assert_eq!(of("Player 2 Winner"), ItemOutcome::Win);
        assert_eq!(of("Player 4 Winner"), ItemOutcome::Win, "7 of spades beats the dealer's 7 of hearts");
        assert_eq!(of("Player 3 Winner"), ItemOutcome::Lose, "7 of diamonds loses to it");
        assert_eq!(of("Player 5 Odd"), ItemOutcome::Win);
        assert_eq!(of("Player 6 Even"), ItemOutcome::Win);
        assert_eq!(of("Player 2 Red"), ItemOutcome::Win);
        assert_eq!(of("Player 1 Spade"), ItemOutcome::Win);
        assert_eq!(markets.len(), 54);
    }
}
