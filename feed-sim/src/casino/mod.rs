//! The live casino round engine: every table behind one small trait ([`Table`]), each dealing
//! from a shoe shuffled with a seed, so any round can be dealt again from its seed
//! ([`deal_round`], [`replay`]), and a [`CasinoEngine`] that runs them all continuously.
//!
//! Rules and payouts follow `casino-rules.md`; rates marked "ours" there are chosen in the
//! table's module, in one place, and stated with their chance and house edge in the table's
//! rules text. `docs/casino.md` lists them with the edges measured over 100,000 rounds.

mod ab20;
pub mod ballbyball;
mod baccarat;
mod card32;
pub mod cards;
mod dt20;
mod engine;
mod kbc;
pub mod limits;
mod lottcard;
mod lucky7;
mod poker20;
mod race20;
mod roulette;
mod rules;
mod sicbo;
mod superover;
mod teen20;
mod threecardj;
mod war;
mod worli;

pub use cards::{Card, Face, Shoe, Suit};
pub use engine::{CasinoConfig, CasinoEngine};

use schemas::casino::{split_pick_scope, CardHand, ItemOutcome, ItemResult, PickSlot, PickSpec, RoundResult, TableStats};
use schemas::sports::Price;
use schemas::{GameTypeRules, PayoutRow, Rule, RulesTable};

/// One bet item of a table, with the chance of each way it can end.
#[derive(Debug, Clone, PartialEq)]
pub struct Market {
    pub sid: u32,
    pub nat: String,
    /// The wire `type`: the item's group (`main`, `rank`, `straight`, …).
    pub kind: &'static str,
    /// The group's name in the rules text.
    pub group: &'static str,
    /// Back rate, hundredths.
    pub back: Price,
    /// Lay rate, hundredths; 0 where laying is not offered.
    pub lay: Price,
    /// The chance of every outcome but `Lose` (which has the rest).
    pub chances: Vec<(ItemOutcome, f64)>,
    /// The rate is ours: `casino-rules.md` leaves it to us.
    pub ours: bool,
    /// A pick item: the player's choice is part of the bet (`Table::pick`), and `back` and
    /// `chances` are those of every pick (of a typical one where picks differ).
    pub pick: Option<PickSpec>,
}

impl Market {
    /// A back-only item that wins at `back` with chance `win`.
    pub fn back(nat: impl Into<String>, kind: &'static str, group: &'static str, back: u32, win: f64) -> Market {
        Market::with(nat, kind, group, back, vec![(ItemOutcome::Win, win)])
    }

    pub fn with(nat: impl Into<String>, kind: &'static str, group: &'static str, back: u32, chances: Vec<(ItemOutcome, f64)>) -> Market {
        Market { sid: 0, nat: nat.into(), kind, group, back: Price(back), lay: Price(0), chances, ours: false, pick: None }
    }

    pub fn ours(self) -> Market {
        Market { ours: true, ..self }
    }

    /// The item is bet on with a choice of one of `choices` per slot.
    pub fn picked(self, slots: Vec<(String, Vec<String>)>, distinct: bool) -> Market {
        let slots = slots.into_iter().map(|(label, choices)| PickSlot { label, choices }).collect();
        Market { pick: Some(PickSpec { slots, distinct }), ..self }
    }

    pub fn lose_chance(&self) -> f64 {
        1.0 - self.chances.iter().map(|(_, p)| p).sum::<f64>()
    }

    /// The expected profit per unit backed (negative: the house edge).
    pub fn back_return(&self) -> f64 {
        let rate = self.back.0;
        self.chances.iter().map(|(o, p)| p * profit_per_unit(*o, rate)).sum::<f64>() - self.lose_chance()
    }

    /// The expected profit per unit laid, if laying is offered.
    pub fn lay_return(&self) -> Option<f64> {
        let rate = self.lay.0;
        let won = self.chances.iter().map(|(o, p)| p * profit_per_unit(*o, rate)).sum::<f64>();
        (rate > 0).then_some(self.lose_chance() - won)
    }
}

/// A back bet's profit per unit staked at `rate_h` under an outcome.
pub fn profit_per_unit(outcome: ItemOutcome, rate_h: u32) -> f64 {
    let gain = |rate_h: u32| f64::from(rate_h) / 100.0 - 1.0;
    match outcome {
        ItemOutcome::Win => gain(rate_h),
        ItemOutcome::HalfWin => gain(rate_h) / 2.0,
        ItemOutcome::Pays { rate } => gain(rate.0),
        ItemOutcome::Push => 0.0,
        ItemOutcome::HalfLose => -0.5,
        ItemOutcome::Lose => -1.0,
    }
}

/// A player's choice on a pick item, as the table reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct Pick {
    /// The pick within its item (below [`schemas::casino::PICK_SCOPE`]); the bet's id in the
    /// round is `pick_scope(sid, code)`.
    pub code: u32,
    /// One value per slot, in the table's normal order.
    pub choices: Vec<String>,
    /// The bet's name (`Single Patti 128`).
    pub nat: String,
    /// The rate the pick pays, hundredths.
    pub rate: Price,
    /// The chance of every outcome but `Lose`.
    pub chances: Vec<(ItemOutcome, f64)>,
}

/// Gives markets their ids, 1 upward, in order.
fn numbered(markets: Vec<Market>) -> Vec<Market> {
    markets.into_iter().zip(1..).map(|(m, sid)| Market { sid, ..m }).collect()
}

/// One face dealt, to one hand (an index into [`Table::hands`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dealt {
    pub hand: usize,
    pub face: Face,
}

/// Everything a round dealt, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deal {
    pub dealt: Vec<Dealt>,
}

impl Deal {
    pub fn give(&mut self, hand: usize, face: Face) {
        self.dealt.push(Dealt { hand, face });
    }

    /// The cards of one hand, in the order dealt.
    pub fn cards(&self, hand: usize) -> Vec<Card> {
        self.dealt.iter().filter(|d| d.hand == hand).filter_map(|d| d.face.card()).collect()
    }

    /// The first `shown` faces as the `card` string.
    pub fn card_string(&self, shown: usize) -> String {
        self.dealt.iter().take(shown).map(|d| d.face.to_string()).collect::<Vec<_>>().join(",")
    }

    /// The first `shown` faces by hand.
    pub fn hands(&self, names: &[&str], shown: usize) -> Vec<CardHand> {
        let faces = |hand: usize| self.dealt.iter().take(shown).filter(|d| d.hand == hand).map(|d| d.face.to_string()).collect();
        names.iter().enumerate().map(|(hand, name)| CardHand { name: name.to_string(), cards: faces(hand) }).collect()
    }
}

/// How a round came out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The strip's letter or number.
    pub win: String,
    /// The winner's name.
    pub winner: String,
    pub rdesc: String,
    /// One per market, in market order.
    pub outcomes: Vec<ItemOutcome>,
}

impl Verdict {
    /// No result (a deal missing its cards): every stake is returned.
    pub fn void(markets: usize) -> Verdict {
        let text = |s: &str| s.to_string();
        Verdict { win: text("V"), winner: text("Void"), rdesc: text("No result: every stake returned"), outcomes: vec![ItemOutcome::Push; markets] }
    }
}

/// One casino table: its shoe, how it deals, its markets, and how a deal settles them.
pub trait Table: Send + Sync {
    fn gtype(&self) -> &'static str;
    fn name(&self) -> &'static str;
    /// The hands cards are dealt to, in seat order.
    fn hands(&self) -> &'static [&'static str];
    /// Every face of a fresh shoe, unshuffled.
    fn shoe(&self) -> Vec<Face>;
    fn deal(&self, shoe: &mut Shoe) -> Deal;
    /// The items, `sid` 1 upward; the same every round.
    fn markets(&self) -> Vec<Market>;
    fn settle(&self, deal: &Deal) -> Verdict;
    /// How the game is played and paid, one sentence a line.
    fn how_to_play(&self) -> &'static [&'static str];
    /// The rules dialog's text: how to play, and how to read the payout table.
    fn rules_text(&self) -> Vec<Rule> {
        rules::text(self.how_to_play())
    }
    /// The markets as a round opens with them, which the payout table lists (the super over's
    /// prices before the first ball).
    fn opening_markets(&self) -> Vec<Market> {
        self.markets()
    }
    /// The payout table: every market's rate, chance and house edge.
    fn payouts(&self) -> Vec<PayoutRow> {
        rules::payouts(&self.opening_markets())
    }
    /// Further tables of the rules (the card-to-ball table).
    fn rules_tables(&self) -> Vec<RulesTable> {
        Vec::new()
    }
    /// The statistics box over recent rounds, oldest first (roulette only).
    fn stats(&self, _recent: &[Deal]) -> Option<TableStats> {
        None
    }
    /// Reads a choice on pick item `sid` (one value per slot), or says why it cannot be bet.
    fn pick(&self, _sid: u32, _choices: &[String]) -> Result<Pick, String> {
        Err("This item takes no pick".to_owned())
    }
    /// The pick `code` of item `sid` stands for, if any.
    fn unpick(&self, _sid: u32, _code: u32) -> Option<Pick> {
        None
    }
    /// Tables that deal in stages (poker's flop, turn and river): how long the dealing pauses,
    /// counting down, once the first `shown` faces are showing, before the next stage's faces.
    /// 0 (every other table): on at the card pace.
    fn stage_pause_ms(&self, _shown: usize) -> i64 {
        0
    }
    /// In play: the items on offer, priced afresh, once the first `shown` faces of `deal` are
    /// showing (`shown` 0: before the deal, while betting opens). The engine takes bets on them
    /// for `IN_PLAY_MS` after every face for which this is `Some`, and offers them instead of
    /// `markets` while betting opens. `None` (every table but the super over): bets only before
    /// the deal, on `markets`. Every sid offered must be one of `markets`, which `settle` settles.
    fn live_markets(&self, _deal: &Deal, _shown: usize) -> Option<Vec<Market>> {
        None
    }
    /// How a pick of item `sid` ends on a deal.
    fn judge(&self, _deal: &Deal, _sid: u32, _pick: &Pick) -> ItemOutcome {
        ItemOutcome::Push
    }
}

/// Every table, in table-number order (the number is the position from 1, and is part of each
/// round id: new tables go at the end).
pub fn tables() -> Vec<Box<dyn Table>> {
    vec![
        Box::new(teen20::Teen20),
        Box::new(lucky7::Lucky7),
        Box::new(dt20::Dt20),
        Box::new(ab20::Ab20),
        Box::new(card32::Card32),
        Box::new(baccarat::Baccarat),
        Box::new(roulette::Roulette),
        Box::new(war::War),
        Box::new(sicbo::SicBo),
        Box::new(poker20::Poker20),
        Box::new(race20::Race20),
        Box::new(ballbyball::BallByBall),
        Box::new(worli::Worli),
        Box::new(threecardj::ThreeCardJudgement),
        Box::new(kbc::Kbc),
        Box::new(lottcard::Lottery),
        Box::new(superover::SuperOver),
    ]
}

pub fn table(gtype: &str) -> Option<Box<dyn Table>> {
    tables().into_iter().find(|t| t.gtype() == gtype)
}

/// The rules dialog of every table.
pub fn rules() -> Vec<GameTypeRules> {
    tables().iter().map(|t| GameTypeRules { gtype: t.gtype().to_string(), rulelist: t.rules_text(), payouts: t.payouts(), tables: t.rules_tables() }).collect()
}

/// The round a table deals from `seed`: a pure function of its arguments.
pub fn deal_round(gtype: &str, seed: u64) -> Option<Deal> {
    let table = table(gtype)?;
    Some(table.deal(&mut Shoe::shuffled(table.shoe(), seed)))
}

/// The result of round `mid` dealt from `seed`, exactly as the engine published it.
pub fn replay(gtype: &str, mid: &str, seed: u64) -> Option<RoundResult> {
    let table = table(gtype)?;
    let deal = table.deal(&mut Shoe::shuffled(table.shoe(), seed));
    Some(round_result(table.as_ref(), mid, seed, &deal))
}

/// How the picks with bets of a resulted round end: each pick's id, name and outcome, from the
/// cards the result shows (so a stacked round is judged as dealt). An id that is no pick of the
/// table is left out, which returns its stakes.
pub fn judge_picks(result: &RoundResult, scopes: &[u32]) -> Vec<ItemResult> {
    let Some(table) = table(&result.gtype) else { return vec![] };
    let mut deal = Deal::default();
    for (hand, cards) in result.hands.iter().enumerate() {
        for card in cards.cards.iter().filter_map(|text| Card::parse(text)) {
            deal.give(hand, Face::Card(card));
        }
    }
    let judged = |&scope: &u32| {
        let (sid, code) = split_pick_scope(scope)?;
        let pick = table.unpick(sid, code)?;
        Some(ItemResult { sid: scope, outcome: table.judge(&deal, sid, &pick), nat: pick.nat })
    };
    scopes.iter().filter_map(judged).collect()
}

/// The result record of a dealt round. Pick items have no outcome of their own: each pick with
/// bets is judged when the round settles ([`judge_picks`]).
pub fn round_result(table: &dyn Table, mid: &str, seed: u64, deal: &Deal) -> RoundResult {
    let verdict = table.settle(deal);
    let items = table
        .markets()
        .into_iter()
        .zip(verdict.outcomes)
        .filter(|(m, _)| m.pick.is_none())
        .map(|(m, outcome)| ItemResult { sid: m.sid, nat: m.nat, outcome })
        .collect();
    RoundResult {
        mid: mid.to_string(),
        gtype: table.gtype().to_string(),
        seed,
        win: verdict.win,
        winner: verdict.winner,
        rdesc: verdict.rdesc,
        card: deal.card_string(deal.dealt.len()),
        hands: deal.hands(table.hands(), deal.dealt.len()),
        items,
        stacked: false,
    }
}
