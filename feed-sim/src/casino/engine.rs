//! Runs every table continuously on one simulated clock: a betting window with `lt` counting
//! down, then suspended while the cards appear one by one, then the result, a short pause, and
//! the next round. Time enters only through `step` and randomness only from the seed, so the
//! same config and the same `step` calls give the same events.

use super::limits::{
    ACTIONS_PER_STEP_MAX, BETTING_MS, CARD_INTERVAL_MS, DEALING_MS_MAX, HIGH_RATE_H, HIGH_RATE_STAKE_MAX, RESULTS_STRIP_LEN, RESULT_PAUSE_MS,
    IN_PLAY_MS, ROUND_SEED_MAX, SPEED_MAX, STAKE_MAX, STAKE_MIN, STATS_ROUNDS, TOP_RATE_H, TOP_RATE_STAKE_MAX,
};
use super::{round_result, tables, Deal, Face, Market, Shoe, Table};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use schemas::casino::{CasinoEvent, CasinoItem, CasinoRound, ItemOutcome, ItemStatus, ResultRow, RoundResult, RoundStatus, TableStats};
use schemas::sports::Side;
use schemas::{GameTypeRules, Money};
use std::collections::VecDeque;

/// How the engine runs.
#[derive(Debug, Clone, PartialEq)]
pub struct CasinoConfig {
    pub seed: u64,
    /// Simulated milliseconds per real millisecond (0 to [`SPEED_MAX`]).
    pub speed: f64,
    /// The wall clock at the start, Unix milliseconds; round ids carry the date and time on it.
    pub start_ms: i64,
}

impl Default for CasinoConfig {
    fn default() -> Self {
        CasinoConfig { seed: 0, speed: 1.0, start_ms: 1_735_689_600_000 }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Open,
    Dealing,
    /// Bets again between two faces, at re-priced items (`Table::live_markets`), until `close_ms`.
    InPlay,
    Result,
}

struct Round {
    mid: String,
    /// The round's number at this table since the engine started, from 1.
    seq: u64,
    seed: u64,
    close_ms: i64,
    phase: Phase,
    /// Empty until betting closes.
    deal: Deal,
    /// How many of the deal's faces are showing.
    shown: usize,
    interval_ms: i64,
    result: Option<RoundResult>,
    /// When this round next changes.
    due_ms: i64,
    /// Dealt from a stacked shoe.
    stacked: bool,
    /// While the dealing pauses between stages: when the next stage is dealt.
    stage_at_ms: Option<i64>,
}

/// One table and its running state.
struct Run {
    table: Box<dyn Table>,
    number: usize,
    rng: StdRng,
    items_open: Vec<CasinoItem>,
    items_closed: Vec<CasinoItem>,
    /// The items on offer now, where the table prices them afresh (`Table::live_markets`).
    live: Option<Vec<Market>>,
    round: Round,
    strip: VecDeque<ResultRow>,
    recent: VecDeque<Deal>,
    stats: Option<TableStats>,
    /// Faces a tester stacked for the next deal (test mode).
    stack: Option<Vec<Face>>,
}

/// All tables, running.
pub struct CasinoEngine {
    start_ms: i64,
    speed: f64,
    real_elapsed_ms: u64,
    now_ms: i64,
    runs: Vec<Run>,
}

impl CasinoEngine {
    pub fn new(config: CasinoConfig) -> Self {
        let speed = if config.speed.is_nan() { 1.0 } else { config.speed.clamp(0.0, SPEED_MAX) };
        let mut master = StdRng::seed_from_u64(config.seed);
        let runs = tables().into_iter().zip(1..).map(|(table, number)| Run::new(table, number, master.gen(), config.start_ms)).collect();
        CasinoEngine { start_ms: config.start_ms, speed, real_elapsed_ms: 0, now_ms: config.start_ms, runs }
    }

    /// Advance by `real_dt_ms` of wall time (× speed); return the events in simulated time order.
    pub fn step(&mut self, real_dt_ms: u64) -> Vec<CasinoEvent> {
        self.real_elapsed_ms = self.real_elapsed_ms.saturating_add(real_dt_ms);
        let target = self.start_ms.saturating_add((self.real_elapsed_ms as f64 * self.speed) as i64);
        let mut out = Vec::new();
        for _ in 0..ACTIONS_PER_STEP_MAX {
            // The earliest due table first (ties by table number), so events stay in time order.
            let next = self.runs.iter().enumerate().map(|(i, run)| (run.round.due_ms, i)).filter(|(due, _)| *due <= target).min();
            let Some((due, index)) = next else { break };
            self.now_ms = self.now_ms.max(due);
            self.runs[index].act(due, &mut out);
        }
        self.now_ms = self.now_ms.max(target);
        out
    }

    /// Every table's current round, for a consumer that starts late.
    pub fn snapshot(&self) -> Vec<CasinoRound> {
        self.runs.iter().map(|run| run.view(self.now_ms)).collect()
    }

    /// The simulated clock, Unix milliseconds.
    pub fn now_ms(&self) -> i64 {
        self.now_ms
    }

    /// `(gtype, name)` of every table, in table-number order.
    pub fn tables(&self) -> Vec<(&'static str, &'static str)> {
        self.runs.iter().map(|run| (run.table.gtype(), run.table.name())).collect()
    }

    pub fn rules(&self) -> Vec<GameTypeRules> {
        super::rules()
    }

    /// Stacks table `gtype`'s shoe for its next deal (the round in play, while it takes bets):
    /// `faces` come first, in order (`AHH`, `10SS`; a roulette pocket or a die as its number),
    /// the rest of the shoe after them. The round the stack will deal, or why not.
    pub fn stack(&mut self, gtype: &str, faces: &[String]) -> Result<String, String> {
        let run = self.runs.iter_mut().find(|run| run.table.gtype() == gtype).ok_or_else(|| format!("Unknown table '{gtype}'"))?;
        let shoe = run.table.shoe();
        let mut top = Vec::with_capacity(faces.len());
        for text in faces {
            let face = shoe.iter().find(|face| face.to_string().eq_ignore_ascii_case(text.trim())).ok_or_else(|| format!("cards: '{text}' is not in the {gtype} shoe"))?;
            top.push(*face);
        }
        if top.is_empty() || Shoe::stacked(&top, shoe).is_none() {
            return Err(format!("cards: 1 or more faces the {gtype} shoe holds, each no more often than it holds it"));
        }
        run.stack = Some(top);
        Ok(match run.round.phase {
            Phase::Open => run.round.mid.clone(),
            Phase::Dealing | Phase::InPlay | Phase::Result => "the next round".to_owned(),
        })
    }
}

/// Whole seconds of betting left at `now`, rounded up.
fn seconds_left(close_ms: i64, now_ms: i64) -> u32 {
    u32::try_from(((close_ms - now_ms).max(0) + 999) / 1_000).unwrap_or(u32::MAX)
}

/// `YYMMDD`, the table number, and the second of the day the round opened: unique per table as
/// rounds are longer than a second, and ordered in time within a day.
fn round_id(number: usize, open_ms: i64) -> String {
    let date = crate::time::rfc3339(open_ms);
    let yymmdd: String = [2..4, 5..7, 8..10].into_iter().filter_map(|r| date.get(r)).collect();
    format!("{yymmdd}{number:02}{:05}", open_ms.div_euclid(1_000).rem_euclid(86_400))
}

fn item(market: &Market, gtype: &str, gstatus: ItemStatus) -> CasinoItem {
    let max = match market.back.0 {
        rate if rate >= TOP_RATE_H => TOP_RATE_STAKE_MAX,
        rate if rate >= HIGH_RATE_H => HIGH_RATE_STAKE_MAX,
        _ => STAKE_MAX,
    };
    CasinoItem {
        sid: market.sid,
        nat: market.nat.clone(),
        otype: Side::Back,
        b: market.back,
        l: market.lay,
        gstatus,
        min: Money(STAKE_MIN * 100),
        max: Money(max * 100),
        subtype: gtype.to_string(),
        kind: market.kind.to_string(),
        pick: market.pick.clone(),
    }
}

impl Run {
    /// A table whose first round opened up to a betting window before `start_ms`, so the tables'
    /// countdowns are spread out.
    fn new(table: Box<dyn Table>, number: usize, seed: u64, start_ms: i64) -> Run {
        let mut rng = StdRng::seed_from_u64(seed);
        let markets = table.markets();
        let items = |status| markets.iter().map(|m| item(m, table.gtype(), status)).collect();
        let (items_open, items_closed) = (items(ItemStatus::Active), items(ItemStatus::Suspended));
        let opened = start_ms - rng.gen_range(0..BETTING_MS - 1_000);
        let round = Run::open(&mut rng, number, 1, opened, start_ms);
        let stats = table.stats(&[]);
        let live = table.live_markets(&Deal::default(), 0);
        Run { table, number, rng, items_open, items_closed, live, round, strip: VecDeque::new(), recent: VecDeque::new(), stats, stack: None }
    }

    fn open(rng: &mut StdRng, number: usize, seq: u64, opened_ms: i64, now_ms: i64) -> Round {
        let close_ms = opened_ms + BETTING_MS;
        let mut round = Round {
            mid: round_id(number, opened_ms),
            seq,
            seed: rng.gen_range(0..=ROUND_SEED_MAX),
            close_ms,
            phase: Phase::Open,
            deal: Deal::default(),
            shown: 0,
            interval_ms: CARD_INTERVAL_MS,
            result: None,
            due_ms: 0,
            stacked: false,
            stage_at_ms: None,
        };
        round.due_ms = next_tick(close_ms, now_ms);
        round
    }

    /// The round's change due at `now_ms`.
    fn act(&mut self, now_ms: i64, out: &mut Vec<CasinoEvent>) {
        match self.round.phase {
            Phase::Open if now_ms < self.round.close_ms => self.round.due_ms = next_tick(self.round.close_ms, now_ms),
            Phase::Open => self.close(now_ms),
            Phase::Dealing if self.round.stage_at_ms.is_some_and(|at| now_ms < at) => {
                self.round.due_ms = next_tick(self.round.stage_at_ms.unwrap_or(now_ms), now_ms);
            }
            Phase::Dealing if self.round.shown < self.round.deal.dealt.len() => {
                self.round.stage_at_ms = None;
                self.round.shown += 1;
                self.round.due_ms = now_ms + self.round.interval_ms;
                let more = self.round.shown < self.round.deal.dealt.len();
                let pause = self.table.stage_pause_ms(self.round.shown);
                if more && pause > 0 {
                    let at = now_ms + pause;
                    self.round.stage_at_ms = Some(at);
                    self.round.due_ms = next_tick(at, now_ms);
                }
                if let Some(markets) = self.table.live_markets(&self.round.deal, self.round.shown).filter(|m| more && !m.is_empty()) {
                    self.live = Some(markets);
                    self.round.phase = Phase::InPlay;
                    self.round.close_ms = now_ms + IN_PLAY_MS;
                    self.round.due_ms = next_tick(self.round.close_ms, now_ms);
                }
            }
            Phase::Dealing => self.resolve(now_ms, out),
            Phase::InPlay if now_ms < self.round.close_ms => self.round.due_ms = next_tick(self.round.close_ms, now_ms),
            Phase::InPlay => {
                self.round.phase = Phase::Dealing;
                self.round.due_ms = now_ms + self.round.interval_ms;
            }
            Phase::Result => {
                self.round = Run::open(&mut self.rng, self.number, self.round.seq + 1, now_ms, now_ms);
                self.live = self.table.live_markets(&Deal::default(), 0);
            }
        }
        out.push(CasinoEvent::RoundUpdated { round: self.view(now_ms) });
    }

    /// Betting is over: deal the round, to be shown a card at a time, then the result.
    fn close(&mut self, now_ms: i64) {
        let stacked = self.stack.take().and_then(|top| Shoe::stacked(&top, self.table.shoe()));
        self.round.stacked = stacked.is_some();
        let mut shoe = stacked.unwrap_or_else(|| Shoe::shuffled(self.table.shoe(), self.round.seed));
        let deal = self.table.deal(&mut shoe);
        let steps = i64::try_from(deal.dealt.len() + 1).unwrap_or(i64::MAX);
        self.round.interval_ms = CARD_INTERVAL_MS.min(DEALING_MS_MAX / steps).max(1);
        self.round.deal = deal;
        self.round.phase = Phase::Dealing;
        self.round.due_ms = now_ms + self.round.interval_ms;
    }

    fn resolve(&mut self, now_ms: i64, out: &mut Vec<CasinoEvent>) {
        let mut result = round_result(self.table.as_ref(), &self.round.mid, self.round.seed, &self.round.deal);
        result.stacked = self.round.stacked;
        self.strip.push_front(ResultRow { mid: result.mid.clone(), win: result.win.clone(), nat: result.winner.clone() });
        self.strip.truncate(RESULTS_STRIP_LEN);
        self.recent.push_back(self.round.deal.clone());
        while self.recent.len() > STATS_ROUNDS {
            self.recent.pop_front();
        }
        self.stats = self.table.stats(self.recent.make_contiguous());
        out.push(CasinoEvent::RoundResulted { result: result.clone() });
        self.round.result = Some(result);
        self.round.phase = Phase::Result;
        self.round.due_ms = now_ms + RESULT_PAUSE_MS;
    }

    fn view(&self, now_ms: i64) -> CasinoRound {
        let round = &self.round;
        let (status, items, lt) = match round.phase {
            Phase::Open | Phase::InPlay => (RoundStatus::Open, &self.items_open, seconds_left(round.close_ms, now_ms)),
            Phase::Dealing => (RoundStatus::Suspended, &self.items_closed, 0),
            Phase::Result => (RoundStatus::Result, &self.items_closed, 0),
        };
        let gstatus = if status == RoundStatus::Open { ItemStatus::Active } else { ItemStatus::Suspended };
        let items = match &self.live {
            Some(live) => live.iter().map(|m| item(m, self.table.gtype(), gstatus)).collect(),
            None => items.clone(),
        };
        CasinoRound {
            mid: round.mid.clone(),
            gtype: self.table.gtype().to_string(),
            ename: self.table.name().to_string(),
            lt,
            card: round.deal.card_string(round.shown),
            hands: round.deal.hands(self.table.hands(), round.shown),
            rdesc: round.result.as_ref().map(|r| r.rdesc.clone()).unwrap_or_default(),
            winners: round.result.as_ref().map(|r| r.items.iter().filter(|i| matches!(i.outcome, ItemOutcome::Win | ItemOutcome::HalfWin | ItemOutcome::Pays { .. })).map(|i| i.sid).collect()).unwrap_or_default(),
            remark: String::new(),
            status,
            items,
            results: self.strip.iter().cloned().collect(),
            stats: self.stats.clone(),
            next_lt: round.stage_at_ms.map_or(0, |at| seconds_left(at, now_ms)),
            seq: round.seq,
            ts: now_ms,
        }
    }
}

/// When the countdown next changes: the next whole second before closing, or the close.
fn next_tick(close_ms: i64, now_ms: i64) -> i64 {
    let left = i64::from(seconds_left(close_ms, now_ms));
    close_ms - (left - 1).max(0) * 1_000
}
