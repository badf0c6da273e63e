use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::{unique_violation, AppError, AppResult};
use crate::ids::new_id;
use crate::status::OwnerRole;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantOwner {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub role: OwnerRole,
    pub is_active: bool,
    pub email_verified: bool,
}

pub struct NewTenantOwner {
    pub tenant_id: Uuid,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub password_hash: String,
    pub role: OwnerRole,
}

macro_rules! columns {
    () => {
        "id, tenant_id, name, email, phone, role, is_active, email_verified"
    };
}

pub async fn find_credentials(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    email: &str,
) -> AppResult<Option<(TenantOwner, String)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        owner: TenantOwner,
        password: String,
    }
    let row: Option<Row> = sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        ", password FROM tenant_owners WHERE tenant_id = $1 AND email = $2"
    ))
    .bind(tenant_id)
    .bind(email)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| (r.owner, r.password)))
}

pub async fn find(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<TenantOwner>> {
    Ok(sqlx::query_as(concat!("SELECT ", columns!(), " FROM tenant_owners WHERE tenant_id = $1 AND id = $2"))
        .bind(tenant_id)
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

pub async fn create(conn: &mut PgConnection, new: NewTenantOwner) -> AppResult<TenantOwner> {
    sqlx::query_as(concat!(
        "INSERT INTO tenant_owners (id, tenant_id, name, email, phone, password, role)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(&new.name)
    .bind(&new.email)
    .bind(&new.phone)
    .bind(&new.password_hash)
    .bind(new.role)
    .fetch_one(conn)
    .await
    .map_err(|e| match unique_violation(&e) {
        Some("tenant_owners_tenant_id_email_key") => {
            AppError::validation_field("email", "Já existe um owner com este e-mail neste tenant")
        }
        _ => e.into(),
    })
}
