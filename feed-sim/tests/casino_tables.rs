//! Each casino table dealt from hand-picked cards: the dealing order, the winner, and the outcome
//! of every market named.

// The tests sit in a module named after the file, so `cargo test -p feed-sim casino` selects them.
mod casino_tables {
    use feed_sim::casino::{table, Card, Deal, Face, Shoe, Table, Verdict};
    use schemas::casino::ItemOutcome::{self, HalfLose, HalfWin, Lose, Pays, Push, Win};
    use schemas::sports::Price;

    /// Deals `gtype` from a shoe whose first cards are `top`, in order.
    fn deal(gtype: &str, top: &[&str]) -> (Box<dyn Table>, Deal, Verdict) {
        let table = table(gtype).expect("a known table");
        let faces: Vec<Face> = top.iter().map(|t| Face::Card(Card::parse(t).expect("a card string"))).collect();
        let mut shoe = Shoe::stacked(&faces, table.shoe()).expect("the cards are in the table's shoe");
        let deal = table.deal(&mut shoe);
        let verdict = table.settle(&deal);
        (table, deal, verdict)
    }

    /// The outcome of the market named `nat`.
    fn outcome(table: &dyn Table, verdict: &Verdict, nat: &str) -> ItemOutcome {
        let index = table.markets().iter().position(|m| m.nat == nat).unwrap_or_else(|| panic!("no market {nat}"));
        verdict.outcomes[index]
    }

    /// Asserts the winner and each named market's outcome.
    fn check(gtype: &str, top: &[&str], winner: &str, expected: &[(&str, ItemOutcome)]) -> Deal {
        let (table, deal, verdict) = deal(gtype, top);
        assert_eq!(verdict.winner, winner, "{gtype} {top:?}: {}", verdict.rdesc);
        assert_eq!(verdict.outcomes.len(), table.markets().len());
        for (nat, want) in expected {
            assert_eq!(outcome(table.as_ref(), &verdict, nat), *want, "{gtype} {top:?}: {nat}");
        }
        deal
    }

    fn pays(rate_h: u32) -> ItemOutcome {
        Pays { rate: Price(rate_h) }
    }

    // ---- Teen Patti 20-20: cards go A, B, A, B, A, B ----

    #[test]
    fn teen_patti_deals_alternately_starting_with_player_a() {
        let deal = check("teen20", &["ASS", "2HH", "KSS", "3HH", "QSS", "5CC"], "Player A", &[]);
        let cards = |hand: usize| deal.cards(hand).iter().map(Card::to_string).collect::<Vec<_>>();
        assert_eq!(cards(0), ["ASS", "KSS", "QSS"]);
        assert_eq!(cards(1), ["2HH", "3HH", "5CC"]);
    }

    #[test]
    fn a_k_q_is_the_highest_sequence() {
        check("teen20", &["ASS", "AHH", "KHH", "2CC", "QDD", "3DD"], "Player A", &[("Player A", Win), ("Player B", Lose), ("Pair Plus A", pays(700)), ("Pair Plus B", pays(700))]);
    }

    #[test]
    fn a_2_3_is_a_sequence_above_k_q_j() {
        check("teen20", &["KHH", "ASS", "QDD", "2CC", "JCC", "3DD"], "Player B", &[("Player A", Lose), ("Player B", Win), ("Pair Plus B", pays(700))]);
    }

    #[test]
    fn a_2_3_of_one_suit_is_a_pure_sequence() {
        check("teen20", &["AHH", "KSS", "2HH", "KCC", "3HH", "KDD"], "Player A", &[("Pair Plus A", pays(4_100)), ("Pair Plus B", pays(3_100))]);
    }

    #[test]
    fn pure_sequence_beats_trail() {
        check("teen20", &["2HH", "ASS", "3HH", "ACC", "4HH", "ADD"], "Player A", &[("Player A", Win), ("Player B", Lose), ("Pair Plus A", pays(4_100)), ("Pair Plus B", pays(3_100))]);
    }

    #[test]
    fn teen_patti_ranks_trail_sequence_colour_pair_high_card_in_that_order() {
        // Trail 2-2-2 beats the top sequence.
        check("teen20", &["2HH", "ASS", "2SS", "KCC", "2DD", "QDD"], "Player A", &[("Pair Plus A", pays(3_100))]);
        // The lowest sequence (2-3-4) beats the best colour.
        check("teen20", &["2HH", "ASS", "3SS", "KSS", "4DD", "JSS"], "Player A", &[("Pair Plus A", pays(700)), ("Pair Plus B", pays(500))]);
        // The lowest colour beats a pair of aces.
        check("teen20", &["2HH", "ASS", "3HH", "ACC", "5HH", "KDD"], "Player A", &[("Pair Plus A", pays(500)), ("Pair Plus B", pays(200))]);
        // The lowest pair beats the best high card.
        check("teen20", &["2HH", "ASS", "2SS", "KCC", "3DD", "JDD"], "Player A", &[("Pair Plus A", pays(200)), ("Pair Plus B", Lose)]);
    }

    #[test]
    fn teen_patti_compares_pairs_by_pair_then_kicker_and_high_cards_from_the_top() {
        check("teen20", &["9HH", "9SS", "9CC", "9DD", "3DD", "2CC"], "Player A", &[]);
        check("teen20", &["KHH", "KSS", "9CC", "JDD", "2DD", "3CC"], "Player B", &[]);
    }

    #[test]
    fn equal_hands_tie_and_return_the_player_stakes() {
        check("teen20", &["KSS", "KHH", "JHH", "JDD", "5DD", "5CC"], "Tie", &[("Player A", Push), ("Player B", Push), ("Pair Plus A", Lose), ("Pair Plus B", Lose)]);
    }

    // ---- Lucky 7 ----

    #[test]
    fn a_seven_makes_low_and_high_lose_half() {
        let rest = [("Odd", Win), ("Even", Lose), ("Red", Win), ("Black", Lose), ("7", Win), ("6", Lose)];
        let mut expected = vec![("LOW Card", HalfLose), ("HIGH Card", HalfLose)];
        expected.extend(rest);
        check("lucky7", &["7HH"], "Seven", &expected);
    }

    #[test]
    fn lucky_7_low_is_ace_to_six_and_high_eight_to_king() {
        check("lucky7", &["ASS"], "LOW Card", &[("LOW Card", Win), ("HIGH Card", Lose), ("Odd", Win), ("Black", Win), ("A", Win)]);
        check("lucky7", &["6DD"], "LOW Card", &[("LOW Card", Win), ("Even", Win), ("Red", Win)]);
        check("lucky7", &["8CC"], "HIGH Card", &[("HIGH Card", Win), ("LOW Card", Lose), ("Even", Win)]);
        check("lucky7", &["QDD"], "HIGH Card", &[("HIGH Card", Win), ("Even", Win), ("Odd", Lose), ("Q", Win), ("K", Lose)]);
        check("lucky7", &["JSS"], "HIGH Card", &[("Odd", Win), ("Even", Lose)]);
    }

    // ---- Dragon Tiger 20-20: Dragon's card, then Tiger's ----

    #[test]
    fn the_higher_card_wins_dragon_tiger_and_each_side_settles_on_its_own_card() {
        let expected = [
            ("Dragon", Win),
            ("Tiger", Lose),
            ("Tie", Lose),
            ("Pair", Lose),
            ("Dragon Odd", Win),
            ("Dragon Black", Win),
            ("Dragon Spade", Win),
            ("Dragon K", Win),
            ("Tiger Even", Win),
            ("Tiger Red", Win),
            ("Tiger Heart", Win),
            ("Tiger 2", Win),
            ("Tiger K", Lose),
        ];
        check("dt20", &["KSS", "2HH"], "Dragon", &expected);
        check("dt20", &["ACC", "2HH"], "Tiger", &[("Tiger", Win), ("Dragon", Lose), ("Dragon A", Win), ("Dragon Club", Win)]);
    }

    #[test]
    fn same_rank_of_two_suits_is_a_pair_where_dragon_tiger_and_tie_lose() {
        check("dt20", &["9SS", "9HH"], "Pair (same rank, not the same suit): Pair wins, Tie loses", &[("Dragon", Lose), ("Tiger", Lose), ("Pair", Win), ("Tie", Lose)]);
    }

    #[test]
    fn the_same_card_twice_wins_tie_and_pair() {
        check("dt20", &["9SS", "9SS"], "Tie (same card): Tie and Pair win", &[("Dragon", Lose), ("Tiger", Lose), ("Pair", Win), ("Tie", Win)]);
    }

    // ---- Andar Bahar: joker, then Bahar, Andar, Bahar … ----

    #[test]
    fn andar_bahar_removes_the_joker_then_deals_bahar_first_alternately() {
        let deal = check("ab20", &["7HH", "2CC", "3DD", "7SS"], "Bahar", &[("Bahar", Win), ("Andar", Lose), ("Joker 7", Win), ("Joker 2", Lose), ("1-5 Cards", Win), ("6-10 Cards", Lose)]);
        let table = table("ab20").expect("a known table");
        assert_eq!(deal.card_string(deal.dealt.len()), "7HH,2CC,3DD,7SS");
        let hands = deal.hands(table.hands(), deal.dealt.len());
        let cards: Vec<(&str, Vec<&str>)> = hands.iter().map(|h| (h.name.as_str(), h.cards.iter().map(String::as_str).collect())).collect();
        assert_eq!(cards, [("Joker", vec!["7HH"]), ("Andar", vec!["3DD"]), ("Bahar", vec!["2CC", "7SS"])]);
    }

    #[test]
    fn bahars_first_card_ending_the_game_pays_a_quarter() {
        check("ab20", &["7HH", "7SS"], "Bahar", &[("Bahar", Pays { rate: Price(125) }), ("Andar", Lose), ("1-5 Cards", Win)]);
    }

    #[test]
    fn andars_first_card_ending_the_game_pays_half() {
        check("ab20", &["7HH", "2CC", "7SS"], "Andar", &[("Andar", HalfWin), ("Bahar", Lose)]);
    }

    #[test]
    fn andar_winning_on_a_later_card_pays_in_full_and_counts_the_cards() {
        let top = ["KHH", "2CC", "3DD", "4SS", "5SS", "6SS", "7SS", "8SS", "9SS", "10SS", "KCC"];
        check("ab20", &top, "Andar", &[("Andar", Win), ("Bahar", Lose), ("Joker K", Win), ("6-10 Cards", Win), ("1-5 Cards", Lose)]);
    }

    // ---- 32 Cards: Players 8, 9, 10, 11 start from those points ----

    #[test]
    fn the_highest_total_wins_32_cards() {
        check("card32", &["KSS", "6SS", "7SS", "8SS"], "Player 8", &[("Player 8", Win), ("Player 9", Lose), ("Player 10", Lose), ("Player 11", Lose)]);
        check("card32", &["6SS", "6HH", "6CC", "6DD"], "Player 11", &[("Player 11", Win), ("Player 8", Lose)]);
    }

    #[test]
    fn players_tied_for_the_highest_get_extra_cards_until_one_is_highest() {
        // All four reach 18; then 24, 31, 30, 24: Player 9.
        let deal = check("card32", &["10SS", "9SS", "8SS", "7SS", "6HH", "KHH", "QHH", "6DD"], "Player 9", &[("Player 9", Win), ("Player 10", Lose)]);
        assert_eq!(deal.dealt.len(), 8);
    }

    #[test]
    fn only_the_tied_players_draw_and_they_draw_again_while_still_tied() {
        // 14, 15, 22, 22: Players 10 and 11 draw; 29 and 29: again; 37 and 38: Player 11.
        let deal = check("card32", &["6SS", "6HH", "QSS", "JSS", "7HH", "7CC", "8DD", "9DD"], "Player 11", &[("Player 11", Win), ("Player 10", Lose)]);
        assert_eq!(deal.card_string(deal.dealt.len()), "6SS,6HH,QSS,JSS,7HH,7CC,8DD,9DD");
        let hands: Vec<usize> = deal.dealt.iter().map(|d| d.hand).collect();
        assert_eq!(hands, [0, 1, 2, 3, 2, 3, 2, 3]);
    }

    // ---- Baccarat: Player, Banker, Player, Banker, then third cards ----

    #[test]
    fn a_natural_stands_both_hands() {
        check("baccarat", &["9SS", "5CC", "KHH", "2DD"], "Player", &[("Player", Win), ("Banker", Lose), ("Tie", Lose), ("Small", Win), ("Big", Lose)]);
    }

    #[test]
    fn banker_on_3_stands_when_the_players_third_card_is_8() {
        // Player 2+3 = 5 draws 8: 3. Banker K+3 = 3 stands: a tie.
        check("baccarat", &["2SS", "KSS", "3HH", "3CC", "8DD"], "Tie", &[("Player", Push), ("Banker", Push), ("Tie", Win), ("Big", Win), ("Small", Lose)]);
    }

    #[test]
    fn banker_on_3_draws_when_the_players_third_card_is_not_8() {
        check("baccarat", &["2SS", "KSS", "3HH", "3CC", "9DD", "5HH"], "Banker", &[("Banker", Win), ("Player", Lose), ("Big", Win)]);
    }

    #[test]
    fn banker_on_6_draws_on_a_player_third_card_of_6_or_7_and_a_win_with_6_pays_half() {
        // Player A+4 = 5 draws 7: 2. Banker 3+3 = 6 draws K: 6.
        check("baccarat", &["ASS", "3SS", "4HH", "3HH", "7CC", "KDD"], "Banker", &[("Banker", HalfWin), ("Player", Lose), ("Banker Pair", Win), ("Player Pair", Lose)]);
    }

    #[test]
    fn banker_on_6_stands_on_a_player_third_card_of_5() {
        let deal = check("baccarat", &["ASS", "3SS", "4HH", "3HH", "5CC"], "Banker", &[("Banker", HalfWin), ("Big", Win)]);
        assert_eq!(deal.dealt.len(), 5);
    }

    #[test]
    fn banker_on_4_draws_only_on_a_player_third_card_of_2_to_7() {
        // Player 2+3 draws A: 6. Banker 2+2 = 4 stands on an ace.
        check("baccarat", &["2SS", "2HH", "3SS", "2DD", "ACC"], "Player", &[("Player", Win), ("Banker Pair", Win)]);
        // On a 2 the banker draws 3: 7 against 7.
        check("baccarat", &["2SS", "2HH", "3SS", "2DD", "2CC", "3HH"], "Tie", &[("Tie", Win), ("Player", Push)]);
    }

    #[test]
    fn banker_on_5_draws_only_on_a_player_third_card_of_4_to_7() {
        // Player 2+3 = 5 and banker 3+2 = 5. On a player 3 the banker stands: 8 against 5.
        let deal = check("baccarat", &["2SS", "3HH", "3SS", "2DD", "3CC"], "Player", &[("Player", Win), ("Banker", Lose)]);
        assert_eq!(deal.dealt.len(), 5);
        // On a player 4 the banker draws 4: 9 against 9.
        let deal = check("baccarat", &["2SS", "3HH", "3SS", "2DD", "4CC", "4HH"], "Tie", &[("Tie", Win), ("Banker", Push)]);
        assert_eq!(deal.dealt.len(), 6);
    }

    #[test]
    fn a_player_standing_on_7_leaves_the_banker_to_draw_on_0_to_5() {
        check("baccarat", &["3SS", "2CC", "4HH", "2DD", "3HH"], "Tie", &[("Tie", Win), ("Banker Pair", Win), ("Player Pair", Lose), ("Big", Win)]);
        let deal = check("baccarat", &["3SS", "3CC", "4HH", "3DD"], "Player", &[("Player", Win), ("Small", Win)]);
        assert_eq!(deal.dealt.len(), 4, "both stand: player on 7, banker on 6");
    }

    // ---- Roulette ----

    const RED: [u8; 18] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

    fn spin(n: u8) -> (Box<dyn Table>, Verdict) {
        let table = table("roulette").expect("a known table");
        let mut shoe = Shoe::stacked(&[Face::Pocket(n)], table.shoe()).expect("a pocket of the wheel");
        let verdict = table.settle(&table.deal(&mut shoe));
        (table, verdict)
    }

    #[test]
    fn roulette_colours_are_those_of_spec_section_9() {
        for n in 1..=36u8 {
            let (table, verdict) = spin(n);
            let red = RED.contains(&n);
            let expect = |won: bool| if won { Win } else { Lose };
            assert_eq!(outcome(table.as_ref(), &verdict, "Red"), expect(red), "{n}");
            assert_eq!(outcome(table.as_ref(), &verdict, "Black"), expect(!red), "{n}");
            assert_eq!(verdict.winner, format!("{n} {}", if red { "Red" } else { "Black" }));
        }
        assert_eq!(spin(0).1.winner, "0 Green");
    }

    #[test]
    fn zero_loses_every_even_money_dozen_and_column_bet() {
        let (table, verdict) = spin(0);
        for nat in ["Red", "Black", "Odd", "Even", "1-18", "19-36", "1st 12", "2nd 12", "3rd 12", "1st Column", "2nd Column", "3rd Column"] {
            assert_eq!(outcome(table.as_ref(), &verdict, nat), Lose, "{nat}");
        }
        for nat in ["0", "0-1", "0-2-3", "0-1-2-3"] {
            assert_eq!(outcome(table.as_ref(), &verdict, nat), Win, "{nat}");
        }
    }

    #[test]
    fn each_roulette_bet_wins_on_the_numbers_it_covers_and_pays_36_over_their_count() {
        let (table, verdict) = spin(17);
        let won: Vec<(String, u32)> = table.markets().into_iter().zip(&verdict.outcomes).filter(|(_, o)| **o == Win).map(|(m, _)| (m.nat, m.back.0)).collect();
        let expected = [
            ("17", 3_600),
            ("14-17", 1_800),
            ("16-17", 1_800),
            ("17-18", 1_800),
            ("17-20", 1_800),
            ("16-17-18", 1_200),
            ("13-14-16-17", 900),
            ("14-15-17-18", 900),
            ("16-17-19-20", 900),
            ("17-18-20-21", 900),
            ("13-14-15-16-17-18", 600),
            ("16-17-18-19-20-21", 600),
            ("2nd 12", 300),
            ("2nd Column", 300),
            ("Black", 200),
            ("Odd", 200),
            ("1-18", 200),
        ];
        let mut won = won;
        won.sort();
        let mut expected: Vec<(String, u32)> = expected.iter().map(|(n, r)| (n.to_string(), *r)).collect();
        expected.sort();
        assert_eq!(won, expected);
        assert_eq!(table.markets().len(), 37 + 60 + 14 + 23 + 11 + 3 + 3 + 6);
    }

    #[test]
    fn roulette_statistics_are_shares_of_recent_spins() {
        let table = table("roulette").expect("a known table");
        let deals: Vec<Deal> = [1u8, 2, 13, 36, 0]
            .iter()
            .map(|&n| {
                let mut shoe = Shoe::stacked(&[Face::Pocket(n)], table.shoe()).expect("a pocket");
                table.deal(&mut shoe)
            })
            .collect();
        let stats = table.stats(&deals).expect("roulette keeps statistics");
        assert_eq!(stats.spins, 5);
        assert_eq!(stats.dozens, [40, 20, 20]);
        assert_eq!(stats.columns, [40, 20, 20], "1 and 13 in the first column, 2 in the second, 36 in the third");
        assert_eq!((stats.red, stats.black, stats.zero), (40, 40, 20));
        assert_eq!((stats.odd, stats.even, stats.low, stats.high), (40, 40, 60, 20));
        assert!(table.stats(&[]).is_some_and(|s| s.spins == 0));
    }

    // ---- Every table ----

    #[test]
    fn every_table_has_numbered_markets_and_a_payout_row_for_each_at_its_rate() {
        for table in feed_sim::casino::tables() {
            let gtype = table.gtype();
            let markets = table.opening_markets();
            let payouts = table.payouts();
            for m in &markets {
                let rows: Vec<_> = payouts.iter().filter(|row| row.sids.contains(&m.sid)).collect();
                assert_eq!(rows.len(), 1, "{gtype}: {} is in {} payout rows", m.nat, rows.len());
                assert_eq!((rows[0].back, rows[0].lay), (m.back, m.lay), "{gtype}: {}", m.nat);
                assert!(rows[0].edge_pct.is_finite(), "{gtype}: {}", m.nat);
            }
            assert_eq!(payouts.iter().map(|row| row.sids.len()).sum::<usize>(), markets.len(), "{gtype}");
        }
        let sids: Vec<u32> = table("dt20").expect("a known table").markets().iter().map(|m| m.sid).collect();
        assert_eq!(sids, (1..=sids.len() as u32).collect::<Vec<_>>());
    }

    /// A card code (`8HH`, `10DD`) as a word of its own.
    fn has_card_code(text: &str) -> bool {
        text.split(|c: char| !c.is_ascii_alphanumeric()).any(|word| Card::parse(word).is_some() && word.len() >= 3)
    }

    #[test]
    fn every_result_names_its_winner_and_cards_in_words() {
        for table in feed_sim::casino::tables() {
            for seed in 0..40 {
                let result = feed_sim::casino::replay(table.gtype(), "2501010100001", seed).expect("a known table");
                assert!(!has_card_code(&result.winner) && !has_card_code(&result.rdesc), "{}: {} / {}", table.gtype(), result.winner, result.rdesc);
                assert!(!result.winner.is_empty(), "{}", table.gtype());
                // The table page names the winner from the description's first part.
                assert_eq!(result.rdesc.split('|').next().map(str::trim), Some(result.winner.as_str()), "{}", table.gtype());
            }
        }
        assert!(has_card_code("Dragon 8HH") && !has_card_code("Dragon 8 of Hearts"));
    }

    #[test]
    fn a_dragon_tiger_pair_of_two_suits_is_not_called_a_tie() {
        let faces = ["8HH", "8DD"].map(|t| Face::Card(Card::parse(t).expect("a card")));
        let table = table("dt20").expect("a known table");
        let deal = table.deal(&mut Shoe::stacked(&faces, table.shoe()).expect("a stacked shoe"));
        let verdict = table.settle(&deal);
        assert!(verdict.winner.starts_with("Pair") && verdict.winner.contains("Tie loses"), "{}", verdict.winner);
        assert_eq!(verdict.rdesc, format!("{} | Dragon 8 of Hearts | Tiger 8 of Diamonds", verdict.winner));
        let tie = table.markets().iter().position(|m| m.nat == "Tie").expect("a Tie item");
        assert_eq!(verdict.outcomes[tie], Lose);
    }

    #[test]
    fn unknown_tables_deal_nothing() {
        assert!(table("worli2").is_none());
        assert!(feed_sim::casino::deal_round("nope", 1).is_none());
    }
}
