//! Licenses (`tenant_client_robots`): a client's right to run a robot.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::AppResult;
use crate::ids::new_id;
use crate::status::LicenseStatus;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct License {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub client_id: Option<Uuid>,
    pub robot_id: Option<Uuid>,
    pub sale_id: Option<Uuid>,
    pub activation_date: Option<DateTime<Utc>>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub status: LicenseStatus,
    pub account_number: Option<String>,
    pub created_at: DateTime<Utc>,
}

macro_rules! columns {
    () => {
        "id, tenant_id, client_id, robot_id, sale_id, activation_date, expiration_date, status, account_number, created_at"
    };
}

/// The license a sale granted, locked for this transaction.
pub async fn lock_by_sale(conn: &mut PgConnection, tenant_id: Uuid, sale_id: Uuid) -> AppResult<Option<License>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tenant_client_robots WHERE tenant_id = $1 AND sale_id = $2 FOR UPDATE"
    ))
    .bind(tenant_id)
    .bind(sale_id)
    .fetch_optional(conn)
    .await?)
}

pub struct NewLicense {
    pub tenant_id: Uuid,
    pub client_id: Uuid,
    pub robot_id: Uuid,
    pub sale_id: Option<Uuid>,
    pub activation_date: Option<DateTime<Utc>>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub status: LicenseStatus,
}

pub async fn create(conn: &mut PgConnection, new: NewLicense) -> AppResult<License> {
    Ok(sqlx::query_as(concat!(
        "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, sale_id, activation_date, expiration_date, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(new.client_id)
    .bind(new.robot_id)
    .bind(new.sale_id)
    .bind(new.activation_date)
    .bind(new.expiration_date)
    .bind(new.status)
    .fetch_one(conn)
    .await?)
}

pub async fn set_status(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid, status: LicenseStatus) -> AppResult<()> {
    sqlx::query("UPDATE tenant_client_robots SET status = $3 WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .bind(status)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets the date the license runs until (None: no end).
pub async fn set_expiration(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    expiration: Option<DateTime<Utc>>,
) -> AppResult<()> {
    sqlx::query("UPDATE tenant_client_robots SET expiration_date = $3 WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .bind(expiration)
        .execute(conn)
        .await?;
    Ok(())
}
