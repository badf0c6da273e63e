//! Platform admin identity: `/api/auth/me|login|logout`.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};
use shared::domain::portal::Portal;
use shared::domain::validation::{char_len, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG};
use shared::infrastructure::db::{self, Scope};
use shared::repositories::{admin_users, sessions};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::extractors::SignedInAdmin;
use crate::request_meta::RequestMeta;
use crate::sign_in::Attempt;
use crate::views::sessions::{end_session, AdminUserResponse};
use crate::{cookies, AppState};

pub const INVALID_CREDENTIALS: &str = "Usuário ou senha inválidos";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(default)]
#[derive(Default)]
pub struct LoginRequest {
    #[schema(required = true, min_length = 3, max_length = 64)]
    pub username: String,
    #[schema(required = true, min_length = 6, max_length = 256)]
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminLoginResponse {
    pub user: AdminUserResponse,
}

/// The signed-in admin.
#[utoipa::path(operation_id = "adminMe", security(("adminSession" = [])), get, path = "/api/auth/me", tag = "admin-auth",
    responses((status = 200, body = AdminUserResponse), (status = 401, body = ErrorBody)))]
pub async fn me(admin: SignedInAdmin) -> Json<AdminUserResponse> {
    Json(admin.user.into())
}

/// Signs an admin in with username and password; sets the admin session cookie.
#[utoipa::path(operation_id = "adminLogin", post, path = "/api/auth/login", tag = "admin-auth", request_body = LoginRequest,
    responses((status = 200, body = AdminLoginResponse), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    meta: RequestMeta,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginRequest>,
) -> ApiResult<impl IntoResponse> {
    let username = body.username.trim().to_string();
    Validator::new()
        .check(char_len(&username) >= 3, "username", "Usuário deve ter no mínimo 3 caracteres")
        .check(char_len(&username) <= 64, "username", "Usuário deve ter no máximo 64 caracteres")
        .check(char_len(&body.password) >= 6, "password", "Senha deve ter no mínimo 6 caracteres")
        .check(char_len(&body.password) <= MAX_PASSWORD_CHARS, "password", PASSWORD_TOO_LONG)
        .finish()?;

    let attempt = Attempt {
        state: &state,
        meta: &meta,
        portal: Portal::Admin,
        account_key: format!("admin:{}", username.to_lowercase()),
    };
    let slot = state.login_slot().await?;
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let reservation = attempt.reserve(&mut tx).await?;
    let found = admin_users::find_credentials(&mut tx, &username).await?;
    tx.commit().await?;
    let (user, hash) = match found {
        Some((user, hash)) => (Some(user), Some(hash)),
        None => (None, None),
    };
    let verified = attempt.verify(slot, &reservation, body.password, hash).await?;
    let Some(user) = user.filter(|u| verified && u.is_active) else {
        return Err(AppError::Unauthorized(INVALID_CREDENTIALS.into()).into());
    };

    let previous = cookies::session_token(&headers, Portal::Admin);
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let principal = sessions::Principal::Admin { user_id: user.id };
    let cookies = attempt.succeed(&mut tx, reservation, principal, previous).await?;
    tx.commit().await?;
    Ok((cookies, Json(AdminLoginResponse { user: user.into() })))
}

/// Ends the admin session on the server and clears the cookie.
#[utoipa::path(operation_id = "adminLogout", post, path = "/api/auth/logout", tag = "admin-auth", responses((status = 204)))]
pub async fn logout(
    State(state): State<AppState>,
    meta: RequestMeta,
    headers: HeaderMap,
) -> ApiResult<impl IntoResponse> {
    end_session(&state, &headers, Portal::Admin).await?;
    Ok((StatusCode::NO_CONTENT, [cookies::clear_session(Portal::Admin, meta.secure_cookies())]))
}

/// `/api/auth/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(me)).routes(routes!(login)).routes(routes!(logout))
}
