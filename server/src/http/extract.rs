//! Request extractors and responders shared by every route: JSON bodies parsed into domain types
//! with field-naming errors, the encrypted Payload form, the signed-in user, the client's IP.

use crate::http::state::AppState;
use crate::clock::now_ms;
use crate::http::error::ApiError;
use crate::limits::BODY_BYTES_MAX;
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse, Responder};
use futures_util::future::LocalBoxFuture;
use futures_util::StreamExt;
use ledger::{SessionId, UserId};
use schemas::{Envelope, Role};
use serde::de::DeserializeOwned;
use serde::Serialize;

pub fn app_state(req: &HttpRequest) -> web::Data<AppState> {
    req.app_data::<web::Data<AppState>>().expect("AppState is registered in startup").clone()
}

/// Reads the body up to the limit; past it the request is refused without reading further.
async fn read_body(payload: &mut Payload) -> Result<Vec<u8>, ApiError> {
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| ApiError::bad(format!("could not read the request body: {e}")))?;
        if body.len() + chunk.len() > BODY_BYTES_MAX {
            return Err(ApiError::too_large(format!("request body is larger than {BODY_BYTES_MAX} bytes")));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// Parses JSON into `T`; the error names the field (`amount: invalid type ...`).
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad("request body is empty; expected a JSON object"));
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(crate::http::objects_only::ObjectsOnly(&mut deserializer)).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            ApiError::bad(format!("malformed JSON: {inner}"))
        } else if path == "." {
            ApiError::bad(format!("invalid body: {inner}"))
        } else {
            ApiError::bad(format!("{path}: {inner}"))
        }
    })?;
    deserializer.end().map_err(|e| ApiError::bad(format!("malformed JSON: {e}")))?;
    Ok(value)
}

/// A body that may be left out: none (or only whitespace) is `T::default()`; anything else must
/// parse as `T`, like any body.
pub fn optional_json<T: DeserializeOwned + Default>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.len() > BODY_BYTES_MAX {
        return Err(ApiError::too_large(format!("request body is larger than {BODY_BYTES_MAX} bytes")));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    parse_json(bytes)
}

/// The encrypted form of a body, both ways: `{"Payload": "<base64>"}`.
#[derive(serde::Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Sealed {
    #[serde(rename = "Payload")]
    payload: String,
}

fn open_sealed<T: DeserializeOwned>(state: &AppState, sealed: Sealed) -> Result<T, ApiError> {
    let plain = state.cipher.decrypt(&sealed.payload).map_err(|e| ApiError::bad(e.to_string()))?;
    parse_json(&plain)
}

fn is_sealed(bytes: &[u8]) -> bool {
    serde_json::from_slice::<Sealed>(bytes).is_ok()
}

/// A JSON body, plain or in the encrypted `{"Payload": …}` form.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let state = app_state(req);
        let mut payload = payload.take();
        Box::pin(async move {
            let bytes = read_body(&mut payload).await?;
            if is_sealed(&bytes) {
                let sealed: Sealed = parse_json(&bytes)?;
                return open_sealed(&state, sealed).map(JsonBody);
            }
            parse_json(&bytes).map(JsonBody)
        })
    }
}

/// A body that must arrive encrypted (the spec's encrypted calls).
pub struct EncryptedBody<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for EncryptedBody<T> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let state = app_state(req);
        let mut payload = payload.take();
        Box::pin(async move {
            let bytes = read_body(&mut payload).await?;
            let sealed: Sealed = parse_json(&bytes).map_err(|_| ApiError::bad("body must be {\"Payload\": \"<base64>\"}"))?;
            open_sealed(&state, sealed).map(EncryptedBody)
        })
    }
}

/// A success envelope, answered in plain JSON.
/// A list call's `page` (1 up, default 1) and `limit` (1 to `max`, default `default`).
pub fn page_and_limit(page: Option<u32>, limit: Option<u32>, default: u32, max: u32) -> Result<(u32, u32), ApiError> {
    let (page, limit) = (page.unwrap_or(1), limit.unwrap_or(default));
    if page == 0 {
        return Err(ApiError::bad("page: must be 1 or more"));
    }
    if limit == 0 || limit > max {
        return Err(ApiError::bad(format!("limit: must be between 1 and {max}")));
    }
    Ok((page, limit))
}

pub fn ok<T: Serialize>(message: &str, data: T) -> HttpResponse {
    HttpResponse::Ok().json(Envelope::ok(message, data))
}

pub fn ok_paged<T: Serialize>(data: T, total: u64) -> HttpResponse {
    HttpResponse::Ok().json(Envelope { success: true, message: "Success".into(), data, total: Some(total) })
}

/// A success envelope answered as `{"Payload": …}` (the spec's encrypted responses).
pub struct Encrypted<T>(pub Envelope<T>);

impl<T: Serialize> Responder for Encrypted<T> {
    type Body = actix_web::body::BoxBody;

    fn respond_to(self, req: &HttpRequest) -> HttpResponse {
        let state = app_state(req);
        let plain = serde_json::to_vec(&self.0).expect("wire types serialize");
        HttpResponse::Ok().json(Sealed { payload: state.cipher.encrypt(&plain) })
    }
}

pub use crate::http::client_address::client_ip;

/// The signed-in caller, from a live access token.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user_id: UserId,
    pub session_id: SessionId,
    pub role: Role,
}

impl AuthUser {
    pub fn require(&self, roles: &[Role]) -> Result<(), ApiError> {
        if roles.contains(&self.role) {
            Ok(())
        } else {
            Err(ApiError::forbidden("You don’t have permission to access this resource.".into()))
        }
    }

    /// The caller may read `user_id`'s data: its own, or any as an operator.
    pub fn require_self_or_operator(&self, user_id: &str) -> Result<UserId, ApiError> {
        let id: UserId = user_id.parse().map_err(|_| ApiError::bad("id: must be a user id"))?;
        if id == self.user_id || self.role == Role::Operator {
            Ok(id)
        } else {
            Err(ApiError::forbidden("You don’t have permission to access this resource.".into()))
        }
    }
}

pub fn bearer(req: &HttpRequest) -> Result<&str, ApiError> {
    let header = req.headers().get("authorization").ok_or_else(|| ApiError::unauthenticated("Authorization token is missing".into()))?;
    let text = header.to_str().map_err(|_| ApiError::unauthenticated("Authorization header is not text".into()))?;
    text.strip_prefix("Bearer ")
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::unauthenticated("Authorization header must be 'Bearer <token>'".into()))
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(authenticate(req))
    }
}

pub const PASSWORD_CHANGE_FIRST: &str = "You must change your password before you can continue";

/// What an account that must change its password may still do: change it, log out,
/// and read its own profile. Everything else is 403 until then, whatever the client shows.
fn open_before_password_change(req: &HttpRequest) -> bool {
    matches!(
        (req.method().as_str(), req.path()),
        ("POST", "/api/users/change-password") | ("GET", "/api/auth/logout") | ("GET", "/api/users")
    )
}

fn authenticate(req: &HttpRequest) -> Result<AuthUser, ApiError> {
    let token = bearer(req)?;
    let state = app_state(req);
    let ledger = state.engine.read();
    let session = ledger
        .accounts.session_by_access(&crate::auth::tokens::hash(token), now_ms())
        .ok_or_else(|| ApiError::unauthenticated("Access token is invalid or expired".into()))?;
    let user = ledger.accounts.users.get(&session.user_id).ok_or_else(|| ApiError::unauthenticated("Access token is invalid or expired".into()))?;
    if user.must_change_password && !open_before_password_change(req) {
        return Err(ApiError::forbidden(PASSWORD_CHANGE_FIRST.into()));
    }
    Ok(AuthUser { user_id: user.id, session_id: session.id, role: user.role })
}
