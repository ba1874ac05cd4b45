//! The world around the ledger, as the server and its clients would show it: the sports book
//! (markets of every type, prices that move, statuses, results), casino tables dealing rounds,
//! players, operators and a wallet desk, each turning what it sees (the published state, the
//! book) into commands. Some commands are wrong on purpose, and say so (`Expect::Reject`): the
//! ledger must refuse each of them whatever else happened.

use super::engine::Submission;
use super::Rng;
use ledger::casino::CasinoCommand;
use ledger::oversight::messages::{AccountAction, DealingAction, MarketAction, OperatorCommand};
use ledger::wallet::{WalletCommand, WithdrawKind, DEPOSIT_METHODS};
use ledger::{AccountCommand, BetDelay, BetInfo, Command, FeedWorld, SportsCommand, State, TokenGrant};
use schemas::casino::{CasinoItem, ItemOutcome, ItemResult, ItemStatus, RoundResult};
use schemas::sports::{Market, MarketResult, MarketType, OddsLevel, Price, Section, Side};
use schemas::{Money, Role, AMOUNT_MINOR_MAX};

pub const T0: i64 = 1_700_000_000_000;

/// What the ledger must do with a command whatever the state: refuse it, or anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    Any,
    Reject,
}

/// A command with what the world expects of it and a few words on what it is.
#[derive(Debug, Clone)]
pub struct Planned {
    pub submission: Submission,
    pub expect: Expect,
    pub what: &'static str,
    /// When the client first sent it (a retry keeps it): retries stop after a while.
    pub first_at_ms: i64,
}

/// What the first half of an in-play bet is called: a check, decided and not written.
/// What one client asks: the command, what the ledger must do with it, and what it is.
type Choice = Option<(Command, Expect, &'static str)>;

pub const IN_PLAY_CHECK: &str = "in-play bet: the check";

pub const MARKET_TYPES: [MarketType; 8] =
    [MarketType::Match, MarketType::Match1, MarketType::Fancy, MarketType::Fancy1, MarketType::Oddeven, MarketType::Meter, MarketType::Khado, MarketType::Cricketcasino];

/// A market of the book.
#[derive(Debug, Clone)]
pub struct BookMarket {
    pub market: Market,
    /// The market as clients saw it one move ago: bets asked at these prices may be stale.
    pub seen: Market,
}

#[derive(Debug, Clone)]
pub struct Table {
    pub gtype: &'static str,
    pub table: u32,
    pub items: Vec<CasinoItem>,
    /// The round the table deals now, and whether it takes bets.
    pub round: Option<(String, bool)>,
}

#[derive(Debug, Clone)]
pub struct Client {
    pub username: String,
    pub role: Role,
}

pub struct World {
    pub markets: Vec<BookMarket>,
    pub tables: Vec<Table>,
    pub clients: Vec<Client>,
    next_mid: u64,
    next_gmid: u64,
    next_round: u64,
    next_token: u64,
    next_request: u64,
    feed_seed: u64,
    casino_seed: u64,
    /// In-play bets whose check passed: sent for real once their delay has gone (or before).
    pub delayed: Vec<(i64, Planned)>,
    pub markets_open_target: usize,
    /// The feed misbehaves now and then, as the feed API lets it (`glitch`).
    pub hostile_feed: bool,
}

/// What a feed from outside may send (`POST /api/ops/feed/events` checks statuses and names,
/// and a result against the market, not prices or ids): a runner joins a match after its bets,
/// a price or a rate far past any real one, a market that changes its type.
fn glitch(rng: &mut Rng, market: &mut Market) {
    let gtype = market.gtype;
    if matches!(gtype, MarketType::Match | MarketType::Match1) && rng.permille(5) {
        let sid = market.section.iter().map(|s| s.sid).max().unwrap_or(0) + 1;
        let (back, lay, width) = prices(rng, gtype);
        market.section.push(section(sid, format!("Runner {sid}"), back, lay, width));
    }
    if rng.permille(3) {
        let index = rng.below(market.section.len() as u64) as usize;
        let absurd = *rng.pick(&[u32::MAX, u32::MAX / 2, 100_000_000, 1_000_000, 100_001]);
        for level in &mut market.section[index].odds {
            match gtype {
                MarketType::Fancy | MarketType::Khado | MarketType::Meter => level.size = Price(absurd),
                _ => level.odds = Price(absurd),
            }
        }
    }
    if rng.permille(2) {
        let other = *rng.pick(&MARKET_TYPES);
        let mut changed = new_market(rng, market.mid, market.gmid, other);
        changed.mname = market.mname.clone();
        *market = changed;
    }
}

fn level(otype: Side, odds: u32, size: u32) -> OddsLevel {
    OddsLevel { otype, odds: Price(odds), size: Price(size), tno: 0 }
}

fn section(sid: u32, name: String, back: Option<(u32, u32)>, lay: Option<(u32, u32)>, width: u32) -> Section {
    let mut odds = Vec::new();
    if let Some((odds_h, size)) = back {
        odds.push(level(Side::Back, odds_h, size));
    }
    if let Some((odds_h, size)) = lay {
        odds.push(level(Side::Lay, odds_h, size));
    }
    Section { sid, sno: sid, nat: name, gstatus: "ACTIVE".into(), min: Money(0), max: Money(0), rem: String::new(), width, odds }
}

fn gtype_name(gtype: MarketType) -> &'static str {
    match gtype {
        MarketType::Match => "match",
        MarketType::Match1 => "match1",
        MarketType::Fancy => "fancy",
        MarketType::Fancy1 => "fancy1",
        MarketType::Oddeven => "oddeven",
        MarketType::Meter => "meter",
        MarketType::Khado => "khado",
        MarketType::Cricketcasino => "cricketcasino",
    }
}

/// One side's best level: odds (or a run line) in hundredths, and its size (or rate).
type Level = Option<(u32, u32)>;

/// A section's prices for a market type: back, lay, and a khado range's width.
fn prices(rng: &mut Rng, gtype: MarketType) -> (Level, Level, u32) {
    let rate = || 10_000;
    match gtype {
        MarketType::Match => {
            let back = rng.range(105, 900) as u32;
            (Some((back, 50_000)), Some((back + rng.range(1, 12) as u32, 50_000)), 0)
        }
        MarketType::Match1 => {
            let back = rng.range(5, 150) as u32 * 100;
            (Some((back, 50_000)), Some((back + 200, 50_000)), 0)
        }
        MarketType::Fancy => {
            let line = rng.range(20, 300) as u32;
            let lay_rate = if rng.chance(30) { 9_000 } else { 10_000 };
            (Some((line * 100, rate())), Some(((line - 1) * 100, lay_rate)), 0)
        }
        MarketType::Meter => {
            let line = rng.range(10, 300) as u32;
            (Some((line * 100, 100)), Some((line * 100, 100)), 0)
        }
        MarketType::Khado => {
            let line = rng.range(10, 300) as u32;
            (Some((line * 100, rng.range(5_000, 30_000) as u32)), None, rng.range(1, 10) as u32)
        }
        MarketType::Oddeven => {
            let back = rng.range(170, 230) as u32;
            (Some((back, 10_000)), Some((back + rng.range(2, 15) as u32, 10_000)), 0)
        }
        MarketType::Fancy1 => {
            let back = rng.range(110, 600) as u32;
            (Some((back, 10_000)), Some((back + rng.range(2, 30) as u32, 10_000)), 0)
        }
        MarketType::Cricketcasino => (Some((rng.range(800, 1_000) as u32, 10_000)), None, 0),
    }
}

fn sections_of(gtype: MarketType, rng: &mut Rng) -> Vec<u32> {
    match gtype {
        MarketType::Match | MarketType::Match1 => (1..=rng.range(2, 3) as u32).collect(),
        MarketType::Fancy | MarketType::Meter | MarketType::Khado | MarketType::Oddeven => (1..=rng.range(1, 2) as u32).collect(),
        MarketType::Fancy1 => (1..=rng.range(2, 4) as u32).collect(),
        MarketType::Cricketcasino => (1..=10).collect(),
    }
}

pub fn new_market(rng: &mut Rng, mid: u64, gmid: u64, gtype: MarketType) -> Market {
    let sections = sections_of(gtype, rng)
        .into_iter()
        .map(|sid| {
            let (back, lay, width) = prices(rng, gtype);
            section(sid, format!("Runner {sid}"), back, lay, width)
        })
        .collect();
    let (min, max) = if rng.chance(50) { (100, 0) } else { (rng.range(100, 10_000), rng.range(50_000, 5_000_000)) };
    Market {
        mid,
        gmid,
        mname: format!("{} {mid}", gtype_name(gtype)),
        gtype,
        status: "OPEN".into(),
        min: Money(min),
        max: Money(max),
        minb: Money(100),
        maxb: Money(5_000_000),
        rc: if rng.chance(20) { rng.range(1, 5) as u32 } else { 0 },
        rem: String::new(),
        section: sections,
    }
}

fn casino_item(sid: u32, gtype: &str, back: u32, lay: u32) -> CasinoItem {
    CasinoItem {
        sid,
        nat: format!("Item {sid}"),
        otype: Side::Back,
        b: Price(back),
        l: Price(lay),
        gstatus: ItemStatus::Active,
        min: Money(100),
        max: Money(2_500_000),
        subtype: gtype.into(),
        kind: "main".into(),
        pick: None,
    }
}

/// A fresh token grant: tokens are 256 random bits in the server, so never the same twice here.
pub fn grant(counter: u64, now: i64) -> TokenGrant {
    let mut access = [0u8; 32];
    let mut refresh = [0xffu8; 32];
    access[..8].copy_from_slice(&counter.to_be_bytes());
    refresh[..8].copy_from_slice(&counter.to_be_bytes());
    TokenGrant { access, refresh, access_expires_ms: now + 15 * 60_000, refresh_expires_ms: now + 12 * 3_600_000 }
}

/// Names players pick, some of them alike but for case, some the shape of demo accounts' names.
const NAMES: [&str; 16] = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lee", "max", "ned", "Ann", "demo3"];

impl World {
    pub fn new(rng: &mut Rng) -> World {
        let mut world = World {
            markets: Vec::new(),
            tables: Vec::new(),
            clients: Vec::new(),
            next_mid: 1_000,
            next_gmid: 500,
            next_round: 1,
            next_token: 1,
            next_request: 1,
            feed_seed: rng.below(1_000),
            casino_seed: rng.below(1_000),
            delayed: Vec::new(),
            markets_open_target: rng.range(2, 8) as usize,
            hostile_feed: std::env::var("SIM_NO_HOSTILE_FEED").is_err(),
        };
        for op in 0..rng.range(1, 2) {
            world.clients.push(Client { username: format!("ops{op}"), role: Role::Operator });
        }
        let players = rng.range(2, 10) as usize;
        let mut names: Vec<&str> = NAMES.to_vec();
        for _ in 0..players {
            let name = names.remove(rng.below(names.len() as u64) as usize);
            world.clients.push(Client { username: name.into(), role: Role::User });
        }
        let tables: [(&'static str, u32); 3] = [("teen20", 1), ("lucky7", 2), ("dt20", 19)];
        for (gtype, table) in tables.into_iter().take(rng.range(1, 3) as usize) {
            let items = vec![casino_item(1, gtype, 198, 0), casino_item(2, gtype, 180, 224), casino_item(3, gtype, 1_200, 0)];
            world.tables.push(Table { gtype, table, items, round: None });
        }
        world
    }

    fn token(&mut self) -> u64 {
        self.next_token += 1;
        self.next_token
    }

    /// The book between two batches: prices move, markets suspend and reopen, new markets open
    /// while there are few, now and then a runner joins a match.
    pub fn tick(&mut self, rng: &mut Rng, state: &State) {
        for table in &mut self.tables {
            table.round = state.casino.tables.get(table.gtype).map(|r| (r.mid.clone(), r.betting));
        }
        self.markets.retain(|m| !state.sports.resulted.contains(m.market.mid) || rng.chance(50));
        self.markets.retain(|m| !ledger::ids::is_casino_id(m.market.mid) || rng.chance(90));
        for book in &mut self.markets {
            book.seen = book.market.clone();
            let gtype = book.market.gtype;
            for section in &mut book.market.section {
                if rng.chance(40) {
                    let (back, lay, _) = prices(rng, gtype);
                    section.odds.clear();
                    if let Some((odds, size)) = back {
                        section.odds.push(level(Side::Back, odds, size));
                    }
                    if let Some((odds, size)) = lay {
                        section.odds.push(level(Side::Lay, odds, size));
                    }
                }
                let flip = if section.gstatus == "ACTIVE" { rng.chance(3) } else { rng.chance(50) };
                if flip {
                    section.gstatus = if section.gstatus == "ACTIVE" { "SUSPENDED".into() } else { "ACTIVE".into() };
                }
            }
            if self.hostile_feed {
                glitch(rng, &mut book.market);
            }
            let flip = if book.market.status == "OPEN" { rng.chance(4) } else { rng.chance(40) };
            if flip {
                book.market.status = if book.market.status == "OPEN" { "SUSPENDED".into() } else { "OPEN".into() };
            }
        }
        let open = self.markets.iter().filter(|m| !state.sports.resulted.contains(m.market.mid)).count();
        for _ in open..self.markets_open_target {
            let gtype = *rng.pick(&MARKET_TYPES);
            if rng.chance(30) {
                self.next_gmid += 1;
            }
            self.next_mid += 1;
            let mid = if self.hostile_feed && rng.permille(20) { ledger::ids::CASINO_ID_BASE + 2_611_200_000_000 + self.next_round + rng.below(3) } else { self.next_mid };
            let market = new_market(rng, mid, self.next_gmid, gtype);
            self.markets.push(BookMarket { seen: market.clone(), market });
        }
    }

    /// The market as the server's book shows it to a bet: an operator's hold shows SUSPENDED.
    fn shown(&self, state: &State, index: usize, stale: bool) -> Market {
        let book = &self.markets[index];
        let mut market = if stale { book.seen.clone() } else { book.market.clone() };
        let holds = &state.sports.market_holds;
        if holds.contains(&(market.gmid, Some(market.mid))) || holds.contains(&(market.gmid, None)) {
            market.status = "SUSPENDED".into();
        }
        market
    }

    fn user_id(&self, state: &State, name: &str) -> Option<u64> {
        state.accounts.user_by_name(name).map(|u| u.id)
    }

    fn operator_id(&self, state: &State) -> Option<u64> {
        self.clients.iter().filter(|c| c.role == Role::Operator).find_map(|c| self.user_id(state, &c.username))
    }

    fn players(&self) -> Vec<&Client> {
        self.clients.iter().filter(|c| c.role == Role::User).collect()
    }

    /// One batch: the commands of many clients that reach the engine together.
    pub fn plan_batch(&mut self, rng: &mut Rng, state: &State, now: i64, retries: Vec<Planned>) -> Vec<Planned> {
        let size = match rng.below(100) {
            0..=59 => rng.range(1, 4),
            60..=94 => rng.range(5, 16),
            _ => rng.range(17, 64),
        } as usize;
        let mut batch: Vec<Planned> = Vec::with_capacity(size + retries.len());
        for _ in 0..size {
            let planned = self.plan(rng, state, now);
            batch.push(planned);
        }
        let (due, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.delayed).into_iter().partition(|(ready_at, _)| *ready_at <= now);
        self.delayed = waiting;
        for (_, mut planned) in due {
            planned.submission.at_ms = now;
            self.requote(state, &mut planned);
            batch.push(planned);
        }
        for retry in retries {
            let at = rng.below(batch.len() as u64 + 1) as usize;
            batch.insert(at, retry);
        }
        batch
    }

    /// An in-play bet is decided against the quote taken after its delay.
    fn requote(&self, state: &State, planned: &mut Planned) {
        if let Command::Sports(SportsCommand::PlaceBet { market, .. }) = &mut planned.submission.command {
            if let Some(index) = self.markets.iter().position(|m| m.market.mid == market.mid) {
                let rc = market.rc;
                *market = self.shown(state, index, false);
                market.rc = rc;
            }
        }
    }

    /// A retry of a command the engine answered `Unavailable` (or never answered): the same
    /// command, but a sign-in is a new request with new tokens.
    pub fn retry(&mut self, mut planned: Planned, now: i64) -> Planned {
        if let Command::Accounts(AccountCommand::Login { grant: g, .. } | AccountCommand::DemoLogin { grant: g, .. } | AccountCommand::Refresh { grant: g, .. }) = &mut planned.submission.command {
            *g = grant(self.token(), now);
        }
        planned.submission.at_ms = now;
        planned
    }

    fn plan(&mut self, rng: &mut Rng, state: &State, now: i64) -> Planned {
        let (command, expect, what) = loop {
            let choice = rng.below(100);
            let planned = match choice {
                0..=24 => self.sports_bet(rng, state, now),
                25..=28 => self.bad_sports_bet(rng, state, now),
                29..=36 => self.casino(rng, state, now),
                37..=43 => self.money(rng, state),
                44..=55 => self.session(rng, state, now),
                56..=61 => self.settle(rng, state),
                62..=71 => self.operator(rng, state),
                72..=83 => self.wallet(rng, state),
                84..=91 => self.round(rng, state),
                92..=95 => self.open_accounts(rng, state),
                96..=98 => self.in_play(rng, state, now),
                _ => self.worlds(rng, state, now),
            };
            if let Some(planned) = planned {
                break planned;
            }
        };
        // A submitter's clock may be a little behind the engine's; it stamps its bets with it too.
        let at_ms = if rng.chance(10) { now - rng.range(1, 800) } else { now };
        let mut command = command;
        if let Command::Sports(SportsCommand::PlaceBet { info, .. }) | Command::Casino(CasinoCommand::PlaceCasinoBet { info, .. }) = &mut command {
            if info.requested_at_ms == now {
                info.requested_at_ms = at_ms;
            }
        }
        Planned { submission: Submission { at_ms, command, write: what != IN_PLAY_CHECK }, expect, what, first_at_ms: now }
    }

    fn open_accounts(&mut self, rng: &mut Rng, state: &State) -> Choice {
        let open = |username: String, role: Role| Command::Accounts(AccountCommand::OpenAccount { password_hash: format!("h-{username}"), username, role, must_change_password: false, rules_accepted: role == Role::Operator });
        if rng.chance(15) {
            let bad = *rng.pick(&["ab", "", "with space", "0123456789abcdefghijk", "émile", "semi;colon"]);
            return Some((open(bad.into(), Role::User), Expect::Reject, "open an account with a bad username"));
        }
        let client = rng.pick(&self.clients).clone();
        let exists = state.accounts.user_by_name(&client.username).is_some();
        Some((open(client.username, client.role), if exists { Expect::Reject } else { Expect::Any }, "open an account"))
    }

    /// A player's or operator's client: open the account first, then sign in, refresh, sign out,
    /// change the password, accept the rules, set the stake buttons.
    fn session(&mut self, rng: &mut Rng, state: &State, now: i64) -> Choice {
        let client = rng.pick(&self.clients).clone();
        let Some(user) = state.accounts.user_by_name(&client.username) else {
            return self.open_accounts(rng, state);
        };
        let (user_id, hash) = (user.id, user.password_hash.clone());
        let token = self.token();
        Some(match rng.below(12) {
            0..=3 => {
                let tool = client.role == Role::Operator && rng.chance(30);
                (Command::Accounts(AccountCommand::Login { username: client.username, password_hash_seen: hash, grant: grant(token, now), ip: "10.0.0.1".into(), tool }), Expect::Any, "sign in")
            }
            4 => (Command::Accounts(AccountCommand::Login { username: client.username, password_hash_seen: "wrong".into(), grant: grant(token, now), ip: "10.0.0.1".into(), tool: false }), Expect::Reject, "sign in with a wrong password"),
            5 => {
                let sessions: Vec<_> = state.accounts.sessions.values().collect();
                if sessions.is_empty() {
                    return None;
                }
                let session = *rng.pick(&sessions);
                let retired = session.retired.first().map(|(token, _)| *token).filter(|_| rng.chance(30));
                match retired {
                    Some(old) => (Command::Accounts(AccountCommand::Refresh { presented: old, grant: grant(token, now) }), Expect::Reject, "refresh with a used refresh token"),
                    None => (Command::Accounts(AccountCommand::Refresh { presented: session.refresh, grant: grant(token, now) }), Expect::Any, "refresh"),
                }
            }
            6 => (Command::Accounts(AccountCommand::Refresh { presented: [7; 32], grant: grant(token, now) }), Expect::Reject, "refresh with an unknown token"),
            7 => match user.current_session {
                Some(session_id) => (Command::Accounts(AccountCommand::Logout { session_id }), Expect::Any, "sign out"),
                None => (Command::Accounts(AccountCommand::Logout { session_id: 1_000_000 + token }), Expect::Reject, "sign out of no session"),
            },
            8 => {
                let new_hash = format!("h-{}-{token}", client.username);
                (Command::Accounts(AccountCommand::ChangePassword { user_id, old_hash_seen: hash, new_hash, ip: "10.0.0.2".into() }), Expect::Any, "change password")
            }
            9 => (Command::Accounts(AccountCommand::AcceptRules { user_id }), Expect::Any, "accept the rules"),
            10 => {
                let game = vec![("100".to_string(), 10_000), ("1k".to_string(), 100_000)];
                if rng.chance(30) {
                    (Command::Accounts(AccountCommand::SetButtons { user_id, game: vec![], casino: game }), Expect::Reject, "set no buttons")
                } else {
                    (Command::Accounts(AccountCommand::SetButtons { user_id, game: game.clone(), casino: game }), Expect::Any, "set buttons")
                }
            }
            _ => {
                let play = if rng.chance(20) { -5 } else { 150_000 };
                let expect = if play <= 0 { Expect::Reject } else { Expect::Any };
                (Command::Accounts(AccountCommand::DemoLogin { password_hash: "h-demo".into(), play_balance_minor: play, grant: grant(token, now), ip: "10.0.0.3".into(), demo_accounts_max: 6 }), expect, "demo sign-in")
            }
        })
    }

    /// Operators' credits and debits, good and bad.
    fn money(&mut self, rng: &mut Rng, state: &State) -> Choice {
        let players = self.players();
        let player = rng.pick(&players).username.clone();
        let credit = |username: String, amount_minor: i64, remark: &str| Command::Accounts(AccountCommand::Credit { username, amount_minor, remark: remark.into() });
        let debit = |username: String, amount_minor: i64, remark: &str| Command::Accounts(AccountCommand::Debit { username, amount_minor, remark: remark.into() });
        Some(match rng.below(10) {
            0..=4 => (credit(player, rng.range(1, 500_000), "top up"), Expect::Any, "credit"),
            5..=6 => {
                let available = state.accounts.user_by_name(&player).map_or(0, |u| u.available_minor());
                let amount = if rng.chance(70) && available > 0 { rng.range(1, available) } else { rng.range(1, 1_000_000) };
                (debit(player, amount, "cash out"), Expect::Any, "debit")
            }
            7 => {
                let amount = *rng.pick(&[0, -1, -1_000, i64::MIN, AMOUNT_MINOR_MAX + 1, i64::MAX]);
                let command = if rng.chance(50) { credit(player, amount, "bad") } else { debit(player, amount, "bad") };
                (command, Expect::Reject, "credit or debit a bad amount")
            }
            8 => (credit("nobody_here".into(), 100, "lost"), Expect::Reject, "credit an unknown user"),
            _ => {
                let remark = *rng.pick(&["", "   ", "bell\u{7}", "\u{202e}reversed"]);
                (credit(player, 100, remark), Expect::Reject, "credit with a bad remark")
            }
        })
    }

    fn open_market(&self, rng: &mut Rng, state: &State) -> Option<usize> {
        let open: Vec<usize> = (0..self.markets.len()).filter(|i| !state.sports.resulted.contains(self.markets[*i].market.mid)).collect();
        (!open.is_empty()).then(|| *rng.pick(&open))
    }

    fn player(&self, rng: &mut Rng, state: &State) -> Option<u64> {
        let mut bettors: Vec<u64> = self.players().iter().filter_map(|c| self.user_id(state, &c.username)).collect();
        bettors.extend(state.accounts.users.values().filter(|u| u.role == Role::Demo).map(|u| u.id).take(3));
        (!bettors.is_empty()).then(|| *rng.pick(&bettors))
    }

    fn request_id(&mut self) -> String {
        self.next_request += 1;
        format!("req-{}", self.next_request)
    }

    /// A bet the way a client asks it: a runner, a side, the price it saw (now or a move ago),
    /// a stake within the limits and usually within the balance.
    fn sports_bet_command(&mut self, rng: &mut Rng, state: &State, now: i64, index: usize, user_id: u64) -> Option<Command> {
        let stale = rng.chance(15);
        let market = self.shown(state, index, stale);
        let section = rng.pick(&market.section).clone();
        let layable = section.odds.iter().any(|l| l.otype == Side::Lay);
        let side = if rng.chance(if layable { 50 } else { 5 }) { Side::Lay } else { Side::Back };
        let price_h = section.odds.iter().find(|l| l.otype == side).map_or(0, |l| l.odds.0);
        let market = if stale { self.shown(state, index, false) } else { market };
        let available = state.accounts.users.get(&user_id).map_or(0, |u| u.available_minor());
        let min = market.min.minor().max(100);
        let stake_minor = if rng.chance(80) { rng.range(min, (available / 3).max(min + 1)) } else { rng.range(min, min + 100_000) };
        let stake_minor = stake_minor.min(if market.max.minor() > 0 { market.max.minor() } else { 5_000_000 });
        // A whale (or a script) asks for the most the market allows, whatever its balance.
        let stake_minor = if rng.chance(3) { if market.max.minor() > 0 { market.max.minor() } else { AMOUNT_MINOR_MAX } } else { stake_minor };
        let info = BetInfo {
            etid: 4,
            event_name: format!("Fixture {}", market.gmid),
            market_name: market.mname.clone(),
            section_name: section.nat.clone(),
            gtype: gtype_name(market.gtype).into(),
            sid: section.sid,
            side,
            price_h,
            ip: "10.1.1.1".into(),
            browser: "sim".into(),
            requested_at_ms: now,
            delay_ms: 0,
            fill: None,
        };
        Some(Command::Sports(SportsCommand::PlaceBet { user_id, request_id: self.request_id(), market, delay: BetDelay::default(), stake_minor, info, accept_odds: Default::default() }))
    }

    fn sports_bet(&mut self, rng: &mut Rng, state: &State, now: i64) -> Choice {
        let index = self.open_market(rng, state)?;
        let user_id = self.player(rng, state)?;
        Some((self.sports_bet_command(rng, state, now, index, user_id)?, Expect::Any, "sports bet"))
    }

    /// A bet the ledger must refuse, whatever the state: each breaks one acceptance rule.
    fn bad_sports_bet(&mut self, rng: &mut Rng, state: &State, now: i64) -> Choice {
        let index = (!self.markets.is_empty()).then(|| rng.below(self.markets.len() as u64) as usize)?;
        let user_id = self.player(rng, state)?;
        let mut command = self.sports_bet_command(rng, state, now, index, user_id)?;
        let Command::Sports(SportsCommand::PlaceBet { user_id, request_id, market, stake_minor, info, .. }) = &mut command else { unreachable!() };
        let resulted = state.sports.resulted.contains(market.mid);
        let what = match rng.below(9) {
            0 => {
                info.sid = 999;
                "a bet on a runner the market does not have"
            }
            1 => {
                *stake_minor = *rng.pick(&[0, -100, i64::MIN]);
                "a bet with a stake of zero or less"
            }
            2 if market.max.minor() > 0 => {
                *stake_minor = market.max.minor() + 1;
                "a bet above the market's maximum"
            }
            3 => {
                *request_id = if rng.chance(50) { String::new() } else { "r".repeat(65) };
                "a bet with a bad request id"
            }
            4 => {
                *user_id = 9_999;
                "a bet by an unknown user"
            }
            5 => {
                *user_id = self.operator_id(state)?;
                "a bet by an operator"
            }
            6 if matches!(market.gtype, MarketType::Khado | MarketType::Cricketcasino) => {
                info.side = Side::Lay;
                "a lay where the market offers none"
            }
            7 if matches!(market.gtype, MarketType::Fancy | MarketType::Meter | MarketType::Khado) => {
                info.price_h += 50;
                "a run line that is not a whole run"
            }
            8 if resulted => "a bet on a market with a result",
            _ => {
                *stake_minor = AMOUNT_MINOR_MAX + 1;
                "a bet above the largest amount"
            }
        };
        Some((command, Expect::Reject, what))
    }

    /// An in-play bet, as `EngineHandle::place_bet` does it: a check against the quote seen
    /// now, then (after the market's delay, or sometimes too early) the bet against the quote
    /// of then.
    fn in_play(&mut self, rng: &mut Rng, state: &State, now: i64) -> Choice {
        let index = self.open_market(rng, state)?;
        let user_id = self.player(rng, state)?;
        let mut command = self.sports_bet_command(rng, state, now, index, user_id)?;
        let rc = rng.range(1, 5) as u32;
        let delay_ms = i64::from(rc) * 1_000;
        if let Command::Sports(SportsCommand::PlaceBet { market, .. }) = &mut command {
            market.rc = rc;
        }
        let mut later = command.clone();
        if let Command::Sports(SportsCommand::PlaceBet { delay, .. }) = &mut later {
            *delay = BetDelay { in_play: true, ms_per_sec: 1_000 };
        }
        let ready_at = if rng.chance(15) { now + delay_ms / 2 } else { now + delay_ms };
        let planned = Planned { submission: Submission { at_ms: ready_at, command: later, write: true }, expect: Expect::Any, what: "in-play bet after its delay", first_at_ms: ready_at };
        self.delayed.push((ready_at, planned));
        Some((command, Expect::Any, IN_PLAY_CHECK))
    }

    /// A result for a market: one that fits (most), one that does not, or a void.
    fn settle(&mut self, rng: &mut Rng, state: &State) -> Choice {
        if self.markets.is_empty() {
            return None;
        }
        let index = if rng.chance(85) { self.open_market(rng, state)? } else { rng.below(self.markets.len() as u64) as usize };
        let market = self.markets[index].market.clone();
        let (result, fits) = if rng.chance(25) { (bad_result(rng, &market), false) } else { (good_result(rng, &market), true) };
        let command = Command::Sports(SportsCommand::SettleMarket { gmid: market.gmid, mid: market.mid, result, market });
        Some(if fits { (command, Expect::Any, "feed result") } else { (command, Expect::Reject, "feed result that fits nothing of its market") })
    }

    fn operator(&mut self, rng: &mut Rng, state: &State) -> Choice {
        let by = self.operator_id(state)?;
        let players = self.players();
        let username = rng.pick(&players).username.clone();
        // An account may be opened earlier in the same batch: only a name nobody has is unknown.
        let known = Expect::Any;
        let act = |action: AccountAction, remark: &str| Command::Oversight(OperatorCommand::Operator { by, username: username.clone(), action, remark: remark.into() });
        Some(match rng.below(17) {
            16 => (act(AccountAction::UnlockBetting, "exclusion over"), known, "unlock betting"),
            0..=1 => (act(AccountAction::Credit { amount_minor: rng.range(1, 200_000) }, "goodwill"), known, "operator credit"),
            2 => (act(AccountAction::Debit { amount_minor: rng.range(1, 50_000) }, "correction"), known, "operator debit"),
            3 => (act(AccountAction::LockBetting, "self-exclusion"), known, "lock betting"),
            4 => (act(AccountAction::UnlockBetting, "exclusion over"), known, "unlock betting"),
            5 => (act(AccountAction::EndSessions, "suspicious"), known, "end sessions"),
            6 => (act(AccountAction::ResetPassword { password_hash: format!("h-reset-{}", rng.below(1_000)) }, "forgot"), known, "reset password"),
            7 => {
                let not_operator = self.player(rng, state)?;
                let command = Command::Oversight(OperatorCommand::Operator { by: not_operator, username: username.clone(), action: AccountAction::Credit { amount_minor: 100 }, remark: "me".into() });
                (command, Expect::Reject, "a player acting as an operator")
            }
            8 => (act(AccountAction::Credit { amount_minor: 100 }, ""), Expect::Reject, "operator credit without a remark"),
            9..=13 => {
                let index = self.open_market(rng, state)?;
                let market = self.markets[index].market.clone();
                let action = match rng.below(7) {
                    6 => MarketAction::Finish { winner: "home".into() },
                    0 => MarketAction::Suspend,
                    1 => MarketAction::Resume,
                    2 => MarketAction::MovePrice { sid: 1, side: Side::Back, price_h: 200 },
                    3 => MarketAction::Settle { result: MarketResult::Void },
                    _ => MarketAction::Settle { result: good_result(rng, &market) },
                };
                let whole_fixture = matches!(action, MarketAction::Finish { .. }) || (rng.chance(15) && matches!(action, MarketAction::Suspend | MarketAction::Resume));
                let mid = (!whole_fixture).then_some(market.mid);
                let command = Command::Oversight(OperatorCommand::OperatorMarket { by, gmid: market.gmid, mid, action, remark: "by hand".into(), market: Some(market) });
                (command, Expect::Any, "operator on a market")
            }
            14 => {
                let index = rng.below(self.markets.len().max(1) as u64) as usize;
                let market = self.markets.get(index)?.market.clone();
                let result = bad_result(rng, &market);
                let command = Command::Oversight(OperatorCommand::OperatorMarket { by, gmid: market.gmid, mid: Some(market.mid), action: MarketAction::Settle { result }, remark: "by hand".into(), market: Some(market) });
                (command, Expect::Reject, "operator result that fits nothing of its market")
            }
            _ => {
                let table = rng.pick(&self.tables).clone();
                let is_locked = state.casino.locked_tables.contains(&table.table);
                if rng.chance(50) && (is_locked || rng.chance(30)) {
                    let locked = !is_locked;
                    (Command::Oversight(OperatorCommand::OperatorTable { by, table: table.table, locked, remark: "maintenance".into() }), Expect::Any, "lock or unlock a table")
                } else {
                    let action = match (rng.below(3), &table.round) {
                        (0, _) => DealingAction::Pause,
                        (1, _) => DealingAction::Resume,
                        (_, Some((mid, _))) => DealingAction::VoidRound { mid: mid.clone() },
                        (_, None) => DealingAction::VoidRound { mid: "2600000000000".into() },
                    };
                    (Command::Oversight(OperatorCommand::OperatorDealing { by, gtype: table.gtype.into(), action, remark: "dealer".into() }), Expect::Any, "operator on a table's dealing")
                }
            }
        })
    }

    fn wallet(&mut self, rng: &mut Rng, state: &State) -> Choice {
        let players = self.players();
        let client = rng.pick(&players).username.clone();
        let user_id = self.user_id(state, &client);
        let open_requests: Vec<u64> = state.wallet.requests.values().filter(|r| r.status.is_open()).map(|r| r.id).collect();
        Some(match rng.below(14) {
            0..=1 => {
                let user_id = user_id?;
                let crypto = rng.chance(30);
                let (kind, number, ifsc) = if crypto {
                    (WithdrawKind::Crypto, format!("T{user_id:0>33}"), String::new())
                } else {
                    (WithdrawKind::Normal, format!("5010{:0>10}", user_id * 1_000 + rng.below(3)), "HDFC0001234".to_string())
                };
                (Command::Wallet(WalletCommand::SaveAccount { user_id, name: "Holder Name".into(), bank: "HDFC Bank".into(), number, ifsc, kind }), Expect::Any, "save a withdraw account")
            }
            2..=4 => {
                let method = rng.pick(&DEPOSIT_METHODS);
                let (amount, expect, what) = match rng.below(10) {
                    0 => (method.max_minor + 1, Expect::Reject, "deposit above its method's maximum"),
                    1 => (*rng.pick(&[0, -5]), Expect::Reject, "deposit of nothing"),
                    _ => (rng.range(method.min_minor, method.max_minor.min(method.min_minor * 10)), Expect::Any, "deposit request"),
                };
                let expect = if user_id.is_none() { Expect::Reject } else { expect };
                (Command::Wallet(WalletCommand::RequestDeposit { user_id: user_id.unwrap_or(9_999), amount_minor: amount, method: method.id.into(), reference: "UTR123".into() }), expect, what)
            }
            5..=7 => {
                let user_id = user_id?;
                let accounts: Vec<_> = state.wallet.accounts.values().filter(|a| a.user_id == user_id).collect();
                let account = *rng.pick_some(&accounts)?;
                let available = state.accounts.users.get(&user_id).map_or(0, |u| u.available_minor());
                let amount = if rng.chance(80) && available > 1 { rng.range(1, available) } else { rng.range(1, 10_000_000) };
                (Command::Wallet(WalletCommand::RequestWithdrawal { user_id, amount_minor: amount, kind: account.kind, account_id: account.id }), Expect::Any, "withdrawal request")
            }
            8 => (Command::Wallet(WalletCommand::Process { request_id: *rng.pick_some(&open_requests)?, remark: "checking".into() }), Expect::Any, "process a request"),
            9..=10 => (Command::Wallet(WalletCommand::Approve { request_id: *rng.pick_some(&open_requests)?, remark: String::new() }), Expect::Any, "approve a request"),
            11 => (Command::Wallet(WalletCommand::Reject { request_id: *rng.pick_some(&open_requests)?, remark: "no payment seen".into() }), Expect::Any, "reject a request"),
            13 if rng.chance(50) => {
                let coupon_ids: Vec<u64> = state.wallet.coupons.keys().copied().collect();
                match rng.pick_some(&coupon_ids) {
                    Some(coupon_id) if rng.chance(60) => (Command::Wallet(WalletCommand::ActivateCoupon { coupon_id: *coupon_id }), Expect::Any, "activate a coupon"),
                    _ => {
                        let expire_at_ms = if rng.chance(10) { 0 } else { state.head_at_ms + rng.range(60_000, 7 * 86_400_000) };
                        let active = rng.chance(50);
                        let command = WalletCommand::GrantCoupon { username: client, name: "Welcome".into(), amount_minor: rng.range(100, 50_000), depo_amount_minor: 0, expire_at_ms, active };
                        (Command::Wallet(command), Expect::Any, "grant a coupon")
                    }
                }
            }
            12 => {
                // The state keeps open requests only: a decided one is any other id it gave.
                let decided = (1..=state.wallet.last_request_id).find(|id| !state.wallet.requests.contains_key(id));
                let request_id = decided.unwrap_or(1_000_000);
                let command = if rng.chance(50) { WalletCommand::Approve { request_id, remark: String::new() } } else { WalletCommand::Reject { request_id, remark: "again".into() } };
                (Command::Wallet(command), Expect::Reject, "decide a request already decided, or none")
            }
            _ => {
                let request_id = *rng.pick_some(&open_requests)?;
                (Command::Wallet(WalletCommand::Reject { request_id, remark: " ".into() }), Expect::Reject, "reject without a remark")
            }
        })
    }

    /// Casino bets on a table's current round.
    fn casino(&mut self, rng: &mut Rng, state: &State, now: i64) -> Choice {
        let table = rng.pick(&self.tables).clone();
        let (mid, _) = table.round.clone()?;
        let user_id = self.player(rng, state)?;
        let item = rng.pick(&table.items).clone();
        let side = if item.l.0 > 0 && rng.chance(40) { Side::Lay } else { Side::Back };
        let rate = if side == Side::Back { item.b.0 } else { item.l.0 };
        let available = state.accounts.users.get(&user_id).map_or(0, |u| u.available_minor());
        let stake_minor = rng.range(100, (available / 4).max(101)).min(2_500_000);
        let info = BetInfo {
            etid: 0,
            event_name: table.gtype.into(),
            market_name: mid.clone(),
            section_name: item.nat.clone(),
            gtype: table.gtype.into(),
            sid: item.sid,
            side,
            price_h: rate,
            ip: "10.2.2.2".into(),
            browser: "sim".into(),
            requested_at_ms: now,
            delay_ms: 0,
            fill: None,
        };
        let mut command = CasinoCommand::PlaceCasinoBet { user_id, request_id: self.request_id(), gtype: table.gtype.into(), mid, item, stake_minor, info };
        let (expect, what) = match rng.below(12) {
            0 => {
                if let CasinoCommand::PlaceCasinoBet { stake_minor, .. } = &mut command {
                    *stake_minor = 3_000_000;
                }
                (Expect::Reject, "casino bet above the item's maximum")
            }
            1 => {
                if let CasinoCommand::PlaceCasinoBet { info, .. } = &mut command {
                    info.price_h += 7;
                }
                (Expect::Reject, "casino bet at a rate not shown")
            }
            _ => (Expect::Any, "casino bet"),
        };
        Some((Command::Casino(command), expect, what))
    }

    /// A table's dealing: open a round, close its betting, reopen it, result it (or void it);
    /// now and then a table restarts and opens a round over one it never resulted.
    fn round(&mut self, rng: &mut Rng, _state: &State) -> Choice {
        let index = rng.below(self.tables.len() as u64) as usize;
        let table = self.tables[index].clone();
        let gtype = table.gtype.to_string();
        Some(match table.round {
            None => {
                self.next_round += 1;
                let mid = format!("26112{:08}", self.next_round);
                self.tables[index].round = Some((mid.clone(), true));
                (Command::Casino(CasinoCommand::OpenRound { gtype, table: table.table, mid }), Expect::Any, "open a round")
            }
            Some((ref mid, betting)) => match rng.below(10) {
                0..=2 if betting => {
                    self.tables[index].round = Some((mid.clone(), false));
                    (Command::Casino(CasinoCommand::CloseRound { gtype, mid: mid.clone() }), Expect::Any, "close a round's betting")
                }
                3 => {
                    self.tables[index].round = Some((mid.clone(), true));
                    (Command::Casino(CasinoCommand::ReopenRound { gtype, mid: mid.clone() }), Expect::Any, "reopen a round's betting")
                }
                4 => {
                    self.next_round += 1;
                    let next = format!("26112{:08}", self.next_round);
                    self.tables[index].round = Some((next.clone(), true));
                    (Command::Casino(CasinoCommand::OpenRound { gtype, table: table.table, mid: next }), Expect::Any, "a restarted table opens a round over an unresulted one")
                }
                5 => {
                    let mut result = round_result(rng, &table, mid);
                    result.mid = "2611200000000".into();
                    (Command::Casino(CasinoCommand::SettleRound { gtype, mid: mid.clone(), result: Some(result) }), Expect::Reject, "a round's result for another round")
                }
                _ => {
                    self.tables[index].round = None;
                    let result = (!rng.chance(10)).then(|| round_result(rng, &table, mid));
                    (Command::Casino(CasinoCommand::SettleRound { gtype, mid: mid.clone(), result }), Expect::Any, "a round's result")
                }
            },
        })
    }

    /// The feed's and the casino's worlds: the same one again (a restart), or a new one, which
    /// voids every sports market still open.
    fn worlds(&mut self, rng: &mut Rng, _state: &State, now: i64) -> Choice {
        let new = rng.chance(30);
        if rng.chance(60) {
            if new {
                self.feed_seed += 1;
            }
            let world = FeedWorld { seed: self.feed_seed, start_ms: now, speed_milli: 1_000, fixtures_per_sport: 3, virtual_fixtures: 0 };
            Some((Command::Sports(SportsCommand::StartFeed { world }), Expect::Any, "the feed starts"))
        } else {
            if new {
                self.casino_seed += 1;
            }
            let world = FeedWorld { seed: self.casino_seed, start_ms: now, speed_milli: 1_000, fixtures_per_sport: 0, virtual_fixtures: 0 };
            if rng.chance(30) {
                let tables = if rng.chance(50) { vec![19] } else { vec![] };
                return Some((Command::Casino(CasinoCommand::SetLockedTables { tables }), Expect::Any, "the configuration's table locks"));
            }
            Some((Command::Casino(CasinoCommand::StartCasino { world }), Expect::Any, "the casino starts"))
        }
    }
}

/// A result that fits the market: a runner, a run value in range, the sections that happened.
pub fn good_result(rng: &mut Rng, market: &Market) -> MarketResult {
    let sids: Vec<u32> = market.section.iter().map(|s| s.sid).collect();
    match market.gtype {
        _ if rng.chance(8) => MarketResult::Void,
        MarketType::Match | MarketType::Match1 | MarketType::Cricketcasino => MarketResult::Winner { sid: *rng.pick(&sids) },
        MarketType::Fancy | MarketType::Meter | MarketType::Khado | MarketType::Oddeven => {
            let line = market.section.first().and_then(|s| s.odds.first()).map_or(50, |l| l.odds.0 / 100);
            let value = if rng.chance(10) { *rng.pick(&[0, 999]) } else { (i64::from(line) + rng.range(-60, 60)).clamp(0, 999) as u32 };
            MarketResult::Runs { value }
        }
        MarketType::Fancy1 => MarketResult::Happened { sids: sids.into_iter().filter(|_| rng.chance(50)).collect() },
    }
}

/// A result that fits nothing of its market: a runner it does not have, runs out of range, a
/// section twice, or a result of another kind.
pub fn bad_result(rng: &mut Rng, market: &Market) -> MarketResult {
    let first = market.section.first().map_or(1, |s| s.sid);
    match market.gtype {
        MarketType::Match | MarketType::Match1 | MarketType::Cricketcasino => {
            rng.pick(&[MarketResult::Winner { sid: 999 }, MarketResult::Winner { sid: 0 }, MarketResult::Runs { value: 3 }, MarketResult::Happened { sids: vec![first] }]).clone()
        }
        MarketType::Fancy | MarketType::Meter | MarketType::Khado | MarketType::Oddeven => {
            rng.pick(&[MarketResult::Runs { value: 1_000 }, MarketResult::Runs { value: u32::MAX }, MarketResult::Winner { sid: first }]).clone()
        }
        MarketType::Fancy1 => rng.pick(&[MarketResult::Happened { sids: vec![999] }, MarketResult::Happened { sids: vec![first, first] }, MarketResult::Runs { value: 1 }]).clone(),
    }
}

/// How each item of a round ended: a fixed rate (`Pays`) only on items that cannot be laid,
/// as the tables deal them; now and then an item the result does not name.
pub fn round_result(rng: &mut Rng, table: &Table, mid: &str) -> RoundResult {
    let mut items = Vec::new();
    for item in &table.items {
        if rng.chance(10) {
            continue;
        }
        let outcome = match rng.below(8) {
            0 => ItemOutcome::HalfWin,
            1 => ItemOutcome::Push,
            2 => ItemOutcome::HalfLose,
            3 if item.l.0 == 0 => ItemOutcome::Pays { rate: Price(rng.range(150, 5_000) as u32) },
            4 | 5 => ItemOutcome::Win,
            _ => ItemOutcome::Lose,
        };
        items.push(ItemResult { sid: item.sid, nat: item.nat.clone(), outcome });
    }
    RoundResult {
        mid: mid.into(),
        gtype: table.gtype.into(),
        seed: rng.below(1 << 40),
        win: "A".into(),
        winner: "Player A".into(),
        rdesc: String::new(),
        card: String::new(),
        hands: vec![],
        items,
        stacked: false,
    }
}
