//! Processing of stored sale events (every platform's; the queue keeps
//! Hotmart's name, its first platform): one job per event, one transaction
//! scoped to the event's tenant. A failure rolls the attempt back entirely,
//! is written on the inbox row (attempts, last error) and retried with
//! exponential backoff; after `MAX_ATTEMPTS` the event is marked failed,
//! visible to the admin and replayable — never silently dropped.

use apalis::prelude::{BoxDynError, Data};
use shared::domain::sales::{adapters, SaleEvent};
use shared::infrastructure::db::{self, PgPool, Scope};
use shared::repositories::hotmart_inbox;
use shared::workflows::jobs::ProcessHotmartEvent;
use shared::workflows::sale_lifecycle::{self, StoredEvent, MAX_ATTEMPTS};
use shared::AppError;

pub async fn handle(job: ProcessHotmartEvent, pool: Data<PgPool>) -> Result<(), BoxDynError> {
    crate::timed(shared::workflows::jobs::HOTMART_QUEUE, run(&pool, &job)).await.map_err(|e| Box::new(e) as BoxDynError)
}

/// Processes one event now (the job's body; tests call it directly).
pub async fn run(pool: &PgPool, job: &ProcessHotmartEvent) -> Result<(), AppError> {
    match apply(pool, job).await {
        Ok(outcome) => {
            tracing::info!(queue = "hotmart", tenant = %job.tenant_id, inbox = %job.inbox_id, outcome, "hotmart event processed");
            Ok(())
        }
        Err(error) => {
            let mut tx = db::begin(pool, Scope::worker_for(job.tenant_id)).await?;
            let attempts =
                hotmart_inbox::record_failure(&mut tx, job.tenant_id, job.inbox_id, &error.to_string(), MAX_ATTEMPTS)
                    .await?;
            tx.commit().await?;
            tracing::warn!(queue = "hotmart", tenant = %job.tenant_id, inbox = %job.inbox_id, attempts, %error,
                "hotmart event failed");
            Err(error)
        }
    }
}

async fn apply(pool: &PgPool, job: &ProcessHotmartEvent) -> Result<&'static str, AppError> {
    let mut tx = db::begin(pool, Scope::worker_for(job.tenant_id)).await?;
    let Some(event) = hotmart_inbox::lock(&mut tx, job.tenant_id, job.inbox_id).await? else {
        return Ok("missing");
    };
    if event.processed_at.is_some() {
        return Ok("already_processed");
    }
    let sale_event = neutral_event(&event)?;
    let stored =
        StoredEvent { tenant_id: job.tenant_id, robot_id: event.robot_id, event: &sale_event, payload: &event.payload };
    let processed = sale_lifecycle::process(&mut tx, &stored).await?;
    shared::workflows::email::buyer::queue(&mut tx, job.tenant_id, &processed.emails).await?;
    hotmart_inbox::mark_processed(&mut tx, job.tenant_id, job.inbox_id, processed.outcome).await?;
    tx.commit().await?;
    Ok(processed.outcome)
}

/// The neutral event the intake stored. Rows stored before the intake kept
/// one (Hotmart's only) are read through Hotmart's adapter once more.
fn neutral_event(row: &hotmart_inbox::InboxEvent) -> Result<SaleEvent, AppError> {
    match &row.sale_event {
        Some(stored) => serde_json::from_value(stored.clone()).map_err(AppError::internal),
        None => {
            let raw = serde_json::to_vec(&row.payload).map_err(AppError::internal)?;
            let (_, neutral) = adapters::hotmart::parse(&raw).map_err(|e| AppError::Unprocessable(e.to_string()))?;
            Ok(neutral)
        }
    }
}

/// Processes every event of `tenant_id` still waiting, oldest first (tests
/// and the admin's replay use it).
pub async fn drain(pool: &PgPool, tenant_id: uuid::Uuid) -> Result<usize, AppError> {
    let mut tx = db::begin(pool, Scope::worker_for(tenant_id)).await?;
    let pending = hotmart_inbox::pending_ids(&mut tx, tenant_id).await?;
    tx.commit().await?;
    for inbox_id in &pending {
        run(pool, &ProcessHotmartEvent { tenant_id, inbox_id: *inbox_id }).await?;
    }
    Ok(pending.len())
}
