use chrono::{DateTime, Utc};
use sqlx::{PgConnection, Postgres, QueryBuilder};
use uuid::Uuid;

use super::listing::{fetch_page, Listing, Narrow};
use crate::domain::error::{unique, AppResult, OnConstraint, UniqueField};
use crate::domain::ids::new_id;
use crate::domain::pagination::{contains_pattern, Page, PageParams};
use crate::domain::status::ClientStatus;

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
    pub status: ClientStatus,
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
        "INSERT INTO tenant_clients (id, tenant_id, name, email, phone, password, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(&new.name)
    .bind(&new.email)
    .bind(&new.phone)
    .bind(&new.password_hash)
    .bind(new.status)
    .fetch_one(conn)
    .await
    .on_constraint(CLIENT_UNIQUE)
}

/// Marks the client as a buyer whose payment was taken back (chargeback).
/// The first mark stays: it says since when. Worker scope.
pub async fn flag_chargeback(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    at: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    sqlx::query(
        "UPDATE tenant_clients SET chargeback_at = COALESCE(chargeback_at, $3) WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(id)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
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

const CLIENT_UNIQUE: &[UniqueField] =
    &[unique("tenant_clients_tenant_id_email_key", "email", "Já existe um cliente com este e-mail")];

/// A client as the lists show them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClientListRow {
    #[sqlx(flatten)]
    pub client: TenantClient,
    pub tenant_name: String,
    pub registration_date: DateTime<Utc>,
    /// When a payment of theirs was taken back by their bank (any platform).
    pub chargeback_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Default, Clone)]
pub struct ClientFilter {
    pub tenant_id: Option<Uuid>,
    pub status: Option<ClientStatus>,
    /// Part of the name or e-mail.
    pub q: Option<String>,
}

const LISTED: &str = "c.id, c.tenant_id, c.name, c.email, c.phone, c.status, c.last_login, c.created_at,
                      c.registration_date, c.chargeback_at, t.name AS tenant_name";

/// Clients, newest first; the platform sees every tenant's, an owner theirs.
pub async fn list(
    conn: &mut PgConnection,
    filter: &ClientFilter,
    params: PageParams,
) -> AppResult<Page<ClientListRow>> {
    let pattern = contains_pattern(filter.q.as_deref());
    let listing = Listing {
        columns: LISTED,
        from: "tenant_clients c",
        joins: " JOIN tenants t ON t.id = c.tenant_id",
        filters: |qb: &mut QueryBuilder<Postgres>| {
            if let Some(tenant) = filter.tenant_id {
                qb.push(" AND c.tenant_id = ").push_bind(tenant);
            }
            if let Some(status) = filter.status {
                qb.push(" AND c.status = ").push_bind(status);
            }
            if let Some(p) = &pattern {
                qb.push(" AND (c.name ILIKE ").push_bind(p.clone()).push(" OR c.email ILIKE ").push_bind(p.clone());
                qb.push(")");
            }
        },
        narrow: Narrow::by_filters_if(pattern.is_some()),
    };
    fetch_page(conn, listing, params).await
}

pub async fn find_listed(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<ClientListRow>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {LISTED} FROM tenant_clients c JOIN tenants t ON t.id = c.tenant_id WHERE c.id = $1"
    )))
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// What an edit may change; None keeps the current value.
#[derive(Debug, Default)]
pub struct ClientChanges {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<Option<String>>,
    pub password_hash: Option<String>,
    pub status: Option<ClientStatus>,
}

pub async fn update(conn: &mut PgConnection, id: Uuid, c: ClientChanges) -> AppResult<Option<TenantClient>> {
    let updated: Option<TenantClient> = sqlx::query_as(concat!(
        "UPDATE tenant_clients SET
            name = COALESCE($2, name), email = COALESCE($3, email),
            phone = CASE WHEN $4 THEN $5 ELSE phone END, status = COALESCE($6, status)
          WHERE id = $1 RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(c.name)
    .bind(c.email)
    .bind(c.phone.is_some())
    .bind(c.phone.flatten())
    .bind(c.status)
    .fetch_optional(&mut *conn)
    .await
    .on_constraint(CLIENT_UNIQUE)?;
    // A statement of its own: owners may write the hash but never read it,
    // and `COALESCE($x, password)` would read it.
    if let (Some(_), Some(hash)) = (&updated, c.password_hash) {
        sqlx::query("UPDATE tenant_clients SET password = $2 WHERE id = $1").bind(id).bind(hash).execute(conn).await?;
    }
    Ok(updated)
}

/// The client's password hash: `Some(None)` when they never had one (the
/// account came from a purchase), None for no such client. Anonymous scope
/// (no signed-in role reads hashes).
pub async fn password_of(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<Option<String>>> {
    Ok(sqlx::query_scalar("SELECT password FROM tenant_clients WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Replaces the client's password only if it is still `expected` (the hash
/// just verified, or NULL for a first password): a change made meanwhile
/// elsewhere (a reset link, another tab) is never overwritten by one
/// checked against the old value. False when it was. Anonymous scope.
pub async fn replace_password(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    expected: Option<&str>,
    new_hash: &str,
) -> AppResult<bool> {
    let done = sqlx::query(
        "UPDATE tenant_clients SET password = $4
          WHERE tenant_id = $1 AND id = $2 AND password IS NOT DISTINCT FROM $3",
    )
    .bind(tenant_id)
    .bind(id)
    .bind(expected)
    .bind(new_hash)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// How long an e-mailed sign-in code is good for, and how many tries it allows.
pub const SIGNIN_CODE_MINUTES: i32 = 15;
pub const SIGNIN_CODE_TRIES: i32 = 5;

/// Stores a new sign-in code (its hash) for the client, unless one was sent
/// less than a minute ago (a double click, or someone flooding the buyer's
/// mailbox): then nothing changes and false is returned. Anonymous scope.
pub async fn issue_signin_code(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    code_hash: &str,
) -> AppResult<bool> {
    let issued = sqlx::query(
        "UPDATE tenant_clients
            SET signin_code_hash = $3, signin_code_expiry = now() + make_interval(mins => $4),
                signin_code_sent_at = now(), signin_code_attempts = 0
          WHERE tenant_id = $1 AND id = $2
            AND (signin_code_sent_at IS NULL OR signin_code_sent_at < now() - interval '1 minute')",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(code_hash)
    .bind(SIGNIN_CODE_MINUTES)
    .execute(conn)
    .await?;
    Ok(issued.rows_affected() == 1)
}

/// Whether `code_hash` is the client's live sign-in code. Every try counts;
/// a matching code is used up. Anonymous scope.
pub async fn redeem_signin_code(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    client_id: Uuid,
    code_hash: &str,
) -> AppResult<bool> {
    let matched: Option<bool> = sqlx::query_scalar(
        "UPDATE tenant_clients SET signin_code_attempts = signin_code_attempts + 1
          WHERE tenant_id = $1 AND id = $2 AND signin_code_hash IS NOT NULL
          RETURNING signin_code_expiry > now() AND signin_code_attempts <= $4 AND signin_code_hash = $3",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(code_hash)
    .bind(SIGNIN_CODE_TRIES)
    .fetch_optional(&mut *conn)
    .await?;
    let matched = matched.unwrap_or(false);
    if matched {
        sqlx::query(
            "UPDATE tenant_clients SET signin_code_hash = NULL, signin_code_expiry = NULL
              WHERE tenant_id = $1 AND id = $2",
        )
        .bind(tenant_id)
        .bind(client_id)
        .execute(conn)
        .await?;
    }
    Ok(matched)
}
