//! Kiwify from the owner's screen: per robot, the webhook URL to paste into
//! Kiwify's panel, the robot's Kiwify token (the owner pastes the token
//! Kiwify shows for that webhook; it is sealed, never shown again), the last
//! event, and the log of what arrived and of what was refused.

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::domain::validation::{char_len, Validator};
use shared::repositories::audit_log::Action;
use shared::repositories::{sales_channel_log, sales_channel_secrets};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::request_meta::RequestMeta;
use crate::views::robots::{find_own, UnknownRobot};
use crate::views::sales_channels::{event_item, platform_webhook_url, refusal_item, ChannelEvent, ChannelRefusal};
use crate::AppState;

const KIWIFY: &str = "kiwify";
/// How many events the screen lists.
const EVENTS_SHOWN: i64 = 50;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KiwifyChannel {
    /// Where Kiwify must post this robot's events (Apps → Webhooks → Criar Webhook).
    pub webhook_url: String,
    /// The robot has a Kiwify token (one per webhook created in Kiwify).
    pub token_configured: bool,
    /// Its first characters, to recognise it.
    pub token_prefix: Option<String>,
    pub last_event_at: Option<DateTime<Utc>>,
    pub events: Vec<ChannelEvent>,
    /// Deliveries refused before anything was stored, counted by reason.
    pub refusals: Vec<ChannelRefusal>,
}

/// The robot's Kiwify channel: URL, token, last event, the log.
#[utoipa::path(operation_id = "tenantKiwifyChannel", get, path = "/api/tenant/robots/{id}/sales-channels/kiwify",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = KiwifyChannel), (status = 404, body = ErrorBody), OwnerErrors))]
pub async fn kiwify_channel(
    owner: SignedInOwner,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownRobot>,
) -> ApiResult<Json<KiwifyChannel>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, id).await?;
    let token = sales_channel_secrets::prefix(&mut tx, owner.tenant.id, robot.id, KIWIFY).await?;
    let events = sales_channel_log::events(&mut tx, owner.tenant.id, robot.id, KIWIFY, EVENTS_SHOWN).await?;
    let refusals = sales_channel_log::refusals(&mut tx, owner.tenant.id, robot.id, KIWIFY).await?;
    tx.commit().await?;
    Ok(Json(KiwifyChannel {
        webhook_url: platform_webhook_url(&meta, &owner.tenant.url, KIWIFY, robot.id),
        token_configured: token.is_some(),
        token_prefix: token.flatten(),
        last_event_at: events.first().map(|e| e.last_duplicate_at.unwrap_or(e.received_at).max(e.received_at)),
        events: events.into_iter().map(event_item).collect(),
        refusals: refusals.into_iter().map(refusal_item).collect(),
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct KiwifyTokenRequest {
    /// The token Kiwify shows for this robot's webhook (kept sealed).
    #[schema(min_length = 1, max_length = 200)]
    pub token: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KiwifyTokenSaved {
    pub token_configured: bool,
    pub token_prefix: Option<String>,
}

/// Sets the robot's Kiwify token (audited; the value is never logged or shown again).
#[utoipa::path(operation_id = "tenantSetKiwifyToken", put,
    path = "/api/tenant/robots/{id}/sales-channels/kiwify/token", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = KiwifyTokenRequest,
    responses((status = 200, body = KiwifyTokenSaved), (status = 404, body = ErrorBody), OwnerErrors))]
pub async fn set_kiwify_token(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownRobot>,
    ApiJson(body): ApiJson<KiwifyTokenRequest>,
) -> ApiResult<Json<KiwifyTokenSaved>> {
    owner.require(Capability::ManageSettings)?;
    // The robot first: another tenant's robot is not found, whatever the body.
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, id).await?;
    let token = body.token.as_deref().map(str::trim).unwrap_or_default();
    Validator::new()
        .check(!token.is_empty(), "token", "Cole o token do webhook da Kiwify")
        .check(char_len(token) <= 200, "token", "O token deve ter no máximo 200 caracteres")
        .check(!token.chars().any(char::is_whitespace), "token", "O token não tem espaços: copie-o de novo da Kiwify")
        .finish()?;
    sales_channel_secrets::set(&mut tx, &state.config.secrets, owner.tenant.id, robot.id, KIWIFY, token).await?;
    let prefix = sales_channel_secrets::prefix(&mut tx, owner.tenant.id, robot.id, KIWIFY).await?.flatten();
    let after = json!({ "token": format!("*** (novo, começa com {})", prefix.as_deref().unwrap_or("")) });
    owner.audit(&mut tx, Action::Update, "robot_kiwify", robot.id, &json!({ "token": "***" }), &after).await?;
    tx.commit().await?;
    Ok(Json(KiwifyTokenSaved { token_configured: true, token_prefix: prefix }))
}

/// `/api/tenant/robots/{id}/sales-channels/kiwify*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(kiwify_channel)).routes(routes!(set_kiwify_token))
}
