use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use sqlx::{PgConnection, Postgres, QueryBuilder};
use uuid::Uuid;

use super::listing::{fetch_page, Listing, Narrow};
use crate::domain::error::{unique, AppResult, OnConstraint};
use crate::domain::ids::new_id;
use crate::domain::pagination::{contains_pattern, Page, PageParams};
use crate::domain::status::{Origin, PaymentMethod, SaleStatus};

pub struct NewManualSale {
    pub tenant_id: Uuid,
    pub client_id: Option<Uuid>,
    pub external_id: Option<String>,
    pub gross_amount: Option<Decimal>,
    pub net_amount: Option<Decimal>,
}

/// Records a manual sale; returns its id.
pub async fn create_manual(conn: &mut PgConnection, new: NewManualSale) -> AppResult<Uuid> {
    Ok(sqlx::query_scalar(
        "INSERT INTO tenant_sales (id, tenant_id, client_id, external_id, origin, gross_amount, net_amount,
                                   amount_paid_by_customer, sale_date)
         VALUES ($1, $2, $3, $4, 'manual', $5, $6, $5, now()) RETURNING id",
    )
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(new.client_id)
    .bind(&new.external_id)
    .bind(new.gross_amount)
    .bind(new.net_amount)
    .fetch_one(conn)
    .await?)
}

/// A sale an owner recorded by hand (paid outside Hotmart): confirmed at once.
pub struct RecordedSale<'a> {
    pub tenant_id: Uuid,
    pub client_id: Uuid,
    /// The purchase id the buyer signs in with (`sale_lifecycle::manual_purchase_id`).
    pub external_id: &'a str,
    pub amount: Decimal,
    pub method: PaymentMethod,
    pub sale_date: DateTime<Utc>,
    pub idempotency_key: &'a str,
    /// What the owner typed, normalised (shown as the sale's original payload).
    pub payload: &'a serde_json::Value,
}

/// Records a manual sale (amount paid = gross = net: no provider took a cut); returns its id.
pub async fn create_recorded(conn: &mut PgConnection, sale: &RecordedSale<'_>) -> AppResult<Uuid> {
    Ok(sqlx::query_scalar(
        "INSERT INTO tenant_sales (id, tenant_id, client_id, external_id, origin, original_payload,
                                   amount_paid_by_customer, gross_amount, net_amount, sale_date, status,
                                   payment_method, idempotency_key)
         VALUES ($1, $2, $3, $4, 'manual', $5, $6, $6, $6, $7, 'confirmed', $8, $9) RETURNING id",
    )
    .bind(new_id())
    .bind(sale.tenant_id)
    .bind(sale.client_id)
    .bind(sale.external_id)
    .bind(sale.payload)
    .bind(sale.amount)
    .bind(sale.sale_date)
    .bind(sale.method)
    .bind(sale.idempotency_key)
    .fetch_one(conn)
    .await?)
}

/// A sale found by the key it was recorded with.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct KeyedSale {
    pub id: Uuid,
    pub client_id: Option<Uuid>,
    /// What was typed for it.
    pub original_payload: Option<serde_json::Value>,
}

/// The sale recorded with this idempotency key.
pub async fn find_by_idempotency_key(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    key: &str,
) -> AppResult<Option<KeyedSale>> {
    Ok(sqlx::query_as(
        "SELECT id, client_id, original_payload FROM tenant_sales WHERE tenant_id = $1 AND idempotency_key = $2",
    )
    .bind(tenant_id)
    .bind(key)
    .fetch_optional(conn)
    .await?)
}

/// A platform's sale as the lifecycle sees it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PlatformSale {
    pub id: Uuid,
    pub client_id: Option<Uuid>,
    pub status: crate::domain::status::SaleStatus,
    pub sale_date: Option<chrono::DateTime<chrono::Utc>>,
}

/// Serializes, until the transaction ends, every transaction of the tenant
/// that asks for the same `key` (a platform's transaction, a subscriber, a
/// manual sale's idempotency key): two events of one purchase arriving at
/// once are applied one after the other, even when neither finds a row to
/// lock yet.
pub async fn lock_sale_key(conn: &mut PgConnection, tenant_id: Uuid, key: &str) -> AppResult<()> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 6021))")
        .bind(format!("{tenant_id}:{key}"))
        .execute(conn)
        .await?;
    Ok(())
}

/// Moves a platform sale's dispute forward (`open`, then `won`; a won
/// dispute is never reopened by a late delivery of its opening) and answers
/// where it stands (and since when). With `None`, only answers.
pub async fn advance_dispute(
    conn: &mut PgConnection,
    sale_id: Uuid,
    to: Option<(&str, DateTime<Utc>)>,
) -> AppResult<(Option<String>, Option<DateTime<Utc>>)> {
    let Some((state, at)) = to else {
        return Ok(sqlx::query_as("SELECT dispute, dispute_at FROM tenant_sales WHERE id = $1")
            .bind(sale_id)
            .fetch_one(conn)
            .await?);
    };
    Ok(sqlx::query_as(
        "UPDATE tenant_sales SET dispute = CASE WHEN dispute = 'won' THEN dispute ELSE $2 END,
                                 dispute_at = CASE WHEN dispute = 'won' THEN dispute_at ELSE $3 END
          WHERE id = $1 RETURNING dispute, dispute_at",
    )
    .bind(sale_id)
    .bind(state)
    .bind(at)
    .fetch_one(conn)
    .await?)
}

/// The sale of `origin` with this external id (the platform's transaction), locked.
pub async fn lock_platform(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    origin: Origin,
    transaction: &str,
) -> AppResult<Option<PlatformSale>> {
    Ok(sqlx::query_as(
        "SELECT id, client_id, status, sale_date FROM tenant_sales
          WHERE tenant_id = $1 AND origin = $2 AND external_id = $3 FOR UPDATE",
    )
    .bind(tenant_id)
    .bind(origin)
    .bind(transaction)
    .fetch_optional(conn)
    .await?)
}

/// What a platform's event says about its sale.
pub struct PlatformSaleFacts<'a> {
    pub tenant_id: Uuid,
    pub origin: Origin,
    pub client_id: Option<Uuid>,
    pub transaction: &'a str,
    pub status: crate::domain::status::SaleStatus,
    pub amount_paid: Option<Decimal>,
    pub gross_amount: Option<Decimal>,
    /// What the platform kept (`hotmart_commission`, the data model's name
    /// for the platform's share, whichever platform it is).
    pub platform_fee: Option<Decimal>,
    pub coproducer_commission: Option<Decimal>,
    pub affiliate_commission: Option<Decimal>,
    pub net_amount: Option<Decimal>,
    pub currency: Option<&'a str>,
    pub sale_date: Option<chrono::DateTime<chrono::Utc>>,
    pub cancellation_date: Option<chrono::DateTime<chrono::Utc>>,
    pub payload: &'a serde_json::Value,
}

pub async fn create_platform(conn: &mut PgConnection, f: &PlatformSaleFacts<'_>) -> AppResult<PlatformSale> {
    Ok(sqlx::query_as(
        "INSERT INTO tenant_sales (id, tenant_id, client_id, external_id, origin, original_payload,
                                   amount_paid_by_customer, gross_amount, hotmart_commission, coproducer_commission,
                                   affiliate_commission, net_amount, original_currency, sale_date, cancellation_date,
                                   status)
         VALUES ($1, $2, $3, $4, $16, $5, $6, $7, $8, $9, $10, $11, COALESCE($12, 'BRL'), $13, $14, $15)
         RETURNING id, client_id, status, sale_date",
    )
    .bind(new_id())
    .bind(f.tenant_id)
    .bind(f.client_id)
    .bind(f.transaction)
    .bind(f.payload)
    .bind(f.amount_paid)
    .bind(f.gross_amount)
    .bind(f.platform_fee)
    .bind(f.coproducer_commission)
    .bind(f.affiliate_commission)
    .bind(f.net_amount)
    .bind(f.currency)
    .bind(f.sale_date)
    .bind(f.cancellation_date)
    .bind(f.status)
    .bind(f.origin)
    .fetch_one(conn)
    .await?)
}

/// Updates a sale with a later (or earlier) event's facts. Amounts and dates
/// already known are kept unless the event carries them; the status is the
/// caller's decision (it only ever moves forward).
pub async fn update_platform(conn: &mut PgConnection, id: Uuid, f: &PlatformSaleFacts<'_>) -> AppResult<PlatformSale> {
    Ok(sqlx::query_as(
        "UPDATE tenant_sales SET
            client_id = COALESCE(client_id, $3),
            original_payload = $4,
            amount_paid_by_customer = COALESCE($5, amount_paid_by_customer),
            gross_amount = COALESCE($6, gross_amount),
            hotmart_commission = COALESCE($7, hotmart_commission),
            coproducer_commission = COALESCE($8, coproducer_commission),
            affiliate_commission = COALESCE($9, affiliate_commission),
            net_amount = COALESCE($10, net_amount),
            original_currency = COALESCE($11, original_currency),
            sale_date = COALESCE(sale_date, $12),
            cancellation_date = COALESCE(cancellation_date, $13),
            status = $14
          WHERE tenant_id = $1 AND id = $2
          RETURNING id, client_id, status, sale_date",
    )
    .bind(f.tenant_id)
    .bind(id)
    .bind(f.client_id)
    .bind(f.payload)
    .bind(f.amount_paid)
    .bind(f.gross_amount)
    .bind(f.platform_fee)
    .bind(f.coproducer_commission)
    .bind(f.affiliate_commission)
    .bind(f.net_amount)
    .bind(f.currency)
    .bind(f.sale_date)
    .bind(f.cancellation_date)
    .bind(f.status)
    .fetch_one(conn)
    .await?)
}

/// A sale as the lists show it (without the provider's payload).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SaleListRow {
    pub id: Uuid,
    pub external_id: Option<String>,
    pub tenant_id: Uuid,
    pub tenant_name: String,
    pub client_id: Option<Uuid>,
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    pub origin: Origin,
    pub amount_paid_by_customer: Option<Decimal>,
    pub gross_amount: Option<Decimal>,
    pub hotmart_commission: Option<Decimal>,
    pub coproducer_commission: Option<Decimal>,
    pub affiliate_commission: Option<Decimal>,
    pub other_fees: Option<Decimal>,
    pub net_amount: Option<Decimal>,
    pub original_currency: String,
    pub exchange_rate: Option<Decimal>,
    pub sale_date: Option<DateTime<Utc>>,
    pub cancellation_date: Option<DateTime<Utc>>,
    pub status: SaleStatus,
    pub created_at: DateTime<Utc>,
    /// How a manual sale was paid (None for Hotmart's).
    pub payment_method: Option<PaymentMethod>,
}

#[derive(Debug, Default, Clone)]
pub struct SaleFilter {
    pub tenant_id: Option<Uuid>,
    pub client_id: Option<Uuid>,
    pub status: Option<SaleStatus>,
    pub origin: Option<Origin>,
    /// Part of the external id (the provider's transaction code).
    pub q: Option<String>,
}

const LISTED: &str = "s.id, s.external_id, s.tenant_id, t.name AS tenant_name, s.client_id, c.name AS client_name,
                      c.email AS client_email, s.origin, s.amount_paid_by_customer, s.gross_amount,
                      s.hotmart_commission, s.coproducer_commission, s.affiliate_commission, s.other_fees,
                      s.net_amount, s.original_currency, s.exchange_rate, s.sale_date, s.cancellation_date,
                      s.status, s.created_at, s.payment_method";
const FROM: &str = " FROM tenant_sales s";
const JOINS: &str = " JOIN tenants t ON t.id = s.tenant_id
                      LEFT JOIN tenant_clients c ON c.tenant_id = s.tenant_id AND c.id = s.client_id";

/// Sales, newest first.
pub async fn list(conn: &mut PgConnection, filter: &SaleFilter, params: PageParams) -> AppResult<Page<SaleListRow>> {
    let pattern = contains_pattern(filter.q.as_deref());
    let listing = Listing {
        columns: LISTED,
        from: "tenant_sales s",
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
            if let Some(origin) = filter.origin {
                qb.push(" AND s.origin = ").push_bind(origin);
            }
            if let Some(p) = &pattern {
                qb.push(" AND s.external_id ILIKE ").push_bind(p.clone());
            }
        },
        narrow: Narrow::by_filters_if(pattern.is_some()),
    };
    fetch_page(conn, listing, params).await
}

/// A sale with the provider's original payload.
pub async fn find_detail(
    conn: &mut PgConnection,
    id: Uuid,
) -> AppResult<Option<(SaleListRow, Option<serde_json::Value>)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        sale: SaleListRow,
        original_payload: Option<serde_json::Value>,
    }
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {LISTED}, s.original_payload{FROM}{JOINS} WHERE s.id = $1"
    )))
    .bind(id)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.sale, r.original_payload)))
}

/// Every field of a sale as the admin's dialog sets it.
#[derive(Debug, Clone)]
pub struct SaleFields {
    pub tenant_id: Uuid,
    pub client_id: Option<Uuid>,
    pub external_id: Option<String>,
    pub origin: Origin,
    pub amount_paid_by_customer: Option<Decimal>,
    pub gross_amount: Option<Decimal>,
    pub hotmart_commission: Option<Decimal>,
    pub coproducer_commission: Option<Decimal>,
    pub affiliate_commission: Option<Decimal>,
    pub other_fees: Option<Decimal>,
    pub net_amount: Option<Decimal>,
    pub original_currency: String,
    pub exchange_rate: Option<Decimal>,
    pub sale_date: Option<DateTime<Utc>>,
    pub cancellation_date: Option<DateTime<Utc>>,
    pub status: SaleStatus,
}

/// Creates (`id` None) or rewrites a sale; the provider's payload is kept.
/// None when there is no sale `id`.
pub async fn save(conn: &mut PgConnection, id: Option<Uuid>, f: &SaleFields) -> AppResult<Option<Uuid>> {
    let sql = if id.is_some() {
        "UPDATE tenant_sales SET tenant_id = $2, client_id = $3, external_id = $4, origin = $5,
                amount_paid_by_customer = $6, gross_amount = $7, hotmart_commission = $8,
                coproducer_commission = $9, affiliate_commission = $10, other_fees = $11, net_amount = $12,
                original_currency = $13, exchange_rate = $14, sale_date = $15, cancellation_date = $16, status = $17
          WHERE id = $1 RETURNING id"
    } else {
        "INSERT INTO tenant_sales (id, tenant_id, client_id, external_id, origin, amount_paid_by_customer,
                                   gross_amount, hotmart_commission, coproducer_commission, affiliate_commission,
                                   other_fees, net_amount, original_currency, exchange_rate, sale_date,
                                   cancellation_date, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, COALESCE($15, now()), $16, $17) RETURNING id"
    };
    sqlx::query_scalar(sql)
        .bind(id.unwrap_or_else(new_id))
        .bind(f.tenant_id)
        .bind(f.client_id)
        .bind(&f.external_id)
        .bind(f.origin)
        .bind(f.amount_paid_by_customer)
        .bind(f.gross_amount)
        .bind(f.hotmart_commission)
        .bind(f.coproducer_commission)
        .bind(f.affiliate_commission)
        .bind(f.other_fees)
        .bind(f.net_amount)
        .bind(&f.original_currency)
        .bind(f.exchange_rate)
        .bind(f.sale_date)
        .bind(f.cancellation_date)
        .bind(f.status)
        .fetch_optional(conn)
        .await
        .on_constraint(&[unique(
            "tenant_sales_external_key",
            "externalId",
            "Já existe uma venda com este ID externo nesta origem",
        )])
}

/// Whether the tenant has this sale.
pub async fn belongs_to(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<bool> {
    Ok(sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM tenant_sales WHERE tenant_id = $1 AND id = $2)")
        .bind(tenant_id)
        .bind(id)
        .fetch_one(conn)
        .await?)
}
