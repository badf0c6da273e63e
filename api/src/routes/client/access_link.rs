//! `POST /api/client-auth/access-link`: a buyer opens the one-time link their
//! seller copied for them (`routes::tenant::client_access_links`) and is
//! signed in. The link works once (spent by the statement that checks it),
//! for a day, for an active buyer; its use is audited.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{AppendHeaders, IntoResponse};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use shared::domain::portal::Portal;
use shared::infrastructure::db::{self, Actor, Scope};
use shared::infrastructure::secrets::sha256_hex;
use shared::repositories::audit_log::{self, Action};
use shared::repositories::{client_access_links, sessions, tenant_clients, tenants};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::request_meta::RequestMeta;
use crate::views::sessions::ClientSession;
use crate::{cookies, AppState};

pub const INVALID_ACCESS_LINK: &str =
    "Link de acesso inválido, expirado ou já usado. Peça um novo ao vendedor, ou entre com e-mail e senha.";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct AccessLinkRequest {
    #[schema(required = true)]
    pub token: String,
}

/// Signs the buyer in with a one-time access link.
#[utoipa::path(operation_id = "clientAccessLink", post, path = "/api/client-auth/access-link", tag = "client-auth",
    request_body = AccessLinkRequest,
    responses((status = 200, body = ClientSession), (status = 400, body = ErrorBody)))]
pub async fn sign_in(
    State(state): State<AppState>,
    meta: RequestMeta,
    headers: HeaderMap,
    ApiJson(body): ApiJson<AccessLinkRequest>,
) -> ApiResult<impl IntoResponse> {
    let invalid = || AppError::validation_field("token", INVALID_ACCESS_LINK);
    let token = body.token.trim();
    let tenant_id = token
        .split_once('.')
        .and_then(|(t, _)| Uuid::try_parse(t).ok())
        .filter(|_| token.len() <= 200)
        .ok_or_else(invalid)?;
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = tenants::find(&mut tx, tenant_id).await?.filter(|t| t.is_active()).ok_or_else(invalid)?;
    tx.commit().await?;

    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    let (link_id, client_id) =
        client_access_links::spend(&mut tx, tenant.id, &sha256_hex(token), meta.ip).await?.ok_or_else(invalid)?;
    let client =
        tenant_clients::find(&mut tx, tenant.id, client_id).await?.filter(|c| c.is_active()).ok_or_else(invalid)?;
    tenant_clients::touch_last_login(&mut tx, tenant.id, client.id).await?;
    if let Some(previous) = cookies::session_token(&headers, Portal::Client) {
        sessions::delete(&mut tx, &previous).await?;
    }
    let principal = sessions::Principal::Client { tenant_id: tenant.id, client_id };
    let ttl = state.config.session_ttl;
    let session = sessions::create(&mut tx, principal, &meta.session_meta(), ttl).await?;
    tx.commit().await?;

    let mut tx = db::begin(&state.pool, Scope::worker_for(tenant.id)).await?;
    let used = json!({ "usedBy": client.email, "clientId": client.id });
    let changes = audit_log::diff(&json!({}), &used);
    audit_log::record(
        &mut tx,
        audit_log::Entry {
            tenant_id: Some(tenant.id),
            actor: Actor::Client(client.id),
            action: Action::Update,
            entity: "client_access_link",
            entity_id: Some(link_id),
            changes,
            ip: meta.ip,
        },
    )
    .await?;
    tx.commit().await?;
    let set_cookie = AppendHeaders([cookies::set_session(Portal::Client, &session, ttl, meta.secure_cookies())]);
    Ok((set_cookie, Json(ClientSession { user: client.into(), tenant: tenant.into() })))
}

/// Merged into `/api/client-auth`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(sign_in))
}
