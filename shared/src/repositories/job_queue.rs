//! The background job queue (apalis' tables), written inside the caller's
//! transaction. The payloads and queue names are in `crate::workflows::jobs`.

use apalis::prelude::TaskBuilder;
use serde::Serialize;
use sqlx::PgConnection;

use crate::domain::error::{unique_violation, AppError, AppResult};

/// Queues `job` on `queue` inside the caller's transaction, so the job exists
/// exactly when the change that asked for it commits. With an idempotency key,
/// a second request with the same key is a no-op and returns `false`.
pub async fn enqueue<J: Serialize>(
    conn: &mut PgConnection,
    queue: &str,
    job: &J,
    idempotency_key: Option<&str>,
) -> AppResult<bool> {
    let args = serde_json::to_vec(job).map_err(AppError::internal)?;
    let mut task = TaskBuilder::new(args);
    if let Some(key) = idempotency_key {
        task = task.idempotency_key(key);
    }
    // A savepoint keeps a duplicate key from aborting the caller's transaction.
    sqlx::query("SAVEPOINT enqueue").execute(&mut *conn).await?;
    match apalis_postgres::queries::push_tasks(&mut *conn, queue, vec![task.build()]).await {
        Ok(()) => {
            sqlx::query("RELEASE SAVEPOINT enqueue").execute(&mut *conn).await?;
            Ok(true)
        }
        Err(apalis_postgres::Error::Database(e)) if unique_violation(&e).is_some() => {
            sqlx::query("ROLLBACK TO SAVEPOINT enqueue").execute(&mut *conn).await?;
            Ok(false)
        }
        Err(e) => Err(AppError::internal(e)),
    }
}
