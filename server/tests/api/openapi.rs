//! The OpenAPI document (`GET /api/openapi.json`): it describes every route the server has, and
//! every path it lists is a real call. A known path asked with another method is 405.

use crate::helpers::spawn_app;
use std::collections::BTreeSet;

/// `(METHOD, path)` of every REST route in `src/startup.rs`, read from the source: the scope
/// functions give the prefix (`api` and `wallet_routes` under /api, `data` under /data).
fn routes_in_source() -> BTreeSet<(String, String)> {
    let source = include_str!("../../src/startup.rs");
    let mut prefix = "";
    let mut routes = BTreeSet::new();
    for line in source.lines() {
        if line.starts_with("pub fn run(") {
            prefix = "";
        } else if line.starts_with("fn api(") || line.starts_with("fn wallet_routes(") {
            prefix = "/api";
        } else if line.starts_with("fn data(") {
            prefix = "/data";
        }
        let Some((_, rest)) = line.split_once(".route(\"") else { continue };
        let (path, rest) = rest.split_once('"').expect("a quoted path");
        let method = rest.split_once("web::").and_then(|(_, m)| m.split_once("()")).map(|(m, _)| m.to_uppercase()).expect("web::METHOD()");
        routes.insert((method, format!("{prefix}{path}")));
    }
    routes
}

#[actix_web::test]
async fn the_document_lists_every_route_and_only_routes() {
    let app = spawn_app().await;
    let reply = app.get("/api/openapi.json", None).await;
    assert_eq!(reply.status, 200);
    assert!(reply.body["openapi"].as_str().is_some_and(|v| v.starts_with("3.1")), "OpenAPI 3.1: {}", reply.body["openapi"]);
    let mut documented = BTreeSet::new();
    for (path, item) in reply.body["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            documented.insert((method.to_uppercase(), path.clone()));
        }
    }
    let mut routed = routes_in_source();
    assert!(routed.len() > 80, "the source was read: {} routes", routed.len());
    // The WebSocket upgrade is not a REST call; the document does not describe itself.
    routed.remove(&("GET".into(), "/ws".into()));
    routed.remove(&("GET".into(), "/api/openapi.json".into()));
    let undocumented: Vec<_> = routed.difference(&documented).collect();
    let unrouted: Vec<_> = documented.difference(&routed).collect();
    assert!(undocumented.is_empty(), "routes missing from the document: {undocumented:?}");
    assert!(unrouted.is_empty(), "documented calls the server does not route: {unrouted:?}");
}

#[actix_web::test]
async fn a_known_path_with_another_method_is_405_and_an_unknown_path_404() {
    let app = spawn_app().await;
    let reply = app.send("DELETE", "/api/bet/place", None, None).await;
    assert_eq!(reply.status, 405);
    assert_eq!(reply.message(), "DELETE is not allowed here: use POST");
    let reply = app.send("PATCH", "/api/ops/users/player1", None, None).await;
    assert_eq!(reply.status, 405, "a path parameter matches any segment");
    let reply = app.send("GET", "/api/no/such/call", None, None).await;
    assert_eq!(reply.status, 404);
    assert_eq!(reply.message(), "No such call: GET /api/no/such/call");
    // Pages are only read.
    let reply = app.send("POST", "/casino/teen20", None, None).await;
    assert_eq!(reply.status, 405);
}

#[actix_web::test]
async fn every_utc_offset_the_document_lists_has_the_servers_bounds() {
    let app = spawn_app().await;
    let document = app.get("/api/openapi.json", None).await.body;
    let max = i64::from(server::limits::UTC_OFFSET_MINUTES_MAX);
    let bounds = |schema: &serde_json::Value| (schema["minimum"].as_i64(), schema["maximum"].as_i64());
    let mut seen = 0;
    for item in document["paths"].as_object().expect("paths").values() {
        for operation in item.as_object().expect("a path item").values() {
            for parameter in operation["parameters"].as_array().into_iter().flatten().filter(|p| p["name"] == "utcOffset") {
                assert_eq!(bounds(&parameter["schema"]), (Some(-max), Some(max)), "{parameter}");
                seen += 1;
            }
        }
    }
    for schema in document["components"]["schemas"].as_object().expect("schemas").values() {
        if let Some(offset) = schema["properties"].get("utcOffset") {
            assert_eq!(bounds(offset), (Some(-max), Some(max)), "{offset}");
            seen += 1;
        }
    }
    // The account statement, the activity log, the deposit and withdraw statements (the player's
    // and the operators' lists) and the casino results' body.
    assert!(seen >= 5, "{seen} utcOffset fields in the document");
}
