//! Hotmart from the owner's own screen (issue 35): per robot, the postback
//! URL to paste into Hotmart, whether the hottok is set (the owner enters
//! it), the last event received, a log of what arrived (processed, test,
//! duplicate, failed, with the reason) and of what was refused before it
//! was stored, and a test event the owner can send. Kiwify, Eduzz and Asaas
//! will answer the same shapes.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::hotmart;
use shared::domain::owner_permissions::Capability;
use shared::domain::sales::adapters;
use shared::domain::validation::{char_len, Validator};
use shared::infrastructure::db::{self, Scope};
use shared::repositories::audit_log::Action;
use shared::repositories::sales_channel_log;
use shared::repositories::tenants;
use shared::workflows::sale_lifecycle::store_event;
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::request_meta::RequestMeta;
use crate::views::robots::{find_own, webhook_url, UnknownRobot};
use crate::views::sales_channels::{event_item, refusal_item, ChannelEvent, ChannelRefusal};
use crate::AppState;

/// How many events the screen lists.
const EVENTS_SHOWN: i64 = 50;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotmartChannel {
    /// Where Hotmart must post this robot's events (Ferramentas → Webhook).
    pub webhook_url: String,
    /// The tenant has a hottok (one for every robot: Hotmart gives one per account).
    pub hottok_configured: bool,
    /// Its first characters, to recognise it.
    pub hottok_prefix: Option<String>,
    /// The last event Hotmart delivered (a test included), if any.
    pub last_event_at: Option<DateTime<Utc>>,
    pub events: Vec<ChannelEvent>,
    /// Postbacks refused before anything was stored, counted by reason.
    pub refusals: Vec<ChannelRefusal>,
}

/// The postback URL as Hotmart must call it: the tenant's host, or on a
/// development host the host this page was opened on.
fn postback_url(meta: &RequestMeta, tenant_url: &str, robot_id: Uuid) -> String {
    let production = webhook_url(tenant_url, robot_id);
    match production {
        Some(url) if !meta.dev_host => url,
        _ => format!("http://{}/api/webhooks/hotmart/robot/{robot_id}", meta.host),
    }
}

/// The robot's Hotmart channel: URL, hottok, last event, the log.
#[utoipa::path(operation_id = "tenantHotmartChannel", get, path = "/api/tenant/robots/{id}/sales-channels/hotmart",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = HotmartChannel), (status = 404, body = ErrorBody), OwnerErrors))]
pub async fn hotmart_channel(
    owner: SignedInOwner,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownRobot>,
) -> ApiResult<Json<HotmartChannel>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, id).await?;
    let hottok = tenants::hottok_prefix(&mut tx, owner.tenant.id).await?;
    let events = sales_channel_log::hotmart_events(&mut tx, owner.tenant.id, robot.id, EVENTS_SHOWN).await?;
    let refusals = sales_channel_log::refusals(&mut tx, owner.tenant.id, robot.id, "hotmart").await?;
    tx.commit().await?;
    Ok(Json(HotmartChannel {
        webhook_url: postback_url(&meta, &owner.tenant.url, robot.id),
        hottok_configured: hottok.is_some(),
        hottok_prefix: hottok.flatten(),
        last_event_at: events.first().map(|e| e.last_duplicate_at.unwrap_or(e.received_at).max(e.received_at)),
        events: events.into_iter().map(event_item).collect(),
        refusals: refusals.into_iter().map(refusal_item).collect(),
    }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct HottokRequest {
    /// The hottok Hotmart shows in Ferramentas → Webhook (only its hash is kept).
    #[schema(min_length = 1, max_length = 200)]
    pub hottok: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HottokSaved {
    pub hottok_configured: bool,
    pub hottok_prefix: Option<String>,
}

/// Sets the tenant's Hotmart hottok from the owner's screen (audited; the
/// value is never logged or shown again).
#[utoipa::path(operation_id = "tenantSetHotmartHottok", put, path = "/api/tenant/sales-channels/hotmart/hottok",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), request_body = HottokRequest,
    responses((status = 200, body = HottokSaved), OwnerErrors))]
pub async fn set_hottok(owner: SignedInOwner, ApiJson(body): ApiJson<HottokRequest>) -> ApiResult<Json<HottokSaved>> {
    owner.require(Capability::ManageSettings)?;
    let hottok = body.hottok.as_deref().map(str::trim).unwrap_or_default();
    Validator::new()
        .check(!hottok.is_empty(), "hottok", "Cole o hottok da Hotmart")
        .check(char_len(hottok) <= 200, "hottok", "O hottok deve ter no máximo 200 caracteres")
        .check(
            !hottok.chars().any(char::is_whitespace),
            "hottok",
            "O hottok não tem espaços: copie-o de novo da Hotmart",
        )
        .finish()?;
    let mut tx = owner.begin().await?;
    tenants::set_hottok(&mut tx, owner.tenant.id, hottok).await?;
    let prefix = tenants::hottok_prefix(&mut tx, owner.tenant.id).await?.flatten();
    let after = json!({ "hottok": format!("*** (novo, começa com {})", prefix.as_deref().unwrap_or("")) });
    owner
        .audit(&mut tx, Action::Update, "tenant_hotmart", owner.tenant.id, &json!({ "hottok": "***" }), &after)
        .await?;
    tx.commit().await?;
    Ok(Json(HottokSaved { hottok_configured: true, hottok_prefix: prefix }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestEventSent {
    /// The test event's id: it appears in the log once received.
    pub event_id: String,
}

/// Sends Hotmart's test postback (a fresh id) through the same intake as a
/// real one: stored, queued, processed. It creates no sale.
#[utoipa::path(operation_id = "tenantSendHotmartTestEvent", post,
    path = "/api/tenant/robots/{id}/sales-channels/hotmart/test-event", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 202, body = TestEventSent), (status = 404, body = ErrorBody), OwnerErrors))]
pub async fn send_test_event(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownRobot>,
) -> ApiResult<(StatusCode, Json<TestEventSent>)> {
    owner.require(Capability::ManageRobots)?;
    let mut tx = owner.begin().await?;
    let robot = find_own(&mut tx, &owner, id).await?;
    tx.commit().await?;
    let event_id = format!("teste-{}", Uuid::now_v7());
    let template: serde_json::Value = serde_json::from_str(hotmart::TEST_POSTBACK).map_err(AppError::internal)?;
    let payload = sales_channel_log::with_new_identity(template, &event_id, Utc::now());
    let raw = serde_json::to_vec(&payload).map_err(AppError::internal)?;
    let (event, neutral) = adapters::hotmart::parse(&raw).map_err(AppError::internal)?;
    // The postback's own scope: what the intake would have stored.
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(owner.tenant.id)).await?;
    store_event(&mut tx, owner.tenant.id, robot.id, &event.raw, &neutral).await?;
    tx.commit().await?;
    Ok((StatusCode::ACCEPTED, Json(TestEventSent { event_id })))
}

/// `/api/tenant/robots/{id}/sales-channels/*`, `/api/tenant/sales-channels/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(hotmart_channel)).routes(routes!(set_hottok)).routes(routes!(send_test_event))
}
