//! The forgotten-password flow both portals share: a single-use link by
//! e-mail (through the outbox), an answer that never tells whether the
//! e-mail has an account, and a reset that ends every session.
//!
//! The token is `<tenant id>.<256 random bits>` (only its SHA-256 is
//! stored): the reset page needs nothing else to find the tenant. Links are
//! built from the tenant's own host, never from a Host header a caller could
//! forge, except on the configured development hosts.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use shared::domain::portal::Portal;
use shared::domain::validation::{
    char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG,
};
use shared::infrastructure::db::{self, Actor, Scope};
use shared::infrastructure::secrets::{random_token, sha256_hex};
use shared::repositories::audit_log::{self, Action};
use shared::repositories::reset_tokens::{self, Account};
use shared::repositories::tenants::TenantSummary;
use shared::repositories::{sessions, tenant_clients, tenant_owners};
use shared::workflows::email::{self, EmailTemplate};
use shared::AppError;
use uuid::Uuid;

use crate::api_error::ApiResult;
use crate::request_meta::RequestMeta;
use crate::{tenant_resolution, AppState};

pub const RESET_REQUESTED: &str =
    "Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir sua senha.";
pub const RESET_DONE: &str = "Senha redefinida com sucesso! Faça login com a nova senha.";
pub const INVALID_TOKEN: &str = "Link de redefinição inválido ou expirado. Solicite um novo.";

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
        .check(email.trim().is_empty() || (is_email(email) && char_len(email) <= 254), "email", "Email inválido")
        .finish()?;
    Ok(normalize_email(email))
}

/// Sends a link when `email` has a usable account at the tenant the request
/// names; returns the token (only development hosts ever show it).
pub async fn request_link(
    flow: Flow,
    state: &AppState,
    meta: &RequestMeta,
    tenant_ref: Option<&str>,
    email: &str,
) -> ApiResult<Option<String>> {
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = tenant_resolution::resolve(&mut tx, state, meta, flow.portal, tenant_ref).await?;
    tx.commit().await?;
    let Some(tenant) = tenant.filter(TenantSummary::is_active) else { return Ok(None) };

    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    let person = match flow.account {
        Account::Owner => tenant_owners::find_credentials(&mut tx, tenant.id, email)
            .await?
            .filter(|(o, _)| o.is_active)
            .map(|(o, _)| (o.id, o.name, o.email)),
        Account::Client => tenant_clients::find_credentials(&mut tx, tenant.id, email)
            .await?
            .filter(|(c, _)| c.is_active())
            .map(|(c, _)| (c.id, c.name, c.email)),
    };
    let Some((id, name, address)) = person else { return Ok(None) };
    let token = format!("{}.{}", tenant.id.simple(), random_token());
    if !reset_tokens::issue(&mut tx, flow.account, tenant.id, id, &sha256_hex(&token)).await? {
        return Ok(None); // a link went out moments ago; it still works
    }
    let variables = BTreeMap::from([
        ("tenantName".to_string(), tenant.display_name.clone().unwrap_or_else(|| tenant.name.clone())),
        ("ownerName".to_string(), name.clone()),
        ("clientName".to_string(), name),
        ("resetLink".to_string(), reset_link(flow, state, meta, &tenant, &token)),
    ]);
    // The outbox keeps the message without the live link (queue_sealed).
    // Owners get the platform's text: a tenant's editable template must not
    // carry another owner's reset link.
    let template = match flow.account {
        Account::Owner => EmailTemplate::OwnerPasswordReset,
        Account::Client => EmailTemplate::PasswordReset,
    };
    email::queue_sealed(&mut tx, &state.config.secrets, tenant.id, template, &address, &variables).await?;
    tx.commit().await?;
    Ok(Some(token))
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
    let (prefix, subdomain) = match flow.portal {
        Portal::Tenant => ("/tenant", "admin."),
        _ => ("/client", ""),
    };
    if meta.dev_host {
        return format!("http://{}{prefix}/reset-password?token={token}", meta.host);
    }
    let domain = shared::domain::portal::domain_of_url(&tenant.url);
    let domain = if domain.is_empty() { state.config.portal_rules.platform_domain().to_string() } else { domain };
    format!("https://{subdomain}{domain}/reset-password?token={token}")
}

/// Sets a new password with a token: once, within the hour; the account's
/// sessions end and the audit log records it.
pub async fn reset(
    flow: Flow,
    state: &AppState,
    meta: &RequestMeta,
    token: &str,
    new_password: String,
) -> ApiResult<()> {
    let token = token.trim();
    Validator::new()
        .check(!token.is_empty(), "token", flow.token_missing)
        .check(char_len(&new_password) >= 6, "newPassword", flow.too_short)
        .check(char_len(&new_password) <= MAX_PASSWORD_CHARS, "newPassword", PASSWORD_TOO_LONG)
        .finish()?;
    let invalid = || AppError::validation_field("token", INVALID_TOKEN);
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
    let id =
        reset_tokens::reset_password(&mut tx, flow.account, tenant.id, &digest, &hash).await?.ok_or_else(invalid)?;
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
        &json!({ "password": "*** (redefinida por link)" }),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}
