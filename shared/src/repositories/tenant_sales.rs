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
