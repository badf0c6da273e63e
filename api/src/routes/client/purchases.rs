//! `GET /api/client/purchases`: the signed-in buyer's purchase history
//! ("Minhas compras"), newest first.

use axum::Json;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use shared::domain::pagination::Page;
use shared::domain::status::{Origin, SaleStatus};
use shared::repositories::client_portal::{self, ClientPurchaseRow};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiResult, ErrorBody};
use crate::extractors::{PageQuery, Paging, SignedInClient};
use crate::views::sales::platform_label;
use crate::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientPurchaseItem {
    pub id: Uuid,
    /// The purchase id the buyer signs in with (Hotmart's transaction code),
    /// or the seller's reference of a manual sale.
    pub external_id: Option<String>,
    /// The robots this purchase licensed; null when none is linked any more.
    pub robot_name: Option<String>,
    #[schema(value_type = Option<String>, example = "497.00")]
    pub amount: Option<Decimal>,
    /// ISO code of `amount` (BRL unless the provider charged in another).
    pub currency: String,
    /// confirmed, pending or refunded.
    pub status: SaleStatus,
    /// The status as the buyer reads it, pt-BR.
    pub status_label: &'static str,
    /// hotmart or manual.
    pub platform: Origin,
    /// Where it was bought, pt-BR ("Hotmart", "Venda direta").
    pub platform_label: &'static str,
    pub purchased_at: DateTime<Utc>,
}

fn status_label(status: SaleStatus) -> &'static str {
    match status {
        SaleStatus::Confirmed => "Confirmada",
        SaleStatus::Pending => "Pendente",
        SaleStatus::Refunded => "Reembolsada",
    }
}

impl From<ClientPurchaseRow> for ClientPurchaseItem {
    fn from(r: ClientPurchaseRow) -> Self {
        Self {
            id: r.id,
            external_id: r.external_id,
            robot_name: r.robot_names,
            amount: r.amount,
            currency: r.currency,
            status_label: status_label(r.status),
            status: r.status,
            platform_label: platform_label(r.origin),
            platform: r.origin,
            purchased_at: r.purchased_at,
        }
    }
}

/// The signed-in buyer's purchases, newest first.
#[utoipa::path(operation_id = "clientPurchases", get, path = "/api/client/purchases", tag = "client",
    security(("clientSession" = [])), params(PageQuery),
    responses((status = 200, body = Page<ClientPurchaseItem>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn list(client: SignedInClient, Paging(paging): Paging) -> ApiResult<Json<Page<ClientPurchaseItem>>> {
    let mut tx = client.begin().await?;
    let page = client_portal::purchases(&mut tx, client.tenant.id, client.client.id, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(ClientPurchaseItem::from)))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}
