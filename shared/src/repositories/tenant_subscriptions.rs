//! Subscriptions: a client's recurring payment, keyed by the provider's
//! platform's subscription id (Hotmart's subscriber code, Kiwify's subscription id).

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value;
use sqlx::{PgConnection, Postgres, QueryBuilder};
use uuid::Uuid;

use super::listing::{fetch_page, Listing, Narrow};
use crate::domain::error::{unique, AppResult, OnConstraint};
use crate::domain::ids::new_id;
use crate::domain::pagination::{contains_pattern, Page, PageParams};
use crate::domain::status::{Origin, Recurrence, SubscriptionStatus};

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

/// The subscription of `origin` with this code (the platform's subscription id), locked.
pub async fn lock_platform(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    origin: Origin,
    subscriber_code: &str,
) -> AppResult<Option<Subscription>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tenant_subscriptions WHERE tenant_id = $1 AND origin = $2 AND external_id = $3 FOR UPDATE"
    ))
    .bind(tenant_id)
    .bind(origin)
    .bind(subscriber_code)
    .fetch_optional(conn)
    .await?)
}

pub struct NewPlatformSubscription<'a> {
    pub tenant_id: Uuid,
    pub origin: Origin,
    pub subscriber_code: &'a str,
    pub client_id: Uuid,
    pub sale_id: Uuid,
    pub amount: Decimal,
    pub last_payment_date: Option<DateTime<Utc>>,
    pub next_billing_date: Option<DateTime<Utc>>,
    pub payload: &'a Value,
}

pub async fn create_platform(conn: &mut PgConnection, new: NewPlatformSubscription<'_>) -> AppResult<Subscription> {
    Ok(sqlx::query_as(concat!(
        "INSERT INTO tenant_subscriptions (id, tenant_id, external_id, client_id, sale_id, origin, amount, status,
                                           last_payment_date, next_billing_date, original_payload)
         VALUES ($1, $2, $3, $4, $5, $10, $6, 'active', $7, $8, $9) RETURNING ",
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
    .bind(new.origin)
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

/// A subscription as the lists show it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SubscriptionListRow {
    pub id: Uuid,
    pub external_id: Option<String>,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub client_id: Option<Uuid>,
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    pub sale_id: Option<Uuid>,
    pub origin: Origin,
    pub amount: Decimal,
    pub recurrence: Recurrence,
    pub status: SubscriptionStatus,
    pub last_payment_date: Option<DateTime<Utc>>,
    pub next_billing_date: Option<DateTime<Utc>>,
    pub last_charge_attempt: Option<DateTime<Utc>>,
    pub cancellation_date: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// The client asked to cancel in the portal, but only Hotmart can stop it.
    pub cancellation_requested_at: Option<DateTime<Utc>>,
    /// Hotmart's answer when the portal asked it to cancel.
    pub hotmart_cancel_status: Option<String>,
    pub hotmart_cancel_message: Option<String>,
    pub hotmart_cancel_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Default, Clone)]
pub struct SubscriptionFilter {
    pub tenant_id: Option<Uuid>,
    pub client_id: Option<Uuid>,
    pub status: Option<SubscriptionStatus>,
    pub recurrence: Option<Recurrence>,
    /// Part of the external id or of the client's name or e-mail.
    pub q: Option<String>,
}

const LISTED: &str = "s.id, s.external_id, s.tenant_id, t.name AS tenant_name, s.client_id, c.name AS client_name,
                      c.email AS client_email, s.sale_id, s.origin, s.amount, s.recurrence, s.status,
                      s.last_payment_date, s.next_billing_date, s.last_charge_attempt, s.cancellation_date,
                      s.created_at, s.cancellation_requested_at, s.hotmart_cancel_status, s.hotmart_cancel_message,
                      s.hotmart_cancel_at";
const FROM: &str = " FROM tenant_subscriptions s";
const JOINS: &str = " JOIN tenants t ON t.id = s.tenant_id
                      LEFT JOIN tenant_clients c ON c.tenant_id = s.tenant_id AND c.id = s.client_id";

/// Subscriptions, newest first.
pub async fn list(
    conn: &mut PgConnection,
    filter: &SubscriptionFilter,
    params: PageParams,
) -> AppResult<Page<SubscriptionListRow>> {
    let pattern = contains_pattern(filter.q.as_deref());
    let listing = Listing {
        columns: LISTED,
        from: "tenant_subscriptions s",
        joins: JOINS,
        filters: |qb: &mut QueryBuilder<Postgres>| {
            if let Some(tenant) = filter.tenant_id {
                qb.push(" AND s.tenant_id = ").push_bind(tenant);
            }
            if let Some(client) = filter.client_id {
                qb.push(" AND s.client_id = ").push_bind(client);
            }
            if let Some(status) = filter.status {
                qb.push(" AND s.status = ").push_bind(status);
            }
            if let Some(recurrence) = filter.recurrence {
                qb.push(" AND s.recurrence = ").push_bind(recurrence);
            }
            if let Some(p) = &pattern {
                qb.push(" AND (s.external_id ILIKE ").push_bind(p.clone());
                qb.push(" OR s.client_id IN (SELECT id FROM tenant_clients WHERE name ILIKE ").push_bind(p.clone());
                qb.push(" OR email ILIKE ").push_bind(p.clone()).push("))");
            }
        },
        narrow: Narrow::by_filters_if(pattern.is_some()),
    };
    fetch_page(conn, listing, params).await
}

pub async fn find_listed(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<SubscriptionListRow>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {LISTED}{FROM}{JOINS} WHERE s.id = $1")))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Every field of a subscription as the admin's dialog sets it.
#[derive(Debug, Clone)]
pub struct SubscriptionFields {
    pub tenant_id: Uuid,
    pub client_id: Option<Uuid>,
    pub sale_id: Option<Uuid>,
    pub external_id: Option<String>,
    pub origin: Origin,
    pub amount: Decimal,
    pub recurrence: Recurrence,
    pub status: SubscriptionStatus,
    pub last_payment_date: Option<DateTime<Utc>>,
    pub next_billing_date: Option<DateTime<Utc>>,
    pub last_charge_attempt: Option<DateTime<Utc>>,
    pub cancellation_date: Option<DateTime<Utc>>,
}

/// Creates (`id` None) or rewrites a subscription. None when there is no
/// subscription `id`.
pub async fn save(conn: &mut PgConnection, id: Option<Uuid>, f: &SubscriptionFields) -> AppResult<Option<Uuid>> {
    let sql = if id.is_some() {
        "UPDATE tenant_subscriptions SET tenant_id = $2, client_id = $3, sale_id = $4, external_id = $5, origin = $6,
                amount = $7, recurrence = $8, status = $9, last_payment_date = $10, next_billing_date = $11,
                cancellation_date = $12, last_charge_attempt = $13
          WHERE id = $1 RETURNING id"
    } else {
        "INSERT INTO tenant_subscriptions (id, tenant_id, client_id, sale_id, external_id, origin, amount, recurrence,
                                           status, last_payment_date, next_billing_date, cancellation_date,
                                           last_charge_attempt)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id"
    };
    sqlx::query_scalar(sql)
        .bind(id.unwrap_or_else(new_id))
        .bind(f.tenant_id)
        .bind(f.client_id)
        .bind(f.sale_id)
        .bind(&f.external_id)
        .bind(f.origin)
        .bind(f.amount)
        .bind(f.recurrence)
        .bind(f.status)
        .bind(f.last_payment_date)
        .bind(f.next_billing_date)
        .bind(f.cancellation_date)
        .bind(f.last_charge_attempt)
        .fetch_optional(conn)
        .await
        .on_constraint(&[unique(
            "tenant_subscriptions_external_key",
            "externalId",
            "Já existe uma assinatura com este ID externo nesta origem",
        )])
}

/// The provider's payload of a subscription (the last event that wrote it).
pub async fn original_payload(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
) -> AppResult<Option<serde_json::Value>> {
    Ok(sqlx::query_scalar("SELECT original_payload FROM tenant_subscriptions WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .fetch_optional(conn)
        .await?
        .flatten())
}

/// One charge of a subscription: a sale it produced.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Charge {
    pub sale_id: Uuid,
    pub external_id: Option<String>,
    pub amount: Option<Decimal>,
    pub status: crate::domain::status::SaleStatus,
    pub sale_date: Option<DateTime<Utc>>,
    /// Hotmart's `recurrence_number` (1 = the first payment).
    pub recurrence_number: Option<i32>,
}

/// The subscription's billing history, newest first: the sale that started
/// it and every Hotmart sale of the same client carrying its subscriber
/// code (renewals are separate transactions). At most 120.
pub async fn charges(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Vec<Charge>> {
    Ok(sqlx::query_as(
        "WITH sub AS (SELECT tenant_id, sale_id, client_id, external_id FROM tenant_subscriptions
                        WHERE tenant_id = $1 AND id = $2),
              found AS (
                  SELECT s.* FROM tenant_sales s, sub WHERE s.tenant_id = sub.tenant_id AND s.id = sub.sale_id
                  UNION
                  SELECT s.* FROM tenant_sales s, sub
                   WHERE s.tenant_id = sub.tenant_id AND s.client_id = sub.client_id AND sub.external_id IS NOT NULL
                     AND s.original_payload #>> '{data,subscription,subscriber,code}' = sub.external_id)
         SELECT s.id AS sale_id, s.external_id, s.amount_paid_by_customer AS amount, s.status, s.sale_date,
                CASE WHEN (s.original_payload #>> '{data,purchase,recurrence_number}') ~ '^[0-9]{1,6}$'
                     THEN (s.original_payload #>> '{data,purchase,recurrence_number}')::int END AS recurrence_number
           FROM found s
          ORDER BY s.sale_date DESC NULLS LAST, s.created_at DESC
          LIMIT 120",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_all(conn)
    .await?)
}
