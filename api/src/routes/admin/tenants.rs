//! `/api/tenants`: the platform admin's tenants.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::domain::pagination::Page;
use shared::domain::portal::domain_of_url;
use shared::domain::status::OwnerRole;
use shared::domain::status::TenantStatus;
use shared::domain::validation::{char_len, is_email, normalize_email, Validator};
use shared::infrastructure::db::Tx;
use shared::infrastructure::secrets::random_token;
use shared::repositories::audit_log::{self, Action, Entry};
use shared::repositories::owner_team::{self, Invitation};
use shared::repositories::tenants::{self, TenantFilter, TenantListRow, TenantSummary};
use shared::{AppError, OrNotFound};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::{PageQuery, Paging, SignedInAdmin};
use crate::owner_invitation::{self, Invitee};
use crate::request_meta::RequestMeta;
use crate::views::tenants::{PortalAddresses, NOT_FOUND};
use crate::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TenantListQuery {
    /// Part of the name, display name or URL.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub status: Option<TenantStatus>,
}

/// A tenant in the admin's list. The security key appears only as its prefix.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantListItem {
    pub id: Uuid,
    pub name: String,
    pub url: String,
    pub display_name: Option<String>,
    pub status: TenantStatus,
    /// First characters of the security key, to recognise it.
    pub secret_prefix: Option<String>,
    /// Whether a Hotmart hottok is configured.
    pub hotmart_configured: bool,
    pub logo_url: Option<String>,
    pub activation_date: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<TenantListRow> for TenantListItem {
    fn from(t: TenantListRow) -> Self {
        Self {
            id: t.id,
            name: t.name,
            url: t.url,
            display_name: t.display_name,
            status: t.status,
            secret_prefix: t.secret_prefix,
            hotmart_configured: t.hotmart_configured,
            logo_url: t.logo_url,
            activation_date: t.activation_date,
            created_at: t.created_at,
        }
    }
}

/// Tenants, newest first, filtered and paginated on the server.
#[utoipa::path(operation_id = "listTenants", get, path = "/api/tenants", tag = "tenants",
    security(("adminSession" = [])), params(PageQuery, TenantListQuery),
    responses((status = 200, body = Page<TenantListItem>), AdminErrors))]
pub async fn list(
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<TenantListQuery>,
) -> ApiResult<Json<Page<TenantListItem>>> {
    let filter = TenantFilter { q: query.q.map(|q| q.chars().take(200).collect()), status: query.status };
    let mut tx = admin.begin().await?;
    let page = tenants::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(TenantListItem::from)))
}

/// A tenant as the admin's dialog sends it. On edit, absent (or blank)
/// `secretHash` and `hotmartWebhookSecret` keep the current ones: they are
/// stored as hashes and cannot be shown again.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TenantRequest {
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    /// The tenant's domain or URL (e.g. `robosdojoao.com.br`).
    #[schema(min_length = 1, max_length = 253)]
    pub url: Option<String>,
    #[schema(max_length = 2000)]
    pub logo_url: Option<String>,
    /// The security key (at least 16 characters; the Generate button makes
    /// 64 hex characters). Only its hash is kept.
    #[schema(min_length = 16, max_length = 128)]
    pub secret_hash: Option<String>,
    /// Hotmart's hottok for this tenant's webhooks. Only its hash is kept.
    #[schema(max_length = 200)]
    pub hotmart_webhook_secret: Option<String>,
    pub status: Option<TenantStatus>,
    pub theme_colors: Option<Value>,
    pub settings: Option<Value>,
    /// On create: the first owner, invited by e-mail (they create their own
    /// password by the link; nobody chooses it for them).
    #[schema(min_length = 1, max_length = 100)]
    pub owner_name: Option<String>,
    #[schema(max_length = 254, format = Email)]
    pub owner_email: Option<String>,
}

/// A new tenant, its portals' addresses and what became of its first
/// owner's invitation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedTenant {
    #[serde(flatten)]
    pub tenant: TenantListItem,
    #[serde(flatten)]
    pub portals: PortalAddresses,
    pub owner_invitation: Option<OwnerInvitationSent>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnerInvitationSent {
    pub email: String,
    /// Why the e-mail will not arrive (pt-BR), when it will not.
    pub email_not_sent: Option<String>,
    /// The single-use invitation link (7 days), to hand over another way.
    pub invite_link: String,
}

fn blank_to_none(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

/// Checks a create (`creating`) or edit request with the spec's messages.
fn validate(body: &TenantRequest, creating: bool) -> Result<(), AppError> {
    let mut v = Validator::new();
    let name = body.name.as_deref().map(str::trim);
    let url = body.url.as_deref().map(str::trim);
    if creating || name.is_some() {
        v.check(name.is_some_and(|n| !n.is_empty()), "name", "Nome é obrigatório");
        v.check(name.is_none_or(|n| char_len(n) <= 200), "name", "Nome deve ter no máximo 200 caracteres");
    }
    if creating || url.is_some() {
        v.check(url.is_some_and(|u| !u.is_empty()), "url", "URL é obrigatória");
        let domain = url.map(domain_of_url).unwrap_or_default();
        v.check(
            url.is_none_or(|u| u.is_empty())
                || (!domain.is_empty() && domain.contains('.') && !u_has_space(url) && char_len(&domain) <= 253),
            "url",
            "URL inválida",
        );
    }
    if creating {
        v.check(body.status.is_some(), "status", "Status é obrigatório");
    }
    let secret = body.secret_hash.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if creating || secret.is_some() {
        v.check(
            secret.is_some_and(|s| char_len(s) >= 16),
            "secretHash",
            "Secret hash deve ter pelo menos 16 caracteres",
        );
        v.check(
            secret.is_none_or(|s| char_len(s) <= 128),
            "secretHash",
            "Secret hash deve ter no máximo 128 caracteres",
        );
    }
    let hottok = body.hotmart_webhook_secret.as_deref().map(str::trim).unwrap_or_default();
    v.check(
        char_len(hottok) <= 200,
        "hotmartWebhookSecret",
        "Hotmart webhook secret deve ter no máximo 200 caracteres",
    );
    v.check(body.logo_url.as_deref().is_none_or(|l| char_len(l) <= 2000), "logoUrl", "URL do logo longa demais");
    let owner_name = body.owner_name.as_deref().map(str::trim).filter(|n| !n.is_empty());
    let owner_email = body.owner_email.as_deref().map(str::trim).filter(|e| !e.is_empty());
    if owner_name.is_some() || owner_email.is_some() {
        v.check(creating, "ownerEmail", "O responsável é convidado ao criar o tenant; depois, convide pela equipe");
        v.check(owner_name.is_some(), "ownerName", "Nome do responsável é obrigatório");
        v.check(owner_name.is_none_or(|n| char_len(n) <= 100), "ownerName", "Nome deve ter no máximo 100 caracteres");
        v.check(owner_email.is_some(), "ownerEmail", "E-mail do responsável é obrigatório");
        v.check(
            owner_email.is_none_or(|e| is_email(e) && char_len(e) <= 254),
            "ownerEmail",
            "E-mail do responsável inválido",
        );
    }
    for (field, value) in [("themeColors", &body.theme_colors), ("settings", &body.settings)] {
        v.check(value.as_ref().is_none_or(|j| j.is_object() || j.is_null()), field, "Deve ser um objeto JSON");
    }
    v.finish()
}

fn u_has_space(url: Option<&str>) -> bool {
    url.is_some_and(|u| u.chars().any(char::is_whitespace))
}

/// What the audit log keeps of a tenant: never the key or the hottok, only
/// whether they changed.
fn audited(t: &TenantListRow) -> Value {
    serde_json::json!({
        "name": t.name, "url": t.url, "status": t.status, "logoUrl": t.logo_url,
        "secretPrefix": t.secret_prefix, "hotmartConfigured": t.hotmart_configured,
    })
}

/// Creates a tenant and, with `ownerName`/`ownerEmail`, invites its first
/// owner (admin role) in the same transaction.
#[utoipa::path(operation_id = "createTenant", post, path = "/api/tenants", tag = "tenants",
    security(("adminSession" = [])), request_body = TenantRequest,
    responses((status = 201, body = CreatedTenant), AdminErrors))]
pub async fn create(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<TenantRequest>,
) -> ApiResult<(StatusCode, Json<CreatedTenant>)> {
    validate(&body, true)?;
    let owner = match (blank_to_none(body.owner_name.clone()), blank_to_none(body.owner_email.clone())) {
        (Some(name), Some(email)) => Some((name, normalize_email(&email), state.hasher.hash(random_token()).await?)),
        _ => None,
    };
    let new = tenants::NewTenant {
        name: body.name.unwrap_or_default().trim().to_string(),
        url: body.url.unwrap_or_default().trim().to_string(),
        security_key: body.secret_hash.unwrap_or_default().trim().to_string(),
        hotmart_webhook_secret: blank_to_none(body.hotmart_webhook_secret),
        status: body.status.unwrap_or(TenantStatus::Active),
        logo_url: blank_to_none(body.logo_url),
        theme_colors: body.theme_colors.filter(|j| !j.is_null()),
        settings: body.settings.filter(|j| !j.is_null()),
    };
    let mut tx = admin.begin().await?;
    let created = tenants::create(&mut tx, new).await?;
    let row = tenants::find_for_admin(&mut tx, created.id).await?.or_not_found(NOT_FOUND)?;
    let owner_invitation = match owner {
        Some((name, email, unusable)) => {
            let sent = invite_first_owner(&state, &meta, &mut tx, &created, name, email, &unusable).await?;
            let invited =
                serde_json::json!({ "name": sent.0, "email": sent.1.email, "role": "admin", "invited": true });
            let entry = Entry {
                tenant_id: Some(row.id),
                actor: admin.scope().actor,
                action: Action::Create,
                entity: "tenant_owner",
                entity_id: Some(sent.2),
                changes: audit_log::diff(&Value::Null, &invited),
                ip: meta.ip,
            };
            audit_log::record(&mut tx, entry).await?;
            Some(sent.1)
        }
        None => None,
    };
    audit_log::record(
        &mut tx,
        Entry {
            tenant_id: Some(row.id),
            actor: admin.scope().actor,
            action: Action::Create,
            entity: "tenant",
            entity_id: Some(row.id),
            changes: audit_log::diff(&Value::Null, &audited(&row)),
            ip: meta.ip,
        },
    )
    .await?;
    tx.commit().await?;
    let portals = PortalAddresses::of(&state, &meta, &created);
    Ok((StatusCode::CREATED, Json(CreatedTenant { tenant: row.into(), portals, owner_invitation })))
}

/// The new tenant's first owner: an admin whose account waits for them to
/// create a password by the invitation link.
async fn invite_first_owner(
    state: &AppState,
    meta: &RequestMeta,
    tx: &mut Tx,
    tenant: &TenantSummary,
    name: String,
    email: String,
    unusable_password_hash: &str,
) -> Result<(String, OwnerInvitationSent, Uuid), AppError> {
    let invitation = Invitation {
        tenant_id: tenant.id,
        name: &name,
        email: &email,
        role: OwnerRole::Admin,
        unusable_password_hash,
        invited_by: None,
    };
    let member = owner_team::invite(tx, invitation).await?;
    let invitee = Invitee { id: member.id, name: &member.name, email: &member.email, role: member.role };
    let sent = owner_invitation::send(state, meta, tx, tenant, invitee, PLATFORM_INVITER).await?;
    let answer = OwnerInvitationSent { email, email_not_sent: sent.email_not_sent, invite_link: sent.link };
    Ok((member.name, answer, member.id))
}

/// Who the first owner's invitation says invited them.
const PLATFORM_INVITER: &str = "a equipe da plataforma";

/// Changes a tenant.
#[utoipa::path(operation_id = "updateTenant", patch, path = "/api/tenants/{id}", tag = "tenants",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = TenantRequest,
    responses((status = 200, body = TenantListItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn update(
    admin: SignedInAdmin,
    meta: RequestMeta,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<TenantRequest>,
) -> ApiResult<Json<TenantListItem>> {
    let id = parse_id(&id)?;
    validate(&body, false)?;
    let changes = tenants::TenantChanges {
        name: body.name.map(|n| n.trim().to_string()),
        url: body.url.map(|u| u.trim().to_string()),
        logo_url: body.logo_url.map(|l| blank_to_none(Some(l))),
        security_key: blank_to_none(body.secret_hash),
        hotmart_webhook_secret: blank_to_none(body.hotmart_webhook_secret),
        status: body.status,
        theme_colors: body.theme_colors.filter(|j| !j.is_null()),
        settings: body.settings.filter(|j| !j.is_null()),
    };
    let key_rotated = changes.security_key.is_some();
    let mut tx = admin.begin().await?;
    let before = tenants::find_for_admin(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    let after = tenants::update(&mut tx, id, changes).await?.or_not_found(NOT_FOUND)?;
    let mut diff = audit_log::diff(&audited(&before), &audited(&after));
    if key_rotated {
        diff["securityKey"] = serde_json::json!({ "before": "***", "after": "*** (nova chave)" });
    }
    audit_log::record(
        &mut tx,
        Entry {
            tenant_id: Some(id),
            actor: admin.scope().actor,
            action: Action::Update,
            entity: "tenant",
            entity_id: Some(id),
            changes: diff,
            ip: meta.ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Json(after.into()))
}

/// Deletes a tenant and everything it owns (owners, clients, robots,
/// licenses, sales, subscriptions), in one transaction.
#[utoipa::path(operation_id = "deleteTenant", delete, path = "/api/tenants/{id}", tag = "tenants",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn delete(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    meta: RequestMeta,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    let id = parse_id(&id)?;
    let mut tx = admin.begin().await?;
    let before = tenants::find_for_admin(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    tenants::delete(&mut tx, id).await?;
    // Platform-level row: the tenant's own history goes with it.
    audit_log::record(
        &mut tx,
        Entry {
            tenant_id: None,
            actor: admin.scope().actor,
            action: Action::Delete,
            entity: "tenant",
            entity_id: Some(id),
            changes: audit_log::diff(&audited(&before), &Value::Null),
            ip: meta.ip,
        },
    )
    .await?;
    tx.commit().await?;
    crate::upload::delete_tenant_files(&state, id).await;
    Ok(StatusCode::NO_CONTENT)
}

fn parse_id(id: &str) -> Result<Uuid, AppError> {
    Uuid::parse_str(id.trim()).map_err(|_| AppError::NotFound(NOT_FOUND.into()))
}

/// `/api/tenants`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update, delete))
}
