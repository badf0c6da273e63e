//! `/api/tenant/subscriptions`: the owner's subscriptions, display only,
//! each with its billing history and original payload.

use axum::Json;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::domain::owner_permissions::Capability;
use shared::domain::pagination::Page;
use shared::domain::status::{Recurrence, SaleStatus, SubscriptionStatus};
use shared::repositories::tenant_subscriptions::{self, Charge, SubscriptionFilter};
use shared::OrNotFound;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiQuery, ApiResult, OwnerErrors};
use crate::extractors::{PageQuery, Paging, PathId, SignedInOwner};
use crate::form_input::search_term;
use crate::views::subscriptions::{SubscriptionItem, UnknownSubscription, NOT_FOUND};
use crate::AppState;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OwnerSubscriptionListQuery {
    /// Part of the external id or of the client's name or e-mail.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub status: Option<SubscriptionStatus>,
    pub recurrence: Option<Recurrence>,
    pub client_id: Option<Uuid>,
}

/// The owner's subscriptions, newest first.
#[utoipa::path(operation_id = "tenantListSubscriptions", get, path = "/api/tenant/subscriptions", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(PageQuery, OwnerSubscriptionListQuery),
    responses((status = 200, body = Page<SubscriptionItem>), OwnerErrors))]
pub async fn list(
    owner: SignedInOwner,
    Paging(paging): Paging,
    ApiQuery(query): ApiQuery<OwnerSubscriptionListQuery>,
) -> ApiResult<Json<Page<SubscriptionItem>>> {
    owner.require(Capability::ViewSales)?;
    let filter = SubscriptionFilter {
        tenant_id: Some(owner.tenant.id),
        client_id: query.client_id,
        status: query.status,
        recurrence: query.recurrence,
        q: search_term(query.q),
    };
    let mut tx = owner.begin().await?;
    let page = tenant_subscriptions::list(&mut tx, &filter, paging).await?;
    tx.commit().await?;
    Ok(Json(page.map(SubscriptionItem::from)))
}

/// One payment of a subscription.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChargeItem {
    pub sale_id: Uuid,
    pub external_id: Option<String>,
    #[schema(value_type = Option<String>, example = "97.00")]
    pub amount: Option<Decimal>,
    pub status: SaleStatus,
    pub sale_date: Option<DateTime<Utc>>,
    /// 1 for the first payment, 2 for the first renewal, ...
    pub recurrence_number: Option<i32>,
}

impl From<Charge> for ChargeItem {
    fn from(c: Charge) -> Self {
        Self {
            sale_id: c.sale_id,
            external_id: c.external_id,
            amount: c.amount,
            status: c.status,
            sale_date: c.sale_date,
            recurrence_number: c.recurrence_number,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnerSubscriptionDetail {
    pub subscription: SubscriptionItem,
    /// Payments, newest first.
    pub billing_history: Vec<ChargeItem>,
    /// The Hotmart payload as last received (None for manual ones).
    pub original_payload: Option<Value>,
}

/// One subscription with its billing history and original payload.
#[utoipa::path(operation_id = "tenantGetSubscription", get, path = "/api/tenant/subscriptions/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = OwnerSubscriptionDetail), OwnerErrors))]
pub async fn detail(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownSubscription>,
) -> ApiResult<Json<OwnerSubscriptionDetail>> {
    owner.require(Capability::ViewSales)?;
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let subscription = tenant_subscriptions::find_listed(&mut tx, id)
        .await?
        .filter(|s| s.tenant_id == tenant)
        .or_not_found(NOT_FOUND)?;
    let charges = tenant_subscriptions::charges(&mut tx, tenant, id).await?;
    let original_payload = tenant_subscriptions::original_payload(&mut tx, tenant, id).await?;
    tx.commit().await?;
    Ok(Json(OwnerSubscriptionDetail {
        subscription: subscription.into(),
        billing_history: charges.into_iter().map(ChargeItem::from).collect(),
        original_payload,
    }))
}

/// `/api/tenant/subscriptions`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(detail))
}
