//! Queues personal builds (decision 0015) after an owner's change commits.
//! Owners may not queue compile jobs themselves (their role cannot write the
//! queue), so the build is queued in a worker scope of the owner's tenant,
//! after the owner's transaction: a build that cannot be queued leaves the
//! license on the shared file, never fails the owner's request.

use shared::infrastructure::db::{self, PgPool, Scope};
use shared::repositories::license_builds;
use uuid::Uuid;

/// A build of the robot's active version for a license just created.
pub async fn queue_for_license(pool: &PgPool, tenant_id: Uuid, license_id: Uuid) {
    let queued = async {
        let mut tx = db::begin(pool, Scope::worker_for(tenant_id)).await?;
        license_builds::queue_for_license(&mut tx, tenant_id, license_id).await?;
        tx.commit().await?;
        Ok::<_, shared::AppError>(())
    };
    if let Err(error) = queued.await {
        tracing::warn!(%tenant_id, %license_id, %error, "personal build not queued");
    }
}

/// Builds for every active license of a robot whose active version changed.
pub async fn queue_for_robot(pool: &PgPool, tenant_id: Uuid, robot_id: Uuid) {
    let queued = async {
        let mut tx = db::begin(pool, Scope::worker_for(tenant_id)).await?;
        license_builds::queue_for_robot(&mut tx, tenant_id, robot_id).await?;
        tx.commit().await?;
        Ok::<_, shared::AppError>(())
    };
    if let Err(error) = queued.await {
        tracing::warn!(%tenant_id, %robot_id, %error, "personal builds not queued");
    }
}
