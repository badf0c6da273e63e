//! Wrong sign-in codes of the purchase-id sign-in (decision 0012), counted
//! per client apart from the code itself (migration 37). A new code resets
//! that code's own tries, never these: asking for a code every minute buys no
//! fresh guesses. Anonymous scope in the tenant.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;

/// Wrong codes allowed per client in [`SHORT_WINDOW_MINUTES`].
pub const PER_SHORT_WINDOW: i64 = 5;
pub const SHORT_WINDOW_MINUTES: i32 = 15;
/// Wrong codes allowed per client in a day.
pub const PER_DAY: i64 = 20;

/// Shown (429) while the client is over the short window's limit.
pub const TOO_MANY_CODES: &str =
    "Muitas tentativas com código incorreto. Aguarde 15 minutos e tente novamente com o código mais recente.";
/// Shown (429) while the client is over the day's limit.
pub const TOO_MANY_CODES_TODAY: &str = "Muitas tentativas com código incorreto hoje. Tente novamente amanhã.";

/// Whether the client may try a code now: None, or the pt-BR reason why
/// not. Takes the client's lock for the rest of the transaction, so parallel
/// guesses are counted one by one.
pub async fn refusal(conn: &mut PgConnection, tenant_id: Uuid, client_id: Uuid) -> AppResult<Option<&'static str>> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7315))")
        .bind(format!("signin-code:{tenant_id}:{client_id}"))
        .execute(&mut *conn)
        .await?;
    let (short, day): (i64, i64) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE failed_at > now() - make_interval(mins => $3)), count(*)
           FROM signin_code_failures
          WHERE tenant_id = $1 AND client_id = $2 AND failed_at > now() - interval '1 day'",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(SHORT_WINDOW_MINUTES)
    .fetch_one(conn)
    .await?;
    Ok(if day >= PER_DAY {
        Some(TOO_MANY_CODES_TODAY)
    } else if short >= PER_SHORT_WINDOW {
        Some(TOO_MANY_CODES)
    } else {
        None
    })
}

pub async fn record(conn: &mut PgConnection, tenant_id: Uuid, client_id: Uuid) -> AppResult<()> {
    sqlx::query("INSERT INTO signin_code_failures (id, tenant_id, client_id) VALUES ($1, $2, $3)")
        .bind(Uuid::now_v7())
        .bind(tenant_id)
        .bind(client_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The right code was given: the mailbox is proven, earlier slips are forgiven.
pub async fn forget(conn: &mut PgConnection, tenant_id: Uuid, client_id: Uuid) -> AppResult<()> {
    sqlx::query("DELETE FROM signin_code_failures WHERE tenant_id = $1 AND client_id = $2")
        .bind(tenant_id)
        .bind(client_id)
        .execute(conn)
        .await?;
    Ok(())
}
