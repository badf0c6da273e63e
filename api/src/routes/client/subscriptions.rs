//! `/api/client/subscriptions`: a client's subscriptions, and cancelling one
//! (only their own, only when active, only once; irreversible) — at Hotmart
//! too when Hotmart bills it.

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::json;
use shared::domain::money::format_brl;
use shared::domain::status::{Origin, Recurrence, SubscriptionStatus};
use shared::infrastructure::hotmart_api::{self, Cancelled, Credentials, Failure, HotmartApi};
use shared::repositories::audit_log::{self, Action};
use shared::repositories::client_portal::{self, ClientSubscriptionRow};
use shared::repositories::tenant_hotmart_api;
use shared::workflows::notifications::{self, Notification, NotificationType};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiResult, ErrorBody};
use crate::extractors::{PathId, SignedInClient};
use crate::request_meta::RequestMeta;
use crate::views::sales::platform_label;
use crate::AppState;

pub const NOT_FOUND: &str = "Assinatura não encontrada";
crate::not_found_as!(UnknownSubscription, NOT_FOUND);
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
    /// When the client asked to cancel a subscription only Hotmart can stop
    /// (it stays active until cancelled there).
    pub cancellation_requested_at: Option<DateTime<Utc>>,
    /// Billed by Hotmart and cancellable only there by the client (the
    /// seller has not connected the Hotmart API).
    pub cancels_at_hotmart: bool,
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
            cancellation_requested_at: s.cancellation_requested_at,
            cancels_at_hotmart: s.cancels_at_hotmart,
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

/// How a cancellation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CancelOutcome {
    /// A subscription the seller bills: cancelled here, the seller told.
    Cancelled,
    /// Cancelled at Hotmart (it confirmed) and here.
    CancelledAtHotmart,
    /// Only Hotmart can stop the billing and the platform cannot ask it to:
    /// the request is recorded, the seller told, and the client must cancel
    /// at Hotmart. The subscription stays active until Hotmart reports the
    /// cancellation.
    Requested,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientCancelResult {
    pub subscription: ClientSubscriptionItem,
    pub outcome: CancelOutcome,
    /// What happened, in pt-BR, for the client.
    pub message: String,
}

pub const CANCELLED: &str = "Assinatura cancelada. O vendedor foi avisado.";
pub const CANCELLED_AT_HOTMART: &str =
    "Assinatura cancelada na Hotmart, que confirmou o cancelamento e não fará novas \
    cobranças. As licenças já pagas continuam válidas até o fim do período pago.";
/// The honest answer when only the client can stop Hotmart's billing.
pub const CANCEL_AT_HOTMART: &str = "Esta assinatura é cobrada pela Hotmart. Para cancelar a cobrança, acesse sua conta \
    na Hotmart (consumer.hotmart.com), escolha o produto, clique em Configurar pagamento e confirme o cancelamento da \
    assinatura. Avisamos o vendedor do seu pedido; até o cancelamento ser feito na Hotmart, a assinatura continua ativa.";
pub const HOTMART_REFUSED: &str = "A Hotmart não aceitou o cancelamento desta assinatura e nada foi alterado: ela \
    continua ativa. Tente novamente mais tarde ou fale com o vendedor.";
pub const HOTMART_UNAVAILABLE: &str = "Não conseguimos falar com a Hotmart agora e nada foi alterado: sua assinatura \
    continua ativa. Tente novamente em alguns minutos.";

/// Cancels the client's own active subscription. A subscription the seller
/// bills is cancelled here. One Hotmart bills is cancelled at Hotmart first
/// (with the tenant's API credentials) and only then here; Hotmart's answer
/// is recorded either way, and when Hotmart refuses or cannot be reached
/// nothing else changes. Without credentials the request is recorded, the
/// seller told, and the answer explains how to cancel at Hotmart. The
/// licenses already paid for stay valid until the paid period ends.
#[utoipa::path(operation_id = "clientCancelSubscription", patch, path = "/api/client/subscriptions/{id}/cancel", tag = "client",
    security(("clientSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = ClientCancelResult), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 422, description = "Hotmart refused the cancellation: nothing changed", body = ErrorBody),
              (status = 503, description = "Hotmart could not be reached: nothing changed", body = ErrorBody)))]
pub async fn cancel(
    State(state): State<AppState>,
    client: SignedInClient,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownSubscription>,
) -> ApiResult<Json<ClientCancelResult>> {
    let (tenant, me) = (client.tenant.id, client.client.id);
    // Read first, in its own short transaction: one request holds one
    // connection at a time.
    let credentials = hotmart_credentials(&state, &client).await?;
    // The row stays locked until this transaction ends, Hotmart's answer
    // included: a second click waits, then finds the subscription cancelled.
    let mut tx = client.begin().await?;
    let target = client_portal::lock_for_cancel(&mut tx, tenant, me, id).await?.or_not_found(NOT_FOUND)?;
    if target.status != SubscriptionStatus::Active {
        return Err(AppError::Conflict(NOT_ACTIVE.into()).into());
    }
    let amount = format_brl(target.amount);
    let subscriber_code = target.external_id.as_deref().filter(|code| hotmart_api::is_subscriber_code(code));
    let outcome = match (target.origin, subscriber_code, credentials) {
        (Origin::Manual, _, _) => {
            client_portal::cancel_subscription(&mut tx, tenant, me, id).await?;
            let message = format!("{} cancelou a assinatura de {amount}", client.client.name);
            notify(&mut tx, tenant, NotificationType::SubscriptionCancelled, "Assinatura cancelada", message).await?;
            CancelOutcome::Cancelled
        }
        (Origin::Hotmart, Some(code), Some(credentials)) => match cancel_at_hotmart(&state, &credentials, code).await {
            Ok(answer) => {
                client_portal::cancel_subscription(&mut tx, tenant, me, id).await?;
                client_portal::record_hotmart_answer(&mut tx, tenant, me, id, &answer.status, &answer.message).await?;
                let message =
                    format!("{} cancelou a assinatura de {amount} (cancelada também na Hotmart)", client.client.name);
                notify(&mut tx, tenant, NotificationType::SubscriptionCancelled, "Assinatura cancelada", message)
                    .await?;
                CancelOutcome::CancelledAtHotmart
            }
            Err(failure) => {
                tracing::warn!(%tenant, subscription = %id, code = failure.code(), message = %failure.message(),
                        "Hotmart did not cancel a subscription");
                client_portal::record_hotmart_answer(&mut tx, tenant, me, id, failure.code(), &failure.message())
                    .await?;
                let message = format!(
                    "{} tentou cancelar a assinatura de {amount}, mas a Hotmart não confirmou ({}). \
                         A assinatura continua ativa.",
                    client.client.name,
                    failure.message()
                );
                notify(
                    &mut tx,
                    tenant,
                    NotificationType::SubscriptionCancelRequested,
                    "Cancelamento não concluído",
                    message,
                )
                .await?;
                tx.commit().await?;
                return Err(match failure {
                    Failure::Refused { .. } => AppError::Unprocessable(HOTMART_REFUSED.into()),
                    Failure::Unavailable(_) => AppError::Unavailable(HOTMART_UNAVAILABLE.into()),
                }
                .into());
            }
        },
        (Origin::Hotmart, _, _) => {
            if client_portal::request_cancellation(&mut tx, tenant, me, id).await? {
                let message = format!(
                    "{} pediu para cancelar a assinatura de {amount}, cobrada pela Hotmart{}. Ela continua ativa até ser \
                     cancelada na Hotmart; configure as credenciais da API da Hotmart em Configurações para que os \
                     cancelamentos cheguem lá automaticamente.",
                    client.client.name,
                    target.external_id.as_deref().map(|c| format!(" (assinante {c})")).unwrap_or_default(),
                );
                notify(
                    &mut tx,
                    tenant,
                    NotificationType::SubscriptionCancelRequested,
                    "Pedido de cancelamento",
                    message,
                )
                .await?;
            }
            CancelOutcome::Requested
        }
        // Kiwify, Eduzz and Asaas: no cancellation is sent from here; the
        // owner cancels in the platform's panel, and its cancellation event
        // ends the subscription here.
        (origin @ (Origin::Kiwify | Origin::Eduzz | Origin::Asaas), _, _) => {
            if client_portal::request_cancellation(&mut tx, tenant, me, id).await? {
                let platform = platform_label(origin);
                let message = format!(
                    "{} pediu para cancelar a assinatura de {amount}, cobrada pela {platform}{}. Ela continua ativa \
                     até ser cancelada no painel da {platform}.",
                    client.client.name,
                    target.external_id.as_deref().map(|c| format!(" (assinatura {c})")).unwrap_or_default(),
                );
                notify(
                    &mut tx,
                    tenant,
                    NotificationType::SubscriptionCancelRequested,
                    "Pedido de cancelamento",
                    message,
                )
                .await?;
            }
            CancelOutcome::Requested
        }
    };
    let row = client_portal::subscription(&mut tx, tenant, me, id).await?.or_not_found(NOT_FOUND)?;
    tx.commit().await?;
    // The audit row is written by the tenant's worker scope: clients do not write the audit log.
    let changes = match outcome {
        CancelOutcome::Requested => json!({ "cancellationRequestedAt": { "before": target.cancellation_requested_at,
                                                                          "after": row.cancellation_requested_at } }),
        CancelOutcome::Cancelled => json!({ "status": { "before": "active", "after": "cancelled" } }),
        CancelOutcome::CancelledAtHotmart => json!({ "status": { "before": "active", "after": "cancelled" },
                                                     "hotmart": { "before": null, "after": "cancelled" } }),
    };
    let mut tx =
        shared::infrastructure::db::begin(&client.pool(), shared::infrastructure::db::Scope::worker_for(tenant))
            .await?;
    audit_log::record(
        &mut tx,
        audit_log::Entry {
            tenant_id: Some(tenant),
            actor: client.scope().actor,
            action: Action::Update,
            entity: "subscription",
            entity_id: Some(id),
            changes,
            ip: meta.ip,
        },
    )
    .await?;
    tx.commit().await?;
    let message = match outcome {
        CancelOutcome::Cancelled => CANCELLED,
        CancelOutcome::CancelledAtHotmart => CANCELLED_AT_HOTMART,
        CancelOutcome::Requested => CANCEL_AT_HOTMART,
    };
    Ok(Json(ClientCancelResult { subscription: row.into(), outcome, message: message.into() }))
}

async fn notify(
    tx: &mut shared::infrastructure::db::Tx,
    tenant: Uuid,
    kind: NotificationType,
    title: &str,
    message: String,
) -> Result<(), AppError> {
    notifications::notify(tx, &Notification::new(tenant, kind, title, message)).await
}

/// The tenant's Hotmart API credentials, read by the tenant's worker scope
/// (a client's role cannot read tenant secrets).
async fn hotmart_credentials(state: &AppState, client: &SignedInClient) -> Result<Option<Credentials>, AppError> {
    let mut tx = shared::infrastructure::db::begin(
        &client.pool(),
        shared::infrastructure::db::Scope::worker_for(client.tenant.id),
    )
    .await?;
    let credentials = tenant_hotmart_api::credentials(&mut tx, &state.config.secrets, client.tenant.id).await?;
    tx.commit().await?;
    Ok(credentials)
}

async fn cancel_at_hotmart(state: &AppState, credentials: &Credentials, code: &str) -> Result<Cancelled, Failure> {
    let hotmart = HotmartApi::new(&state.config.hotmart_api).map_err(|e| Failure::Unavailable(e.to_string()))?;
    hotmart.cancel_subscription(credentials, code, true).await
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(cancel))
}
