//! Forgotten-password requests (migration 37). The request only records one
//! and queues a job, the same work whether or not the address has an account;
//! the job (`workflows::password_reset`) looks the account up and mails it.
//! The rows give the per-address limit (requests) and the per-recipient limit
//! (mails sent, across tenants and portals).

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::repositories::reset_tokens::Account;

fn account_name(account: Account) -> &'static str {
    match account {
        Account::Owner => "owner",
        Account::Client => "client",
    }
}

/// A request as the request handler saw it.
#[derive(Debug, Clone)]
pub struct NewRequest<'a> {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub account: Account,
    pub email: &'a str,
    pub link_base: &'a str,
    pub tenant_name: &'a str,
}

/// Records the request unless its address already made `per_hour` of them in
/// the last hour (known or not: the limit must tell nothing). Serialised per
/// address, so a burst cannot slip past the count. Anonymous scope in the
/// tenant. False when over the limit (nothing recorded).
pub async fn record(conn: &mut PgConnection, request: &NewRequest<'_>, per_hour: i64) -> AppResult<bool> {
    let account = account_name(request.account);
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7313))")
        .bind(format!("reset:{}:{account}:{}", request.tenant_id, request.email))
        .execute(&mut *conn)
        .await?;
    let inserted = sqlx::query(
        "INSERT INTO password_reset_requests (id, tenant_id, account, email, link_base, tenant_name)
         SELECT $1, $2, $3, $4, $5, $6
          WHERE (SELECT count(*) FROM password_reset_requests
                  WHERE tenant_id = $2 AND account = $3 AND email = $4
                    AND requested_at > now() - interval '1 hour') < $7",
    )
    .bind(request.id)
    .bind(request.tenant_id)
    .bind(account)
    .bind(request.email)
    .bind(request.link_base)
    .bind(request.tenant_name)
    .bind(per_hour)
    .execute(conn)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

/// A request the job has taken on.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Claimed {
    pub tenant_id: Uuid,
    pub account: String,
    pub email: String,
    pub link_base: String,
    pub tenant_name: String,
}

impl Claimed {
    pub fn account(&self) -> Account {
        if self.account == "owner" {
            Account::Owner
        } else {
            Account::Client
        }
    }
}

/// Marks the request as being processed and returns it; None when another run
/// took it already (a job retried or run twice changes nothing). Worker scope.
pub async fn claim(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<Claimed>> {
    Ok(sqlx::query_as(
        "UPDATE password_reset_requests SET processed_at = now()
          WHERE tenant_id = $1 AND id = $2 AND processed_at IS NULL
         RETURNING tenant_id, account, email, link_base, tenant_name",
    )
    .bind(tenant_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Reset mails sent to `email` in the last hour, at every tenant and portal,
/// after waiting for any other job mailing the same address. Platform
/// worker scope (the count spans tenants).
pub async fn lock_and_count_mailed(conn: &mut PgConnection, email: &str) -> AppResult<i64> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7314))")
        .bind(format!("reset-recipient:{email}"))
        .execute(&mut *conn)
        .await?;
    Ok(sqlx::query_scalar(
        "SELECT count(*) FROM password_reset_requests
          WHERE email = $1 AND outcome = 'mailed' AND processed_at > now() - interval '1 hour'",
    )
    .bind(email)
    .fetch_one(conn)
    .await?)
}

/// What the job did with the request. Worker scope.
pub async fn set_outcome(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid, outcome: &str) -> AppResult<()> {
    sqlx::query("UPDATE password_reset_requests SET outcome = $3 WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .bind(outcome)
        .execute(conn)
        .await?;
    Ok(())
}

/// Requests of `tenant_id` not processed yet, oldest first (tests drain them).
pub async fn pending_ids(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Vec<Uuid>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM password_reset_requests WHERE tenant_id = $1 AND processed_at IS NULL
          ORDER BY requested_at, id",
    )
    .bind(tenant_id)
    .fetch_all(conn)
    .await?)
}
