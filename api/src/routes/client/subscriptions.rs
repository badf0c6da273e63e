//! `/api/client/subscriptions`: a client's subscriptions, and cancelling one
//! (only their own, only when active, only once; irreversible).

use axum::extract::Path;
use axum::Json;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::json;
use shared::notifications::{self, Notification, NotificationType};
use shared::repositories::audit_log::{self, Action};
use shared::repositories::client_portal::{self, ClientSubscriptionRow};
use shared::sales_engine::format_brl;
use shared::status::{Recurrence, SubscriptionStatus};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiResult, ErrorBody};
use crate::extractors::SignedInClient;
use crate::form_input::path_id;
use crate::request_meta::RequestMeta;
use crate::AppState;

pub const NOT_FOUND: &str = "Assinatura não encontrada";
pub const NOT_ACTIVE: &str = "Esta assinatura não está ativa e não pode ser cancelada.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientSubscriptionItem {
    pub id: Uuid,
    pub recurrence: Recurrence,
    pub status: SubscriptionStatus,
    #[schema(value_type = String, example = "97.00")]
    pub amount: Decimal,
    pub next_charge_date: Option<DateTime<Utc>>,
    pub start_date: DateTime<Utc>,
    pub last_payment_date: Option<DateTime<Utc>>,
    pub cancellation_date: Option<DateTime<Utc>>,
}

impl From<ClientSubscriptionRow> for ClientSubscriptionItem {
    fn from(s: ClientSubscriptionRow) -> Self {
        Self {
            id: s.id,
            recurrence: s.recurrence,
            status: s.status,
            amount: s.amount,
            next_charge_date: s.next_billing_date,
            start_date: s.created_at,
            last_payment_date: s.last_payment_date,
            cancellation_date: s.cancellation_date,
        }
    }
}

#[utoipa::path(operation_id = "clientSubscriptions", get, path = "/api/client/subscriptions", tag = "client",
    security(("clientSession" = [])),
    responses((status = 200, body = Vec<ClientSubscriptionItem>), (status = 401, body = ErrorBody)))]
pub async fn list(client: SignedInClient) -> ApiResult<Json<Vec<ClientSubscriptionItem>>> {
    let mut tx = client.begin().await?;
    let rows = client_portal::subscriptions(&mut tx, client.tenant.id, client.client.id).await?;
    tx.commit().await?;
    Ok(Json(rows.into_iter().map(ClientSubscriptionItem::from).collect()))
}

/// Cancels the client's own active subscription. The licenses it paid for
/// stay valid until the paid period ends.
#[utoipa::path(operation_id = "clientCancelSubscription", patch, path = "/api/client/subscriptions/{id}/cancel", tag = "client",
    security(("clientSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = ClientSubscriptionItem), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn cancel(
    client: SignedInClient,
    meta: RequestMeta,
    Path(id): Path<String>,
) -> ApiResult<Json<ClientSubscriptionItem>> {
    let id = path_id(&id, NOT_FOUND)?;
    let (tenant, me) = (client.tenant.id, client.client.id);
    let mut tx = client.begin().await?;
    let Some(row) = client_portal::cancel_subscription(&mut tx, tenant, me, id).await? else {
        return Err(if client_portal::subscription_exists(&mut tx, tenant, me, id).await? {
            AppError::Conflict(NOT_ACTIVE.into())
        } else {
            AppError::NotFound(NOT_FOUND.into())
        }
        .into());
    };
    let message = format!("{} cancelou a assinatura de {}", client.client.name, format_brl(row.amount));
    notifications::notify(
        &mut tx,
        &Notification::new(tenant, NotificationType::SubscriptionCancelled, "Assinatura cancelada", message),
    )
    .await?;
    tx.commit().await?;
    // The audit row is written by the tenant's worker scope: clients do not write the audit log.
    let mut tx = shared::db::begin(&client.pool(), shared::db::Scope::worker_for(tenant)).await?;
    audit_log::record(
        &mut tx,
        audit_log::Entry {
            tenant_id: Some(tenant),
            actor: client.scope().actor,
            action: Action::Update,
            entity: "subscription",
            entity_id: Some(id),
            changes: json!({ "status": { "before": "active", "after": "cancelled" } }),
            ip: meta.ip,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Json(row.into()))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(cancel))
}
