//! `/api/users`: platform admins registering other admins.

use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use shared::repositories::admin_users::{self, NewAdminUser};
use shared::validation::{char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::extractors::SignedInAdmin;
use crate::routes::auth::AdminUserResponse;
use crate::AppState;
use axum::extract::State;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CreateAdminRequest {
    #[schema(required = true, min_length = 3, max_length = 64)]
    pub username: String,
    #[schema(required = true, min_length = 6, max_length = 256)]
    pub password: String,
    #[schema(required = true, format = Email)]
    pub email: String,
    #[schema(required = true, min_length = 1, max_length = 200)]
    pub name: String,
}

/// Registers a new platform admin (admins only).
#[utoipa::path(operation_id = "createAdmin", security(("adminSession" = [])), post, path = "/api/users", tag = "admin-auth", request_body = CreateAdminRequest,
    responses((status = 201, body = AdminUserResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    ApiJson(body): ApiJson<CreateAdminRequest>,
) -> ApiResult<(StatusCode, Json<AdminUserResponse>)> {
    let username = body.username.trim().to_string();
    let name = body.name.trim().to_string();
    Validator::new()
        .check(char_len(&username) >= 3, "username", "Usuário deve ter no mínimo 3 caracteres")
        .check(char_len(&username) <= 64, "username", "Usuário deve ter no máximo 64 caracteres")
        .check(char_len(&body.password) >= 6, "password", "Senha deve ter no mínimo 6 caracteres")
        .check(char_len(&body.password) <= MAX_PASSWORD_CHARS, "password", PASSWORD_TOO_LONG)
        .check(is_email(&body.email), "email", "Email inválido")
        .check(!name.is_empty(), "name", "Nome é obrigatório")
        .check(char_len(&name) <= 200, "name", "Nome deve ter no máximo 200 caracteres")
        .finish()?;
    let password_hash = state.hasher.hash(body.password).await?;
    let mut tx = admin.begin().await?;
    let user = admin_users::create(
        &mut tx,
        NewAdminUser { username, password_hash, email: normalize_email(&body.email), name },
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(user.into())))
}

/// `/api/users`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create))
}
