//! The daily reconciliation (`shared::workflows::reconciliation`): every
//! instance looks hourly for tenants with Hotmart API credentials whose last
//! run is a day old, and reconciles each. Two instances racing on one tenant
//! both read the history; the intake makes the second one's feed a no-op.

use std::sync::Arc;
use std::time::Duration;

use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::hotmart_api::HotmartApi;
use shared::repositories::sales_reconciliations;
use shared::workflows::reconciliation::{reconcile_hotmart, Trigger, DEFAULT_DAYS};
use sqlx::PgPool;
use tokio::sync::watch;

use crate::periodic;

/// A tenant is reconciled again once its last run is this old.
pub const DUE_AFTER: chrono::Duration = chrono::Duration::hours(23);

/// Runs every due tenant's reconciliation now; how many ran.
pub async fn run_due(pool: &PgPool, config: &Config) -> Result<usize, shared::AppError> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let due = sales_reconciliations::due_tenants(&mut tx, DUE_AFTER).await?;
    tx.commit().await?;
    let api = HotmartApi::new(&config.hotmart_api).map_err(shared::AppError::internal)?;
    for tenant_id in &due {
        let run = reconcile_hotmart(pool, &api, &config.secrets, *tenant_id, DEFAULT_DAYS, Trigger::Daily).await?;
        tracing::info!(%tenant_id, found = run.found, recovered = run.recovered, unmapped = run.unmapped,
                       error = run.error.as_deref().unwrap_or(""), "daily Hotmart reconciliation");
    }
    Ok(due.len())
}

pub async fn schedule(pool: PgPool, config: Arc<Config>, every: Duration, stop: watch::Receiver<bool>) {
    periodic::every(every, stop, || async {
        if let Err(e) = run_due(&pool, &config).await {
            tracing::warn!(error = %e, "could not run the daily Hotmart reconciliation");
        }
    })
    .await
}
