//! The documented REST paths, one file per resource. Handlers parse, call the ledger, map.

pub mod auth;
pub mod bets;
pub mod casino;
pub mod domain;
pub mod exchange;
pub mod openapi;
pub mod ops;
pub mod performance;
pub mod rules;
pub mod sports;
pub mod statement;
pub mod user_log;
pub mod users;
pub mod wallet;
pub mod ops_wallet;
pub mod ops_users;
pub mod ops_casino;
pub mod ops_feed;
pub mod secure_auth;

pub use auth::{demo_login, login, logout, refresh_login};
pub use exchange::{cancel_market, cancel_order, cash_out, cash_out_quote, depth, my_orders, replace_order};
pub use bets::{all_open_bets, statement_popup, get_bet_statement, get_current_bets, get_game_bets, place_bet};
pub use casino::{launch_other, casino_table_list, casino_tab_list, casino_tiles, casino_tiles_plain, casino_types, last_results, place_casino_bet, quote_pick, results_by_day, results_by_day_plain, round_data, round_data_plain, round_result, worli_sections};
pub use sports::{game_data, game_detail, highlight_home, highlight_product, latest_events, match_state, cricketv_data, scoreboard, search_game, tree_data};
pub use domain::{client_ip_lookup, domain_config, health};
pub use ops::{audit_events, audit_events_export, audit_moment, audit_state, parse_moment, audit_verify, create_user, credit, debit, latest_verify_run, ops_house, start_verify_run};
pub use performance::{get_button_values, put_button_values};
pub use rules::{casino_rules, casino_rules_alias, rules};
pub use statement::get_account_rows;
pub use user_log::get_user_log;
pub use users::{accept_rules, change_password, get_user};
pub use wallet::{get_bonus, get_deposit_methods, get_wallet_requests, get_withdraw_accounts, request_deposit, request_withdrawal, save_withdraw_account};
pub use ops_casino::{ops_list_tables, ops_stack_shoe, ops_table_action};
pub use ops_feed::{feed_journal, feed_snapshot, inject_feed_events, ops_exchange_book, ops_feed, ops_makers, ops_set_makers, ops_fixture_action, ops_market_action};
pub use ops_users::{ops_account_action, ops_get_user, ops_list_users, ops_user_timeline};
pub use ops_wallet::{activate_coupon, approve_wallet_request, grant_coupon, ops_list_coupons, ops_list_wallet_requests, process_wallet_request, reject_wallet_request};
pub use secure_auth::{disable_totp, enroll_totp, get_secure_auth, telegram_connection, verify_totp};

