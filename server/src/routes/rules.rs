//! Rules text (`/data/front/rules`, `/data/front/casinorules`).

use crate::http::error::ApiResult;
use crate::http::extract::{ok, JsonBody};
use crate::services::rules_text::rule_sets;
use actix_web::HttpResponse;
use schemas::RulesRequest;

#[utoipa::path(post, path = "/data/front/rules", tag = "rules", responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::RuleSet>>)))]
pub async fn rules() -> HttpResponse {
    ok("Success", rule_sets())
}

/// The rule sets whose heading or game type matches `type` (case-insensitive).
#[utoipa::path(post, path = "/data/front/casinorules", tag = "rules", request_body = schemas::RulesRequest, responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::RuleSet>>)))]
pub async fn casino_rules(JsonBody(body): JsonBody<RulesRequest>) -> ApiResult<HttpResponse> {
    let wanted = body.kind.unwrap_or_default().to_lowercase();
    let sets = rule_sets()
        .into_iter()
        .filter(|set| wanted.is_empty() || set.etname.to_lowercase() == wanted || set.gametypelist.iter().any(|g| g.gtype.to_lowercase() == wanted))
        .collect::<Vec<_>>();
    Ok(ok("Success", sets))
}

/// The same rules at the spec's second name.
#[utoipa::path(post, path = "/data/front/casino/rules", tag = "rules", request_body = schemas::RulesRequest, responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::RuleSet>>)))]
pub async fn casino_rules_alias(body: JsonBody<RulesRequest>) -> ApiResult<HttpResponse> {
    casino_rules(body).await
}
