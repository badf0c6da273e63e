use rust_decimal::Decimal;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::AppResult;
use crate::ids::new_id;

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

/// A Hotmart sale as the engine sees it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HotmartSale {
    pub id: Uuid,
    pub client_id: Option<Uuid>,
    pub status: crate::status::SaleStatus,
    pub sale_date: Option<chrono::DateTime<chrono::Utc>>,
}

/// The Hotmart sale of `transaction`, locked for this transaction.
pub async fn lock_hotmart(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    transaction: &str,
) -> AppResult<Option<HotmartSale>> {
    Ok(sqlx::query_as(
        "SELECT id, client_id, status, sale_date FROM tenant_sales
          WHERE tenant_id = $1 AND origin = 'hotmart' AND external_id = $2 FOR UPDATE",
    )
    .bind(tenant_id)
    .bind(transaction)
    .fetch_optional(conn)
    .await?)
}

/// What a Hotmart event says about its sale.
pub struct HotmartSaleFacts<'a> {
    pub tenant_id: Uuid,
    pub client_id: Option<Uuid>,
    pub transaction: &'a str,
    pub status: crate::status::SaleStatus,
    pub amount_paid: Option<Decimal>,
    pub gross_amount: Option<Decimal>,
    pub hotmart_commission: Option<Decimal>,
    pub coproducer_commission: Option<Decimal>,
    pub affiliate_commission: Option<Decimal>,
    pub net_amount: Option<Decimal>,
    pub currency: Option<&'a str>,
    pub sale_date: Option<chrono::DateTime<chrono::Utc>>,
    pub cancellation_date: Option<chrono::DateTime<chrono::Utc>>,
    pub payload: &'a serde_json::Value,
}

pub async fn create_hotmart(conn: &mut PgConnection, f: &HotmartSaleFacts<'_>) -> AppResult<HotmartSale> {
    Ok(sqlx::query_as(
        "INSERT INTO tenant_sales (id, tenant_id, client_id, external_id, origin, original_payload,
                                   amount_paid_by_customer, gross_amount, hotmart_commission, coproducer_commission,
                                   affiliate_commission, net_amount, original_currency, sale_date, cancellation_date,
                                   status)
         VALUES ($1, $2, $3, $4, 'hotmart', $5, $6, $7, $8, $9, $10, $11, COALESCE($12, 'BRL'), $13, $14, $15)
         RETURNING id, client_id, status, sale_date",
    )
    .bind(new_id())
    .bind(f.tenant_id)
    .bind(f.client_id)
    .bind(f.transaction)
    .bind(f.payload)
    .bind(f.amount_paid)
    .bind(f.gross_amount)
    .bind(f.hotmart_commission)
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

/// Updates a sale with a later (or earlier) event's facts. Amounts and dates
/// already known are kept unless the event carries them; the status is the
/// caller's decision (it only ever moves forward).
pub async fn update_hotmart(conn: &mut PgConnection, id: Uuid, f: &HotmartSaleFacts<'_>) -> AppResult<HotmartSale> {
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
    .bind(f.hotmart_commission)
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
