//! The activity log (`GET /userLog`): logins and password changes, filtered and paged.

use crate::http::state::AppState;
use crate::http::error::{ApiError, ApiResult};
use crate::http::extract::{ok_paged, AuthUser};
use crate::limits::PAGE_SIZE_MAX;
use crate::http::timefmt::{rfc3339, Days};
use actix_web::{web, HttpResponse};
use ledger::ActivityKind;
use schemas::{ActivityRow, Role};
use serde::Deserialize;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct UserLogQuery {
    #[serde(default)]
    search: String,
    #[serde(default, rename = "type")]
    kind: String,
    #[serde(default)]
    from_date: String,
    #[serde(default)]
    to_date: String,
    /// The client's minutes east of UTC (India 330): the dates are its days; without it, UTC days.
    #[param(minimum = -840, maximum = 840)]
    utc_offset: Option<i32>,
    page: Option<u32>,
    limit: Option<u32>,
}

fn parse_kind(kind: &str) -> ApiResult<Option<ActivityKind>> {
    match kind.trim() {
        "" => Ok(None),
        "Login" | "login" => Ok(Some(ActivityKind::Login)),
        "Change Password" | "changePassword" | "change-password" => Ok(Some(ActivityKind::ChangePassword)),
        _ => Err(ApiError::bad("type: must be Login or Change Password")),
    }
}

#[utoipa::path(get, path = "/api/userLog", tag = "users", params(UserLogQuery), responses((status = 200, description = "Success", body = schemas::Envelope<Vec<schemas::ActivityRow>>)), security(("bearer" = [])))]
#[tracing::instrument(name = "get_user_log", skip_all)]
pub async fn get_user_log(state: web::Data<AppState>, user: AuthUser, query: web::Query<UserLogQuery>) -> ApiResult<HttpResponse> {
    user.require(&[Role::User, Role::Operator])?;
    let kind = parse_kind(&query.kind)?;
    let days = Days::of(query.utc_offset)?;
    let from_ms = days.start_ms(&query.from_date, "fromDate")?;
    let to_ms = days.end_ms(&query.to_date, "toDate")?;
    let (page, limit) = crate::http::extract::page_and_limit(query.page, query.limit, 10, PAGE_SIZE_MAX)?;
    let search = query.search.trim().to_lowercase();
    let (head, username) = {
        let ledger = state.engine.read();
        let account = ledger.accounts.users.get(&user.user_id).ok_or_else(crate::http::error::unknown_user)?;
        (ledger.head_seq, account.username.clone())
    };
    let activity = crate::services::history::activity(state.history.at(head)?, user.user_id)?;
    let matching: Vec<ActivityRow> = activity
        .iter()
        .filter(|a| kind.is_none_or(|k| a.kind == k) && a.at_ms >= from_ms && a.at_ms <= to_ms)
        .map(|a| ActivityRow { username: username.clone(), created_at: rfc3339(a.at_ms), ip: a.ip.clone(), kind: a.kind.label().into() })
        .filter(|row| {
            search.is_empty()
                || [&row.username, &row.ip, &row.kind, &row.created_at].iter().any(|field| field.to_lowercase().contains(&search))
        })
        .collect();
    let total = matching.len() as u64;
    let skip = ((page - 1) as usize).saturating_mul(limit as usize);
    let rows: Vec<ActivityRow> = matching.into_iter().skip(skip).take(limit as usize).collect();
    Ok(ok_paged(rows, total))
}
