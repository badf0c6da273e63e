//! The platform admin's view of tenants' mail (decision 0018): volume per
//! tenant (`GET /api/mail-volume`: sent, refused, bounced and complained of,
//! last 24 hours and 30 days) and one tenant's limits and suspension
//! (`GET`/`PUT /api/tenants/{id}/mail`, audited).

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::pagination::Page;
use shared::domain::validation::Validator;
use shared::repositories::audit_log::Action;
use shared::repositories::email_limits;
use shared::repositories::email_reports::{self, VolumeRow};
use shared::OrNotFound;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{AdminErrors, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::{PageQuery, Paging, PathId, SignedInAdmin};
use crate::request_meta::RequestMeta;
use crate::views::tenants::{UnknownTenant, NOT_FOUND};
use crate::AppState;

/// Past this a limit is a typing slip.
const MAX_LIMIT: i32 = 1_000_000;
const MAX_REASON_CHARS: usize = 500;

/// One tenant's mail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantMailItem {
    pub tenant_id: Uuid,
    pub tenant_name: String,
    /// Sends with its own Resend key (no frame, no platform limits).
    pub sends_with_own_key: bool,
    /// The tenant's own limits; null: the platform default.
    pub daily_limit: Option<i32>,
    pub recipient_daily_limit: Option<i32>,
    /// The platform defaults (EMAIL_DAILY_LIMIT, EMAIL_RECIPIENT_DAILY_LIMIT).
    pub default_daily_limit: i32,
    pub default_recipient_daily_limit: i32,
    pub suspended_at: Option<DateTime<Utc>>,
    pub suspended_reason: Option<String>,
    pub sent_day: i64,
    pub refused_day: i64,
    pub bounced_day: i64,
    pub complained_day: i64,
    pub sent_month: i64,
    pub refused_month: i64,
    pub bounced_month: i64,
    pub complained_month: i64,
}

fn item(state: &AppState, r: VolumeRow) -> TenantMailItem {
    TenantMailItem {
        tenant_id: r.tenant_id,
        tenant_name: r.tenant_name,
        sends_with_own_key: r.sends_with_own_key,
        daily_limit: r.mail_daily_limit,
        recipient_daily_limit: r.mail_recipient_daily_limit,
        default_daily_limit: state.config.email.daily_limit,
        default_recipient_daily_limit: state.config.email.recipient_daily_limit,
        suspended_at: r.mail_suspended_at,
        suspended_reason: r.mail_suspended_reason,
        sent_day: r.sent_day,
        refused_day: r.refused_day,
        bounced_day: r.bounced_day,
        complained_day: r.complained_day,
        sent_month: r.sent_month,
        refused_month: r.refused_month,
        bounced_month: r.bounced_month,
        complained_month: r.complained_month,
    }
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MailVolumeQuery {
    /// Part of the tenant's name or URL.
    pub q: Option<String>,
}

#[utoipa::path(operation_id = "listMailVolume", get, path = "/api/mail-volume", tag = "tenants",
    security(("adminSession" = [])), params(PageQuery, MailVolumeQuery),
    responses((status = 200, body = Page<TenantMailItem>), AdminErrors))]
pub async fn list(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<MailVolumeQuery>,
) -> ApiResult<Json<Page<TenantMailItem>>> {
    let mut tx = admin.begin().await?;
    let page = email_reports::volume(&mut tx, query.q.as_deref(), paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(|r| item(&state, r))))
}

#[utoipa::path(operation_id = "getTenantMail", get, path = "/api/tenants/{id}/mail", tag = "tenants",
    security(("adminSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = TenantMailItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn get(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    PathId(id, _): PathId<UnknownTenant>,
) -> ApiResult<Json<TenantMailItem>> {
    let mut tx = admin.begin().await?;
    let row = email_reports::volume_of(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    tx.commit().await?;
    Ok(Json(item(&state, row)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TenantMailRequest {
    /// Messages per day through the platform (1 – 1000000); null: the default.
    pub daily_limit: Option<i32>,
    /// Messages per recipient per day (1 – 1000000); null: the default.
    pub recipient_daily_limit: Option<i32>,
    /// Suspend (true) or resume (false) the tenant's mail; absent: unchanged.
    pub suspended: Option<bool>,
    /// Why (shown to the owner with every refused message).
    #[schema(max_length = 500)]
    pub reason: Option<String>,
}

/// Sets the tenant's limits and suspends or resumes its mail. While
/// suspended nothing is sent: every message is recorded as refused, with the
/// reason, and messages already queued are refused when their turn comes.
#[utoipa::path(operation_id = "updateTenantMail", put, path = "/api/tenants/{id}/mail", tag = "tenants",
    security(("adminSession" = [])), params(("id" = Uuid, Path)), request_body = TenantMailRequest,
    responses((status = 200, body = TenantMailItem), (status = 404, body = ErrorBody), AdminErrors))]
pub async fn update(
    State(state): State<AppState>,
    admin: SignedInAdmin,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownTenant>,
    ApiJson(body): ApiJson<TenantMailRequest>,
) -> ApiResult<Json<TenantMailItem>> {
    let mut v = Validator::new();
    let in_range = |limit: Option<i32>| limit.is_none_or(|l| (1..=MAX_LIMIT).contains(&l));
    let message = "Informe um limite entre 1 e 1.000.000, ou deixe em branco para usar o padrão";
    v.check(in_range(body.daily_limit), "dailyLimit", message);
    v.check(in_range(body.recipient_daily_limit), "recipientDailyLimit", message);
    let reason = body.reason.as_deref().map(str::trim).filter(|r| !r.is_empty());
    v.check(reason.is_none_or(|r| r.chars().count() <= MAX_REASON_CHARS), "reason", "Use no máximo 500 caracteres");
    v.finish()?;
    let mut tx = admin.begin().await?;
    let before = email_limits::policy(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    let suspended = body.suspended.unwrap_or(before.mail_suspended_at.is_some());
    let reason = if suspended { reason.or(before.mail_suspended_reason.as_deref()) } else { None }.map(str::to_string);
    let after = email_limits::set_policy(
        &mut tx,
        id,
        body.daily_limit,
        body.recipient_daily_limit,
        suspended,
        reason.as_deref(),
    )
    .await?
    .or_not_found(NOT_FOUND)?;
    let audited = |p: &email_limits::MailPolicy| {
        json!({ "dailyLimit": p.mail_daily_limit, "recipientDailyLimit": p.mail_recipient_daily_limit,
                "suspended": p.mail_suspended_at.is_some(), "reason": p.mail_suspended_reason })
    };
    admin
        .audit(&mut tx, meta.ip, Some(id), Action::Update, "tenant_mail", id, &audited(&before), &audited(&after))
        .await?;
    let row = email_reports::volume_of(&mut tx, id).await?.or_not_found(NOT_FOUND)?;
    tx.commit().await?;
    Ok(Json(item(&state, row)))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(get, update))
}
