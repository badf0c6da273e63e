//! Live notifications (NEW_SALE, REFUND, SUBSCRIPTION_CANCELLED,
//! SUBSCRIPTION_CANCEL_REQUESTED). Writers
//! call [`notify`] inside the transaction that makes the change: PostgreSQL
//! delivers a NOTIFY only when that transaction commits, so nothing is ever
//! announced that did not happen. Each api instance listens once and fans out
//! to its SSE streams (api::notifications).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::domain::error::{AppError, AppResult};

pub const CHANNEL: &str = "roboforge_notifications";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum NotificationType {
    NewSale,
    Refund,
    SubscriptionCancelled,
    /// A client asked to cancel a Hotmart subscription the platform could not
    /// cancel there (no API credentials, or Hotmart did not confirm): the
    /// owner has something to do.
    SubscriptionCancelRequested,
}

/// One notification as the streams send it. Small by construction (NOTIFY
/// payloads must stay under 8000 bytes): ids, a title and a one-line message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub id: Uuid,
    pub tenant_id: Uuid,
    #[serde(rename = "type")]
    pub kind: NotificationType,
    pub title: String,
    pub message: String,
    pub timestamp: DateTime<Utc>,
}

impl Notification {
    pub fn new(tenant_id: Uuid, kind: NotificationType, title: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            id: crate::domain::ids::new_id(),
            tenant_id,
            kind,
            title: title.into(),
            message: message.into(),
            timestamp: Utc::now(),
        }
    }
}

/// Announces `notification` when the caller's transaction commits.
pub async fn notify(conn: &mut PgConnection, notification: &Notification) -> AppResult<()> {
    let mut payload = serde_json::to_string(notification).map_err(AppError::internal)?;
    if payload.len() > 7900 {
        // A very long buyer name must not make the whole processing fail.
        let mut shortened = notification.clone();
        shortened.message = shortened.message.chars().take(200).collect();
        payload = serde_json::to_string(&shortened).map_err(AppError::internal)?;
    }
    crate::infrastructure::db::notify(conn, CHANNEL, &payload).await?;
    Ok(())
}

/// Tells every api instance that licensing facts changed (triggers on
/// tenants, robots, versions, clients, licenses, seats and builds send it,
/// `license_check::LicenseChange`): the cached answers it affects are dropped.
pub const LICENSE_CACHE_CHANNEL: &str = "roboforge_license_cache";

/// A compile job was queued or changed status (trigger on
/// `compilation_jobs`): waiting agents' claims look again when it is
/// pending, and the owner's stream shows the progress.
pub const COMPILE_JOBS_CHANNEL: &str = "roboforge_compile_jobs";

/// One compile job's new status, as the trigger announces it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompileJobUpdate {
    pub tenant_id: Uuid,
    pub job_id: Uuid,
    /// pending, processing, completed or failed.
    pub status: String,
}

/// The AI factory's progress: a version's status changed (trigger on
/// `robot_project_versions`) or the model wrote more of its answer (worker).
pub const FACTORY_CHANNEL: &str = "roboforge_factory";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FactoryUpdate {
    pub tenant_id: Uuid,
    pub project_id: Uuid,
    pub version_id: Uuid,
    /// `status` or `delta`.
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// A piece of the model's answer being written (kind `delta`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// Sends a piece of the model's text to the owner's streams at once (not
/// tied to a transaction: the text is shown as it is written).
pub async fn announce_factory_text(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    project_id: Uuid,
    version_id: Uuid,
    text: &str,
) -> AppResult<()> {
    // NOTIFY payloads stay under 8000 bytes: long pieces go in parts.
    let chars: Vec<char> = text.chars().collect();
    for part in chars.chunks(2000) {
        let update = FactoryUpdate {
            tenant_id,
            project_id,
            version_id,
            kind: "delta".into(),
            status: None,
            text: Some(part.iter().collect()),
        };
        let payload = serde_json::to_string(&update).map_err(AppError::internal)?;
        crate::infrastructure::db::notify(conn, FACTORY_CHANNEL, &payload).await?;
    }
    Ok(())
}

/// What arrives on the instance's one listening connection.
#[derive(Debug, Clone)]
pub enum Heard {
    Notification(Notification),
    /// Licensing facts changed: which cached answers are stale.
    LicensesChanged(crate::workflows::license_check::LicenseChange),
    /// A compile job changed status (pending: it waits for an agent).
    CompileJob(CompileJobUpdate),
    /// A factory version moved on, or its model wrote more.
    Factory(FactoryUpdate),
    /// The connection was lost and re-established: anything may have been
    /// missed in between.
    Reconnected,
    /// Subscribed to every channel (first time or again): readiness.
    Listening,
    /// The connection is gone or could not be made; retrying.
    NotListening,
}

/// Listens on both channels for as long as the process runs and hands every
/// message to `deliver`. One connection per process (DESIGN 2): it
/// reconnects by itself, backing off up to 10 s while the database is away.
pub async fn listen(pool: sqlx::PgPool, deliver: impl Fn(Heard) + Send + 'static) {
    let mut backoff = std::time::Duration::from_millis(250);
    let mut connected_before = false;
    loop {
        match sqlx::postgres::PgListener::connect_with(&pool).await {
            Ok(mut listener) => {
                if let Err(error) =
                    listener.listen_all([CHANNEL, LICENSE_CACHE_CHANNEL, COMPILE_JOBS_CHANNEL, FACTORY_CHANNEL]).await
                {
                    tracing::warn!(%error, "notifications: LISTEN failed");
                } else {
                    deliver(Heard::Listening);
                    if connected_before {
                        deliver(Heard::Reconnected);
                    }
                    connected_before = true;
                    backoff = std::time::Duration::from_millis(250);
                    loop {
                        // Not `recv`: it reconnects silently, and whatever was
                        // sent meanwhile (a license change) would be lost
                        // without the cache ever hearing of it.
                        let message = match listener.try_recv().await {
                            Ok(Some(message)) => Ok(message),
                            Ok(None) => {
                                deliver(Heard::Reconnected);
                                continue;
                            }
                            Err(error) => Err(error),
                        };
                        match message {
                            Ok(message) if message.channel() == COMPILE_JOBS_CHANNEL => {
                                match serde_json::from_str::<CompileJobUpdate>(message.payload()) {
                                    Ok(update) => deliver(Heard::CompileJob(update)),
                                    // Unreadable: at least let waiting agents look again.
                                    Err(_) => deliver(Heard::Reconnected),
                                }
                            }
                            Ok(message) if message.channel() == FACTORY_CHANNEL => {
                                match serde_json::from_str::<FactoryUpdate>(message.payload()) {
                                    Ok(update) => deliver(Heard::Factory(update)),
                                    Err(error) => tracing::warn!(%error, "notifications: unreadable factory update"),
                                }
                            }
                            Ok(message) if message.channel() == LICENSE_CACHE_CHANNEL => {
                                match crate::workflows::license_check::LicenseChange::parse(message.payload()) {
                                    Some(change) => deliver(Heard::LicensesChanged(change)),
                                    None => deliver(Heard::Reconnected),
                                }
                            }
                            Ok(message) => match serde_json::from_str::<Notification>(message.payload()) {
                                Ok(notification) => deliver(Heard::Notification(notification)),
                                Err(error) => tracing::warn!(%error, "notifications: unreadable payload"),
                            },
                            Err(error) => {
                                tracing::warn!(%error, "notifications: connection lost, reconnecting");
                                deliver(Heard::NotListening);
                                deliver(Heard::Reconnected);
                                break;
                            }
                        }
                    }
                }
            }
            Err(error) => {
                deliver(Heard::NotListening);
                tracing::warn!(%error, "notifications: cannot connect, retrying")
            }
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(std::time::Duration::from_secs(10));
    }
}
