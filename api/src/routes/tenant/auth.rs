//! Tenant owner identity: `/api/tenant-auth/login|me|logout`. Owners sign in
//! with e-mail, password and their tenant's security key, and send the key in
//! `X-Tenant-Secret` on every call.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};
use shared::domain::portal::Portal;
use shared::domain::status::OwnerRole;
use shared::domain::validation::{
    char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG,
};
use shared::infrastructure::db::{self, Scope};
use shared::repositories::tenant_owners::TenantOwner;
use shared::repositories::{sessions, tenant_owners, tenants};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::extractors::SignedInOwner;
use crate::request_meta::RequestMeta;
use crate::sign_in::Attempt;
use crate::views::sessions::{end_session, PortalTenant};
use crate::{cookies, tenant_resolution, AppState};

pub const INVALID_CREDENTIALS: &str = "Credenciais inválidas. Verifique e-mail, senha e chave de segurança.";
pub const TENANT_INACTIVE: &str = "Este tenant não está ativo. Fale com o suporte da plataforma.";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TenantOwnerLoginRequest {
    #[schema(required = true, format = Email)]
    pub email: String,
    #[schema(required = true, min_length = 1, max_length = 256)]
    pub password: String,
}

/// Signs a tenant owner in. The tenant's security key goes in `X-Tenant-Secret`.
#[utoipa::path(operation_id = "tenantLogin", post, path = "/api/tenant-auth/login", tag = "tenant-auth", request_body = TenantOwnerLoginRequest,
    security(("tenantSecret" = [])),
    responses((status = 200, body = TenantSession), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    meta: RequestMeta,
    headers: HeaderMap,
    ApiJson(body): ApiJson<TenantOwnerLoginRequest>,
) -> ApiResult<impl IntoResponse> {
    Validator::new()
        .check(!body.email.trim().is_empty(), "email", "E-mail é obrigatório")
        .check(body.email.trim().is_empty() || is_email(&body.email), "email", "E-mail inválido")
        .check(!body.password.is_empty(), "password", "Senha é obrigatória")
        .check(char_len(&body.password) <= MAX_PASSWORD_CHARS, "password", PASSWORD_TOO_LONG)
        .check(meta.tenant_secret.is_some(), "securityKey", "Chave de segurança é obrigatória")
        .finish()?;
    let email = normalize_email(&body.email);
    let secret = meta.tenant_secret.clone().unwrap_or_default();

    let slot = state.login_slot().await?;
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = match tenant_resolution::resolve(&mut tx, &state, &meta, Portal::Tenant, None).await? {
        Some(t) if tenants::secret_matches(&mut tx, t.id, &secret).await? => Some(t),
        _ => None,
    };
    // Keyed by tenant and e-mail: guesses at one tenant's owner never lock
    // out the same e-mail at another tenant.
    let tenant_key = tenant.as_ref().map(|t| t.id.to_string()).unwrap_or_else(|| "?".into());
    let attempt = Attempt {
        state: &state,
        meta: &meta,
        portal: Portal::Tenant,
        account_key: format!("tenant:{tenant_key}:{email}"),
    };
    let reservation = attempt.reserve(&mut tx).await?;
    let found = match &tenant {
        Some(tenant) => tenant_owners::find_credentials(&mut tx, tenant.id, &email).await?,
        None => None,
    };
    tx.commit().await?;

    let (owner, hash) = match found {
        Some((owner, hash)) => (Some(owner), Some(hash)),
        None => (None, None),
    };
    let verified = attempt.verify(slot, &reservation, body.password, hash).await?;
    let (Some(tenant), Some(owner)) = (tenant, owner.filter(|o| verified && o.is_active)) else {
        return Err(AppError::Unauthorized(INVALID_CREDENTIALS.into()).into());
    };
    if !tenant.is_active() {
        return Err(AppError::Forbidden(TENANT_INACTIVE.into()).into());
    }

    let previous = cookies::session_token(&headers, Portal::Tenant);
    let principal = sessions::Principal::Owner { tenant_id: tenant.id, owner_id: owner.id };
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    let cookies = attempt.succeed(&mut tx, reservation, principal, previous).await?;
    tx.commit().await?;
    Ok((cookies, Json(TenantSession { user: owner.into(), tenant: tenant.into() })))
}

/// The signed-in owner and their tenant.
#[utoipa::path(operation_id = "tenantMe", get, path = "/api/tenant-auth/me", tag = "tenant-auth",
    security(("tenantSecret" = [])),
    responses((status = 200, body = TenantSession), (status = 401, body = ErrorBody)))]
pub async fn me(owner: SignedInOwner) -> Json<TenantSession> {
    Json(TenantSession { user: owner.owner.into(), tenant: owner.tenant.into() })
}

/// Ends the owner session on the server and clears the cookie.
#[utoipa::path(operation_id = "tenantLogout", post, path = "/api/tenant-auth/logout", tag = "tenant-auth", responses((status = 204)))]
pub async fn logout(
    State(state): State<AppState>,
    meta: RequestMeta,
    headers: HeaderMap,
) -> ApiResult<impl IntoResponse> {
    end_session(&state, &headers, Portal::Tenant).await?;
    Ok((StatusCode::NO_CONTENT, [cookies::clear_session(Portal::Tenant, meta.secure_cookies())]))
}

/// `/api/tenant-auth/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(login)).routes(routes!(me)).routes(routes!(logout))
}

/// The signed-in tenant owner and their tenant.
#[derive(Debug, Serialize, ToSchema)]
pub struct TenantSession {
    pub user: OwnerUserResponse,
    pub tenant: PortalTenant,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = OwnerUser)]
pub struct OwnerUserResponse {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub role: OwnerRole,
}

impl From<TenantOwner> for OwnerUserResponse {
    fn from(o: TenantOwner) -> Self {
        Self { id: o.id, name: o.name, email: o.email, role: o.role }
    }
}
