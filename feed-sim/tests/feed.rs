//! Black-box tests of the simulator's feed: determinism, prices, statuses, ids and settlement.

use feed_sim::{FixtureWinner, SimConfig, Simulator};
use schemas::sports::{FeedEvent, Fixture, Market, MarketResult, MarketType, Section, Side, SPORT_CRICKET, SPORT_FOOTBALL};
use std::collections::{BTreeMap, BTreeSet};

const START_MS: i64 = 1_735_689_600_000;

fn config(seed: u64, speed: f64) -> SimConfig {
    SimConfig { seed, speed, start_ms: START_MS, fixtures_per_sport: 2, virtual_fixtures: 1, release_period_ms: 0, races: feed_sim::RaceConfig::none() }
}

/// Steps `steps` times by `dt_ms` real milliseconds, collecting every event.
fn run(sim: &mut Simulator, steps: usize, dt_ms: u64) -> Vec<FeedEvent> {
    (0..steps).flat_map(|_| sim.step(dt_ms)).collect()
}

fn to_json(events: &[FeedEvent]) -> Vec<String> {
    events.iter().map(|e| serde_json::to_string(e).expect("a feed event serializes")).collect()
}

fn added(events: &[FeedEvent]) -> Vec<(&Fixture, &Vec<Market>)> {
    events
        .iter()
        .filter_map(|e| match e {
            FeedEvent::FixtureAdded { fixture, markets } => Some((fixture, markets)),
            _ => None,
        })
        .collect()
}

/// Every market state in the events: the markets of each fixture added, and every update.
fn markets(events: &[FeedEvent]) -> Vec<&Market> {
    events
        .iter()
        .flat_map(|e| match e {
            FeedEvent::FixtureAdded { markets, .. } => markets.iter().collect(),
            FeedEvent::MarketUpdated { market } => vec![market],
            _ => Vec::new(),
        })
        .collect()
}

/// An independent oracle for the exchange ladder: 1.01–1000 in Betfair's increments.
fn is_tick(odds: u32) -> bool {
    let bands = [(200, 1), (300, 2), (400, 5), (600, 10), (1000, 20), (2000, 50), (3000, 100), (5000, 200), (10_000, 500), (100_000, 1000)];
    let mut low = 100;
    bands.iter().any(|&(high, step)| {
        let inside = odds > low && odds <= high && (odds - low).is_multiple_of(step);
        low = high;
        inside
    })
}

fn best(section: &Section, side: Side) -> Option<u32> {
    section.odds.iter().find(|l| l.otype == side && l.tno == 0).map(|l| l.odds.0)
}

/// Checks one exchange section's book: ticks, three levels at most a side, backs descending,
/// lays ascending, every back below every lay.
fn assert_exchange_book(section: &Section, context: &str) {
    let backs: Vec<_> = section.odds.iter().filter(|l| l.otype == Side::Back).collect();
    let lays: Vec<_> = section.odds.iter().filter(|l| l.otype == Side::Lay).collect();
    assert!(!backs.is_empty() && !lays.is_empty() && backs.len() <= 3 && lays.len() <= 3, "{context}: {section:?}");
    for (i, level) in backs.iter().enumerate() {
        assert_eq!(usize::from(level.tno), i, "{context}");
        assert!(is_tick(level.odds.0), "{context}: back {} is not a tick", level.odds);
        assert!(level.size.0 >= 10_000 && level.size.0 <= 2_500_000, "{context}: size {}", level.size);
    }
    for (i, level) in lays.iter().enumerate() {
        assert_eq!(usize::from(level.tno), i, "{context}");
        assert!(is_tick(level.odds.0), "{context}: lay {} is not a tick", level.odds);
    }
    assert!(backs.windows(2).all(|w| w[0].odds > w[1].odds), "{context}: backs descend");
    assert!(lays.windows(2).all(|w| w[0].odds < w[1].odds), "{context}: lays ascend");
    assert!(backs[0].odds < lays[0].odds, "{context}: best back {} below best lay {}", backs[0].odds, lays[0].odds);
}

#[test]
fn the_same_seed_and_steps_give_byte_identical_events() {
    let mut a = Simulator::new(config(7, 10.0));
    let mut b = Simulator::new(config(7, 10.0));
    assert_eq!(to_json(&a.snapshot()), to_json(&b.snapshot()));
    let (events_a, events_b) = (run(&mut a, 90, 1000), run(&mut b, 90, 1000));
    assert!(events_a.len() > 1000);
    // Prices and money are integers, so equal events serialize to the same bytes; the whole
    // run is compared by value and a sample of it as text.
    assert!(events_a == events_b);
    let tail = events_a.len() - 300;
    assert_eq!(to_json(&events_a[tail..]), to_json(&events_b[tail..]));
    assert_eq!(to_json(&a.snapshot()), to_json(&b.snapshot()));
}

#[test]
fn different_seeds_give_different_feeds() {
    let mut a = Simulator::new(config(1, 10.0));
    let mut b = Simulator::new(config(2, 10.0));
    assert_ne!(to_json(&a.snapshot()), to_json(&b.snapshot()));
    assert_ne!(to_json(&run(&mut a, 30, 1000)), to_json(&run(&mut b, 30, 1000)));
}

#[test]
fn every_exchange_level_is_a_tick_with_back_below_lay() {
    let mut sim = Simulator::new(config(11, 20.0));
    let mut events = sim.snapshot();
    events.extend(run(&mut sim, 120, 1000));
    let mut checked = 0;
    for market in markets(&events).into_iter().filter(|m| m.gtype == MarketType::Match && m.status != "CLOSED") {
        for section in &market.section {
            assert_exchange_book(section, &format!("{} {}", market.mname, section.nat));
            checked += 1;
        }
    }
    for event in &events {
        if let FeedEvent::FixtureAdded { fixture, .. } | FeedEvent::FixtureUpdated { fixture } = event {
            for section in &fixture.section {
                assert!(section.odds.iter().all(|l| l.tno == 0 && is_tick(l.odds.0)), "{}", fixture.ename);
                assert!(best(section, Side::Back) < best(section, Side::Lay), "{}", fixture.ename);
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn bookmaker_odds_are_per_hundred_with_back_below_lay() {
    let mut sim = Simulator::new(config(12, 20.0));
    let mut events = sim.snapshot();
    events.extend(run(&mut sim, 60, 1000));
    let bookmakers: Vec<_> = markets(&events).into_iter().filter(|m| m.gtype == MarketType::Match1 && m.status != "CLOSED").collect();
    assert!(!bookmakers.is_empty());
    for section in bookmakers.iter().flat_map(|m| &m.section).filter(|s| s.gstatus == "ACTIVE") {
        let (back, lay) = (best(section, Side::Back).expect("a back rate"), best(section, Side::Lay).expect("a lay rate"));
        assert!(back < lay && back.is_multiple_of(100) && lay.is_multiple_of(100), "{section:?}");
        assert_eq!(section.odds.len(), 2);
    }
}

#[test]
fn fancy_and_meter_lines_offer_no_below_yes_at_rate_100() {
    let mut sim = Simulator::new(config(13, 20.0));
    let mut events = sim.snapshot();
    events.extend(run(&mut sim, 60, 1000));
    let lines: Vec<_> =
        markets(&events).into_iter().filter(|m| matches!(m.gtype, MarketType::Fancy | MarketType::Meter) && m.status != "CLOSED").collect();
    assert!(lines.len() > 20);
    for section in lines.iter().flat_map(|m| &m.section) {
        let (no, yes) = (best(section, Side::Lay).expect("a No line"), best(section, Side::Back).expect("a Yes line"));
        assert_eq!(no + 100, yes, "{section:?}");
        assert!(section.odds.iter().all(|l| l.size.0 == 10_000), "{section:?}");
    }
}

#[test]
fn cricket_fixtures_carry_all_eight_market_types() {
    let sim = Simulator::new(SimConfig { fixtures_per_sport: 3, virtual_fixtures: 2, ..config(14, 1.0) });
    let snapshot = sim.snapshot();
    let cricket: Vec<_> = added(&snapshot).into_iter().filter(|(f, _)| f.etid == SPORT_CRICKET).collect();
    assert_eq!(cricket.len(), 3 + 2 * 2);
    assert_eq!(cricket.iter().filter(|(f, _)| f.iscc == 1).count(), 2);
    assert_eq!(cricket.iter().filter(|(f, _)| f.iscc == 2).count(), 2);
    let all = [
        MarketType::Match,
        MarketType::Match1,
        MarketType::Fancy,
        MarketType::Fancy1,
        MarketType::Oddeven,
        MarketType::Meter,
        MarketType::Khado,
        MarketType::Cricketcasino,
    ];
    for (fixture, markets) in cricket {
        let types: BTreeSet<_> = markets.iter().map(|m| m.gtype).collect();
        assert_eq!(types, all.into_iter().collect(), "{}", fixture.ename);
        assert!(fixture.f && fixture.bm);
        let khado = markets.iter().find(|m| m.gtype == MarketType::Khado).expect("a khado market");
        assert!(khado.section.iter().all(|s| s.width == 5 && s.odds.iter().all(|l| l.otype == Side::Back)));
        let digits = markets.iter().find(|m| m.gtype == MarketType::Cricketcasino).expect("a digit market");
        let names: Vec<_> = digits.section.iter().map(|s| s.nat.as_str()).collect();
        assert_eq!(names, ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    }
}

#[test]
fn football_has_a_draw_and_other_sports_have_two_runners() {
    let sim = Simulator::new(config(15, 1.0));
    for (fixture, markets) in added(&sim.snapshot()) {
        let snos: Vec<u32> = fixture.section.iter().map(|s| s.sno).collect();
        let match_odds = markets.iter().find(|m| m.mname == "Match Odds").expect("every fixture has match odds");
        if fixture.etid == SPORT_FOOTBALL {
            assert_eq!(snos, [1, 2, 3], "{}", fixture.ename);
            assert_eq!(match_odds.section[1].nat, "The Draw");
        } else {
            assert_eq!(snos, [1, 3], "{}", fixture.ename);
        }
        assert!(fixture.ename.contains(" v "));
        assert!(!fixture.cname.is_empty());
    }
}

#[test]
fn some_fixtures_start_in_play_and_upcoming_ones_go_in_play_when_their_time_comes() {
    let mut sim = Simulator::new(config(16, 60.0));
    let snapshot = sim.snapshot();
    let fixtures = added(&snapshot);
    assert!(fixtures.iter().any(|(f, _)| f.iplay));
    let upcoming: BTreeSet<u64> = fixtures.iter().filter(|(f, _)| !f.iplay).map(|(f, _)| f.gmid).collect();
    assert!(!upcoming.is_empty());
    for (fixture, _) in fixtures.iter().filter(|(f, _)| !f.iplay) {
        assert!(fixture.stime.as_str() > "2025-01-01T00:00:00Z", "{}", fixture.stime);
    }
    // Upcoming fixtures start within the hour.
    let started: BTreeSet<u64> = run(&mut sim, 65, 1000)
        .iter()
        .filter_map(|e| match e {
            FeedEvent::FixtureUpdated { fixture } if fixture.iplay => Some(fixture.gmid),
            _ => None,
        })
        .collect();
    assert!(upcoming.is_subset(&started), "{upcoming:?} {started:?}");
}

/// What a consumer of the feed knows: the open markets of each fixture, and what was settled.
#[derive(Default)]
struct Book {
    open: BTreeMap<u64, BTreeSet<u64>>,
    sport: BTreeMap<u64, u32>,
    seen_mids: BTreeSet<u64>,
    settled: BTreeSet<u64>,
    removed_by_sport: BTreeMap<(u32, u8), usize>,
}

impl Book {
    fn open_market(&mut self, gmid: u64, mid: u64) {
        assert!(self.seen_mids.insert(mid), "market {mid} is new and its id unused");
        self.open.get_mut(&gmid).expect("markets belong to a live fixture").insert(mid);
    }

    fn apply(&mut self, event: &FeedEvent) {
        match event {
            FeedEvent::FixtureAdded { fixture, markets } => {
                assert!(!self.sport.contains_key(&fixture.gmid), "gmid {} is never reused", fixture.gmid);
                self.sport.insert(fixture.gmid, fixture.etid * 10 + u32::from(fixture.iscc));
                self.open.insert(fixture.gmid, BTreeSet::new());
                for market in markets {
                    assert_eq!(market.gmid, fixture.gmid);
                    self.open_market(fixture.gmid, market.mid);
                }
            }
            FeedEvent::MarketUpdated { market } => {
                assert!(!self.settled.contains(&market.mid), "no update after settlement");
                let known = self.open.get(&market.gmid).expect("updates belong to a live fixture").contains(&market.mid);
                if !known {
                    self.open_market(market.gmid, market.mid);
                }
            }
            FeedEvent::MarketSettled { gmid, mid, .. } => {
                assert!(self.open.get_mut(gmid).expect("a live fixture").remove(mid), "market {mid} settles once, while open");
                assert!(self.settled.insert(*mid));
            }
            FeedEvent::FixtureRemoved { gmid } => {
                let open = self.open.remove(gmid).expect("a live fixture is removed once");
                assert!(open.is_empty(), "every market of {gmid} settled before removal: {open:?}");
                let code = self.sport[gmid];
                *self.removed_by_sport.entry((code / 10, (code % 10) as u8)).or_default() += 1;
            }
            FeedEvent::ScoreUpdated { gmid, .. } | FeedEvent::FixtureUpdated { fixture: Fixture { gmid, .. } } => {
                assert!(self.open.contains_key(gmid), "events belong to a live fixture");
            }
            FeedEvent::RunnerWithdrawn { gmid, mid, .. } => {
                assert!(self.open.get(gmid).is_some_and(|open| open.contains(mid)), "a runner is withdrawn from an open market");
            }
        }
    }
}

#[test]
fn finished_fixtures_settle_every_market_once_and_the_fixture_count_stays_constant() {
    let mut sim = Simulator::new(SimConfig { fixtures_per_sport: 1, ..config(17, 60.0) });
    let mut book = Book::default();
    sim.snapshot().iter().for_each(|e| book.apply(e));
    let count = book.open.len();
    assert_eq!(count, 4 + 2);
    // Every fixture starts in play; four simulated hours see each one finish, a minute a step.
    for _ in 0..240 {
        sim.step(1000).iter().for_each(|e| book.apply(e));
        assert_eq!(book.open.len(), count);
    }
    for sport in [(4, 0), (2, 0), (1, 0), (8, 0)] {
        assert!(book.removed_by_sport.get(&sport).copied().unwrap_or(0) >= 1, "a {sport:?} fixture finished: {:?}", book.removed_by_sport);
    }
    // A virtual match takes about five minutes plus the wait for the next one.
    assert!(book.removed_by_sport.get(&(4, 1)).copied().unwrap_or(0) >= 20, "{:?}", book.removed_by_sport);
    assert!(book.removed_by_sport.get(&(4, 2)).copied().unwrap_or(0) >= 20, "{:?}", book.removed_by_sport);
}

/// Settlements in `events` by market id.
fn settlements(events: &[FeedEvent]) -> BTreeMap<u64, MarketResult> {
    let mut out = BTreeMap::new();
    for event in events {
        if let FeedEvent::MarketSettled { mid, result, .. } = event {
            assert!(out.insert(*mid, result.clone()).is_none(), "market {mid} settled twice");
        }
    }
    out
}

#[test]
fn finish_fixture_settles_match_odds_and_bookmaker_with_the_chosen_winner() {
    let mut sim = Simulator::new(config(18, 1.0));
    let snapshot = sim.snapshot();
    let (fixture, markets) =
        added(&snapshot).into_iter().find(|(f, _)| f.etid == SPORT_CRICKET && f.iscc == 0 && f.iplay).expect("a live cricket match");
    let events = sim.finish_fixture(fixture.gmid, FixtureWinner::Away);
    let settled = settlements(&events);
    let winner_of = |gtype: MarketType| &settled[&markets.iter().find(|m| m.gtype == gtype).expect("market present").mid];
    assert_eq!(winner_of(MarketType::Match), &MarketResult::Winner { sid: 3 });
    assert_eq!(winner_of(MarketType::Match1), &MarketResult::Winner { sid: 3 });
    let mids: BTreeSet<u64> = markets.iter().map(|m| m.mid).collect();
    assert_eq!(settled.keys().copied().collect::<BTreeSet<_>>(), mids, "every market settles, each once");
    // Run markets of the innings in progress settle at its score; none of them is void.
    let runs: BTreeSet<u32> = markets
        .iter()
        .filter(|m| matches!(m.gtype, MarketType::Fancy | MarketType::Khado | MarketType::Meter))
        .map(|m| match settled[&m.mid] {
            MarketResult::Runs { value } => value,
            ref other => panic!("{} settled {other:?}", m.mname),
        })
        .collect();
    assert_eq!(runs.len(), 1, "{runs:?}");
    let removed = events.iter().position(|e| matches!(e, FeedEvent::FixtureRemoved { gmid } if *gmid == fixture.gmid)).expect("removed");
    let last_settlement = events.iter().rposition(|e| matches!(e, FeedEvent::MarketSettled { .. })).expect("settled");
    assert!(last_settlement < removed);
    let replacement = added(&events[removed..]);
    assert_eq!(replacement.len(), 1);
    assert_eq!((replacement[0].0.etid, replacement[0].0.iscc, replacement[0].0.iplay), (SPORT_CRICKET, 0, false));
    assert!(sim.finish_fixture(fixture.gmid, FixtureWinner::Home).is_empty(), "a removed fixture cannot finish again");
}

#[test]
fn finish_fixture_with_a_draw_settles_football_on_the_draw() {
    let mut sim = Simulator::new(config(19, 1.0));
    let snapshot = sim.snapshot();
    let (fixture, markets) = added(&snapshot).into_iter().find(|(f, _)| f.etid == SPORT_FOOTBALL).expect("a football match");
    let settled = settlements(&sim.finish_fixture(fixture.gmid, FixtureWinner::Draw));
    let match_odds = markets.iter().find(|m| m.mname == "Match Odds").expect("match odds");
    assert_eq!(settled[&match_odds.mid], MarketResult::Winner { sid: 2 });
    assert_eq!(settled.len(), markets.len());
}

/// Watches football match odds for goals: the scorer's best back before the goal, compared with
/// the next match-odds update after it.
#[derive(Default)]
struct GoalWatch {
    last_market: BTreeMap<u64, Market>,
    goals: BTreeMap<u64, [u32; 2]>,
    /// Goals waiting for the next match-odds update: (gmid, scorer's sid, best back before).
    pending: Vec<(u64, u32, u32)>,
    checked: usize,
}

impl GoalWatch {
    fn apply(&mut self, event: &FeedEvent) {
        match event {
            FeedEvent::FixtureAdded { fixture, markets } if fixture.etid == SPORT_FOOTBALL => {
                if let Some(m) = markets.iter().find(|m| m.mname == "Match Odds") {
                    self.last_market.insert(fixture.gmid, m.clone());
                }
            }
            FeedEvent::ScoreUpdated { gmid, scoreboard } if self.last_market.contains_key(gmid) => {
                let now: Vec<u32> = scoreboard.teams.iter().map(|t| t.score.parse().expect("football scores are numbers")).collect();
                let before = self.goals.insert(*gmid, [now[0], now[1]]);
                for (team, sid) in [(0, 1), (1, 3)] {
                    if before.is_some_and(|b| now[team] == b[team] + 1) {
                        let section = self.last_market[gmid].section.iter().find(|s| s.sid == sid).expect("runner");
                        self.pending.push((*gmid, sid, best(section, Side::Back).expect("a back price")));
                    }
                }
            }
            FeedEvent::MarketUpdated { market } if self.last_market.contains_key(&market.gmid) && market.mname == "Match Odds" => {
                for (_, sid, before) in self.pending.iter().filter(|(gmid, _, _)| *gmid == market.gmid) {
                    let section = market.section.iter().find(|s| s.sid == *sid).expect("runner");
                    let after = best(section, Side::Back).expect("a back price");
                    assert!(after < *before || *before == 101, "{}: back {before} -> {after} after a goal", section.nat);
                    self.checked += 1;
                }
                self.pending.retain(|(gmid, _, _)| *gmid != market.gmid);
                self.last_market.insert(market.gmid, market.clone());
            }
            _ => {}
        }
    }
}

#[test]
fn a_football_team_that_scores_sees_its_back_price_fall() {
    let mut sim = Simulator::new(SimConfig { fixtures_per_sport: 3, ..config(25, 60.0) });
    let mut watch = GoalWatch::default();
    sim.snapshot().iter().for_each(|e| watch.apply(e));
    for _ in 0..200 {
        sim.step(1000).iter().for_each(|e| watch.apply(e));
        if watch.checked >= 3 {
            break;
        }
    }
    assert!(watch.checked >= 3, "saw {} goals", watch.checked);
}

#[test]
fn cricket_markets_show_ball_running_and_suspend_on_wickets() {
    let mut sim = Simulator::new(config(21, 10.0));
    let events = run(&mut sim, 120, 1000);
    let cricket: Vec<_> = markets(&events).into_iter().filter(|m| m.gtype != MarketType::Match).collect();
    assert!(cricket.iter().any(|m| m.gtype == MarketType::Fancy && m.section.iter().all(|s| s.gstatus == "BALL RUNNING")));
    assert!(cricket.iter().any(|m| m.gtype == MarketType::Match1 && m.status == "SUSPENDED"));
    let match_odds_running =
        markets(&events).into_iter().filter(|m| m.gtype == MarketType::Match).any(|m| m.section.iter().any(|s| s.gstatus == "BALL RUNNING"));
    assert!(!match_odds_running, "match odds stay open while the ball is running");
    assert!(events.iter().any(|e| matches!(e, FeedEvent::ScoreUpdated { scoreboard, .. } if scoreboard.message.contains(" need "))));
}

#[test]
fn in_play_prices_change_a_few_times_a_second_not_hundreds() {
    let mut sim = Simulator::new(config(22, 1.0));
    let in_play = added(&sim.snapshot()).iter().filter(|(f, _)| f.iplay).count();
    let events = run(&mut sim, 120, 500);
    let price_events = events.iter().filter(|e| matches!(e, FeedEvent::MarketUpdated { .. } | FeedEvent::FixtureUpdated { .. })).count();
    let per_fixture_per_second = price_events as f64 / in_play as f64 / 60.0;
    assert!((0.5..=10.0).contains(&per_fixture_per_second), "{per_fixture_per_second} price events per second per live fixture");
}

#[test]
fn every_scoreboard_carries_a_tracker_that_agrees_with_it() {
    use schemas::tracker::Tracker;
    let mut sim = Simulator::new(config(11, 50.0));
    let mut events = sim.snapshot();
    events.extend(run(&mut sim, 120, 1_000));
    let etids: BTreeMap<u64, u32> = added(&events).into_iter().map(|(f, _)| (f.gmid, f.etid)).collect();
    let mut seen = BTreeSet::new();
    for event in &events {
        let FeedEvent::ScoreUpdated { gmid, scoreboard } = event else { continue };
        let tracker = scoreboard.tracker.as_ref().expect("every simulated scoreboard has a tracker");
        match (etids[gmid], tracker) {
            (SPORT_CRICKET, Tracker::Cricket(t)) => {
                // The over's balls are the scoreboard's last balls, and a scoring ball is a shot.
                assert!(t.this_over.len() <= 6 && scoreboard.balls.ends_with(&t.this_over), "{t:?} {:?}", scoreboard.balls);
                let scoring = t.shots.iter().all(|s| s.runs > 0 && s.angle < 360 && s.distance <= 100);
                assert!(scoring, "{:?}", t.shots);
            }
            (SPORT_FOOTBALL, Tracker::Football(t)) => {
                let goals: u32 = scoreboard.teams.iter().map(|team| team.score.parse::<u32>().expect("goals")).sum();
                let counted = t.incidents.iter().filter(|i| i.kind == schemas::tracker::IncidentKind::Goal).count();
                assert!(counted as u32 <= goals, "goal incidents {counted} for a score of {goals}");
                assert_eq!(t.stats.len(), 2);
            }
            (_, Tracker::Racket(t)) => {
                assert_eq!((t.points.len(), t.won.len()), (2, 2));
                assert!(t.server.is_none_or(|s| s < 2));
            }
            (etid, tracker) => panic!("sport {etid} got {tracker:?}"),
        }
        seen.insert(etids[gmid]);
    }
    assert_eq!(seen.len(), 4, "trackers of every sport were seen: {seen:?}");
}

/// The fixture an event belongs to.
fn gmid_of(event: &FeedEvent) -> u64 {
    match event {
        FeedEvent::FixtureAdded { fixture, .. } | FeedEvent::FixtureUpdated { fixture } => fixture.gmid,
        FeedEvent::MarketUpdated { market } => market.gmid,
        FeedEvent::ScoreUpdated { gmid, .. } | FeedEvent::MarketSettled { gmid, .. } | FeedEvent::RunnerWithdrawn { gmid, .. } | FeedEvent::FixtureRemoved { gmid } => *gmid,
    }
}

#[test]
fn with_a_release_period_each_fixture_releases_on_its_own_phase_and_the_fixtures_spread_over_it() {
    let staggered = SimConfig { fixtures_per_sport: 6, release_period_ms: 100, ..config(31, 10.0) };
    let mut sim = Simulator::new(staggered);
    // 3 s of stepping every 10 ms: which fixtures released events at which step.
    let mut steps_of: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
    let mut steps_with_events = BTreeSet::new();
    for step in 1..=300u64 {
        for event in sim.step(10) {
            steps_of.entry(gmid_of(&event)).or_default().insert(step);
            steps_with_events.insert(step % 10);
        }
    }
    assert!(steps_of.len() >= 10, "enough fixtures moved: {}", steps_of.len());
    for (gmid, steps) in &steps_of {
        let phases: BTreeSet<u64> = steps.iter().map(|s| s % 10).collect();
        assert_eq!(phases.len(), 1, "fixture {gmid} releases at one phase of the period, not at {phases:?}");
    }
    assert!(steps_with_events.len() >= 8, "the fixtures' releases spread over the period: phases {steps_with_events:?}");

    // Without a period every fixture moves at any step; the events are the same kinds of changes.
    let mut sim = Simulator::new(SimConfig { fixtures_per_sport: 6, ..config(31, 10.0) });
    let bursts = (0..30).map(|_| sim.step(100).len()).filter(|n| *n > 0).count();
    assert!(bursts > 20, "stepping every 100 ms, every step carries events: {bursts} of 30");
}

#[test]
fn races_withdraw_runners_before_the_off_turn_in_play_run_and_settle_win_and_place() {
    use schemas::sports::{MarketResult, SPORT_GREYHOUND_RACING, SPORT_HORSE_RACING};
    use schemas::tracker::{RacePhase, Tracker};
    let races = feed_sim::RaceConfig { greyhound_races: 2, horse_races: 2, greyhound_lead_ms: (20_000, 40_000), horse_lead_ms: (30_000, 60_000), non_runner_chance: 1.0 };
    let mut sim = Simulator::new(SimConfig { fixtures_per_sport: 0, virtual_fixtures: 0, races, ..config(41, 1.0) });
    let mut book = Book::default();
    let mut etids = BTreeMap::new();
    let (mut withdrawn, mut in_play, mut running, mut winners, mut places) = (0, BTreeSet::new(), 0, 0, 0);
    let mut removed = BTreeSet::new();
    let events: Vec<FeedEvent> = sim.snapshot().into_iter().chain((0..600).flat_map(|_| sim.step(1_000))).collect();
    for event in &events {
        book.apply(event);
        match event {
            FeedEvent::FixtureAdded { fixture, markets } => {
                assert!([SPORT_GREYHOUND_RACING, SPORT_HORSE_RACING].contains(&fixture.etid));
                assert!(!fixture.iplay || etids.is_empty(), "races start upcoming");
                etids.insert(fixture.gmid, fixture.etid);
                let win = &markets[0];
                let runners = win.section.len();
                if fixture.etid == SPORT_GREYHOUND_RACING {
                    assert_eq!(runners, 6);
                } else {
                    assert!((6..=14).contains(&runners), "{runners} horses");
                }
            }
            FeedEvent::RunnerWithdrawn { gmid, reduction_factor_bp, .. } => {
                assert!(!in_play.contains(gmid), "withdrawn before the off only");
                assert!(*reduction_factor_bp > 0 && *reduction_factor_bp < 10_000);
                withdrawn += 1;
            }
            FeedEvent::FixtureUpdated { fixture } if fixture.iplay => {
                in_play.insert(fixture.gmid);
            }
            FeedEvent::ScoreUpdated { scoreboard, .. } => {
                if let Some(Tracker::Race(t)) = &scoreboard.tracker {
                    running += usize::from(t.phase == RacePhase::Running && t.runners.iter().any(|r| r.position_m > 0));
                }
            }
            FeedEvent::MarketSettled { result: MarketResult::Winner { .. }, .. } => winners += 1,
            FeedEvent::MarketSettled { result: MarketResult::Happened { sids }, .. } => {
                assert!(sids.len() == 2 || sids.len() == 3);
                places += 1;
            }
            FeedEvent::FixtureRemoved { gmid } => {
                removed.insert(*gmid);
            }
            _ => {}
        }
    }
    assert!(removed.len() >= 4, "races ran to the end and were replaced: {removed:?}");
    assert!(removed.iter().all(|gmid| in_play.contains(gmid)), "every race turned in-play at the off");
    assert_eq!((winners, places), (removed.len(), removed.len()), "each race settled its win and place markets");
    assert!(withdrawn >= 2 * removed.len(), "non-runners from win and place markets: {withdrawn}");
    assert!(running > 20, "the tracker moved while the races ran");
}
