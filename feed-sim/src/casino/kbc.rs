//! KBC: five questions, each answered by one card from its own full deck (so the answers are
//! independent): Red or Black; Odd or Even; 7 Up or 7 Down (a 7 is neither); 3 Card Judgement
//! (A23, 456, 8910, JQK; a 7 is none); Suit. The player answers them all and picks a mode:
//! 5 Cards (all five must be right), 4 Cards Quit (answers four and quits), or 50-50 Quit (half
//! the stake quits after four right answers, the other half goes on to the fifth).

use super::cards::{cards, Card, Shoe, Suit};
use super::{Deal, Face, Market, Pick, Table, Verdict};
use schemas::casino::ItemOutcome;
use schemas::sports::Price;

pub struct Kbc;

/// Ours: every pick pays 96 % of its fair rate (1 ÷ its chance), rounded down to the hundredth,
/// so the house keeps at least 4 % of every pick in every mode.
const RETURN: f64 = 0.96;

struct Question {
    name: &'static str,
    answers: &'static [&'static str],
}

const QUESTIONS: [Question; 5] = [
    Question { name: "Red or Black", answers: &["Red", "Black"] },
    Question { name: "Odd or Even", answers: &["Odd", "Even"] },
    Question { name: "7 Up or 7 Down", answers: &["7 Up", "7 Down"] },
    Question { name: "3 Card Judgement", answers: &["A23", "456", "8910", "JQK"] },
    Question { name: "Suit", answers: &["Spades", "Hearts", "Clubs", "Diamonds"] },
];

/// Mixed-radix place of each question's answer in a pick's code.
const PLACES: [u32; 5] = [1, 2, 4, 8, 32];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    FiveCards,
    FourCardsQuit,
    FiftyFiftyQuit,
}

const MODES: [Mode; 3] = [Mode::FiveCards, Mode::FourCardsQuit, Mode::FiftyFiftyQuit];

impl Mode {
    fn of_sid(sid: u32) -> Option<Mode> {
        MODES.get(usize::try_from(sid.checked_sub(1)?).ok()?).copied()
    }

    fn name(self) -> &'static str {
        match self {
            Mode::FiveCards => "5 Cards",
            Mode::FourCardsQuit => "4 Cards Quit",
            Mode::FiftyFiftyQuit => "50-50 Quit",
        }
    }

    fn questions(self) -> usize {
        if self == Mode::FourCardsQuit {
            4
        } else {
            5
        }
    }
}

const HOW_TO_PLAY: &[&str] = &[
    "Five questions, each answered by one card dealt from its own full deck: 1 Red or Black; 2 Odd (A, 3, 5, 7, 9, J, K) or Even; 3 7 Up (8 to K) or 7 Down (A to 6), a 7 is neither; 4 3 Card Judgement: A23, 456, 8910 or JQK, a 7 is none; 5 the Suit.",
    "Modes: 5 Cards wins when all five answers are right. 4 Cards Quit answers the first four and wins when they are right. 50-50 Quit answers all five: with the first four right, half the stake is paid at the four-answer rate, and the other half at the five-answer rate if the fifth is right too.",
    "The rate of a pick is 0.96 ÷ its chance (the product of its answers' chances), rounded down to the hundredth: the house keeps at least 4 % of every pick. The quote on the table shows it; the lines below are for the answers Red, Odd, 7 Up, A23, Spades.",
];

/// The chance of one answer: cards of a 52-card deck that give it.
fn chance(question: usize, answer: usize) -> f64 {
    let cards = (1..=13u8).flat_map(|rank| Suit::ALL.into_iter().map(move |suit| Card::new(rank, suit)));
    let matching = cards.filter(|card| answers(question, *card) == Some(answer)).count();
    f64::from(u32::try_from(matching).unwrap_or(0)) / 52.0
}

/// The answer a card gives to a question, if any.
fn answers(question: usize, card: Card) -> Option<usize> {
    match question {
        0 => Some(usize::from(!card.is_red())),
        1 => Some(usize::from(card.rank.is_multiple_of(2))),
        2 => match card.rank {
            8..=13 => Some(0),
            1..=6 => Some(1),
            _ => None,
        },
        3 => match card.rank {
            1..=3 => Some(0),
            4..=6 => Some(1),
            8..=10 => Some(2),
            11..=13 => Some(3),
            _ => None,
        },
        _ => Suit::ALL.iter().position(|suit| *suit == card.suit),
    }
}

/// Our rate for a chance, hundredths, rounded down.
fn rate_h(chance: f64) -> u32 {
    (RETURN / chance * 100.0).floor() as u32
}

/// The pick's rate and the chance of each way it wins, for answer indices `picked` (50-50 Quit:
/// all five right first, then four right and the fifth wrong; `judge` reads them in that order).
fn price(mode: Mode, picked: &[usize]) -> (Price, Vec<(ItemOutcome, f64)>) {
    let chances: Vec<f64> = picked.iter().enumerate().map(|(q, &a)| chance(q, a)).collect();
    let first_four: f64 = chances.iter().take(4).product();
    match mode {
        Mode::FourCardsQuit => (Price(rate_h(first_four)), vec![(ItemOutcome::Win, first_four)]),
        Mode::FiveCards => {
            let all = first_four * chances[4];
            (Price(rate_h(all)), vec![(ItemOutcome::Win, all)])
        }
        Mode::FiftyFiftyQuit => {
            let (four, five) = (rate_h(first_four), rate_h(first_four * chances[4]));
            let both = Price((four + five) / 2);
            let quit = Price(four / 2);
            (both, vec![(ItemOutcome::Pays { rate: both }, first_four * chances[4]), (ItemOutcome::Pays { rate: quit }, first_four * (1.0 - chances[4]))])
        }
    }
}

/// A typical pick: the first answer of every question.
const TYPICAL: [usize; 5] = [0; 5];

fn market(mode: Mode) -> Market {
    let (rate, chances) = price(mode, &TYPICAL[..mode.questions()]);
    let slots = QUESTIONS[..mode.questions()].iter().map(|q| (q.name.to_owned(), q.answers.iter().map(|a| a.to_string()).collect())).collect();
    let sid = MODES.iter().position(|m| *m == mode).map_or(0, |i| i as u32 + 1);
    let market = Market::with(mode.name(), "mode", "Game mode", rate.0, chances).ours().picked(slots, false);
    Market { sid, ..market }
}

impl Table for Kbc {
    fn gtype(&self) -> &'static str {
        "kbc"
    }

    fn name(&self) -> &'static str {
        "KBC"
    }

    fn hands(&self) -> &'static [&'static str] {
        &["Answers"]
    }

    fn shoe(&self) -> Vec<Face> {
        cards(1, 13, 1)
    }

    fn deal(&self, shoe: &mut Shoe) -> Deal {
        let mut deal = Deal::default();
        for _ in QUESTIONS {
            deal.give(0, Face::Card(shoe.card_from_fresh()));
        }
        deal
    }

    fn markets(&self) -> Vec<Market> {
        MODES.into_iter().map(market).collect()
    }

    fn settle(&self, deal: &Deal) -> Verdict {
        let dealt = deal.cards(0);
        if dealt.len() < QUESTIONS.len() {
            return Verdict::void(MODES.len());
        }
        let answer = |q: usize, card: &Card| answers(q, *card).map_or("none", |a| QUESTIONS[q].answers[a]);
        let named: Vec<String> = dealt.iter().enumerate().map(|(q, card)| format!("{}: {} ({})", QUESTIONS[q].name, answer(q, card), card.words())).collect();
        let ranks: String = dealt.iter().map(|card| Card::rank_name(card.rank)).collect();
        let winner: Vec<&str> = dealt.iter().enumerate().map(|(q, card)| answer(q, card)).collect();
        let winner = winner.join(" · ");
        Verdict { win: ranks, rdesc: format!("{winner} | {}", named.join(" | ")), winner, outcomes: vec![ItemOutcome::Push; MODES.len()] }
    }

    fn how_to_play(&self) -> &'static [&'static str] {
        HOW_TO_PLAY
    }

    fn pick(&self, sid: u32, choices: &[String]) -> Result<Pick, String> {
        let mode = Mode::of_sid(sid).ok_or("This item takes no pick")?;
        if choices.len() != mode.questions() {
            return Err(format!("pick: {} takes an answer to each of the first {} questions", mode.name(), mode.questions()));
        }
        let mut picked = Vec::with_capacity(choices.len());
        for (q, choice) in choices.iter().enumerate() {
            let question = &QUESTIONS[q];
            let answer = question.answers.iter().position(|a| a.eq_ignore_ascii_case(choice.trim()));
            picked.push(answer.ok_or_else(|| format!("pick: {} is answered {}", question.name, question.answers.join(", ")))?);
        }
        let (rate, chances) = price(mode, &picked);
        let names: Vec<String> = picked.iter().enumerate().map(|(q, &a)| QUESTIONS[q].answers[a].to_owned()).collect();
        let code = picked.iter().zip(PLACES).map(|(&a, place)| a as u32 * place).sum();
        Ok(Pick { code, nat: format!("{} {}", mode.name(), names.join(", ")), choices: names, rate, chances })
    }

    fn unpick(&self, sid: u32, code: u32) -> Option<Pick> {
        let mode = Mode::of_sid(sid)?;
        let radix = [2, 2, 2, 4, 4];
        let choices: Vec<String> = (0..mode.questions()).map(|q| QUESTIONS[q].answers[(code / PLACES[q] % radix[q]) as usize].to_owned()).collect();
        self.pick(sid, &choices).ok().filter(|pick| pick.code == code)
    }

    fn judge(&self, deal: &Deal, sid: u32, pick: &Pick) -> ItemOutcome {
        let dealt = deal.cards(0);
        let Some(mode) = Mode::of_sid(sid).filter(|_| dealt.len() == QUESTIONS.len()) else { return ItemOutcome::Push };
        let right = |q: usize| answers(q, dealt[q]).map(|a| QUESTIONS[q].answers[a]) == pick.choices.get(q).map(String::as_str);
        let first_four = (0..4).all(right);
        match (mode, first_four) {
            (_, false) => ItemOutcome::Lose,
            (Mode::FourCardsQuit, true) => ItemOutcome::Win,
            (Mode::FiveCards, true) if right(4) => ItemOutcome::Win,
            (Mode::FiveCards, true) => ItemOutcome::Lose,
            (Mode::FiftyFiftyQuit, true) => {
                let wins: Vec<ItemOutcome> = pick.chances.iter().map(|(outcome, _)| *outcome).collect();
                let (both, quit) = (wins.first(), wins.last());
                (if right(4) { both } else { quit }).copied().unwrap_or(ItemOutcome::Lose)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(cards: [(u8, Suit); 5]) -> Deal {
        let mut deal = Deal::default();
        for (rank, suit) in cards {
            deal.give(0, Face::Card(Card::new(rank, suit)));
        }
        deal
    }

    fn pick(sid: u32, answers: &[&str]) -> Pick {
        Kbc.pick(sid, &answers.iter().map(|a| a.to_string()).collect::<Vec<_>>()).expect("a valid pick")
    }

    /// Red (hearts), Odd (9), 7 Up (K), A23 (2), Spades.
    fn all_right() -> Deal {
        deal([(5, Suit::Hearts), (9, Suit::Clubs), (13, Suit::Clubs), (2, Suit::Diamonds), (4, Suit::Spades)])
    }

    const ANSWERS: [&str; 5] = ["Red", "Odd", "7 Up", "A23", "Spades"];

    #[test]
    fn five_cards_pays_only_when_every_answer_is_right() {
        let five = pick(1, &ANSWERS);
        assert_eq!(five.nat, "5 Cards Red, Odd, 7 Up, A23, Spades");
        // 1/2 × 7/13 × 6/13 × 3/13 × 1/4 = 126/17,576: 0.96 × 17,576 / 126 = 133.91.
        assert_eq!(five.rate, Price(13_391));
        assert_eq!(Kbc.judge(&all_right(), 1, &five), ItemOutcome::Win);
        let mut wrong_suit = all_right();
        wrong_suit.dealt[4].face = Face::Card(Card::new(4, Suit::Hearts));
        assert_eq!(Kbc.judge(&wrong_suit, 1, &five), ItemOutcome::Lose);
        assert_eq!(Kbc.unpick(1, five.code), Some(five));
    }

    #[test]
    fn a_seven_answers_neither_7_up_nor_7_down() {
        let four = pick(2, &ANSWERS[..4]);
        assert_eq!(Kbc.judge(&all_right(), 2, &four), ItemOutcome::Win);
        let mut seven = all_right();
        seven.dealt[2].face = Face::Card(Card::new(7, Suit::Clubs));
        assert_eq!(Kbc.judge(&seven, 2, &four), ItemOutcome::Lose);
    }

    #[test]
    fn fifty_fifty_quit_pays_half_at_four_answers_and_half_at_five() {
        let half = pick(3, &ANSWERS);
        let four = pick(2, &ANSWERS[..4]).rate.0;
        let five = pick(1, &ANSWERS).rate.0;
        assert_eq!(half.rate, Price((four + five) / 2));
        assert_eq!(Kbc.judge(&all_right(), 3, &half), ItemOutcome::Pays { rate: Price((four + five) / 2) });
        let mut wrong_suit = all_right();
        wrong_suit.dealt[4].face = Face::Card(Card::new(4, Suit::Hearts));
        assert_eq!(Kbc.judge(&wrong_suit, 3, &half), ItemOutcome::Pays { rate: Price(four / 2) });
        assert!(Kbc.pick(3, &["Red".to_owned()]).is_err());
        assert!(Kbc.pick(1, &["Red", "Odd", "7 Up", "A23", "Stars"].map(String::from)).is_err());
    }
}
