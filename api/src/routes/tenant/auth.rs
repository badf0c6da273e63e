//! Tenant owner identity: `/api/tenant-auth/login|me|logout|device`. Owners
//! sign in with e-mail, password and their tenant's security key — or, on a
//! browser that holds the tenant pass (an accepted invitation or an earlier
//! sign-in with the key), without the key (`crate::tenant_pass`).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{AppendHeaders, IntoResponse};
use axum::Json;
use serde::{Deserialize, Serialize};
use shared::domain::portal::Portal;
use shared::domain::validation::{
    char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG,
};
use shared::infrastructure::db::{self, Scope, Tx};
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
use crate::views::sessions::{end_session, TenantSession};
use crate::{cookies, tenant_pass, tenant_resolution, AppState};

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
    let pass = tenant_pass::presented(&meta);
    Validator::new()
        .check(!body.email.trim().is_empty(), "email", "E-mail é obrigatório")
        .check(body.email.trim().is_empty() || is_email(&body.email), "email", "E-mail inválido")
        .check(!body.password.is_empty(), "password", "Senha é obrigatória")
        .check(char_len(&body.password) <= MAX_PASSWORD_CHARS, "password", PASSWORD_TOO_LONG)
        .check(meta.tenant_secret.is_some() || pass.is_some(), "securityKey", "Chave de segurança é obrigatória")
        .finish()?;
    let email = normalize_email(&body.email);

    let slot = state.login_slot().await?;
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = match tenant_resolution::resolve(&mut tx, &state, &meta, Portal::Tenant, None).await? {
        Some(t) if key_or_pass_matches(&state, &mut tx, &meta, pass.as_ref(), t.id).await? => Some(t),
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
    let key_digest = tenants::security_key_digest(&mut tx, tenant.id).await?.unwrap_or_default();
    tx.commit().await?;
    // From now on this browser needs no key: the pass stands for it.
    let pass = AppendHeaders([tenant_pass::set_cookie(&state, &meta, tenant.id, &key_digest)]);
    Ok((cookies, pass, Json(TenantSession { user: owner.into(), tenant: tenant.into() })))
}

/// Whether the request proves the tenant: its key in `X-Tenant-Secret`, or
/// else this browser's tenant pass for that tenant.
async fn key_or_pass_matches(
    state: &AppState,
    tx: &mut Tx,
    meta: &RequestMeta,
    pass: Option<&tenant_pass::PresentedPass>,
    tenant_id: Uuid,
) -> Result<bool, AppError> {
    if let Some(secret) = &meta.tenant_secret {
        return tenants::secret_matches(tx, tenant_id, secret).await;
    }
    match pass {
        Some(pass) if pass.tenant_id == tenant_id => Ok(pass.key_digest(state, tx).await?.is_some()),
        _ => Ok(false),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantDevice {
    /// False when this browser holds a valid tenant pass: the login form
    /// asks for e-mail and password only.
    pub key_needed: bool,
    /// The tenant the pass is for (its display name), when there is one.
    pub tenant_name: Option<String>,
}

/// Whether this browser still needs the security key to sign in.
#[utoipa::path(operation_id = "tenantDevice", get, path = "/api/tenant-auth/device", tag = "tenant-auth",
    responses((status = 200, body = TenantDevice)))]
pub async fn device(State(state): State<AppState>, meta: RequestMeta) -> ApiResult<Json<TenantDevice>> {
    let Some(pass) = tenant_pass::presented(&meta) else {
        return Ok(Json(TenantDevice { key_needed: true, tenant_name: None }));
    };
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = match tenant_resolution::resolve(&mut tx, &state, &meta, Portal::Tenant, None).await? {
        Some(t) if t.id == pass.tenant_id && pass.key_digest(&state, &mut tx).await?.is_some() => Some(t),
        _ => None,
    };
    tx.commit().await?;
    Ok(Json(match tenant {
        Some(t) => TenantDevice { key_needed: false, tenant_name: Some(t.display_name.unwrap_or(t.name)) },
        None => TenantDevice { key_needed: true, tenant_name: None },
    }))
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
    OpenApiRouter::new().routes(routes!(login)).routes(routes!(me)).routes(routes!(logout)).routes(routes!(device))
}
