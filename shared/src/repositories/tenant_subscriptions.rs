//! Subscriptions: a client's recurring payment, keyed by the provider's
//! subscriber code for Hotmart.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::AppResult;
use crate::ids::new_id;
use crate::status::SubscriptionStatus;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Subscription {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub external_id: Option<String>,
    pub client_id: Option<Uuid>,
    pub sale_id: Option<Uuid>,
    pub amount: Decimal,
    pub recurrence: String,
    pub status: SubscriptionStatus,
    pub last_payment_date: Option<DateTime<Utc>>,
    pub next_billing_date: Option<DateTime<Utc>>,
    pub cancellation_date: Option<DateTime<Utc>>,
}

macro_rules! columns {
    () => {
        "id, tenant_id, external_id, client_id, sale_id, amount, recurrence, status, last_payment_date,
         next_billing_date, cancellation_date"
    };
}

/// The Hotmart subscription with this subscriber code, locked.
pub async fn lock_hotmart(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    subscriber_code: &str,
) -> AppResult<Option<Subscription>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tenant_subscriptions WHERE tenant_id = $1 AND origin = 'hotmart' AND external_id = $2 FOR UPDATE"
    ))
    .bind(tenant_id)
    .bind(subscriber_code)
    .fetch_optional(conn)
    .await?)
}

pub struct NewHotmartSubscription<'a> {
    pub tenant_id: Uuid,
    pub subscriber_code: &'a str,
    pub client_id: Uuid,
    pub sale_id: Uuid,
    pub amount: Decimal,
    pub last_payment_date: Option<DateTime<Utc>>,
    pub next_billing_date: Option<DateTime<Utc>>,
    pub payload: &'a Value,
}

pub async fn create_hotmart(conn: &mut PgConnection, new: NewHotmartSubscription<'_>) -> AppResult<Subscription> {
    Ok(sqlx::query_as(concat!(
        "INSERT INTO tenant_subscriptions (id, tenant_id, external_id, client_id, sale_id, origin, amount, status,
                                           last_payment_date, next_billing_date, original_payload)
         VALUES ($1, $2, $3, $4, $5, 'hotmart', $6, 'active', $7, $8, $9) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(new.subscriber_code)
    .bind(new.client_id)
    .bind(new.sale_id)
    .bind(new.amount)
    .bind(new.last_payment_date)
    .bind(new.next_billing_date)
    .bind(new.payload)
    .fetch_one(conn)
    .await?)
}

/// A payment arrived: dates move forward only (events may come out of order).
pub async fn record_payment(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    paid_at: Option<DateTime<Utc>>,
    next_billing: Option<DateTime<Utc>>,
) -> AppResult<Subscription> {
    Ok(sqlx::query_as(concat!(
        "UPDATE tenant_subscriptions
            SET last_payment_date = GREATEST(last_payment_date, $3),
                next_billing_date = GREATEST(next_billing_date, $4),
                last_charge_attempt = GREATEST(last_charge_attempt, $3)
          WHERE tenant_id = $1 AND id = $2 RETURNING ",
        columns!()
    ))
    .bind(tenant_id)
    .bind(id)
    .bind(paid_at)
    .bind(next_billing)
    .fetch_one(conn)
    .await?)
}

pub async fn cancel(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    cancelled_at: DateTime<Utc>,
) -> AppResult<Subscription> {
    Ok(sqlx::query_as(concat!(
        "UPDATE tenant_subscriptions SET status = 'cancelled', cancellation_date = COALESCE(cancellation_date, $3)
          WHERE tenant_id = $1 AND id = $2 RETURNING ",
        columns!()
    ))
    .bind(tenant_id)
    .bind(id)
    .bind(cancelled_at)
    .fetch_one(conn)
    .await?)
}

/// A plan switch or a new charge date.
pub async fn reschedule(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    next_billing: Option<DateTime<Utc>>,
    amount: Option<Decimal>,
) -> AppResult<Subscription> {
    Ok(sqlx::query_as(concat!(
        "UPDATE tenant_subscriptions SET next_billing_date = COALESCE($3, next_billing_date),
                amount = COALESCE($4, amount)
          WHERE tenant_id = $1 AND id = $2 RETURNING ",
        columns!()
    ))
    .bind(tenant_id)
    .bind(id)
    .bind(next_billing)
    .bind(amount)
    .fetch_one(conn)
    .await?)
}
