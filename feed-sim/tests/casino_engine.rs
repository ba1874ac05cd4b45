//! Black-box tests of the casino round engine: determinism, the round cycle, ids, the results
//! strip, statistics, and replaying a round from its seed.

// The tests sit in a module named after the file, so `cargo test -p feed-sim casino` selects them.
mod casino_engine {
    use feed_sim::casino::limits::{BETTING_MS, CARD_INTERVAL_MS, DEALING_MS_MAX, RESULTS_STRIP_LEN, ROUND_SEED_MAX, STAGE_PAUSE_MS};
    use feed_sim::casino::{deal_round, replay, CasinoConfig, CasinoEngine};
    use schemas::casino::{CasinoEvent, CasinoRound, ItemStatus, RoundResult, RoundStatus};
    use std::collections::BTreeSet;

    const START_MS: i64 = 1_735_689_600_000; // 2025-01-01T00:00:00Z
    const TABLES: [&str; 17] = ["teen20", "lucky7", "dt20", "ab20", "card32", "baccarat", "roulette", "war", "sicbo", "poker20", "race20", "ballbyball", "worli", "3cardj", "kbc", "lottcard", "superover"];

    fn engine(seed: u64) -> CasinoEngine {
        CasinoEngine::new(CasinoConfig { seed, speed: 1.0, start_ms: START_MS })
    }

    /// Steps `steps` times by `dt_ms`, collecting every event.
    fn run(engine: &mut CasinoEngine, steps: usize, dt_ms: u64) -> Vec<CasinoEvent> {
        (0..steps).flat_map(|_| engine.step(dt_ms)).collect()
    }

    fn rounds<'a>(events: &'a [CasinoEvent], gtype: &'a str) -> impl Iterator<Item = &'a CasinoRound> + 'a {
        events.iter().filter_map(move |e| match e {
            CasinoEvent::RoundUpdated { round } if round.gtype == gtype => Some(round),
            _ => None,
        })
    }

    fn results(events: &[CasinoEvent]) -> Vec<&RoundResult> {
        events
            .iter()
            .filter_map(|e| match e {
                CasinoEvent::RoundResulted { result } => Some(result),
                _ => None,
            })
            .collect()
    }

    fn to_json(events: &[CasinoEvent]) -> Vec<String> {
        events.iter().map(|e| serde_json::to_string(e).expect("an event serializes")).collect()
    }

    #[test]
    fn the_same_seed_gives_an_identical_event_stream() {
        let (mut a, mut b) = (engine(42), engine(42));
        let first = to_json(&run(&mut a, 300, 1_000));
        assert_eq!(first, to_json(&run(&mut b, 300, 1_000)));
        assert!(first.len() > 1_000, "seven tables over five minutes: {}", first.len());
        let mut c = engine(43);
        assert_ne!(first, to_json(&run(&mut c, 300, 1_000)), "another seed deals other cards");
    }

    #[test]
    fn the_stream_does_not_depend_on_how_time_is_sliced() {
        let (mut coarse, mut fine) = (engine(7), engine(7));
        let coarse_events = to_json(&run(&mut coarse, 12, 10_000));
        let fine_events = to_json(&run(&mut fine, 1_200, 100));
        assert_eq!(coarse_events, fine_events);
    }

    #[test]
    fn a_round_counts_down_then_deals_card_by_card_then_shows_its_result_then_the_next_opens() {
        let mut engine = engine(1);
        let events = run(&mut engine, 200, 500);
        let teen: Vec<&CasinoRound> = rounds(&events, "teen20").collect();
        // Follow the first round that opens within the run, from open to the next round.
        let opened = teen.iter().position(|r| r.status == RoundStatus::Open && r.lt == 20).expect("a round opens");
        let mid = &teen[opened].mid;
        let cycle: Vec<&&CasinoRound> = teen[opened..].iter().take_while(|r| &r.mid == mid).collect();
        let lts: Vec<u32> = cycle.iter().filter(|r| r.status == RoundStatus::Open).map(|r| r.lt).collect();
        assert_eq!(lts, (1..=20).rev().collect::<Vec<_>>(), "one update per second of countdown");
        for r in &cycle {
            let want = if r.status == RoundStatus::Open { ItemStatus::Active } else { ItemStatus::Suspended };
            assert!(r.items.iter().all(|i| i.gstatus == want), "{:?} items are {want:?}", r.status);
        }
        let dealing: Vec<usize> = cycle.iter().filter(|r| r.status == RoundStatus::Suspended).map(|r| r.card.split(',').filter(|c| !c.is_empty()).count()).collect();
        assert_eq!(dealing, (0..=6).collect::<Vec<_>>(), "suspended with no cards, then one more card each update");
        let last = cycle.last().expect("the cycle ends");
        assert_eq!(last.status, RoundStatus::Result);
        assert!(!last.rdesc.is_empty());
        assert_eq!(last.results.first().map(|r| &r.mid), Some(mid), "the strip leads with this round");
        let next = teen.get(opened + cycle.len()).expect("the next round opens");
        assert_ne!(&next.mid, mid);
        assert_eq!((next.status, next.lt, next.card.as_str(), next.rdesc.as_str()), (RoundStatus::Open, 20, "", ""));
    }

    #[test]
    fn the_result_comes_just_before_the_update_that_shows_it() {
        let mut engine = engine(3);
        let events = run(&mut engine, 120, 1_000);
        for (i, event) in events.iter().enumerate() {
            if let CasinoEvent::RoundResulted { result } = event {
                match events.get(i + 1) {
                    Some(CasinoEvent::RoundUpdated { round }) => {
                        assert_eq!((round.mid.as_str(), round.status), (result.mid.as_str(), RoundStatus::Result));
                        assert_eq!(round.card, result.card);
                    }
                    other => panic!("after a result: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn every_table_runs_and_each_result_replays_from_its_seed() {
        let mut engine = engine(9);
        let events = run(&mut engine, 600, 1_000);
        let resulted = results(&events);
        for gtype in TABLES {
            let count = resulted.iter().filter(|r| r.gtype == gtype).count();
            // The super over bowls up to twelve balls with bets taken after each.
            let least = if gtype == "superover" { 5 } else { 10 };
            assert!(count >= least, "{gtype}: {count} rounds in ten minutes");
        }
        for result in resulted {
            assert!(result.seed <= ROUND_SEED_MAX, "a seed a browser reads exactly");
            assert_eq!(replay(&result.gtype, &result.mid, result.seed).as_ref(), Some(result), "{} {}", result.gtype, result.mid);
            let deal = deal_round(&result.gtype, result.seed).expect("a known table");
            assert_eq!(deal.card_string(deal.dealt.len()), result.card);
        }
    }

    #[test]
    fn round_ids_carry_the_date_and_table_and_never_repeat() {
        let mut engine = engine(5);
        let events = run(&mut engine, 900, 1_000);
        let mids: Vec<&str> = results(&events).iter().map(|r| r.mid.as_str()).collect();
        assert_eq!(mids.iter().collect::<BTreeSet<_>>().len(), mids.len(), "unique");
        for result in results(&events) {
            let number = TABLES.iter().position(|t| *t == result.gtype).expect("a table") + 1;
            assert_eq!(result.mid.len(), 13, "{}", result.mid);
            // The first rounds opened up to a betting window before the start, on the last day of 2024.
            assert!(["250101", "241231"].contains(&&result.mid[..6]), "{}", result.mid);
            assert_eq!(result.mid[6..8], format!("{number:02}"), "{} of {}", result.mid, result.gtype);
        }
    }

    #[test]
    fn the_strip_keeps_the_last_ten_results_newest_first() {
        let mut engine = engine(11);
        let events = run(&mut engine, 1_200, 1_000);
        let lucky: Vec<&RoundResult> = results(&events).into_iter().filter(|r| r.gtype == "lucky7").collect();
        assert!(lucky.len() > RESULTS_STRIP_LEN);
        let round = engine.snapshot().into_iter().find(|r| r.gtype == "lucky7").expect("lucky 7 runs");
        let strip: Vec<(&str, &str)> = round.results.iter().map(|r| (r.mid.as_str(), r.win.as_str())).collect();
        let expected: Vec<(&str, &str)> = lucky.iter().rev().take(RESULTS_STRIP_LEN).map(|r| (r.mid.as_str(), r.win.as_str())).collect();
        assert_eq!(strip, expected);
    }

    #[test]
    fn roulette_rounds_carry_statistics_of_recent_spins() {
        let mut engine = engine(13);
        let events = run(&mut engine, 900, 1_000);
        let spins = results(&events).iter().filter(|r| r.gtype == "roulette").count();
        let round = engine.snapshot().into_iter().find(|r| r.gtype == "roulette").expect("roulette runs");
        let stats = round.stats.expect("roulette shows statistics");
        assert_eq!(stats.spins as usize, spins.min(100));
        let near_100 = |a: u32, b: u32, zero: u32| (98..=102).contains(&(a + b + zero));
        assert!(near_100(stats.red, stats.black, stats.zero) && near_100(stats.low, stats.high, stats.zero), "{stats:?}");
        assert!(engine.snapshot().iter().filter(|r| r.gtype != "roulette").all(|r| r.stats.is_none()));
    }

    #[test]
    fn a_snapshot_shows_every_table_with_its_countdown_spread() {
        let engine = engine(17);
        let snapshot = engine.snapshot();
        let gtypes: Vec<&str> = snapshot.iter().map(|r| r.gtype.as_str()).collect();
        assert_eq!(gtypes, TABLES);
        assert!(snapshot.iter().all(|r| r.status == RoundStatus::Open && (1..=BETTING_MS as u32 / 1_000).contains(&r.lt)));
        assert!(snapshot.iter().map(|r| r.lt).collect::<BTreeSet<_>>().len() > 1, "tables do not all tick together");
    }

    #[test]
    fn poker_deals_the_hole_cards_then_counts_down_to_the_flop_the_turn_and_the_river() {
        let mut engine = engine(5);
        let events = run(&mut engine, 120, 500);
        let poker: Vec<&CasinoRound> = rounds(&events, "poker20").collect();
        let opened = poker.iter().position(|r| r.status == RoundStatus::Open && r.lt == 20).expect("a round opens");
        let mid = &poker[opened].mid;
        let dealing: Vec<(usize, u32)> = poker[opened..]
            .iter()
            .take_while(|r| &r.mid == mid)
            .filter(|r| r.status == RoundStatus::Suspended)
            .map(|r| (r.card.split(',').filter(|c| !c.is_empty()).count(), r.next_lt))
            .collect();
        let pause = u32::try_from(STAGE_PAUSE_MS / 1_000).expect("seconds");
        let countdown = |cards: usize| (1..=pause).rev().map(move |lt| (cards, lt));
        let want: Vec<(usize, u32)> = (0..4).map(|c| (c, 0)).chain(countdown(4)).chain([(5, 0), (6, 0)]).chain(countdown(7)).chain(countdown(8)).chain([(9, 0)]).collect();
        assert_eq!(dealing, want, "hole cards one by one, then a countdown before each stage");
    }

    #[test]
    fn each_table_numbers_its_rounds_from_one() {
        let mut engine = engine(8);
        let events = run(&mut engine, 240, 500);
        for gtype in TABLES {
            let mut seqs: Vec<u64> = rounds(&events, gtype).map(|r| r.seq).collect();
            seqs.dedup();
            assert_eq!(seqs, (1..=seqs.len() as u64).collect::<Vec<_>>(), "{gtype}");
            assert!(seqs.len() >= 2, "{gtype} ran more than one round");
        }
    }

    #[test]
    fn dealing_takes_at_most_a_few_seconds_even_for_long_andar_bahar_rounds() {
        let mut engine = engine(19);
        let (mut closed_at, mut longest_ms, mut most_cards) = (None, 0, 0);
        for step in 0..3_600i64 {
            for event in engine.step(100) {
                match event {
                    CasinoEvent::RoundUpdated { round } if round.gtype == "ab20" && round.status == RoundStatus::Suspended && round.card.is_empty() => closed_at = Some(step),
                    CasinoEvent::RoundResulted { result } if result.gtype == "ab20" => {
                        let took_ms = closed_at.take().map_or(0, |closed| (step - closed) * 100);
                        longest_ms = longest_ms.max(took_ms);
                        most_cards = most_cards.max(result.card.split(',').count());
                    }
                    _ => {}
                }
            }
        }
        assert!(most_cards > 13, "some rounds deal many cards: {most_cards}");
        assert!(longest_ms <= DEALING_MS_MAX + CARD_INTERVAL_MS, "{longest_ms} ms");
        assert_eq!(engine.now_ms() - START_MS, 360_000);
    }

    #[test]
    fn rules_list_every_table() {
        let rules = engine(0).rules();
        let gtypes: Vec<&str> = rules.iter().map(|r| r.gtype.as_str()).collect();
        assert_eq!(gtypes, TABLES);
        assert!(rules.iter().all(|r| r.rulelist.len() >= 4));
    }

    #[test]
    fn a_stacked_shoe_deals_its_cards_first_once_and_says_so() {
        let mut engine = engine(3);
        let top: Vec<String> = ["AHH", "ASS", "ACC", "KHH", "KSS", "KCC"].map(String::from).to_vec();
        assert!(engine.stack("teen20", &["ZZZ".to_owned()]).expect_err("an unknown face").contains("not in the teen20 shoe"));
        assert!(engine.stack("teen20", &["AHH".to_owned(), "AHH".to_owned()]).is_err(), "one deck holds one ace of hearts");
        assert!(engine.stack("nope", &top).is_err());
        engine.stack("teen20", &top).expect("stacks");
        let mut results = Vec::new();
        while results.len() < 2 {
            for event in engine.step(1_000) {
                if let CasinoEvent::RoundResulted { result } = event {
                    if result.gtype == "teen20" {
                        results.push(result);
                    }
                }
            }
        }
        assert!(results[0].stacked);
        assert_eq!(results[0].card, "AHH,ASS,ACC,KHH,KSS,KCC");
        assert!(!results[1].stacked, "the stack deals one round");
    }
}
