//! Every route in one place.

use crate::http::state::AppState;
use crate::http::error::ApiError;
use crate::http::client_limits::limit_requests;
use crate::routes;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::{from_fn, Next};
use actix_web::dev::Server;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use std::net::TcpListener;

pub fn run(listener: TcpListener, state: AppState) -> anyhow::Result<Server> {
    let tls = match (&state.settings.application.tls_cert, &state.settings.application.tls_key) {
        (Some(cert), Some(key)) => Some(crate::http::tls::server_config(cert, key)?),
        (None, None) => None,
        _ => anyhow::bail!("TLS needs both a certificate (tls_cert) and its key (tls_key)"),
    };
    let hsts = tls.is_some();
    let static_dir = state.settings.application.static_dir.clone();
    let client_limits = web::Data::from(state.client_limits.clone());
    let trusted_proxies = web::Data::new(crate::http::client_address::TrustedProxies(state.settings.application.trusted_proxies.clone()));
    let state = web::Data::new(state);
    let server = HttpServer::new(move || {
        App::new()
            // Innermost: on an edge node, calls it does not answer go to the engine node.
            .wrap(from_fn(edge_route))
            // HSTS only where it is true: a browser told so over plain HTTP would lock itself out.
            .wrap(actix_web::middleware::Condition::new(hsts, crate::http::security_headers::hsts()))
            .wrap(crate::http::security_headers::common())
            .wrap(tracing_actix())
            .app_data(state.clone())
            .app_data(client_limits.clone())
            .app_data(trusted_proxies.clone())
            .app_data(web::QueryConfig::default().error_handler(|e, _| ApiError::bad(format!("query: {e}")).into()))
            .app_data(web::PathConfig::default().error_handler(|e, _| ApiError::bad(format!("path: {e}")).into()))
            .route("/ws", web::get().to(crate::ws::route::ws_connect))
            .route("/health", web::get().to(routes::health))
            // Requests per client address: past the rate, 429 before any handler runs.
            .service(api().wrap(from_fn(limit_requests)).wrap(crate::http::security_headers::api()))
            .service(data().wrap(from_fn(limit_requests)).wrap(crate::http::security_headers::api()))
            .default_service(web::to({
                let static_dir = static_dir.clone();
                move |req: HttpRequest| spa(req, static_dir.clone())
            }))
    })
    // Pushes are small frames written as they happen: without this, Nagle's algorithm holds a
    // frame back until the client's delayed ACK (up to 40 ms) whenever one is still unacknowledged.
    .tcp_nodelay(true)
    // A socket handle per connection, to cut a WebSocket whose client stopped reading.
    .on_connect(crate::push::socket::on_connect);
    let server = match tls {
        Some(config) => server.listen_rustls_0_23(listener, config)?,
        None => server.listen(listener)?,
    }
    .run();
    Ok(server)
}

/// `edge::route::route` with the parts of the state it reads.
async fn edge_route(req: ServiceRequest, next: Next<impl MessageBody + 'static>) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let state = req.app_data::<web::Data<AppState>>().expect("the application's state").clone();
    crate::edge::route::route(req, next, state.edge.as_ref(), &state.engine).await
}

fn tracing_actix() -> actix_web::middleware::Logger {
    actix_web::middleware::Logger::new("%r %s %Dms")
}

/// Base A of the spec.
fn api() -> actix_web::Scope {
    web::scope("/api")
        .route("/openapi.json", web::get().to(openapi_document))
        .route("/auth/login", web::post().to(routes::login))
        .route("/auth/demo-login", web::post().to(routes::demo_login))
        .route("/auth/refresh/login", web::get().to(routes::refresh_login))
        .route("/auth/logout", web::get().to(routes::logout))
        .route("/users", web::get().to(routes::get_user))
        .route("/users/change-password", web::post().to(routes::change_password))
        .route("/users/access-rules/{id}", web::get().to(routes::accept_rules))
        .route("/userLog", web::get().to(routes::get_user_log))
        .route("/userPerformance/{id}", web::get().to(routes::get_button_values))
        .route("/userPerformance", web::put().to(routes::put_button_values))
        .route("/transaction/user/statement/{id}", web::get().to(routes::get_account_rows))
        .route("/domain/domain-config", web::get().to(routes::domain_config))
        .route("/ip", web::get().to(routes::client_ip_lookup))
        .route("/front/get_latest_events", web::post().to(routes::latest_events))
        .route("/front/treedata", web::post().to(routes::tree_data))
        .route("/front/highlighthomePrivate", web::post().to(routes::highlight_home))
        .route("/bet/place", web::post().to(routes::place_bet))
        .route("/bet/place/casino", web::post().to(routes::place_casino_bet))
        .route("/exchange/cancel", web::post().to(routes::cancel_order))
        .route("/exchange/cancel-all", web::post().to(routes::cancel_market))
        .route("/exchange/replace", web::post().to(routes::replace_order))
        .route("/exchange/orders", web::get().to(routes::my_orders))
        .route("/exchange/depth/{gameId}/{marketId}", web::get().to(routes::depth))
        .route("/exchange/cash-out", web::post().to(routes::cash_out))
        .route("/exchange/cash-out/{gameId}/{marketId}", web::get().to(routes::cash_out_quote))
        .route("/front/casino/tablist", web::post().to(routes::casino_types))
        .route("/front/casino/tablelist", web::post().to(routes::casino_table_list))
        .route("/front/tablist", web::post().to(routes::casino_tab_list))
        .route("/front/casino/alllist", web::post().to(routes::casino_tiles))
        .route("/front/casino/data2", web::post().to(routes::round_data))
        .route("/front/casino/lastresults2", web::post().to(routes::last_results))
        .route("/front/casinoresults", web::post().to(routes::results_by_day))
        .route("/front/casino/result", web::post().to(routes::round_result))
        .route("/bet", web::get().to(routes::get_game_bets))
        .route("/bet/current", web::get().to(routes::get_current_bets))
        .route("/bet/all", web::post().to(routes::all_open_bets))
        .route("/bet/account-statement", web::get().to(routes::get_bet_statement))
        .route("/ops/users", web::post().to(routes::create_user))
        .route("/ops/casino", web::get().to(routes::ops_list_tables))
        .route("/ops/casino/{gtype}/stack", web::post().to(routes::ops_stack_shoe))
        .route("/ops/casino/{gtype}/{action}", web::post().to(routes::ops_table_action))
        .route("/ops/users", web::get().to(routes::ops_list_users))
        .route("/ops/users/{username}", web::get().to(routes::ops_get_user))
        .route("/ops/users/{username}/timeline", web::get().to(routes::ops_user_timeline))
        .route("/ops/users/{username}/{action}", web::post().to(routes::ops_account_action))
        .route("/ops/credit", web::post().to(routes::credit))
        .route("/ops/debit", web::post().to(routes::debit))
        .route("/ops/audit/verify", web::get().to(routes::audit_verify))
        .route("/ops/audit/verify-runs", web::post().to(routes::start_verify_run))
        .route("/ops/audit/verify-runs/latest", web::get().to(routes::latest_verify_run))
        .route("/ops/audit/state", web::get().to(routes::audit_state))
        .route("/ops/audit/moment", web::get().to(routes::audit_moment))
        .route("/ops/audit/events", web::get().to(routes::audit_events))
        .route("/ops/audit/events.jsonl", web::get().to(routes::audit_events_export))
        .route("/ops/feed/events", web::post().to(routes::inject_feed_events))
        .route("/ops/house", web::get().to(routes::ops_house))
        .route("/ops/feed", web::get().to(routes::ops_feed))
        .route("/ops/exchange/makers", web::get().to(routes::ops_makers))
        .route("/ops/exchange/makers", web::post().to(routes::ops_set_makers))
        .route("/ops/exchange/{gameId}/{marketId}", web::get().to(routes::ops_exchange_book))
        .route("/ops/feed/snapshot", web::get().to(routes::feed_snapshot))
        .route("/ops/feed/journal", web::get().to(routes::feed_journal))
        .route("/ops/feed/{gmid}/markets/{mid}/{action}", web::post().to(routes::ops_market_action))
        .route("/ops/feed/{gmid}/{action}", web::post().to(routes::ops_fixture_action))
        .configure(wallet_routes)
        .default_service(web::to(unknown_call))
}

/// Wallet, bonus and secure auth, inside base A.
fn wallet_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/wallet/deposit-methods", web::get().to(routes::get_deposit_methods))
        .route("/wallet/deposit", web::post().to(routes::request_deposit))
        .route("/wallet/withdraw", web::post().to(routes::request_withdrawal))
        .route("/wallet/requests", web::get().to(routes::get_wallet_requests))
        .route("/wallet/accounts", web::get().to(routes::get_withdraw_accounts))
        .route("/wallet/accounts", web::post().to(routes::save_withdraw_account))
        .route("/bonus", web::get().to(routes::get_bonus))
        .route("/secure-auth", web::get().to(routes::get_secure_auth))
        .route("/secure-auth/enroll", web::post().to(routes::enroll_totp))
        .route("/secure-auth/verify", web::post().to(routes::verify_totp))
        .route("/secure-auth/disable", web::post().to(routes::disable_totp))
        .route("/secure-auth/telegram", web::post().to(routes::telegram_connection))
        .route("/ops/wallet/requests", web::get().to(routes::ops_list_wallet_requests))
        .route("/ops/wallet/requests/{id}/process", web::post().to(routes::process_wallet_request))
        .route("/ops/wallet/requests/{id}/approve", web::post().to(routes::approve_wallet_request))
        .route("/ops/wallet/requests/{id}/reject", web::post().to(routes::reject_wallet_request))
        .route("/ops/bonus/coupons", web::post().to(routes::grant_coupon))
        .route("/ops/bonus/coupons", web::get().to(routes::ops_list_coupons))
        .route("/ops/bonus/coupons/{id}/activate", web::post().to(routes::activate_coupon));
}

/// Base B of the spec.
fn data() -> actix_web::Scope {
    web::scope("/data")
        .route("/front/rules", web::post().to(routes::rules))
        .route("/front/casinorules", web::post().to(routes::casino_rules))
        .route("/front/casino/rules", web::post().to(routes::casino_rules_alias))
        .route("/front/highlightproduct", web::post().to(routes::highlight_product))
        .route("/front/casino/alllist", web::post().to(routes::casino_tiles_plain))
        .route("/front/casino/data2", web::post().to(routes::round_data_plain))
        .route("/front/casino/pick", web::post().to(routes::quote_pick))
        .route("/front/casino/launchother", web::post().to(routes::launch_other))
        .route("/front/worlisectiondata", web::post().to(routes::worli_sections))
        .route("/front/gamedetailPrivate", web::post().to(routes::game_detail))
        .route("/front/gamedataPrivate", web::post().to(routes::game_data))
        .route("/front/matchstate", web::post().to(routes::match_state))
        .route("/front/cricketvdata", web::post().to(routes::cricketv_data))
        .route("/front/searchgame", web::post().to(routes::search_game))
        .route("/front/casinoresults", web::post().to(routes::results_by_day_plain))
        .route("/front/accstatepopup", web::post().to(routes::statement_popup))
        .route("/sport/{etid}/{gmid}", web::get().to(routes::scoreboard))
        .default_service(web::to(unknown_call))
}

/// The OpenAPI document of every REST call (`crate::routes::openapi`).
async fn openapi_document() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(crate::routes::openapi::document())
}

/// A call no route took: a known path asked with another method is 405 with the methods it
/// takes in `Allow`; any other path is 404.
async fn unknown_call(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    match crate::routes::openapi::allowed_methods(req.path()) {
        Some(methods) => Ok(method_not_allowed(&req, &methods.join(", "))),
        None => Err(ApiError::not_found(format!("No such call: {} {}", req.method(), req.path()))),
    }
}

fn method_not_allowed(req: &HttpRequest, allow: &str) -> HttpResponse {
    let message = format!("{} is not allowed here: use {allow}", req.method());
    HttpResponse::MethodNotAllowed()
        .insert_header((actix_web::http::header::ALLOW, allow.to_owned()))
        .json(crate::http::error::MessageEnvelope { success: false, message, data: None })
}

/// The built client: a file when one exists, else `index.html` so the client's router decides.
async fn spa(req: HttpRequest, static_dir: std::path::PathBuf) -> actix_web::Result<HttpResponse> {
    // Pages and files are only read.
    if !matches!(*req.method(), actix_web::http::Method::GET | actix_web::http::Method::HEAD) {
        return Ok(method_not_allowed(&req, "GET, HEAD"));
    }
    let relative = req.path().trim_start_matches('/');
    let candidate = static_dir.join(relative);
    let inside = !relative.split('/').any(|part| part == "..");
    if inside && !relative.is_empty() && relative != "index.html" && candidate.is_file() {
        if let Ok(file) = actix_files::NamedFile::open_async(&candidate).await {
            return Ok(file.into_response(&req));
        }
    }
    // The page itself carries a fresh style nonce under its Content-Security-Policy.
    match tokio::fs::read_to_string(static_dir.join("index.html")).await {
        Ok(html) => {
            let key = req.app_data::<web::Data<AppState>>().map(|state| state.settings.site.payload_key.clone()).unwrap_or_default();
            Ok(crate::http::security_headers::page(&html, &key))
        }
        Err(_) => Ok(HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("The client is not built: run ./scripts/run (or npm run build in frontend/).")),
    }
}
