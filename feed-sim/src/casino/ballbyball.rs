//! Ball By Ball: virtual cricket, one ball a round. A card from eight decks is the ball, by the
//! card-to-ball table below (ours, shown in the rules); players back what the next ball will be.

use super::cards::{cards, Card, Shoe};
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::RulesTable;

pub struct BallByBall;

const DECKS: u8 = 8;

/// What a ball can be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ball {
    Runs(u8),
    Wicket,
}

/// The card-to-ball table (ours): every rank is 1 in 13.
pub fn ball(rank: u8) -> Ball {
    match rank {
        5 | 7 | 10 => Ball::Runs(0),
        1 | 8 | 11 => Ball::Runs(1),
        2 | 9 => Ball::Runs(2),
        3 => Ball::Runs(3),
        4 | 12 => Ball::Runs(4),
        6 => Ball::Runs(6),
        _ => Ball::Wicket,
    }
}

/// The ranks that make a ball, out of 13.
fn ranks_for(wanted: impl Fn(Ball) -> bool) -> f64 {
    f64::from(u8::try_from((1..=13).filter(|&rank| wanted(ball(rank))).count()).unwrap_or(0)) / 13.0
}

/// Rates (ours), hundredths: about a 4 to 5 % edge on every item.
const THREE_IN_13_RATE_H: u32 = 415;
const TWO_IN_13_RATE_H: u32 = 620;
const ONE_IN_13_RATE_H: u32 = 1_240;
const BOUNDARY_RATE_H: u32 = 415;
const SCORING_RATE_H: u32 = 138;

const HOW_TO_PLAY: &[&str] = &[
    "Virtual cricket, one ball a round: a card from eight decks is the ball, by this table.",
    "5, 7, 10: dot ball (0 runs). A, 8, J: 1 run. 2, 9: 2 runs. 3: 3 runs. 4, Q: four. 6: six. K: wicket.",
    "Back what the next ball will be: 0, 1, 2 or 3 runs, a four, a six, a wicket, a boundary (four or six), or any runs scored (1 or more, no wicket).",
];

#[derive(Clone, Copy)]
enum Bet {
    Runs(u8),
    Wicket,
    Boundary,
    Scoring,
}

fn bets() -> Vec<Bet> {
    [0, 1, 2, 3, 4, 6].into_iter().map(Bet::Runs).chain([Bet::Wicket, Bet::Boundary, Bet::Scoring]).collect()
}

fn wins(bet: Bet, ball: Ball) -> bool {
    match (bet, ball) {
        (Bet::Runs(want), Ball::Runs(runs)) => want == runs,
        (Bet::Wicket, Ball::Wicket) => true,
        (Bet::Boundary, Ball::Runs(runs)) => runs == 4 || runs == 6,
        (Bet::Scoring, Ball::Runs(runs)) => runs > 0,
        _ => false,
    }
}

fn market(bet: Bet) -> Market {
    let chance = ranks_for(|b| wins(bet, b));
    let (nat, rate) = match bet {
        Bet::Runs(0) => ("Dot ball".to_owned(), THREE_IN_13_RATE_H),
        Bet::Runs(1) => ("1 Run".to_owned(), THREE_IN_13_RATE_H),
        Bet::Runs(2) => ("2 Runs".to_owned(), TWO_IN_13_RATE_H),
        Bet::Runs(4) => ("Four".to_owned(), TWO_IN_13_RATE_H),
        Bet::Runs(6) => ("Six".to_owned(), ONE_IN_13_RATE_H),
        Bet::Runs(runs) => (format!("{runs} Runs"), ONE_IN_13_RATE_H),
        Bet::Wicket => ("Wicket".to_owned(), ONE_IN_13_RATE_H),
        Bet::Boundary => ("Boundary".to_owned(), BOUNDARY_RATE_H),
        Bet::Scoring => ("Runs Scored".to_owned(), SCORING_RATE_H),
    };
    let (kind, group) = match bet {
        Bet::Boundary | Bet::Scoring => ("special", "Boundary / Runs scored"),
        Bet::Runs(_) | Bet::Wicket => ("ball", "Next ball"),
    };
    Market::back(nat, kind, group, rate, chance).ours()
}

/// The ball's name and its strip letter.
pub fn describe(ball: Ball) -> (&'static str, &'static str) {
    match ball {
        Ball::Runs(0) => ("Dot ball", "0"),
        Ball::Runs(1) => ("1 Run", "1"),
        Ball::Runs(2) => ("2 Runs", "2"),
        Ball::Runs(3) => ("3 Runs", "3"),
        Ball::Runs(4) => ("Four", "4"),
        Ball::Runs(_) => ("Six", "6"),
        Ball::Wicket => ("Wicket", "W"),
    }
}

/// The card-to-ball table as the rules show it: each ball, the ranks that make it, its chance.
pub fn card_to_ball_table() -> RulesTable {
    let balls = [Ball::Runs(0), Ball::Runs(1), Ball::Runs(2), Ball::Runs(3), Ball::Runs(4), Ball::Runs(6), Ball::Wicket];
    let rows = balls
        .into_iter()
        .map(|b| {
            let ranks: Vec<&str> = (1..=13).filter(|&rank| ball(rank) == b).map(Card::rank_name).collect();
            let chance = ranks_for(|other| other == b);
            vec![ranks.join(", "), describe(b).0.to_owned(), format!("{}/13 ({:.2}%)", ranks.len(), chance * 100.0)]
        })
        .collect();
    RulesTable { title: "Card to ball".to_owned(), columns: vec!["Card".to_owned(), "Ball".to_owned(), "Chance".to_owned()], rows }
}

impl Table for BallByBall {
    fn gtype(&self) -> &'static str {
        "ballbyball"
    }

    fn name(&self) -> &'static str {
        "Ball By Ball"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Ball"]
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
        let ball = ball(card.rank);
        let (winner, win) = describe(ball);
        Verdict {
            win: win.to_string(),
            winner: winner.to_string(),
            rdesc: format!("{winner} | {} is {winner}", Card::rank_name(card.rank)),
            outcomes: bets().into_iter().map(|bet| if wins(bet, ball) { ItemOutcome::Win } else { ItemOutcome::Lose }).collect(),
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }

    fn rules_tables(&self) -> Vec<RulesTable> {
        vec![card_to_ball_table()]
    }
}
