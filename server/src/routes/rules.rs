//! Rules text (`/data/front/rules`, `/data/front/casinorules`).

use crate::error::ApiResult;
use crate::extract::{ok, JsonBody};
use crate::rules_text::rule_sets;
use actix_web::HttpResponse;
use schemas::RulesRequest;

pub async fn rules() -> HttpResponse {
    ok("Success", rule_sets())
}

/// The rule sets whose heading or game type matches `type` (case-insensitive).
pub async fn casino_rules(JsonBody(body): JsonBody<RulesRequest>) -> ApiResult<HttpResponse> {
    let wanted = body.kind.unwrap_or_default().to_lowercase();
    let sets = rule_sets()
        .into_iter()
        .filter(|set| wanted.is_empty() || set.etname.to_lowercase() == wanted || set.gametypelist.iter().any(|g| g.gtype.to_lowercase() == wanted))
        .collect::<Vec<_>>();
    Ok(ok("Success", sets))
}
