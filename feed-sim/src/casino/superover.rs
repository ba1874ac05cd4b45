//! Super Over: virtual cricket, one over a side. Each ball is a card, read by Ball By Ball's
//! card-to-ball table, from its own full deck (independent balls, exact chances). Team A bats
//! six balls or until two wickets fall, then Team B chases and stops once ahead. Bets are taken
//! before the first ball and again after every ball: the teams (back and lay; a tie returns the
//! stakes) and the batting side's runs line (back Over, lay Under) are priced afresh from the
//! score, the balls and the wickets left.

use super::ballbyball::{self, ball, Ball};
use super::cards::{cards, Card, Shoe};
use super::{Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::sports::Price;
use schemas::RulesTable;
use std::collections::BTreeMap;

pub struct SuperOver;

/// Ours: every price keeps 3 % of the exact chance on both sides (back rounded down, lay up).
const EDGE: f64 = 0.03;
/// A side with a chance outside this band is not offered (its rate would be too near 1.00 or
/// far too long).
const CHANCE_MIN: f64 = 0.04;

const BALLS: u32 = 6;
const WICKETS: u32 = 2;
/// The most runs an innings can make: six sixes.
const RUNS_MAX: usize = 36;

const TEAM_A: u32 = 1;
const TEAM_B: u32 = 2;
/// Runs lines: `LINE_SIDS[innings] + L` is "runs over L.5" of that innings (L = 0 … 36).
const LINE_SIDS: [u32; 2] = [100, 200];
const TEAMS: [&str; 2] = ["Team A", "Team B"];

const HOW_TO_PLAY: &[&str] = &[
    "A super over: each team bats one over (six balls) or until it loses two wickets. Team A bats first; Team B chases and stops as soon as it is ahead. The higher score wins; a tie returns the stakes of the team bets.",
    "Each ball is a card from its own full deck, read by the card-to-ball table: 5, 7, 10 a dot ball; A, 8, J one run; 2, 9 two runs; 3 three runs; 4, Q a four; 6 a six; K a wicket.",
    "Bets are taken before the first ball and again for a few seconds after every ball: back or lay either team, and back Over or lay Under on the batting team's runs line. Every price is worked out afresh from the score, the balls and the wickets left, and keeps 3 % for the house on both sides (ours). The lines below are the prices before the first ball.",
];

/// The ball table's chance of each outcome, out of 13 ranks.
fn outcomes() -> Vec<(Ball, f64)> {
    let mut out: Vec<(Ball, f64)> = Vec::new();
    for rank in 1..=13 {
        let b = ball(rank);
        match out.iter_mut().find(|(seen, _)| *seen == b) {
            Some((_, p)) => *p += 1.0 / 13.0,
            None => out.push((b, 1.0 / 13.0)),
        }
    }
    out
}

/// Where an innings stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Innings {
    balls: u32,
    wickets: u32,
    runs: u32,
}

impl Innings {
    fn over(&self, target: Option<u32>) -> bool {
        self.balls >= BALLS || self.wickets >= WICKETS || target.is_some_and(|a| self.runs > a)
    }

    fn bowl(&mut self, card: Card) {
        self.balls += 1;
        match ball(card.rank) {
            Ball::Wicket => self.wickets += 1,
            Ball::Runs(runs) => self.runs += u32::from(runs),
        }
    }

    fn text(&self) -> String {
        format!("{}/{} ({})", self.runs, self.wickets, self.balls)
    }
}

/// The match after the dealt balls: Team A's innings and, once it is over, Team B's.
#[derive(Clone, Copy, Debug, Default)]
struct Score {
    a: Innings,
    b: Option<Innings>,
}

impl Score {
    fn after(balls: &[Card]) -> Score {
        let mut score = Score::default();
        for &card in balls {
            score.bowl(card);
        }
        score
    }

    fn bowl(&mut self, card: Card) {
        match &mut self.b {
            None => {
                self.a.bowl(card);
                if self.a.over(None) {
                    self.b = Some(Innings::default());
                }
            }
            Some(b) => b.bowl(card),
        }
    }

    fn finished(&self) -> bool {
        self.b.is_some_and(|b| b.over(Some(self.a.runs)))
    }
}

/// The chance of each final score of an innings from where it stands (chasing `target` stops
/// once past it), index = runs.
fn final_runs(from: Innings, target: Option<u32>) -> Vec<f64> {
    let balls = outcomes();
    let mut done = vec![0.0; RUNS_MAX + 7];
    let mut live = BTreeMap::from([((from.wickets, from.runs), 1.0)]);
    // Every live state has bowled the same number of balls: one step per ball.
    for bowled in from.balls..=BALLS {
        let mut next = BTreeMap::new();
        for ((wickets, runs), p) in live {
            let innings = Innings { balls: bowled, wickets, runs };
            if innings.over(target) {
                done[runs as usize] += p;
                continue;
            }
            for &(outcome, q) in &balls {
                let after = match outcome {
                    Ball::Wicket => (wickets + 1, runs),
                    Ball::Runs(more) => (wickets, runs + u32::from(more)),
                };
                *next.entry(after).or_insert(0.0) += p * q;
            }
        }
        live = next;
    }
    done
}

/// Chances that Team A wins, that Team B wins, and of a tie, from the score.
fn match_chances(score: &Score) -> (f64, f64, f64) {
    let chase = |a: usize, b: Innings| final_runs(b, Some(a as u32));
    let (mut a_wins, mut b_wins, mut tie) = (0.0, 0.0, 0.0);
    let a_final: Vec<(usize, f64)> = match score.b {
        Some(_) => vec![(score.a.runs as usize, 1.0)],
        None => final_runs(score.a, None).into_iter().enumerate().filter(|(_, p)| *p > 0.0).collect(),
    };
    for (a, pa) in a_final {
        let b_final = chase(a, score.b.unwrap_or_default());
        for (b, pb) in b_final.into_iter().enumerate() {
            match b.cmp(&a) {
                std::cmp::Ordering::Greater => b_wins += pa * pb,
                std::cmp::Ordering::Less => a_wins += pa * pb,
                std::cmp::Ordering::Equal => tie += pa * pb,
            }
        }
    }
    (a_wins, b_wins, tie)
}

/// Back and lay rates, hundredths, for a side that wins with chance `win` and pushes with
/// chance `push`; `None` when the side is not offered.
fn prices(win: f64, push: f64) -> Option<(u32, u32)> {
    let lose = 1.0 - win - push;
    if win < CHANCE_MIN || lose < CHANCE_MIN {
        return None;
    }
    // Back: win × (b − 1) − lose = −EDGE × (win + lose); lay: the mirror.
    let stakes = win + lose;
    let back = ((lose + win - EDGE * stakes) / win * 100.0).floor() as u32;
    let lay = ((lose + win + EDGE * stakes) / win * 100.0).ceil() as u32;
    (back > 100).then_some((back, lay))
}

fn team_market(team: usize, win: f64, tie: f64) -> Option<Market> {
    let (back, lay) = prices(win, tie)?;
    let market = Market::with(TEAMS[team], "team", "Match", back, vec![(ItemOutcome::Win, win), (ItemOutcome::Push, tie)]).ours();
    Some(Market { sid: TEAM_A + team as u32, lay: Price(lay), ..market })
}

/// The runs line of the batting innings nearest an even chance, priced.
fn line_market(innings: usize, finals: &[f64]) -> Option<Market> {
    let over = |line: usize| finals.iter().skip(line + 1).sum::<f64>();
    let line = (0..=RUNS_MAX).min_by(|&x, &y| (over(x) - 0.5).abs().total_cmp(&(over(y) - 0.5).abs()))?;
    let (back, lay) = prices(over(line), 0.0)?;
    let name = format!("{} runs {line}.5", TEAMS[innings]);
    let market = Market::back(name, "runs", "Runs line (back Over, lay Under)", back, over(line)).ours();
    Some(Market { sid: LINE_SIDS[innings] + line as u32, lay: Price(lay), ..market })
}

/// What is offered when the score is `score`.
fn offered(score: &Score) -> Vec<Market> {
    let (a, b, tie) = match_chances(score);
    let line = match score.b {
        None => line_market(0, &final_runs(score.a, None)),
        Some(chase) => line_market(1, &final_runs(chase, Some(score.a.runs))),
    };
    [team_market(0, a, tie), team_market(1, b, tie), line].into_iter().flatten().collect()
}

/// Every item a bet can be on, in sid order: the teams, then each innings' lines.
fn universe() -> Vec<u32> {
    let lines = LINE_SIDS.iter().flat_map(|base| (0..=RUNS_MAX as u32).map(move |line| base + line));
    [TEAM_A, TEAM_B].into_iter().chain(lines).collect()
}

fn balls(deal: &Deal) -> Vec<Card> {
    deal.dealt.iter().filter_map(|d| d.face.card()).collect()
}

impl Table for SuperOver {
    fn gtype(&self) -> &'static str {
        "superover"
    }

    fn name(&self) -> &'static str {
        "Super Over"
    }

    fn hands(&self) -> &'static [&'static str] {
        &TEAMS
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 13, 1)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        let mut score = Score::default();
        while !score.finished() {
            let hand = usize::from(score.b.is_some());
            let card = shoe.card_from_fresh();
            score.bowl(card);
            deal.give(hand, Face::Card(card));
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        let pre = offered(&Score::default());
        let named = |sid: u32| -> Market {
            pre.iter().find(|m| m.sid == sid).cloned().unwrap_or_else(|| {
                let innings = usize::from(sid >= LINE_SIDS[1]);
                let name = match sid {
                    TEAM_A | TEAM_B => TEAMS[(sid - 1) as usize].to_owned(),
                    _ => format!("{} runs {}.5", TEAMS[innings], sid - LINE_SIDS[innings]),
                };
                Market { sid, ..Market::back(name, "runs", "Runs line (back Over, lay Under)", 0, 0.0) }
            })
        };
        universe().into_iter().map(named).collect()
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let score = Score::after(&balls(deal));
        let Some(b) = score.b.filter(|_| score.finished()) else { return Verdict::void(universe().len()) };
        let a = score.a;
        let (win, winner) = match b.runs.cmp(&a.runs) {
            std::cmp::Ordering::Greater => ("B", "Team B"),
            std::cmp::Ordering::Less => ("A", "Team A"),
            std::cmp::Ordering::Equal => ("T", "Tie"),
        };
        let outcome = |sid: u32| {
            let won = match sid {
                TEAM_A | TEAM_B if a.runs == b.runs => return ItemOutcome::Push,
                TEAM_A => a.runs > b.runs,
                TEAM_B => b.runs > a.runs,
                _ if sid >= LINE_SIDS[1] => b.runs > sid - LINE_SIDS[1],
                _ => a.runs > sid - LINE_SIDS[0],
            };
            if won {
                ItemOutcome::Win
            } else {
                ItemOutcome::Lose
            }
        };
        Verdict {
            win: win.to_owned(),
            winner: winner.to_owned(),
            rdesc: format!("{winner} | Team A {} | Team B {}", a.text(), b.text()),
            outcomes: universe().into_iter().map(outcome).collect(),
        }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }

    fn opening_markets(&self) -> Vec<Market> {
        offered(&Score::default())
    }

    fn rules_tables(&self) -> Vec<RulesTable> {
        vec![ballbyball::card_to_ball_table()]
    }

    fn live_markets(&self, deal: &Deal, shown: usize) -> Option<Vec<Market>> {
        let score = Score::after(&balls(deal).into_iter().take(shown).collect::<Vec<_>>());
        (!score.finished()).then(|| offered(&score))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::casino::cards::Suit;

    fn deal_of(ranks: &[u8]) -> Deal {
        let mut deal = Deal::default();
        let mut score = Score::default();
        for &rank in ranks {
            let card = Card::new(rank, Suit::Spades);
            let hand = usize::from(score.b.is_some());
            score.bowl(card);
            deal.give(hand, Face::Card(card));
        }
        deal
    }

    #[test]
    fn team_a_bats_until_two_wickets_and_team_b_stops_once_ahead() {
        // A: six, six, wicket, wicket = 12/2 in four balls. B: four, four, four (12), six: 18.
        let deal = deal_of(&[6, 6, 13, 13, 4, 4, 4, 6]);
        let verdict = SuperOver.settle(&deal);
        assert_eq!(verdict.winner, "Team B");
        assert_eq!(verdict.rdesc, "Team B | Team A 12/2 (4) | Team B 18/0 (4)");
        let sids = universe();
        let at = |sid: u32| verdict.outcomes[sids.iter().position(|s| *s == sid).expect("a sid")];
        assert_eq!(at(TEAM_B), ItemOutcome::Win);
        assert_eq!(at(TEAM_A), ItemOutcome::Lose);
        assert_eq!(at(LINE_SIDS[0] + 11), ItemOutcome::Win, "A over 11.5");
        assert_eq!(at(LINE_SIDS[0] + 12), ItemOutcome::Lose, "A over 12.5");
        assert_eq!(at(LINE_SIDS[1] + 17), ItemOutcome::Win, "B over 17.5");
        assert!(SuperOver.live_markets(&deal, deal.dealt.len()).is_none(), "no bets once the match is over");
    }

    #[test]
    fn a_tie_returns_the_team_stakes() {
        // A: six dot balls. B: six dot balls.
        let deal = deal_of(&[5; 12]);
        let verdict = SuperOver.settle(&deal);
        assert_eq!(verdict.win, "T");
        assert_eq!(&verdict.outcomes[..2], &[ItemOutcome::Push, ItemOutcome::Push]);
    }

    #[test]
    fn the_chances_add_up_and_every_price_keeps_the_edge_in_every_state() {
        let total: f64 = final_runs(Innings::default(), None).iter().sum();
        assert!((total - 1.0).abs() < 1e-9);
        for seed in 0..40 {
            let deal = crate::casino::deal_round("superover", seed).expect("a table");
            for shown in 0..deal.dealt.len() {
                let score = Score::after(&balls(&deal)[..shown]);
                let (a, b, tie) = match_chances(&score);
                assert!((a + b + tie - 1.0).abs() < 1e-9, "{score:?}");
                for market in SuperOver.live_markets(&deal, shown).expect("bets until the last ball") {
                    let back_edge = -market.back_return();
                    let lay_edge = -market.lay_return().expect("every item is laid too");
                    for edge in [back_edge, lay_edge] {
                        assert!((0.02..0.05).contains(&edge), "{} at {score:?}: edge {edge}", market.nat);
                    }
                    assert!(universe().contains(&market.sid), "{}", market.sid);
                }
            }
        }
    }
}
