//! Every call that names a record by id answers an unknown id with 404 and a message, never a
//! 500 or a panic, and writes nothing.

use crate::helpers::*;
use serde_json::json;

const UNKNOWN: u64 = 987_654_321;

#[actix_web::test]
async fn every_id_route_answers_an_unknown_id_with_404() {
    let app = spawn_app().await;
    let operator = app.operator().await;
    let head = app.head_seq().await;
    let gets = [
        format!("/api/userPerformance/{UNKNOWN}"),
        format!("/api/transaction/user/statement/{UNKNOWN}"),
        format!("/data/sport/4/{UNKNOWN}"),
    ];
    for path in &gets {
        let reply = app.get(path, Some(&operator)).await;
        assert_eq!(reply.status, 404, "GET {path}: {}", reply.body);
        assert_eq!(reply.body["success"], false, "GET {path}: {}", reply.body);
        assert!(!reply.message().is_empty(), "GET {path} names the problem");
    }
    let posts = [
        (format!("/api/ops/wallet/requests/{UNKNOWN}/process"), json!({})),
        (format!("/api/ops/wallet/requests/{UNKNOWN}/approve"), json!({})),
        (format!("/api/ops/wallet/requests/{UNKNOWN}/reject"), json!({"remark": "no such request"})),
        (format!("/api/ops/bonus/coupons/{UNKNOWN}/activate"), json!({})),
        (format!("/api/ops/feed/{UNKNOWN}/finish"), json!({"winner": "home", "remark": "no such fixture"})),
        (format!("/api/ops/feed/{UNKNOWN}/markets/{UNKNOWN}/suspend"), json!({"remark": "no such market"})),
        ("/api/front/casino/result".to_owned(), json!({"gtype": "teen20", "mid": "2611220112345"})),
        ("/api/ops/credit".to_owned(), json!({"username": "nobody_here", "amount": 1, "remark": "x"})),
    ];
    for (path, body) in &posts {
        let reply = app.post(path, Some(&operator), body).await;
        assert_eq!(reply.status, 404, "POST {path}: {}", reply.body);
        assert!(!reply.message().is_empty(), "POST {path} names the problem");
    }
    assert_eq!(app.head_seq().await, head, "nothing was written");
}
