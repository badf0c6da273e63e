//! "Nova versão" e-mails (job `AnnounceVersion`): the buyers of a robot whose
//! owner published a version are told in batches, one transaction each, so
//! a robot with thousands of buyers neither slows the owner's request nor
//! holds one long transaction (`workflows::version_announcement`).

use apalis::prelude::BoxDynError;
use apalis::prelude::Data;
use shared::infrastructure::db::{self, PgPool, Scope};
use shared::workflows::jobs::{AnnounceVersion, NEW_VERSION_QUEUE};
use shared::workflows::version_announcement::{self, Progress};
use shared::AppError;

pub async fn handle(job: AnnounceVersion, pool: Data<PgPool>) -> Result<(), BoxDynError> {
    crate::timed(NEW_VERSION_QUEUE, run(&pool, &job)).await.map(|_| ()).map_err(|e| Box::new(e) as BoxDynError)
}

/// Tells every buyer not yet told, batch by batch (the job's body; tests
/// call it directly). Returns how many messages were queued.
pub async fn run(pool: &PgPool, job: &AnnounceVersion) -> Result<usize, AppError> {
    let mut queued = 0;
    loop {
        let mut tx = db::begin(pool, Scope::worker_for(job.tenant_id)).await?;
        let progress = version_announcement::send_batch(&mut tx, job).await?;
        tx.commit().await?;
        match progress {
            Progress::More(n) => queued += n,
            Progress::Done(n) => {
                queued += n;
                break;
            }
            Progress::Skipped => {
                tracing::info!(queue = NEW_VERSION_QUEUE, tenant = %job.tenant_id, version = %job.robot_version_id,
                    "version no longer active or its e-mail switched off: buyers not told");
                break;
            }
        }
    }
    tracing::info!(queue = NEW_VERSION_QUEUE, tenant = %job.tenant_id, version = %job.robot_version_id, queued,
        "new version announced");
    Ok(queued)
}
