//! `/api/users`: the platform's admins ("Usuários"): list, create,
//! deactivate (their sessions end at once), reactivate and set a new
//! password. The platform never runs out of active admins: deactivations
//! take turns under one lock and refuse to remove the last one. Every change
//! is audited.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::pagination::Page;
use shared::domain::validation::{
    char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG,
};
use shared::repositories::admin_users::{self, AdminUser, NewAdminUser};
use shared::repositories::audit_log::Action;
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{not_authenticated, AdminErrors, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::{PageQuery, Paging, PathId, SignedInAdmin};
use crate::form_input::search_term;
use crate::request_meta::RequestMeta;
use crate::views::sessions::AdminUserResponse;
use crate::AppState;

pub const NOT_FOUND: &str = "Usuário não encontrado";
crate::not_found_as!(UnknownUser, NOT_FOUND);
pub const LAST_ACTIVE: &str =
    "Este é o último administrador ativo: ative ou crie outro administrador antes de desativar este.";
const PASSWORD_TOO_SHORT: &str = "Senha deve ter no mínimo 6 caracteres";

/// An admin as the "Usuários" screen lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserItem {
    pub id: Uuid,
    pub username: String,
    pub email: String,
    pub name: String,
    pub role: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
}

impl From<AdminUser> for AdminUserItem {
    fn from(u: AdminUser) -> Self {
        Self {
            id: u.id,
            username: u.username,
            email: u.email,
            name: u.name,
            role: u.role,
            is_active: u.is_active,
            created_at: u.created_at,
        }
    }
}

/// What the audit log keeps of an admin (never the password).
fn audited(u: &AdminUser) -> serde_json::Value {
    json!({ "username": u.username, "email": u.email, "name": u.name, "role": u.role, "isActive": u.is_active })
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminUserListQuery {
    /// Part of the username, name or e-mail.
    #[param(max_length = 200)]
    pub q: Option<String>,
}

/// The platform's admins, active first.
#[utoipa::path(operation_id = "listAdminUsers", get, path = "/api/users", tag = "admin-auth",
    security(("adminSession" = [])), params(PageQuery, AdminUserListQuery),
    responses((status = 200, body = Page<AdminUserItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<AdminUserListQuery>,
) -> ApiResult<Json<Page<AdminUserItem>>> {
    let mut tx = admin.begin().await?;
    let q = search_term(query.q);
    let page = admin_users::list(&mut tx, q.as_deref(), paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(AdminUserItem::from)))
}

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

fn check_password(v: &mut Validator, password: &str) {
    v.check(char_len(password) >= 6, "password", PASSWORD_TOO_SHORT);
    v.check(char_len(password) <= MAX_PASSWORD_CHARS, "password", PASSWORD_TOO_LONG);
}

/// Registers a new platform admin (admins only).
#[utoipa::path(operation_id = "createAdmin", security(("adminSession" = [])), post, path = "/api/users", tag = "admin-auth", request_body = CreateAdminRequest,
    responses((status = 201, body = AdminUserResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<CreateAdminRequest>,
) -> ApiResult<(StatusCode, Json<AdminUserResponse>)> {
    let username = body.username.trim().to_string();
    let name = body.name.trim().to_string();
    let mut v = Validator::new();
    v.check(char_len(&username) >= 3, "username", "Usuário deve ter no mínimo 3 caracteres")
        .check(char_len(&username) <= 64, "username", "Usuário deve ter no máximo 64 caracteres")
        .check(is_email(&body.email), "email", "E-mail inválido")
        .check(!name.is_empty(), "name", "Nome é obrigatório")
        .check(char_len(&name) <= 200, "name", "Nome deve ter no máximo 200 caracteres");
    check_password(&mut v, &body.password);
    v.finish()?;
    let password_hash = state.hasher.hash(body.password).await?;
    let mut tx = admin.begin().await?;
    let user = admin_users::create(
        &mut tx,
        NewAdminUser { username, password_hash, email: normalize_email(&body.email), name },
    )
    .await?;
    admin.audit(&mut tx, meta.ip, None, Action::Create, "admin_user", user.id, &json!({}), &audited(&user)).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(user.into())))
}

/// Deactivates an admin (oneself included): they can no longer sign in and
/// their open sessions end now. Refused for the last active admin (409).
#[utoipa::path(operation_id = "deactivateAdminUser", post, path = "/api/users/{id}/deactivate", tag = "admin-auth",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = AdminUserItem), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody), AdminErrors))]
pub async fn deactivate(
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownUser>,
) -> ApiResult<Json<AdminUserItem>> {
    let mut tx = admin.begin().await?;
    admin_users::lock_roster(&mut tx).await?;
    // Whoever waited for the lock may have been deactivated meanwhile.
    if !admin_users::find(&mut tx, admin.user.id).await?.is_some_and(|me| me.is_active) {
        return Err(not_authenticated());
    }
    let before = admin_users::find(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    if before.is_active && admin_users::count_active_except(&mut tx, id).await? == 0 {
        return Err(AppError::Conflict(LAST_ACTIVE.into()).into());
    }
    let after = admin_users::set_active(&mut tx, id, false).await?.or_not_found(NOT_FOUND)?;
    admin_users::end_sessions(&mut tx, id).await?;
    admin.audit(&mut tx, meta.ip, None, Action::Update, "admin_user", id, &audited(&before), &audited(&after)).await?;
    tx.commit().await?;
    Ok(Json(after.into()))
}

/// Lets a deactivated admin sign in again.
#[utoipa::path(operation_id = "reactivateAdminUser", post, path = "/api/users/{id}/reactivate", tag = "admin-auth",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = AdminUserItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn reactivate(
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownUser>,
) -> ApiResult<Json<AdminUserItem>> {
    let mut tx = admin.begin().await?;
    admin_users::lock_roster(&mut tx).await?;
    let before = admin_users::find(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    let after = admin_users::set_active(&mut tx, id, true).await?.or_not_found(NOT_FOUND)?;
    admin.audit(&mut tx, meta.ip, None, Action::Update, "admin_user", id, &audited(&before), &audited(&after)).await?;
    tx.commit().await?;
    Ok(Json(after.into()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResetAdminPasswordRequest {
    #[schema(required = true, min_length = 6, max_length = 256)]
    pub password: String,
}

/// Gives an admin a new password (told to them by whoever sets it); their
/// open sessions end, so the old password's sessions cannot linger.
#[utoipa::path(operation_id = "resetAdminPassword", put, path = "/api/users/{id}/password", tag = "admin-auth",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = ResetAdminPasswordRequest,
    responses((status = 200, body = AdminUserItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn reset_password(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownUser>,
    ApiJson(body): ApiJson<ResetAdminPasswordRequest>,
) -> ApiResult<Json<AdminUserItem>> {
    let mut v = Validator::new();
    check_password(&mut v, &body.password);
    v.finish()?;
    // Hashing is slow: done before the transaction opens.
    let password_hash = state.hasher.hash(body.password).await?;
    let mut tx = admin.begin().await?;
    let user = admin_users::set_password(&mut tx, id, &password_hash).await?.or_not_found(NOT_FOUND)?;
    let ended = admin_users::end_sessions(&mut tx, id).await?;
    admin
        .audit(
            &mut tx,
            meta.ip,
            None,
            Action::Update,
            "admin_user",
            id,
            &json!({ "password": "" }),
            &json!({ "password": "*** (redefinida)", "sessionsEnded": ended }),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(user.into()))
}

/// `/api/users`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(deactivate))
        .routes(routes!(reactivate))
        .routes(routes!(reset_password))
}
