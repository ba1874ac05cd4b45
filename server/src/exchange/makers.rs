//! Market makers: accounts of role `maker` (maker1, maker2, …, opened with a balance the first
//! time they run) that give every exchange market liquidity. Each quotes lays below the feed's
//! fair price and backs above it, `depth` ladder prices a side of every runner, and re-quotes a
//! market when its fair prices move or its quotes were matched away. Their orders are real: they
//! are matched, exposed and settled like anyone's, and the console shows their positions.
//! Makers are the house's own bots: their orders wait no in-play delay (docs/exchange.md).

use crate::clock::now_ms;
use crate::configuration::MakerSettings;
use crate::sports::book::Book;
use ledger::book::ladder::{round_to_ladder, tick_down, tick_up, PRICE_H_MAX};
use ledger::{AccountCommand, BetDelay, BetInfo, Command, EngineHandle, ExchangeCommand, Persistence, SportsCommand, UserId};
use schemas::sports::{Market, Section, Side};
use schemas::Role;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// One quote: a runner, a side, a ladder price and a stake.
type Quote = (u32, Side, u32, i64);

/// The running makers' settings, which an operator or a tester may change (`count` stays), and
/// whether they are paused (their orders cancelled, nothing quoted).
#[derive(Debug, Clone)]
pub struct MakerControl {
    pub settings: MakerSettings,
    pub paused: bool,
    pub makers: Vec<UserId>,
}

pub type Makers = Arc<RwLock<MakerControl>>;

/// Opens the makers' accounts that do not exist yet, then re-quotes every `requote_ms` (as the
/// control says at each round). None when there are no makers.
pub async fn start(settings: MakerSettings, book: Arc<RwLock<Book>>, engine: EngineHandle) -> anyhow::Result<Option<Makers>> {
    if settings.count == 0 {
        return Ok(None);
    }
    let mut makers = Vec::new();
    for n in 1..=settings.count {
        makers.push(open_maker(&engine, &format!("maker{n}"), &settings).await?);
    }
    // The first quotes are in the books before the server takes its first request.
    requote(&settings, &book, &engine, &makers, 0).await;
    let control = Arc::new(RwLock::new(MakerControl { settings, paused: false, makers }));
    let running = control.clone();
    tokio::spawn(async move {
        let mut round = 0u64;
        loop {
            let MakerControl { settings, paused, makers } = running.read().unwrap_or_else(|p| p.into_inner()).clone();
            tokio::time::sleep(Duration::from_millis(settings.requote_ms.max(100))).await;
            round += 1;
            if paused {
                withdraw(&engine, &makers).await;
            } else {
                requote(&settings, &book, &engine, &makers, round).await;
            }
        }
    });
    Ok(Some(control))
}

/// Paused makers take every order of theirs off the books.
async fn withdraw(engine: &EngineHandle, makers: &[UserId]) {
    let cancels: Vec<Command> = {
        let ledger = engine.read();
        let resting: BTreeSet<(UserId, u64)> = ledger.exchange.orders.values().filter(|o| makers.contains(&o.user_id)).map(|o| (o.user_id, o.book.mid)).collect();
        resting.into_iter().map(|(user_id, mid)| Command::Exchange(ExchangeCommand::CancelMarket { user_id, mid })).collect()
    };
    submit_all(engine, cancels).await;
}

/// A maker's account: opened with its balance the first time (a password no one knows: makers
/// never sign in), as it is afterwards.
async fn open_maker(engine: &EngineHandle, username: &str, settings: &MakerSettings) -> anyhow::Result<UserId> {
    if let Some(user) = engine.read().accounts.user_by_name(username) {
        return Ok(user.id);
    }
    let secret: [u8; 24] = rand::random();
    let password_hash = crate::auth::passwords::hash(hex::encode(secret)).await?;
    let open = AccountCommand::OpenAccount { username: username.to_owned(), password_hash, role: Role::Maker, must_change_password: false, rules_accepted: true };
    engine.submit(now_ms(), Command::Accounts(open)).await?;
    let balance_minor = settings.balance.minor();
    if balance_minor > 0 {
        engine.submit(now_ms(), Command::Accounts(AccountCommand::Credit { username: username.to_owned(), amount_minor: balance_minor, remark: "Market maker's opening balance".into() })).await?;
    }
    let id = engine.read().accounts.user_by_name(username).map(|u| u.id);
    id.ok_or_else(|| anyhow::anyhow!("maker {username} was not opened"))
}

/// The quotes a maker wants on a market priced `fair` by the feed: for each runner open for
/// bets, lays from the feed's back price down and backs from its lay price up (`spread_ticks`
/// further out), `depth` ladder prices each, the stake growing by `size` a level.
pub fn quotes(settings: &MakerSettings, fair: &Market) -> Vec<Quote> {
    // Never below the market's minimum stake (a match-odds market's `min`, else `minb`), which
    // would refuse every quote.
    let min_minor = [fair.min.minor(), fair.minb.minor()].into_iter().find(|m| *m > 0).unwrap_or(0);
    let size_minor = settings.size.minor().max(min_minor);
    let mut quotes = Vec::new();
    if !matches!(fair.status.as_str(), "OPEN" | "ACTIVE") {
        return quotes;
    }
    let bounds = implied_bounds(fair);
    for section in fair.section.iter().filter(|s| matches!(s.gstatus.as_str(), "OPEN" | "ACTIVE")) {
        let Some((back, lay)) = fair_prices(section) else { continue };
        let (highest_lay, lowest_back) = match bounds.as_ref().and_then(|b| b.get(&section.sid)) {
            Some(bounds) => *bounds,
            None => (Some(u32::MAX), Some(0)),
        };
        let mut lay_at = highest_lay.and_then(|highest| steps(round_to_ladder(back, false).min(highest), settings.spread_ticks, tick_down));
        let mut back_at = lowest_back.and_then(|lowest| steps(round_to_ladder(lay, true).max(lowest).max(tick_up(lay_at.unwrap_or(0)).unwrap_or(0)), settings.spread_ticks, tick_up));
        for level in 0..settings.depth {
            let stake = size_minor * i64::from(level + 1);
            if let Some(price) = lay_at {
                quotes.push((section.sid, Side::Lay, price, stake));
                lay_at = tick_down(price);
            }
            if let Some(price) = back_at {
                quotes.push((section.sid, Side::Back, price, stake));
                back_at = tick_up(price);
            }
        }
    }
    quotes
}

/// A runner's highest lay and lowest back quote (none: that side is not quoted).
type Bounds = (Option<u32>, Option<u32>);

/// On a two-runner market, where matching is also implied, each runner's highest lay and lowest
/// back quote: strictly below and above its fair price, the feed's mid chance normalised so the
/// two runners' add up to 1 (none past the ladder's end: that side is not quoted). Then any two backs' chances add up to less than 1 and any two lays'
/// to more, so no quote of one runner meets a quote of the other through implied matching (the
/// feed's own prices may overlap that way: a provider's overround). None on other markets.
fn implied_bounds(fair: &Market) -> Option<BTreeMap<u32, Bounds>> {
    if fair.section.len() != 2 {
        return None;
    }
    let chances: Vec<(u32, f64)> = fair.section.iter().filter_map(|s| fair_prices(s).map(|(back, lay)| (s.sid, (100.0 / f64::from(back) + 100.0 / f64::from(lay)) / 2.0))).collect();
    let total: f64 = chances.iter().map(|(_, c)| c).sum();
    if chances.len() != 2 || total <= 0.0 {
        return None;
    }
    // A hair either side of the fair price, so float rounding never lets a quote sit on it.
    const HAIR: f64 = 1e-6;
    let bounds = chances.into_iter().map(|(sid, chance)| {
        let fair_h = 100.0 * total / chance;
        let clamped = fair_h.clamp(0.0, f64::from(PRICE_H_MAX));
        let lay = Some(round_to_ladder(clamped.floor() as u32, false)).and_then(|p| if f64::from(p) < fair_h - HAIR { Some(p) } else { tick_down(p) });
        let back = Some(round_to_ladder(clamped.ceil() as u32, true)).and_then(|p| if f64::from(p) > fair_h + HAIR { Some(p) } else { tick_up(p) });
        (sid, (lay, back))
    });
    Some(bounds.collect())
}

/// The feed's best back and lay prices of a runner, when it has both.
fn fair_prices(section: &Section) -> Option<(u32, u32)> {
    let best = |side: Side| section.odds.iter().filter(|l| l.otype == side && l.odds.0 > 100).min_by_key(|l| l.tno).map(|l| l.odds.0);
    Some((best(Side::Back)?, best(Side::Lay)?))
}

/// `price` moved `n` ticks by `step` (none off the ladder's end).
fn steps(price: u32, n: u32, step: fn(u32) -> Option<u32>) -> Option<u32> {
    (0..n).try_fold(price, |p, _| step(p))
}

/// One round: every maker re-quotes every exchange market whose quotes it no longer likes (the
/// fair prices moved, or its quotes were matched below half their stake).
async fn requote(settings: &MakerSettings, book: &Arc<RwLock<Book>>, engine: &EngineHandle, makers: &[UserId], round: u64) {
    let wanted: Vec<(Market, Vec<Quote>)> = {
        let book = book.read().unwrap_or_else(|p| p.into_inner());
        book.exchange_markets()
            .into_iter()
            .filter(|(gmid, mid)| !book.is_held(*gmid, *mid) && !book.is_silent(*gmid))
            .filter_map(|(gmid, mid)| {
                let shown = book.market(gmid, mid)?.clone();
                Some((shown, quotes(settings, book.fair_market(gmid, mid)?)))
            })
            .collect()
    };
    let in_play: BTreeSet<u64> = {
        let book = book.read().unwrap_or_else(|p| p.into_inner());
        wanted.iter().filter(|(m, _)| book.fixture(m.gmid).is_some_and(|f| f.iplay)).map(|(m, _)| m.gmid).collect()
    };
    let mut cancels = Vec::new();
    let mut orders = Vec::new();
    // Request ids are unique across restarts too: the round, and when it began.
    let stamp = now_ms();
    {
        let ledger = engine.read();
        for (market, quotes) in &wanted {
            let mut groups: Vec<(u32, Side)> = quotes.iter().map(|q| (q.0, q.1)).collect();
            groups.sort_unstable_by_key(|(sid, side)| (*sid, *side == Side::Back));
            groups.dedup();
            // A maker's new quote on a runner could meet another maker's older quote on the
            // same runner (its other side), and on a two-runner market another maker's older
            // quote on the other runner too (implied matching). So when anything on a runner
            // went stale, every maker quotes the whole runner again (on two runners, the whole
            // market), the old quotes cancelled before any new one arrives.
            let stale_runners: BTreeSet<u32> = makers
                .iter()
                .flat_map(|&maker| {
                    let resting: Vec<&ledger::Order> = ledger.exchange.user_orders(market.mid, maker).collect();
                    let dropped = resting.iter().filter(|o| !groups.contains(&(o.sid, o.side))).map(|o| o.sid).collect::<Vec<_>>();
                    let moved = groups.iter().filter(|&&(sid, side)| {
                        let wanted: Vec<&Quote> = quotes.iter().filter(|q| q.0 == sid && q.1 == side).collect();
                        let held: Vec<&&ledger::Order> = resting.iter().filter(|o| o.sid == sid && o.side == side).collect();
                        stale(settings, &wanted, &held)
                    });
                    dropped.into_iter().chain(moved.map(|&(sid, _)| sid)).collect::<Vec<_>>()
                })
                .collect();
            let whole_market = market.section.len() == 2 && !stale_runners.is_empty();
            for &maker in makers {
                let resting: Vec<&ledger::Order> = ledger.exchange.user_orders(market.mid, maker).collect();
                // Orders on runners or sides the maker no longer quotes go.
                for order in resting.iter().filter(|o| !groups.contains(&(o.sid, o.side))) {
                    cancels.push(Command::Exchange(ExchangeCommand::CancelOrder { user_id: maker, order_id: order.id, size_minor: None }));
                }
                // A runner nobody's quotes went stale on keeps its quotes.
                for &(sid, side) in &groups {
                    if !whole_market && !stale_runners.contains(&sid) {
                        continue;
                    }
                    let wanted: Vec<&Quote> = quotes.iter().filter(|q| q.0 == sid && q.1 == side).collect();
                    let held: Vec<&&ledger::Order> = resting.iter().filter(|o| o.sid == sid && o.side == side).collect();
                    for order in held {
                        cancels.push(Command::Exchange(ExchangeCommand::CancelOrder { user_id: maker, order_id: order.id, size_minor: None }));
                    }
                    for &&(sid, side, price, stake) in &wanted {
                        let info = maker_info(market, sid, side, price);
                        let delay = BetDelay { in_play: in_play.contains(&market.gmid), ms_per_sec: 0 };
                        let request_id = format!("mk{round}-{stamp}-{}-{sid}-{}", market.mid, orders.len());
                        orders.push(Command::Sports(SportsCommand::PlaceOrder { user_id: maker, request_id, market: market.clone(), delay, size_minor: stake, persistence: Persistence::Keep, info }));
                    }
                }
            }
        }
    }
    // Cancels first, then the new quotes, sent together: the engine takes them in one batch
    // (in this order, so a new quote never meets the maker's old one), and the pages see the
    // book once, moved, rather than empty between two batches.
    cancels.extend(orders);
    submit_all(engine, cancels).await;
}

/// Whether a maker's orders on one side of a runner (`held`) no longer do for the quotes it
/// wants there: its best price is more than `requote_ticks` ladder ticks from the wanted best, or
/// less than half the wanted stake is left unmatched. Within that, the quotes stand (re-quoting
/// at every move of the fair price would fill the log with cancels and orders).
fn stale(settings: &MakerSettings, wanted: &[&Quote], held: &[&&ledger::Order]) -> bool {
    let best = |prices: &mut dyn Iterator<Item = u32>, side: Side| if side == Side::Lay { prices.max() } else { prices.min() };
    let Some(side) = wanted.first().map(|q| q.1) else { return !held.is_empty() };
    let (Some(want), Some(have)) = (best(&mut wanted.iter().map(|q| q.2), side), best(&mut held.iter().map(|o| o.price_h), side)) else { return true };
    let wanted_minor: i64 = wanted.iter().map(|q| q.3).sum();
    let held_minor: i64 = held.iter().map(|o| o.unmatched_minor).sum();
    ticks_between(want, have) > settings.requote_ticks || held_minor * 2 < wanted_minor
}

/// Ladder ticks between two ladder prices.
fn ticks_between(a: u32, b: u32) -> u32 {
    let (mut low, high) = (a.min(b), a.max(b));
    let mut ticks = 0;
    while low < high {
        let Some(next) = tick_up(low) else { break };
        low = next;
        ticks += 1;
    }
    ticks
}

/// Submits the commands together and in their order (the engine takes them in a few batches); a
/// refused one (the market closed meanwhile, a maker out of money) is passed over.
async fn submit_all(engine: &EngineHandle, commands: Vec<Command>) {
    let results = engine.submit_in_order(now_ms(), commands).await;
    let refused = results.iter().filter(|r| r.is_err()).count();
    if refused > 0 {
        tracing::debug!(refused, "market makers: some quotes were refused");
    }
}

/// What a maker's order records, as a player's would.
fn maker_info(market: &Market, sid: u32, side: Side, price_h: u32) -> BetInfo {
    let section_name = market.section.iter().find(|s| s.sid == sid).map(|s| s.nat.clone()).unwrap_or_default();
    BetInfo {
        etid: 0,
        event_name: String::new(),
        market_name: market.mname.clone(),
        section_name,
        gtype: "match".into(),
        sid,
        side,
        price_h,
        ip: "maker".into(),
        browser: "market maker".into(),
        requested_at_ms: now_ms(),
        delay_ms: 0,
        fill: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schemas::sports::{MarketType, OddsLevel, Price};
    use schemas::Money;

    fn fair(back: u32, lay: u32) -> Market {
        let level = |otype, odds| OddsLevel { otype, odds: Price(odds), size: Price(100), tno: 0 };
        let section = Section { sid: 1, sno: 1, nat: "A".into(), gstatus: "ACTIVE".into(), min: Money(0), max: Money(0), rem: String::new(), width: 0, odds: vec![level(Side::Back, back), level(Side::Lay, lay)] };
        Market { mid: 9, gmid: 1, mname: "Match Odds".into(), gtype: MarketType::Match, status: "OPEN".into(), min: Money(0), max: Money(0), minb: Money(0), maxb: Money(0), rc: 0, rem: String::new(), section: vec![section] }
    }

    #[test]
    fn a_maker_quotes_lays_below_and_backs_above_the_fair_price_on_the_ladder() {
        let settings = MakerSettings { count: 1, balance: Money(0), spread_ticks: 0, depth: 3, size: Money(1_000), requote_ms: 1_000, requote_ticks: 2 };
        let quotes = quotes(&settings, &fair(203, 207));
        let lays: Vec<_> = quotes.iter().filter(|q| q.1 == Side::Lay).map(|q| (q.2, q.3)).collect();
        let backs: Vec<_> = quotes.iter().filter(|q| q.1 == Side::Back).map(|q| (q.2, q.3)).collect();
        assert_eq!(lays, vec![(202, 1_000), (200, 2_000), (199, 3_000)], "2.03 rounds down to 2.02, then down the ladder across 2.00");
        assert_eq!(backs, vec![(208, 1_000), (210, 2_000), (212, 3_000)]);
    }

    /// A two-runner market whose runners the feed prices `(back, lay)` each.
    fn two_runners(a: (u32, u32), b: (u32, u32)) -> Market {
        let mut market = fair(a.0, a.1);
        let mut other = market.section[0].clone();
        other.sid = 2;
        other.odds[0].odds = Price(b.0);
        other.odds[1].odds = Price(b.1);
        market.section.push(other);
        market
    }

    #[test]
    fn on_two_runners_no_quote_meets_another_through_the_other_runner() {
        let settings = MakerSettings { count: 1, balance: Money(0), spread_ticks: 0, depth: 3, size: Money(1_000), requote_ms: 1_000, requote_ticks: 2 };
        // Overround: 1/1.92 + 1/1.92 > 1, so backs quoted at the feed's lay prices would imply each other.
        for (a, b) in [((190, 192), (190, 192)), ((150, 152), (290, 300)), ((101, 102), (50_000, 100_000)), ((1_000, 1_050), (108, 109))] {
            let quotes = quotes(&settings, &two_runners(a, b));
            let of = |sid: u32, side: Side| quotes.iter().filter(move |q| q.0 == sid && q.1 == side).map(|q| u64::from(q.2));
            // 1/x + 1/y < 1 exactly when (x - 1)(y - 1) > 1, in hundredths.
            for (x, y) in of(1, Side::Back).flat_map(|x| of(2, Side::Back).map(move |y| (x, y))) {
                assert!((x - 100) * (y - 100) > 10_000, "backs {x} and {y} of {a:?} {b:?} imply each other");
            }
            for (x, y) in of(1, Side::Lay).flat_map(|x| of(2, Side::Lay).map(move |y| (x, y))) {
                assert!((x - 100) * (y - 100) < 10_000, "lays {x} and {y} of {a:?} {b:?} imply each other");
            }
            assert!(of(1, Side::Lay).count() + of(2, Side::Lay).count() > 0 && of(1, Side::Back).count() + of(2, Side::Back).count() > 0, "{a:?} {b:?} is quoted");
        }
        let quotes = quotes(&settings, &two_runners((190, 192), (190, 192)));
        let best = |side: Side| quotes.iter().filter(|q| q.0 == 1 && q.1 == side).map(|q| q.2).collect::<Vec<_>>();
        assert_eq!(best(Side::Lay)[0], 190, "the feed's back price is below the fair 2.00: kept");
        assert_eq!(best(Side::Back)[0], 202, "its lay price 1.92 is below the fair 2.00 too: moved above it");
    }

    #[test]
    fn a_suspended_market_gets_no_quotes() {
        let settings = MakerSettings::default();
        let mut market = fair(203, 207);
        market.status = "SUSPENDED".into();
        assert!(quotes(&settings, &market).is_empty());
    }
}
