//! Background job payloads and their queues. Queue names are spelled out:
//! apalis defaults to the Rust type path, which silently changes when a type
//! moves and strands the jobs already queued under the old name.

use apalis::prelude::TaskBuilder;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;

use crate::error::{AppError, AppResult};

pub const HOUSEKEEPING_QUEUE: &str = "roboforge.housekeeping";
pub const HOTMART_QUEUE: &str = "roboforge.hotmart";
pub const EMAIL_QUEUE: &str = "roboforge.email";
pub const FACTORY_QUEUE: &str = "roboforge.factory";
pub const LICENSE_EXPIRY_QUEUE: &str = "roboforge.license-expiry";

/// Send one message of the e-mail outbox (idempotent: a sent one is skipped).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SendEmail {
    pub tenant_id: uuid::Uuid,
    pub outbox_id: uuid::Uuid,
}

/// Apply one stored Hotmart event (idempotent: a processed event is skipped).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ProcessHotmartEvent {
    pub tenant_id: uuid::Uuid,
    pub inbox_id: uuid::Uuid,
}

/// One step of the AI factory's pipeline for one project version.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum FactoryStep {
    /// Write the code from the strategy (or the adjustment).
    Generate,
    /// A second pass that notes and fixes obvious faults.
    Review,
    /// Fix what the compiler or the static checks found.
    Fix,
}

/// Run `step` for a version (idempotent: a version no longer at that step
/// is left alone).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RunFactoryStep {
    pub tenant_id: uuid::Uuid,
    pub version_id: uuid::Uuid,
    pub step: FactoryStep,
    /// The fix round (0 for generate and review).
    pub attempt: i32,
}

impl RunFactoryStep {
    /// Queues the step; the same step of the same round is queued once.
    pub async fn enqueue(self, conn: &mut PgConnection) -> AppResult<bool> {
        let key = format!("factory:{}:{:?}:{}", self.version_id, self.step, self.attempt);
        enqueue(conn, FACTORY_QUEUE, &self, Some(&key)).await
    }
}

/// Purge expired sessions, reset tokens and old login failures.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Housekeeping {
    pub requested_at: DateTime<Utc>,
}

/// Expire licenses past their end date and remind buyers whose license ends
/// soon (one per interval across all instances, by idempotency key).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ExpireLicenses {
    pub requested_at: DateTime<Utc>,
}

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
        Err(apalis_postgres::Error::Database(e)) if crate::error::unique_violation(&e).is_some() => {
            sqlx::query("ROLLBACK TO SAVEPOINT enqueue").execute(&mut *conn).await?;
            Ok(false)
        }
        Err(e) => Err(AppError::internal(e)),
    }
}
