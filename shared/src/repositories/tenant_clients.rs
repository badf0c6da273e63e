use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::{unique_violation, AppError, AppResult};
use crate::ids::new_id;
use crate::status::ClientStatus;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantClient {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub status: ClientStatus,
    pub last_login: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl TenantClient {
    pub fn is_active(&self) -> bool {
        self.status == ClientStatus::Active
    }
}

pub struct NewTenantClient {
    pub tenant_id: Uuid,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub password_hash: Option<String>,
}

macro_rules! columns {
    () => {
        "id, tenant_id, name, email, phone, status, last_login, created_at"
    };
}

/// The client and their password hash (None when they never set one).
pub async fn find_credentials(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    email: &str,
) -> AppResult<Option<(TenantClient, Option<String>)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        client: TenantClient,
        password: Option<String>,
    }
    let row: Option<Row> = sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        ", password FROM tenant_clients WHERE tenant_id = $1 AND email = $2"
    ))
    .bind(tenant_id)
    .bind(email)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.client, r.password)))
}

/// The client with this e-mail who made the confirmed purchase `external_id`
/// (the purchase id they received by e-mail). A refunded or pending sale
/// opens nothing.
pub async fn find_by_purchase(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    email: &str,
    external_id: &str,
) -> AppResult<Option<TenantClient>> {
    Ok(sqlx::query_as(
        "SELECT c.id, c.tenant_id, c.name, c.email, c.phone, c.status, c.last_login, c.created_at
           FROM tenant_clients c
          WHERE c.tenant_id = $1 AND c.email = $2
            AND EXISTS (SELECT 1 FROM tenant_sales s
                         WHERE s.tenant_id = c.tenant_id AND s.client_id = c.id AND s.external_id = $3
                           AND s.status = 'confirmed')",
    )
    .bind(tenant_id)
    .bind(email)
    .bind(external_id)
    .fetch_optional(conn)
    .await?)
}

pub async fn find(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<TenantClient>> {
    Ok(sqlx::query_as(concat!("SELECT ", columns!(), " FROM tenant_clients WHERE tenant_id = $1 AND id = $2"))
        .bind(tenant_id)
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

pub async fn touch_last_login(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<()> {
    sqlx::query("UPDATE tenant_clients SET last_login = now() WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn create(conn: &mut PgConnection, new: NewTenantClient) -> AppResult<TenantClient> {
    sqlx::query_as(concat!(
        "INSERT INTO tenant_clients (id, tenant_id, name, email, phone, password)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(&new.name)
    .bind(&new.email)
    .bind(&new.phone)
    .bind(&new.password_hash)
    .fetch_one(conn)
    .await
    .map_err(|e| match unique_violation(&e) {
        Some("tenant_clients_tenant_id_email_key") => {
            AppError::validation_field("email", "Já existe um cliente com este e-mail")
        }
        _ => e.into(),
    })
}

/// The client with this e-mail, created (without a password) when there is
/// none. Returns the client id and whether it was created now. Safe against
/// a concurrent creation of the same e-mail.
pub async fn find_or_create_by_email(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    email: &str,
    name: &str,
    phone: Option<&str>,
) -> AppResult<(Uuid, bool)> {
    let created: Option<Uuid> = sqlx::query_scalar(
        "INSERT INTO tenant_clients (id, tenant_id, name, email, phone) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (tenant_id, email) DO NOTHING RETURNING id",
    )
    .bind(new_id())
    .bind(tenant_id)
    .bind(name)
    .bind(email)
    .bind(phone)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(id) = created {
        return Ok((id, true));
    }
    let id = sqlx::query_scalar("SELECT id FROM tenant_clients WHERE tenant_id = $1 AND email = $2")
        .bind(tenant_id)
        .bind(email)
        .fetch_one(conn)
        .await?;
    Ok((id, false))
}
