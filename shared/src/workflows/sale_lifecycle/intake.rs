//! The intake's last step, the same for every platform: an authenticated,
//! read event goes into the inbox beside its raw body, with its processing
//! job queued in the same transaction, or, delivered again, is counted as a
//! duplicate. The webhook endpoints, the owner's test event and the
//! reconciliation all store through here, so one event id is one sale
//! whichever way it arrived.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{AppError, AppResult};
use crate::domain::sales::SaleEvent;
use crate::repositories::hotmart_inbox::{self, NewInboxEvent};
use crate::repositories::job_queue;
use crate::workflows::jobs::{ProcessHotmartEvent, HOTMART_QUEUE};

/// Whether the event was new.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intake {
    /// Stored as this inbox row; its job is queued.
    Stored(Uuid),
    /// The same event id was already in the inbox: counted, nothing queued.
    Duplicate,
}

/// Stores `event` (read from `payload`) for the robot whose URL received it.
/// Call in the tenant's anonymous scope; the caller commits.
pub async fn store_event(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    payload: &serde_json::Value,
    event: &SaleEvent,
) -> AppResult<Intake> {
    let sale_event = serde_json::to_value(event).map_err(AppError::internal)?;
    let new = NewInboxEvent {
        tenant_id,
        robot_id,
        platform: event.platform.as_str(),
        event_id: &event.event_id,
        event: &event.event_name,
        payload,
        sale_event: &sale_event,
        is_test: event.is_test,
    };
    match hotmart_inbox::store(conn, new).await? {
        // One queue for every platform's events: the worker reads the neutral event.
        Some(inbox_id) => {
            let job = ProcessHotmartEvent { tenant_id, inbox_id };
            job_queue::enqueue(conn, HOTMART_QUEUE, &job, Some(&format!("hotmart-{inbox_id}"))).await?;
            Ok(Intake::Stored(inbox_id))
        }
        None => {
            hotmart_inbox::count_duplicate(conn, tenant_id, &event.event_id).await?;
            Ok(Intake::Duplicate)
        }
    }
}
