//! The OpenAPI 3.1 document of every REST call, served at `GET /api/openapi.json`: generated from
//! the wire types (`schemas`, each `ToSchema`) and each handler's `#[utoipa::path]`. The answers
//! every call may give besides its own (the error statuses of DESIGN §7, each a message
//! envelope) and the bearer scheme are added here once instead of on each handler.
//!
//! An encrypted call's body travels as `{"Payload": "<base64>"}` (`application/json`); the shape
//! inside, once decrypted, is given beside it under `application/vnd.exchange.plain+json`.

use std::sync::OnceLock;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Ref, ResponseBuilder};
use crate::http::error::MessageEnvelope;
use utoipa::{Modify, OpenApi, PartialSchema, ToSchema};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Exchange",
        description = "The exchange's REST calls: base A under /api (the player's and the operators' calls), base B under /data (public page data). Money is a JSON number in currency units with at most two decimals. Every answer is an envelope {success, message, data}. An encrypted call's body travels as {\"Payload\": \"<base64>\"}; the shape inside is given beside it under application/vnd.exchange.plain+json."
    ),
    paths(
        crate::routes::auth::login,
        crate::routes::auth::demo_login,
        crate::routes::auth::refresh_login,
        crate::routes::auth::logout,
        crate::routes::users::get_user,
        crate::routes::users::change_password,
        crate::routes::users::accept_rules,
        crate::routes::user_log::get_user_log,
        crate::routes::performance::get_button_values,
        crate::routes::performance::put_button_values,
        crate::routes::statement::get_account_rows,
        crate::routes::domain::domain_config,
        crate::routes::domain::client_ip_lookup,
        crate::routes::domain::health,
        crate::routes::sports::latest_events,
        crate::routes::sports::tree_data,
        crate::routes::sports::highlight_home,
        crate::routes::sports::highlight_product,
        crate::routes::sports::game_detail,
        crate::routes::sports::game_data,
        crate::routes::sports::match_state,
        crate::routes::sports::cricketv_data,
        crate::routes::sports::scoreboard,
        crate::routes::sports::search_game,
        crate::routes::bets::place_bet,
        crate::routes::bets::get_game_bets,
        crate::routes::bets::get_current_bets,
        crate::routes::bets::statement_popup,
        crate::routes::bets::all_open_bets,
        crate::routes::bets::get_bet_statement,
        crate::routes::exchange::cancel_order,
        crate::routes::exchange::cancel_market,
        crate::routes::exchange::replace_order,
        crate::routes::exchange::my_orders,
        crate::routes::exchange::cash_out_quote,
        crate::routes::exchange::cash_out,
        crate::routes::exchange::depth,
        crate::routes::casino::casino_types,
        crate::routes::casino::casino_table_list,
        crate::routes::casino::casino_tab_list,
        crate::routes::casino::casino_tiles,
        crate::routes::casino::casino_tiles_plain,
        crate::routes::casino::launch_other,
        crate::routes::casino::round_data,
        crate::routes::casino::round_data_plain,
        crate::routes::casino::worli_sections,
        crate::routes::casino::last_results,
        crate::routes::casino::results_by_day,
        crate::routes::casino::results_by_day_plain,
        crate::routes::casino::round_result,
        crate::routes::casino::quote_pick,
        crate::routes::casino::place_casino_bet,
        crate::routes::rules::rules,
        crate::routes::rules::casino_rules,
        crate::routes::rules::casino_rules_alias,
        crate::routes::ops::create_user,
        crate::routes::ops::credit,
        crate::routes::ops::debit,
        crate::routes::ops::audit_verify,
        crate::routes::ops::start_verify_run,
        crate::routes::ops::latest_verify_run,
        crate::routes::ops::ops_house,
        crate::routes::ops::audit_state,
        crate::routes::ops::audit_moment,
        crate::routes::ops::audit_events,
        crate::routes::ops::audit_events_export,
        crate::routes::ops_casino::ops_list_tables,
        crate::routes::ops_casino::ops_stack_shoe,
        crate::routes::ops_casino::ops_table_action,
        crate::routes::ops_feed::ops_feed,
        crate::routes::ops_feed::ops_market_action,
        crate::routes::ops_feed::ops_fixture_action,
        crate::routes::ops_feed::feed_snapshot,
        crate::routes::ops_feed::feed_journal,
        crate::routes::ops_feed::inject_feed_events,
        crate::routes::ops_feed::ops_exchange_book,
        crate::routes::ops_feed::ops_makers,
        crate::routes::ops_feed::ops_set_makers,
        crate::routes::ops_users::ops_list_users,
        crate::routes::ops_users::ops_get_user,
        crate::routes::ops_users::ops_user_timeline,
        crate::routes::ops_users::ops_account_action,
        crate::routes::ops_wallet::ops_list_wallet_requests,
        crate::routes::ops_wallet::process_wallet_request,
        crate::routes::ops_wallet::approve_wallet_request,
        crate::routes::ops_wallet::reject_wallet_request,
        crate::routes::ops_wallet::grant_coupon,
        crate::routes::ops_wallet::activate_coupon,
        crate::routes::ops_wallet::ops_list_coupons,
        crate::routes::wallet::get_deposit_methods,
        crate::routes::wallet::request_deposit,
        crate::routes::wallet::request_withdrawal,
        crate::routes::wallet::get_wallet_requests,
        crate::routes::wallet::get_withdraw_accounts,
        crate::routes::wallet::save_withdraw_account,
        crate::routes::wallet::get_bonus,
        crate::routes::secure_auth::get_secure_auth,
        crate::routes::secure_auth::enroll_totp,
        crate::routes::secure_auth::verify_totp,
        crate::routes::secure_auth::disable_totp,
        crate::routes::secure_auth::telegram_connection,
    ),
    modifiers(&Bearer, &ErrorAnswers)
)]
pub struct ApiDoc;

/// The document as JSON text, made once.
pub fn document() -> &'static str {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    DOCUMENT.get_or_init(|| ApiDoc::openapi().to_json().expect("the OpenAPI document serializes"))
}

/// The methods the document lists for a request path (`{id}` segments match any one segment),
/// or None for a path it does not know: a known path asked with another method is answered 405
/// with these in `Allow`, an unknown one 404.
pub fn allowed_methods(path: &str) -> Option<&'static [String]> {
    static ROUTES: OnceLock<Vec<(Vec<String>, Vec<String>)>> = OnceLock::new();
    let routes = ROUTES.get_or_init(|| {
        ApiDoc::openapi()
            .paths
            .paths
            .iter()
            .map(|(template, item)| {
                let methods = [("GET", &item.get), ("PUT", &item.put), ("POST", &item.post), ("DELETE", &item.delete), ("PATCH", &item.patch)];
                let methods = methods.iter().filter(|(_, operation)| operation.is_some()).map(|(name, _)| (*name).to_owned()).collect();
                (template.split('/').map(str::to_owned).collect(), methods)
            })
            .collect()
    });
    let asked: Vec<&str> = path.split('/').collect();
    routes
        .iter()
        .find(|(template, _)| template.len() == asked.len() && template.iter().zip(&asked).all(|(t, a)| (t.starts_with('{') && !a.is_empty()) || t == a))
        .map(|(_, methods)| methods.as_slice())
}

struct Bearer;

impl Modify for Bearer {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let scheme = HttpBuilder::new().scheme(HttpAuthScheme::Bearer).description(Some("An access token from /api/auth/login (a refresh token for /api/auth/refresh/login)")).build();
        components.add_security_scheme("bearer", SecurityScheme::Http(scheme));
    }
}

/// The error statuses any call may answer (DESIGN §7): a bad request, no or a dead session, a
/// role or lock that forbids it, an unknown id, a conflict, a body too large, a rule of the ledger
/// refused, too many requests, and a ledger that cannot write now.
const ERRORS: [(&str, &str); 9] = [
    ("400", "The request is malformed or a value is out of range"),
    ("401", "No session, or an expired, revoked or forged token"),
    ("403", "The caller's role or account state does not allow this"),
    ("404", "An unknown user, match, market, round or call"),
    ("409", "The state changed first (a closed round, a journal read too late)"),
    ("413", "The body is larger than the server takes"),
    ("422", "The ledger refused it (balance, password, odds moved)"),
    ("429", "Too many requests from this address or account"),
    ("503", "The ledger cannot write now (full disk) or the server is busy; nothing changed"),
];

struct ErrorAnswers;

impl Modify for ErrorAnswers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.schemas.insert(MessageEnvelope::name().into_owned(), MessageEnvelope::schema());
        let envelope = Ref::from_schema_name(MessageEnvelope::name());
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
            for operation in operations.into_iter().flatten() {
                for (status, description) in ERRORS {
                    let answer = ResponseBuilder::new().description(description).content("application/json", utoipa::openapi::ContentBuilder::new().schema(Some(envelope.clone())).build()).build();
                    operation.responses.responses.entry(status.to_owned()).or_insert(answer.into());
                }
            }
        }
    }
}
