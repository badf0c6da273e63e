//! Periodic clean-up of credentials that can no longer be used.

use sqlx::PgConnection;

use crate::domain::error::AppResult;

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Purged {
    pub sessions: u64,
    pub owner_reset_tokens: u64,
    pub client_reset_tokens: u64,
    pub login_failures: u64,
    pub finished_jobs: u64,
}

/// Deletes expired sessions, voids expired reset tokens, forgets old login
/// failures and drops job rows that finished more than a week ago (kept that
/// long for inspection). Needs platform scope (it spans every tenant). Idempotent.
pub async fn purge_expired(conn: &mut PgConnection) -> AppResult<Purged> {
    let sessions = sqlx::query("DELETE FROM sessions WHERE expires_at <= now()").execute(&mut *conn).await?;
    let owners = sqlx::query(
        "UPDATE tenant_owners SET reset_token = NULL, reset_token_expiry = NULL
          WHERE reset_token IS NOT NULL AND reset_token_expiry <= now()",
    )
    .execute(&mut *conn)
    .await?;
    let clients = sqlx::query(
        "UPDATE tenant_clients SET reset_token = NULL, reset_token_expiry = NULL
          WHERE reset_token IS NOT NULL AND reset_token_expiry <= now()",
    )
    .execute(&mut *conn)
    .await?;
    let failures = sqlx::query("DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'")
        .execute(&mut *conn)
        .await?;
    // Addresses strangers typed into "forgot password", and old wrong codes:
    // kept only as long as the limits that count them (an hour, a day).
    sqlx::query("DELETE FROM password_reset_requests WHERE requested_at < now() - interval '1 day'")
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM signin_code_failures WHERE failed_at < now() - interval '1 day'")
        .execute(&mut *conn)
        .await?;
    let jobs = sqlx::query("DELETE FROM apalis.jobs WHERE status = 'Done' AND done_at < now() - interval '7 days'")
        .execute(&mut *conn)
        .await?;
    Ok(Purged {
        sessions: sessions.rows_affected(),
        owner_reset_tokens: owners.rows_affected(),
        client_reset_tokens: clients.rows_affected(),
        login_failures: failures.rows_affected(),
        finished_jobs: jobs.rows_affected(),
    })
}
