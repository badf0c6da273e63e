//! Background job payloads and their queues. Queue names are spelled out:
//! apalis defaults to the Rust type path, which silently changes when a type
//! moves and strands the jobs already queued under the old name. Jobs are
//! queued by `repositories::job_queue::enqueue`.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;

use crate::domain::error::AppResult;
use crate::repositories::job_queue;

pub const HOUSEKEEPING_QUEUE: &str = "roboforge.housekeeping";
pub const HOTMART_QUEUE: &str = "roboforge.hotmart";
pub const EMAIL_QUEUE: &str = "roboforge.email";
pub const FACTORY_QUEUE: &str = "roboforge.factory";
pub const LICENSE_EXPIRY_QUEUE: &str = "roboforge.license-expiry";
pub const NEW_VERSION_QUEUE: &str = "roboforge.new-version";

/// Send one message of the e-mail outbox (idempotent: a sent one is skipped).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SendEmail {
    pub tenant_id: uuid::Uuid,
    pub outbox_id: uuid::Uuid,
}

/// E-mail the current buyers of a robot that a version was published
/// ("Nova versão"). Idempotent: each buyer's message has an id derived from
/// the buyer and the version, so a second run queues nothing new.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AnnounceVersion {
    pub tenant_id: uuid::Uuid,
    pub robot_version_id: uuid::Uuid,
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
        job_queue::enqueue(conn, FACTORY_QUEUE, &self, Some(&key)).await
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

pub const PASSWORD_RESET_QUEUE: &str = "roboforge.password-reset";

/// Act on one forgotten-password request: find the account, issue the link
/// and queue its mail, or do nothing for an address without one (idempotent:
/// a processed request is skipped).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ProcessResetRequest {
    pub tenant_id: uuid::Uuid,
    pub request_id: uuid::Uuid,
}

impl ProcessResetRequest {
    /// Queues the request's job once.
    pub async fn enqueue(self, conn: &mut PgConnection) -> AppResult<bool> {
        let key = format!("password-reset:{}", self.request_id);
        job_queue::enqueue(conn, PASSWORD_RESET_QUEUE, &self, Some(&key)).await
    }
}
