//! Race 20: the four kings race. 48 cards (A to Q of four suits, the kings set aside) are opened
//! one at a time; each card moves its suit's king one step, and the suit whose fifth card opens
//! first wins. Each king can be backed or laid; the total number of cards opened has its own
//! markets (bands of it, and Yes/No against a line), and so has the total of their points.

use super::cards::{cards, Card, Shoe, Suit};
use super::{numbered, Deal, Face, Market, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::sports::Price;
use std::collections::BTreeMap;
use std::sync::OnceLock;

pub struct Race20;

/// The kings, ours: by symmetry each wins with chance exactly 1/4; back 3.90 and lay 4.10 keep
/// 2.5% each way.
const KING_BACK_H: u32 = 390;
const KING_LAY_H: u32 = 410;
/// Steps to the finish: the fifth card of a suit wins.
const FINISH: usize = 5;
/// Total cards opened when the race ends (5 to 17), in three bands, and their rates (ours: fair
/// odds less about 3%, from the exact chances `cards_chances` computes).
const BANDS: [(&str, u8, u8, u32); 3] = [("Cards 5-11", 5, 11, 285), ("Cards 12-13", 12, 13, 323), ("Cards 14-17", 14, 17, 268)];
/// Yes/No on the total cards opened against the line 12.5 (Yes: 13 or more, 51.63%; No: 12 or
/// fewer, 48.37%), and on the total points of the cards opened (A = 1 … Q = 12) against the line
/// 80.5 (Yes: 81 or more, 51.17%; No: 80 or fewer, 48.83%). Rates ours, each about 3% under fair.
const CARDS_LINE: usize = 12;
const CARDS_YES_H: u32 = 188;
const CARDS_NO_H: u32 = 200;
const POINTS_LINE: usize = 80;
const POINTS_YES_H: u32 = 190;
const POINTS_NO_H: u32 = 199;
/// The most points a race can open: five cards of one suit (Q, J, 10, 9, 8) and four of each other.
const POINTS_MAX: usize = 50 + 3 * 42;

const HOW_TO_PLAY: &[&str] = &[
    "The four kings race. 48 cards (A to Q of the four suits; the kings are the runners) are shuffled and opened one at a time.",
    "Each card moves the king of its suit one step; the first king to reach five steps (the fifth card of its suit) wins.",
    "Back a king at 3.90 (wins if it wins) or lay it at 4.10 (wins if it does not).",
    "Cards bets pay on how many cards were opened when the race ended: 5-11 pays 2.85, 12-13 pays 3.23, 14-17 pays 2.68.",
    "Total cards, line 12.5: Yes (13 or more cards opened) pays 1.88, No (12 or fewer) pays 2.00.",
    "Total points, line 80.5, each card opened counting its rank (A = 1 to Q = 12): Yes (81 or more) pays 1.90, No (80 or fewer) pays 1.99.",
];

#[derive(Clone, Copy)]
enum Bet {
    King(usize),
    Cards(usize),
    /// Yes (over the line) or No.
    CardsLine(bool),
    PointsLine(bool),
}

/// New markets go last: a round's bets name their market by its number.
fn bets() -> Vec<Bet> {
    let lines = [Bet::CardsLine(true), Bet::CardsLine(false), Bet::PointsLine(true), Bet::PointsLine(false)];
    (0..4).map(Bet::King).chain((0..BANDS.len()).map(Bet::Cards)).chain(lines).collect()
}

/// How the race can end: how many cards of each suit are open then (one suit at five), and the
/// chance of each, exactly: a walk over how many cards of each suit are open, each next card
/// drawn from what is left.
fn endings() -> &'static [([usize; 4], f64)] {
    static ENDINGS: OnceLock<Vec<([usize; 4], f64)>> = OnceLock::new();
    ENDINGS.get_or_init(|| {
        // Ordered maps: the chances are summed in the same order on every run.
        let mut ends: BTreeMap<[usize; 4], f64> = BTreeMap::new();
        let mut states: BTreeMap<[usize; 4], f64> = BTreeMap::from([([0; 4], 1.0)]);
        while !states.is_empty() {
            let mut next: BTreeMap<[usize; 4], f64> = BTreeMap::new();
            for (open, chance) in states {
                let opened: usize = open.iter().sum();
                for suit in 0..4 {
                    let draw = chance * (12 - open[suit]) as f64 / (48 - opened) as f64;
                    let mut after = open;
                    after[suit] += 1;
                    let to = if after[suit] == FINISH { &mut ends } else { &mut next };
                    *to.entry(after).or_default() += draw;
                }
            }
            states = next;
        }
        ends.into_iter().collect()
    })
}

/// The chance the race ends after exactly `n` cards (index n).
fn cards_chances() -> &'static [f64; 18] {
    static CHANCES: OnceLock<[f64; 18]> = OnceLock::new();
    CHANCES.get_or_init(|| {
        let mut chances = [0.0; 18];
        for (open, chance) in endings() {
            chances[open.iter().sum::<usize>()] += chance;
        }
        chances
    })
}

/// The chance the cards opened total exactly `p` points (index p), exactly: given how many cards
/// of a suit are open, which of its twelve ranks they are is a uniform draw of that many, and the
/// suits' draws are independent.
fn points_chances() -> &'static [f64] {
    static CHANCES: OnceLock<Vec<f64>> = OnceLock::new();
    CHANCES.get_or_init(|| {
        // sums[k][p]: how many sets of k of the ranks 1 to 12 add up to p.
        let mut sums = vec![vec![0.0f64; POINTS_MAX + 1]; FINISH + 1];
        sums[0][0] = 1.0;
        for rank in 1..=12 {
            for k in (1..=FINISH).rev() {
                for p in rank..=POINTS_MAX {
                    sums[k][p] += sums[k - 1][p - rank];
                }
            }
        }
        let mut chances = vec![0.0; POINTS_MAX + 1];
        for (open, chance) in endings() {
            let mut total = vec![0.0; POINTS_MAX + 1];
            total[0] = *chance;
            for &k in open {
                let sets: f64 = sums[k].iter().sum();
                let mut next = vec![0.0; POINTS_MAX + 1];
                for (p, c) in total.iter().enumerate().filter(|(_, c)| **c > 0.0) {
                    for (q, n) in sums[k].iter().enumerate().filter(|(q, n)| **n > 0.0 && p + q <= POINTS_MAX) {
                        next[p + q] += c * n / sets;
                    }
                }
                total = next;
            }
            for (p, c) in total.into_iter().enumerate() {
                chances[p] += c;
            }
        }
        chances
    })
}

fn band_chance(low: u8, high: u8) -> f64 {
    cards_chances()[usize::from(low)..=usize::from(high)].iter().sum()
}

fn market(bet: Bet) -> Market {
    match bet {
        Bet::King(suit) => {
            let market = Market::back(format!("K {}", Suit::ALL[suit].name()), "main", "King", KING_BACK_H, 0.25).ours();
            Market { lay: Price(KING_LAY_H), ..market }
        }
        Bet::Cards(band) => {
            let (nat, low, high, rate) = BANDS[band];
            Market::back(nat, "cards", "Total cards", rate, band_chance(low, high)).ours()
        }
        Bet::CardsLine(yes) => {
            let over: f64 = cards_chances()[CARDS_LINE + 1..].iter().sum();
            let (nat, rate, chance) = if yes { ("Cards Yes: over 12.5", CARDS_YES_H, over) } else { ("Cards No: under 12.5", CARDS_NO_H, 1.0 - over) };
            Market::back(nat, "cardsline", "Total cards, line 12.5", rate, chance).ours()
        }
        Bet::PointsLine(yes) => {
            let over: f64 = points_chances()[POINTS_LINE + 1..].iter().sum();
            let (nat, rate, chance) = if yes { ("Points Yes: over 80.5", POINTS_YES_H, over) } else { ("Points No: under 80.5", POINTS_NO_H, 1.0 - over) };
            Market::back(nat, "points", "Total points, line 80.5", rate, chance).ours()
        }
    }
}

fn suit_index(card: Card) -> usize {
    Suit::ALL.iter().position(|s| *s == card.suit).unwrap_or(0)
}

const RUNNERS: [&str; 4] = ["Spades", "Hearts", "Clubs", "Diamonds"];

impl Table for Race20 {
    fn gtype(&self) -> &'static str {
        "race20"
    }

    fn name(&self) -> &'static str {
        "Race 20"
    }

    /// Each suit's opened cards are its king's steps.
    fn hands(&self) -> &'static [&'static str] {
        &RUNNERS
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 12, 1)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        let mut steps = [0usize; 4];
        while steps.iter().all(|s| *s < FINISH) {
            let card = shoe.card();
            let suit = suit_index(card);
            steps[suit] += 1;
            deal.give(suit, Face::Card(card));
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        numbered(bets().into_iter().map(market).collect())
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let Some(winner) = (0..4).find(|suit| deal.cards(*suit).len() >= FINISH) else { return Verdict::void(bets().len()) };
        let opened = deal.dealt.len();
        let points: usize = deal.dealt.iter().filter_map(|d| d.face.card()).map(|card| usize::from(card.rank)).sum();
        let outcomes = bets()
            .into_iter()
            .map(|bet| {
                let won = match bet {
                    Bet::King(suit) => suit == winner,
                    Bet::Cards(band) => (usize::from(BANDS[band].1)..=usize::from(BANDS[band].2)).contains(&opened),
                    Bet::CardsLine(yes) => (opened > CARDS_LINE) == yes,
                    Bet::PointsLine(yes) => (points > POINTS_LINE) == yes,
                };
                if won {
                    ItemOutcome::Win
                } else {
                    ItemOutcome::Lose
                }
            })
            .collect();
        Verdict {
            win: Suit::ALL[winner].code()[..1].to_string(),
            winner: RUNNERS[winner].to_string(),
            rdesc: format!("{} | {opened} cards | {points} points", RUNNERS[winner]),
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

    #[test]
    fn the_race_length_chances_are_a_distribution_from_5_to_17_cards() {
        let chances = cards_chances();
        assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(chances[..5].iter().sum::<f64>(), 0.0);
        // Five of one suit first: 4 × C(12,5)/C(48,5) × (5!/5!) ordered → 4 × 12·11·10·9·8 / (48·47·46·45·44).
        let five = 4.0 * (12.0 * 11.0 * 10.0 * 9.0 * 8.0) / (48.0 * 47.0 * 46.0 * 45.0 * 44.0);
        assert!((chances[5] - five).abs() < 1e-15, "{} vs {five}", chances[5]);
        assert!(chances[17] > 0.0);
    }

    #[test]
    fn the_points_chances_are_a_distribution_and_agree_with_a_count_of_every_short_race() {
        let chances = points_chances();
        assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // The fewest points: five cards of one suit, A to 5 (15 points) in the shortest race.
        assert_eq!(chances[..15].iter().sum::<f64>(), 0.0);
        let five_cards = cards_chances()[5];
        let lowest = five_cards / (792.0); // C(12,5) = 792 sets of five ranks, one of them A-5
        assert!((chances[15] - lowest).abs() < 1e-15, "{} vs {lowest}", chances[15]);
        let over: f64 = chances[POINTS_LINE + 1..].iter().sum();
        assert!((0.5..0.52).contains(&over), "the line splits the races about evenly: {over}");
    }

    #[test]
    fn the_lines_settle_on_the_cards_opened_and_their_points() {
        // Hearts wins on the seventh card: A 2 3 4 5 of hearts and A 2 of spades, 18 points.
        let order = ["AHH", "2HH", "ASS", "3HH", "4HH", "2SS", "5HH"];
        let faces: Vec<Face> = order.iter().map(|t| Face::Card(Card::parse(t).expect("card"))).collect();
        let deal = Race20.deal(&mut Shoe::stacked(&faces, cards(1, 12, 1)).expect("stacked"));
        let verdict = Race20.settle(&deal);
        assert_eq!(verdict.rdesc, "Hearts | 7 cards | 18 points");
        let markets = Race20.markets();
        let of = |nat: &str| verdict.outcomes[markets.iter().position(|m| m.nat == nat).expect(nat)];
        assert_eq!(of("Cards Yes: over 12.5"), ItemOutcome::Lose);
        assert_eq!(of("Cards No: under 12.5"), ItemOutcome::Win);
        assert_eq!(of("Points Yes: over 80.5"), ItemOutcome::Lose);
        assert_eq!(of("Points No: under 80.5"), ItemOutcome::Win);
        // The markets added after the first ones keep the first ones' numbers.
        assert_eq!(markets.iter().map(|m| m.sid).take(7).collect::<Vec<_>>(), (1..=7).collect::<Vec<_>>());
        assert_eq!(markets[0].nat, "K Spade");
        assert_eq!(markets[6].nat, "Cards 14-17");
    }

    #[test]
    fn the_first_suit_to_five_cards_wins() {
        let order = ["AHH", "2HH", "ASS", "3HH", "4HH", "2SS", "5HH"];
        let faces: Vec<Face> = order.iter().map(|t| Face::Card(Card::parse(t).expect("card"))).collect();
        let deal = Race20.deal(&mut Shoe::stacked(&faces, cards(1, 12, 1)).expect("stacked"));
        assert_eq!(deal.dealt.len(), 7);
        let verdict = Race20.settle(&deal);
        assert_eq!((verdict.win.as_str(), verdict.winner.as_str()), ("H", "Hearts"));
        let markets = Race20.markets();
        let of = |nat: &str| verdict.outcomes[markets.iter().position(|m| m.nat == nat).expect(nat)];
        assert_eq!(of("K Heart"), ItemOutcome::Win);
        assert_eq!(of("K Spade"), ItemOutcome::Lose);
        assert_eq!(of("Cards 5-11"), ItemOutcome::Win);
    }
}
