use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{unique, AppResult, OnConstraint, UniqueField};
use crate::domain::ids::new_id;
use crate::domain::status::OwnerRole;

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
    pub is_active: bool,
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
        "INSERT INTO tenant_owners (id, tenant_id, name, email, phone, password, role, is_active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(&new.name)
    .bind(&new.email)
    .bind(&new.phone)
    .bind(&new.password_hash)
    .bind(new.role)
    .bind(new.is_active)
    .fetch_one(conn)
    .await
    .on_constraint(OWNER_UNIQUE)
}

/// An owner as the lists show them, with their tenant's name.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OwnerListRow {
    #[sqlx(flatten)]
    pub owner: TenantOwner,
    pub tenant_name: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Default, Clone)]
pub struct OwnerFilter {
    pub tenant_id: Option<Uuid>,
    /// Part of the name or e-mail.
    pub q: Option<String>,
}

/// Owners, newest first. Platform scope lists every tenant's.
pub async fn list(
    conn: &mut PgConnection,
    filter: &OwnerFilter,
    params: crate::domain::pagination::PageParams,
) -> AppResult<crate::domain::pagination::Page<OwnerListRow>> {
    let pattern = crate::domain::pagination::contains_pattern(filter.q.as_deref());
    let listing = super::listing::Listing {
        columns: "o.id, o.tenant_id, o.name, o.email, o.phone, o.role, o.is_active, o.email_verified,
                  o.created_at, t.name AS tenant_name",
        from: "tenant_owners o",
        joins: " JOIN tenants t ON t.id = o.tenant_id",
        filters: |qb: &mut sqlx::QueryBuilder<sqlx::Postgres>| {
            if let Some(tenant) = filter.tenant_id {
                qb.push(" AND o.tenant_id = ").push_bind(tenant);
            }
            if let Some(p) = &pattern {
                qb.push(" AND (o.name ILIKE ").push_bind(p.clone()).push(" OR o.email ILIKE ").push_bind(p.clone());
                qb.push(")");
            }
        },
        narrow: super::listing::Narrow::by_filters_if(pattern.is_some()),
    };
    super::listing::fetch_page(conn, listing, params).await
}

/// An owner of any tenant (platform scope), with the tenant's name.
pub async fn find_listed(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<OwnerListRow>> {
    Ok(sqlx::query_as(
        "SELECT o.id, o.tenant_id, o.name, o.email, o.phone, o.role, o.is_active, o.email_verified,
                o.created_at, t.name AS tenant_name
           FROM tenant_owners o JOIN tenants t ON t.id = o.tenant_id WHERE o.id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// What an edit may change; None keeps the current value.
#[derive(Debug, Default)]
pub struct OwnerChanges {
    pub tenant_id: Option<Uuid>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<Option<String>>,
    pub password_hash: Option<String>,
    pub role: Option<OwnerRole>,
    pub is_active: Option<bool>,
}

/// Changes an owner; a new password ends their sessions (the caller's
/// concern: see `sessions::end_for_owner`). None when there is no such owner.
pub async fn update(conn: &mut PgConnection, id: Uuid, c: OwnerChanges) -> AppResult<Option<TenantOwner>> {
    sqlx::query_as(concat!(
        "UPDATE tenant_owners SET
            tenant_id = COALESCE($2, tenant_id), name = COALESCE($3, name), email = COALESCE($4, email),
            phone = CASE WHEN $5 THEN $6 ELSE phone END, password = COALESCE($7, password),
            role = COALESCE($8, role), is_active = COALESCE($9, is_active)
          WHERE id = $1 RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(c.tenant_id)
    .bind(c.name)
    .bind(c.email)
    .bind(c.phone.is_some())
    .bind(c.phone.flatten())
    .bind(c.password_hash)
    .bind(c.role)
    .bind(c.is_active)
    .fetch_optional(conn)
    .await
    .on_constraint(OWNER_UNIQUE)
}

const OWNER_UNIQUE: &[UniqueField] =
    &[unique("tenant_owners_tenant_id_email_key", "email", "Já existe um owner com este e-mail neste tenant")];
