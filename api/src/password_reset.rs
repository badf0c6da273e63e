//! The forgotten-password flow both portals share: a single-use link by
//! e-mail (through the outbox), an answer that never tells whether the
//! e-mail has an account — not by its words, its timing or its limits: the
//! request only records itself and queues a job that looks the account up
//! (`workflows::password_reset`) — and a reset that ends every session.
//!
//! The token is `<tenant id>.<256 random bits>` (only its SHA-256 is
//! stored): the reset page needs nothing else to find the tenant. Links are
//! built from the tenant's own host, never from a Host header a caller could
//! forge, except on the configured development hosts.

use serde_json::{json, Value};
use shared::domain::portal::Portal;
use shared::domain::validation::{
    char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG,
};
use shared::infrastructure::db::{self, Actor, Scope};
use shared::infrastructure::secrets::sha256_hex;
use shared::repositories::audit_log::{self, Action};
use shared::repositories::password_reset_requests::{self, NewRequest};
use shared::repositories::reset_tokens::{self, Account, Link};
use shared::repositories::sessions;
use shared::repositories::tenants::TenantSummary;
use shared::workflows::jobs::ProcessResetRequest;
use shared::workflows::password_reset as workflow;
use shared::AppError;
use uuid::Uuid;

use crate::api_error::ApiResult;
use crate::request_meta::RequestMeta;
use crate::{tenant_resolution, AppState};

pub const RESET_REQUESTED: &str =
    "Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir sua senha.";
pub const RESET_DONE: &str = "Senha redefinida com sucesso! Faça login com a nova senha.";
pub const INVALID_TOKEN: &str = "Link de redefinição inválido ou expirado. Solicite um novo.";
pub const INVALID_INVITATION: &str =
    "Convite inválido, expirado ou já aceito. Peça um novo convite a quem convidou você.";

/// Whose password: the portal decides the table, the host and the page.
#[derive(Debug, Clone, Copy)]
pub struct Flow {
    pub account: Account,
    pub portal: Portal,
    /// Message when the token is missing.
    pub token_missing: &'static str,
    /// Message when the new password is too short.
    pub too_short: &'static str,
}

pub const OWNER: Flow = Flow {
    account: Account::Owner,
    portal: Portal::Tenant,
    token_missing: "Token de recuperação não encontrado",
    too_short: "A senha deve ter pelo menos 6 caracteres",
};

pub const CLIENT: Flow = Flow {
    account: Account::Client,
    portal: Portal::Client,
    token_missing: "Token inválido",
    too_short: "Senha deve ter no mínimo 6 caracteres",
};

pub fn check_email(email: &str) -> Result<String, AppError> {
    Validator::new()
        .check(!email.trim().is_empty(), "email", "E-mail é obrigatório")
        .check(email.trim().is_empty() || (is_email(email) && char_len(email) <= 254), "email", "E-mail inválido")
        .finish()?;
    Ok(normalize_email(email))
}

/// Records a request for a link to `email` at the tenant the request names
/// and queues the job that acts on it (`workflows::password_reset`): the same
/// work whether or not the address has an account, so neither the answer nor
/// its timing tells. Over a limit (per IP, per requested address) nothing is
/// recorded and the answer is still the same. Returns the token only on
/// development hosts, for the client portal's screen (the spec shows it there).
pub async fn request_link(
    flow: Flow,
    state: &AppState,
    meta: &RequestMeta,
    tenant_ref: Option<&str>,
    email: &str,
) -> ApiResult<Option<String>> {
    if !state.reset_requests.allow(meta.network) {
        return Ok(None);
    }
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = tenant_resolution::resolve(&mut tx, state, meta, flow.portal, tenant_ref).await?;
    tx.commit().await?;
    let Some(tenant) = tenant.filter(TenantSummary::is_active) else { return Ok(None) };

    let request = NewRequest {
        id: Uuid::now_v7(),
        tenant_id: tenant.id,
        account: flow.account,
        email,
        link_base: &reset_link(flow, state, meta, &tenant, ""),
        tenant_name: tenant.display_name.as_deref().unwrap_or(&tenant.name),
    };
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    let recorded =
        password_reset_requests::record(&mut tx, &request, state.config.reset_limits.per_address_per_hour).await?;
    if recorded {
        ProcessResetRequest { tenant_id: tenant.id, request_id: request.id }.enqueue(&mut tx).await?;
    }
    tx.commit().await?;

    // Development hosts show a client's token (the spec's screen), so there
    // the request is acted on at once; the queued job then finds it done.
    // A development host is never a production one (configuration, loopback
    // only), so this timing difference reaches no stranger.
    if recorded && meta.dev_host && flow.account == Account::Client {
        let limits = &state.config.reset_limits;
        let outcome = workflow::process(&state.pool, &state.config.secrets, limits, tenant.id, request.id).await?;
        if let workflow::Outcome::Mailed(token) = outcome {
            return Ok(Some(token));
        }
    }
    Ok(None)
}

/// The portal's reset page: on the tenant's host (`admin.` for owners), or
/// on the development host the request came to.
pub(crate) fn reset_link(
    flow: Flow,
    state: &AppState,
    meta: &RequestMeta,
    tenant: &TenantSummary,
    token: &str,
) -> String {
    portal_link(flow.portal, state, meta, tenant, &format!("/reset-password?token={token}"))
}

/// The owner portal's page where an invitation is accepted.
pub(crate) fn invitation_link(state: &AppState, meta: &RequestMeta, tenant: &TenantSummary, token: &str) -> String {
    portal_link(Portal::Tenant, state, meta, tenant, &format!("/convite?token={token}"))
}

/// `page` (path and query) of the tenant's portal: on the tenant's own host
/// (`admin.` for owners), or on the development host the request came to
/// (under the portal's prefix there).
pub(crate) fn portal_link(
    portal: Portal,
    state: &AppState,
    meta: &RequestMeta,
    tenant: &TenantSummary,
    page: &str,
) -> String {
    let (prefix, subdomain) = match portal {
        Portal::Tenant => ("/tenant", "admin."),
        _ => ("/client", ""),
    };
    if meta.dev_host {
        return format!("http://{}{prefix}{page}", meta.host);
    }
    let domain = shared::domain::portal::domain_of_url(&tenant.url);
    let domain = if domain.is_empty() { state.config.portal_rules.platform_domain().to_string() } else { domain };
    format!("https://{subdomain}{domain}{page}")
}

/// Sets a new password with a token: once, within the hour; the account's
/// sessions end and the audit log records it.
pub async fn reset(
    flow: Flow,
    state: &AppState,
    meta: &RequestMeta,
    token: &str,
    new_password: String,
    link: Link,
) -> ApiResult<(TenantSummary, Uuid)> {
    let token = token.trim();
    Validator::new()
        .check(!token.is_empty(), "token", flow.token_missing)
        .check(char_len(&new_password) >= 6, "newPassword", flow.too_short)
        .check(char_len(&new_password) <= MAX_PASSWORD_CHARS, "newPassword", PASSWORD_TOO_LONG)
        .finish()?;
    let message = if link == Link::Invitation { INVALID_INVITATION } else { INVALID_TOKEN };
    let invalid = || AppError::validation_field("token", message);
    let tenant_ref = token.split_once('.').and_then(|(t, _)| Uuid::try_parse(t).ok()).ok_or_else(invalid)?;
    let digest = sha256_hex(token);

    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = tenant_resolution::resolve(&mut tx, state, meta, flow.portal, Some(&tenant_ref.to_string()))
        .await?
        .filter(|t| t.id == tenant_ref && t.is_active())
        .ok_or_else(invalid)?;
    tx.commit().await?;
    // Checked before hashing, so made-up tokens cost no Argon2 time.
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    reset_tokens::holder(&mut tx, flow.account, tenant.id, &digest).await?.ok_or_else(invalid)?;
    tx.commit().await?;

    let hash = state.hasher.hash(new_password).await?;
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    let id = reset_tokens::reset_password(&mut tx, flow.account, tenant.id, &digest, &hash, link)
        .await?
        .ok_or_else(invalid)?;
    match flow.account {
        Account::Owner => sessions::end_for_owner(&mut tx, id).await?,
        Account::Client => sessions::end_for_client(&mut tx, id).await?,
    }
    tx.commit().await?;

    let (scope, actor, entity) = match flow.account {
        Account::Owner => (Scope::owner(tenant.id, id), Actor::Owner(id), "tenant_owner"),
        Account::Client => (Scope::worker_for(tenant.id), Actor::Client(id), "client"),
    };
    let mut tx = db::begin(&state.pool, scope).await?;
    audit_log::record_change(
        &mut tx,
        actor,
        meta.ip,
        Some(tenant.id),
        Action::Update,
        entity,
        id,
        &Value::Null,
        &json!({ "password": if link == Link::Invitation { "*** (criada ao aceitar o convite)" } else { "*** (redefinida por link)" } }),
    )
    .await?;
    tx.commit().await?;
    Ok((tenant, id))
}
