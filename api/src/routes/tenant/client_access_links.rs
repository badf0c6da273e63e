//! `POST /api/tenant/clients/{id}/access-link`: a one-time link the owner
//! copies for a buyer when e-mail cannot reach them (no sender yet, a full
//! inbox): the buyer opens it and is signed in. Single use, 24 hours, and
//! audited when made and when used. Only its SHA-256 is stored; the link is
//! shown this once.

use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{json, Value};
use shared::domain::owner_permissions::Capability;
use shared::domain::portal::Portal;
use shared::infrastructure::secrets::{random_token, sha256_hex};
use shared::repositories::audit_log::Action;
use shared::repositories::{client_access_links, tenant_clients};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::password_reset::portal_link;
use crate::request_meta::RequestMeta;
use crate::views::clients::{UnknownClient, NOT_FOUND};
use crate::AppState;

const SUSPENDED: &str = "Este cliente está suspenso: reative-o antes de enviar um link de acesso.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccessLink {
    /// Shown this once: opens the client portal signed in as this buyer.
    pub link: String,
    pub expires_at: DateTime<Utc>,
}

/// Makes a one-time access link for the client.
#[utoipa::path(operation_id = "tenantCreateClientAccessLink", post, path = "/api/tenant/clients/{id}/access-link",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 201, body = AccessLink), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              OwnerErrors))]
pub async fn create(
    axum::extract::State(state): axum::extract::State<AppState>,
    owner: SignedInOwner,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownClient>,
) -> ApiResult<(StatusCode, Json<AccessLink>)> {
    owner.require(Capability::ManageClients)?;
    let mut tx = owner.begin().await?;
    let client = tenant_clients::find(&mut tx, owner.tenant.id, id)
        .await?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    if !client.is_active() {
        return Err(AppError::Conflict(SUSPENDED.into()).into());
    }
    // The tenant in the token: the portal needs nothing else to find it.
    let token = format!("{}.{}", owner.tenant.id.simple(), random_token());
    let (link_id, expires_at) =
        client_access_links::create(&mut tx, owner.tenant.id, id, &sha256_hex(&token), owner.owner.id).await?;
    let after = json!({ "clientId": id, "clientEmail": client.email, "expiresAt": expires_at });
    owner.audit(&mut tx, Action::Create, "client_access_link", link_id, &Value::Null, &after).await?;
    tx.commit().await?;
    let link = portal_link(Portal::Client, &state, &meta, &owner.tenant, &format!("/acesso?token={token}"));
    Ok((StatusCode::CREATED, Json(AccessLink { link, expires_at })))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create))
}
