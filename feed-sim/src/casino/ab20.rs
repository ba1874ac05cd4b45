//! Andar Bahar: one deck. The joker is drawn and set aside; cards then go to BAHAR, ANDAR,
//! BAHAR, … until one matches the joker's rank, and that side wins.

use super::cards::{cards, Card, Shoe};
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::sports::Price;

pub struct Ab20;

/// Andar 1:1, Bahar 1:1, half (1:0.5) when Andar's first card ends the game.
const SIDE_RATE_H: u32 = 200;

/// Bahar's first card ending the game pays 1:0.25 (decimal 1.25): Bahar is dealt first and wins
/// 51.5% of rounds, so at 1:0.5 it returned 1.0006 per 1 staked, a player edge; at 1:0.25 the
/// house keeps 1.41%.
const BAHAR_FIRST_CARD_RATE_H: u32 = 125;

/// The joker's rank: ours, fair 13.00 less 3.8%.
const JOKER_RATE_H: u32 = 1_250;

/// How many cards are dealt after the joker, the matching card included: ours, each about 4%
/// under its fair rate (chances from [`first_match`]).
const CARDS_DEALT: [(u8, u8, u32); 8] =
    [(1, 5, 355), (6, 10, 440), (11, 15, 570), (16, 25, 440), (26, 30, 1_575), (31, 35, 2_600), (36, 40, 5_000), (41, 49, 12_000)];

/// Cards left after the joker, and how many of them match it.
const AFTER_JOKER: u32 = 51;
const MATCHING: u32 = 3;

const HOW_TO_PLAY: &[&str] = &[
    "One 52-card deck, shuffled every round. The first card is the joker; it is set aside.",
    "Cards are then dealt one at a time, BAHAR first, then ANDAR, alternately, until a card of the joker's rank appears: that side wins.",
    "Andar 1:1 and Bahar 1:1. If Andar's first card ends the game, Andar pays half (1:0.5); if Bahar's first card ends it, Bahar pays a quarter (1:0.25).",
    "Joker side bets pay on the joker's rank. Cards-dealt side bets pay on how many cards were dealt after the joker, the matching card included.",
];

/// The chance the first card of the joker's rank is the `k`-th dealt after it: the other two
/// matching cards lie among the 51 − k after it.
pub fn first_match(k: u32) -> f64 {
    let choose2 = |n: u32| f64::from(n) * f64::from(n.saturating_sub(1)) / 2.0;
    let all = f64::from(AFTER_JOKER) * f64::from(AFTER_JOKER - 1) * f64::from(AFTER_JOKER - 2) / 6.0;
    if k == 0 || k > AFTER_JOKER - MATCHING + 1 {
        return 0.0;
    }
    choose2(AFTER_JOKER - k) / all
}

fn chance(ks: impl Iterator<Item = u32>) -> f64 {
    ks.map(first_match).sum()
}

#[derive(Clone, Copy)]
enum Bet {
    Andar,
    Bahar,
    Joker(u8),
    Dealt(u8, u8, u32),
}

const ANDAR: usize = 1;
const BAHAR: usize = 2;

fn bets() -> Vec<Bet> {
    let jokers = (1..=13).map(Bet::Joker);
    let dealt = CARDS_DEALT.iter().map(|&(low, high, rate)| Bet::Dealt(low, high, rate));
    [Bet::Andar, Bet::Bahar].into_iter().chain(jokers).chain(dealt).collect()
}

fn market(bet: Bet) -> Market {
    let side = |nat: &'static str, first: u32, first_card: ItemOutcome| {
        let win = chance((first..=AFTER_JOKER).step_by(2)) - first_match(first);
        Market::with(nat, "main", nat, SIDE_RATE_H, vec![(ItemOutcome::Win, win), (first_card, first_match(first))])
    };
    match bet {
        Bet::Andar => side("Andar", 2, ItemOutcome::HalfWin),
        Bet::Bahar => side("Bahar", 1, bahar_first_card()),
        Bet::Joker(rank) => Market::back(format!("Joker {}", Card::rank_name(rank)), "joker", "Joker rank", JOKER_RATE_H, 1.0 / 13.0).ours(),
        Bet::Dealt(low, high, rate) => {
            let win = chance(u32::from(low)..=u32::from(high));
            Market::back(format!("{low}-{high} Cards"), "cards", "Cards dealt", rate, win).ours()
        }
    }
}

fn outcome(bet: Bet, joker: Card, winner: usize, dealt: usize) -> ItemOutcome {
    let first_card_won = dealt <= 2;
    match bet {
        Bet::Andar | Bet::Bahar => {
            let side = if matches!(bet, Bet::Andar) { ANDAR } else { BAHAR };
            match (side == winner, first_card_won) {
                (true, true) if side == BAHAR => bahar_first_card(),
                (true, true) => ItemOutcome::HalfWin,
                (true, false) => ItemOutcome::Win,
                (false, _) => ItemOutcome::Lose,
            }
        }
        Bet::Joker(rank) => win_if(joker.rank == rank),
        Bet::Dealt(low, high, _) => win_if((usize::from(low)..=usize::from(high)).contains(&dealt)),
    }
}

fn bahar_first_card() -> ItemOutcome {
    ItemOutcome::Pays { rate: Price(BAHAR_FIRST_CARD_RATE_H) }
}

fn win_if(won: bool) -> ItemOutcome {
    if won {
        ItemOutcome::Win
    } else {
        ItemOutcome::Lose
    }
}

impl Table for Ab20 {
    fn gtype(&self) -> &'static str {
        "ab20"
    }

    fn name(&self) -> &'static str {
        "Andar Bahar"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Joker", "Andar", "Bahar"]
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 13, 1)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        let joker = shoe.card();
        deal.give(0, Face::Card(joker));
        for n in 0..shoe.remaining() {
            let side = if n % 2 == 0 { BAHAR } else { ANDAR };
            let card = shoe.card();
            deal.give(side, Face::Card(card));
            if card.rank == joker.rank {
                break;
            }
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(bets().into_iter().map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let joker = deal.cards(0).first().copied();
        let last = deal.dealt.last().filter(|d| d.hand != 0).and_then(|d| Some((d.hand, d.face.card()?)));
        let (Some(joker), Some((winner, card))) = (joker, last) else { return Verdict::void(bets().len()) };
        if card.rank != joker.rank {
            return Verdict::void(bets().len());
        }
        let dealt = deal.dealt.len() - 1;
        let (win, name) = if winner == ANDAR { ("A", "Andar") } else { ("B", "Bahar") };
        Verdict {
            win: win.to_string(),
            winner: name.to_string(),
            rdesc: format!("{name} | Joker {} | {dealt} cards dealt", joker.words()),
            outcomes: bets().into_iter().map(|bet| outcome(bet, joker, winner, dealt)).collect(),
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }
}
