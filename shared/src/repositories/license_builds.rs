//! Personal builds (decision 0015): one `.ex5` per license, compiled on the
//! fleet from the source of the robot's active version with the license id
//! and a random mark injected, so the robot's check names its license and a
//! leaked file names its buyer. Only versions whose source the platform holds
//! (imports and factory robots, i.e. versions made by a compile job) get them.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::AppResult;
use crate::ids::new_id;

/// A build as its owner and the client's download see it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LicenseBuild {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub license_id: Uuid,
    pub robot_version_id: Uuid,
    pub compilation_job_id: Option<Uuid>,
    pub build_mark: String,
    pub status: String,
    pub file_key: Option<String>,
    pub file_sha256: Option<String>,
    pub file_size: Option<i64>,
    pub error_message: Option<String>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub ready_at: Option<DateTime<Utc>>,
}

const BUILD: &str = "id, tenant_id, license_id, robot_version_id, compilation_job_id, build_mark, status, file_key,
                     file_sha256, file_size, error_message, revoked_at, created_at, ready_at";

/// Ready builds kept per license; older ones are superseded and their files
/// deleted (the caller deletes the returned keys from storage).
pub const READY_BUILDS_KEPT: i64 = 2;

/// The constants a personal build's source starts with. The auth template
/// reads them (`#ifdef RF_LICENSE_ID`): the check then sends the license and
/// the mark instead of asking the trader for an e-mail.
pub fn personal_source(license_id: Uuid, build_mark: &str, source: &str) -> String {
    format!(
        "// Cópia pessoal: licença {license_id}\n#define RF_LICENSE_ID \"{license_id}\"\n#define RF_BUILD_MARK \"{build_mark}\"\n{source}"
    )
}

/// A fresh random mark: 128 bits as 32 lowercase hex characters.
pub fn new_build_mark() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A license that should have a build and has no live one.
#[derive(sqlx::FromRow)]
struct Wanted {
    license_id: Uuid,
    robot_id: Uuid,
    robot_name: String,
    version_id: Uuid,
    source_code: String,
}

/// Queues a build of the active version for each license selected by
/// `license` (one license) or `robot` (every active or trial license of the
/// robot) that has no live build of that version yet. Versions made without
/// source (an uploaded `.ex5`) get none. Runs in a worker scope of the tenant
/// (owners may not queue compile jobs). Returns the builds queued.
async fn queue(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license: Option<Uuid>,
    robot: Option<Uuid>,
) -> AppResult<Vec<Uuid>> {
    let wanted: Vec<Wanted> = sqlx::query_as(
        "SELECT l.id AS license_id, r.id AS robot_id, r.name AS robot_name, v.id AS version_id, j.source_code
           FROM tenant_client_robots l
           JOIN tenant_robots r ON r.tenant_id = l.tenant_id AND r.id = l.robot_id
           JOIN robot_versions v ON v.tenant_id = r.tenant_id AND v.robot_id = r.id AND v.version = r.active_version
           JOIN compilation_jobs j ON j.tenant_id = v.tenant_id AND j.id = v.compile_job_id
          WHERE l.tenant_id = $1
            AND ($2::uuid IS NULL OR l.id = $2)
            AND ($3::uuid IS NULL OR l.robot_id = $3)
            AND l.status IN ('active', 'trial')
            AND j.source_code IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM license_builds b
                             WHERE b.tenant_id = l.tenant_id AND b.license_id = l.id AND b.robot_version_id = v.id
                               AND b.status IN ('queued', 'compiling', 'ready'))",
    )
    .bind(tenant_id)
    .bind(license)
    .bind(robot)
    .fetch_all(&mut *conn)
    .await?;
    let mut queued = Vec::with_capacity(wanted.len());
    for w in wanted {
        let (build_id, job_id, mark) = (new_id(), new_id(), new_build_mark());
        // The build first: the live-build index decides a race between two
        // queuers, and only the winner makes a job.
        let inserted = sqlx::query(
            "INSERT INTO license_builds (id, tenant_id, license_id, robot_version_id, build_mark)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (tenant_id, license_id, robot_version_id) WHERE status IN ('queued', 'compiling', 'ready')
             DO NOTHING",
        )
        .bind(build_id)
        .bind(tenant_id)
        .bind(w.license_id)
        .bind(w.version_id)
        .bind(&mark)
        .execute(&mut *conn)
        .await?;
        if inserted.rows_affected() == 0 {
            continue;
        }
        sqlx::query(
            "INSERT INTO compilation_jobs (id, tenant_id, robot_id, robot_name, source, source_code)
             VALUES ($1, $2, $3, $4, 'personal-build', $5)",
        )
        .bind(job_id)
        .bind(tenant_id)
        .bind(w.robot_id)
        .bind(&w.robot_name)
        .bind(personal_source(w.license_id, &mark, &w.source_code))
        .execute(&mut *conn)
        .await?;
        sqlx::query("UPDATE license_builds SET compilation_job_id = $2 WHERE tenant_id = $3 AND id = $1")
            .bind(build_id)
            .bind(job_id)
            .bind(tenant_id)
            .execute(&mut *conn)
            .await?;
        queued.push(build_id);
    }
    Ok(queued)
}

/// A build for a license just created (a sale, a manual sale, the owner).
pub async fn queue_for_license(conn: &mut PgConnection, tenant_id: Uuid, license_id: Uuid) -> AppResult<Vec<Uuid>> {
    queue(conn, tenant_id, Some(license_id), None).await
}

/// Builds for every active license of a robot whose active version changed.
pub async fn queue_for_robot(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<Vec<Uuid>> {
    queue(conn, tenant_id, None, Some(robot_id)).await
}

/// An agent took the build's job.
pub async fn mark_compiling(conn: &mut PgConnection, job_id: Uuid) -> AppResult<()> {
    sqlx::query(
        "UPDATE license_builds SET status = 'compiling', updated_at = now()
          WHERE compilation_job_id = $1 AND status = 'queued'",
    )
    .bind(job_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// What finishing a build's job did.
#[derive(Debug, Default)]
pub struct Finished {
    /// The build the job was for (None: the job was no personal build).
    pub build_id: Option<Uuid>,
    /// Files of older builds superseded now: delete them from storage.
    pub superseded_file_keys: Vec<String>,
}

/// Records a build's compile outcome (in the agent's transaction): ready with
/// its file, or failed. Keeps the last [`READY_BUILDS_KEPT`] ready builds of
/// the license; a build revoked after a leak stays revoked.
pub async fn on_compiled(
    conn: &mut PgConnection,
    job_id: Uuid,
    file: Option<(&str, &str, i64)>,
    error_message: Option<&str>,
) -> AppResult<Finished> {
    let build: Option<(Uuid, Uuid, Uuid)> = match file {
        Some((key, sha256, size)) => sqlx::query_as(
            "UPDATE license_builds
                SET status = 'ready', file_key = $2, file_sha256 = $3, file_size = $4, ready_at = now(), updated_at = now()
              WHERE compilation_job_id = $1 AND status IN ('queued', 'compiling')
              RETURNING id, tenant_id, license_id",
        )
        .bind(job_id)
        .bind(key)
        .bind(sha256)
        .bind(size)
        .fetch_optional(&mut *conn)
        .await?,
        None => sqlx::query_as(
            "UPDATE license_builds SET status = 'failed', error_message = $2, updated_at = now()
              WHERE compilation_job_id = $1 AND status IN ('queued', 'compiling')
              RETURNING id, tenant_id, license_id",
        )
        .bind(job_id)
        .bind(error_message)
        .fetch_optional(&mut *conn)
        .await?,
    };
    let Some((build_id, tenant_id, license_id)) = build else { return Ok(Finished::default()) };
    let superseded_file_keys = if file.is_some() {
        sqlx::query_scalar::<_, Option<String>>(
            "UPDATE license_builds b SET status = 'superseded', file_key = NULL, updated_at = now()
               FROM (SELECT id, file_key FROM license_builds
                      WHERE tenant_id = $1 AND license_id = $2 AND status = 'ready'
                      ORDER BY ready_at DESC, id DESC OFFSET $3) old
              WHERE b.id = old.id
              RETURNING old.file_key",
        )
        .bind(tenant_id)
        .bind(license_id)
        .bind(READY_BUILDS_KEPT)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .flatten()
        .collect()
    } else {
        Vec::new()
    };
    Ok(Finished { build_id: Some(build_id), superseded_file_keys })
}

/// The newest build of the license for its robot's active version (what the
/// client's download serves or waits for).
pub async fn current_for_license(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license_id: Uuid,
) -> AppResult<Option<LicenseBuild>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {BUILD} FROM license_builds b
          WHERE b.tenant_id = $1 AND b.license_id = $2
            AND b.robot_version_id = (SELECT v.id FROM tenant_client_robots l
                                        JOIN tenant_robots r ON r.tenant_id = l.tenant_id AND r.id = l.robot_id
                                        JOIN robot_versions v ON v.tenant_id = r.tenant_id AND v.robot_id = r.id
                                                             AND v.version = r.active_version
                                       WHERE l.tenant_id = $1 AND l.id = $2)
          ORDER BY b.created_at DESC, b.id DESC LIMIT 1"
    )))
    .bind(tenant_id)
    .bind(license_id)
    .fetch_optional(conn)
    .await?)
}

/// Records a download of a build.
pub async fn record_download(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    build_id: Uuid,
    ip: Option<&str>,
) -> AppResult<()> {
    sqlx::query("INSERT INTO license_build_downloads (id, tenant_id, build_id, ip) VALUES ($1, $2, $3, $4)")
        .bind(new_id())
        .bind(tenant_id)
        .bind(build_id)
        .bind(ip)
        .execute(conn)
        .await?;
    Ok(())
}
