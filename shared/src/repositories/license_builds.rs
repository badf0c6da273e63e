//! Personal builds (decision 0015): one `.ex5` per license, compiled on the
//! fleet from the source of the robot's active version with the license id
//! and a random mark injected, so the robot's check names its license and a
//! leaked file names its buyer. Only versions whose source the platform holds
//! (imports and factory robots, i.e. versions made by a compile job) get them.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;

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

/// Candidate build marks in a file's bytes: every run of exactly 32 hex
/// characters, as ASCII or as UTF-16LE (how MQL5 keeps string constants).
pub fn marks_in(bytes: &[u8]) -> Vec<String> {
    let mut marks = std::collections::BTreeSet::new();
    for step in [1usize, 2] {
        let mut run = String::new();
        let mut i = 0;
        while i + step <= bytes.len() {
            let b = bytes[i];
            let wide_ok = step == 1 || bytes[i + 1] == 0;
            if wide_ok && b.is_ascii_hexdigit() {
                run.push(b.to_ascii_lowercase() as char);
            } else {
                if run.len() == 32 {
                    marks.insert(std::mem::take(&mut run));
                }
                run.clear();
            }
            i += step;
        }
        if run.len() == 32 {
            marks.insert(run);
        }
    }
    marks.into_iter().take(1_000).collect()
}

/// The build of `robot` a found file is: by the file's sha256, else by a
/// build mark found in its bytes. None: no build of this tenant's robot.
pub async fn identify(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    sha256: &str,
    marks: &[String],
) -> AppResult<Option<Uuid>> {
    Ok(sqlx::query_scalar(
        "SELECT b.id FROM license_builds b
           JOIN tenant_client_robots l ON l.tenant_id = b.tenant_id AND l.id = b.license_id
          WHERE b.tenant_id = $1 AND l.robot_id = $2 AND (b.file_sha256 = $3 OR b.build_mark = ANY($4))
          ORDER BY (b.file_sha256 = $3) DESC NULLS LAST, b.created_at DESC LIMIT 1",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(sha256)
    .bind(marks)
    .fetch_optional(conn)
    .await?)
}

/// A traced build: its license and buyer.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Traced {
    pub build_id: Uuid,
    pub build_mark: String,
    pub build_status: String,
    pub built_at: DateTime<Utc>,
    pub ready_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub version: Option<String>,
    pub license_id: Uuid,
    pub license_status: String,
    pub account_number: Option<String>,
    pub client_id: Option<Uuid>,
    pub client_name: Option<String>,
    pub client_email: Option<String>,
}

/// One download of a build.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BuildDownload {
    pub ip: Option<String>,
    pub downloaded_at: DateTime<Utc>,
}

/// The build with its license, its buyer and its downloads (newest first).
pub async fn traced(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    build_id: Uuid,
) -> AppResult<Option<(Traced, Vec<BuildDownload>)>> {
    let found: Option<Traced> = sqlx::query_as(
        "SELECT b.id AS build_id, b.build_mark, b.status AS build_status, b.created_at AS built_at, b.ready_at,
                b.revoked_at, v.version, l.id AS license_id, l.status AS license_status, l.account_number,
                c.id AS client_id, c.name AS client_name, c.email AS client_email
           FROM license_builds b
           JOIN tenant_client_robots l ON l.tenant_id = b.tenant_id AND l.id = b.license_id
           LEFT JOIN robot_versions v ON v.tenant_id = b.tenant_id AND v.id = b.robot_version_id
           LEFT JOIN tenant_clients c ON c.tenant_id = l.tenant_id AND c.id = l.client_id
          WHERE b.tenant_id = $1 AND b.id = $2",
    )
    .bind(tenant_id)
    .bind(build_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(found) = found else { return Ok(None) };
    let downloads = sqlx::query_as(
        "SELECT ip, downloaded_at FROM license_build_downloads
          WHERE tenant_id = $1 AND build_id = $2 ORDER BY downloaded_at DESC LIMIT 500",
    )
    .bind(tenant_id)
    .bind(build_id)
    .fetch_all(conn)
    .await?;
    Ok(Some((found, downloads)))
}

/// Revokes a build of `license` (after a leak): its next check fails. Returns
/// the status it had (None: no such build of that license).
pub async fn revoke(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license_id: Uuid,
    build_id: Uuid,
) -> AppResult<Option<String>> {
    Ok(sqlx::query_scalar(
        "UPDATE license_builds b SET status = 'revoked', revoked_at = COALESCE(b.revoked_at, now()), updated_at = now()
           FROM (SELECT id, status FROM license_builds
                  WHERE tenant_id = $1 AND license_id = $2 AND id = $3 FOR UPDATE) old
          WHERE b.id = old.id
          RETURNING old.status",
    )
    .bind(tenant_id)
    .bind(license_id)
    .bind(build_id)
    .fetch_optional(conn)
    .await?)
}

/// A license still on the shared file.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OnSharedBuild {
    pub license_id: Uuid,
    pub client_id: Option<Uuid>,
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    /// The status of its build of the active version (None: no build).
    pub build_status: Option<String>,
}

/// The robot's active or trial licenses with no ready build of its active
/// version (at most `limit`).
pub async fn on_shared_build(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    limit: i64,
) -> AppResult<Vec<OnSharedBuild>> {
    Ok(sqlx::query_as(
        "SELECT l.id AS license_id, c.id AS client_id, c.name AS client_name, c.email AS client_email,
                (SELECT b.status FROM license_builds b
                  WHERE b.tenant_id = l.tenant_id AND b.license_id = l.id AND b.robot_version_id = v.id
                  ORDER BY b.created_at DESC LIMIT 1) AS build_status
           FROM tenant_client_robots l
           JOIN tenant_robots r ON r.tenant_id = l.tenant_id AND r.id = l.robot_id
           LEFT JOIN robot_versions v ON v.tenant_id = r.tenant_id AND v.robot_id = r.id AND v.version = r.active_version
           LEFT JOIN tenant_clients c ON c.tenant_id = l.tenant_id AND c.id = l.client_id
          WHERE l.tenant_id = $1 AND l.robot_id = $2 AND l.status IN ('active', 'trial')
            AND NOT EXISTS (SELECT 1 FROM license_builds b
                             WHERE b.tenant_id = l.tenant_id AND b.license_id = l.id AND b.robot_version_id = v.id
                               AND b.status = 'ready')
          ORDER BY l.created_at DESC, l.id DESC LIMIT $3",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_personal_build_reports_the_tag_of_its_version() {
        // Built from the version's injected source with the license's
        // constants put in front: the check in the copy sends the version's
        // own tag, so installations and withdrawals follow the version.
        let injected = "#define RF_VERSION_TAG \"3f1c0a9b7d2e4c6f\"\nint OnInit() { return(0); }\n";
        let personal = personal_source(Uuid::nil(), &new_build_mark(), injected);
        assert_eq!(crate::domain::mql5::version_tag_of(&personal).as_deref(), Some("3f1c0a9b7d2e4c6f"));
    }

    #[test]
    fn marks_are_found_as_ascii_and_as_utf16() {
        let mark = "0123456789abcdef0123456789abcdef";
        let mut bytes = b"xx\"".to_vec();
        bytes.extend_from_slice(mark.as_bytes());
        bytes.extend_from_slice(b"\"zz");
        assert_eq!(marks_in(&bytes), vec![mark.to_string()]);
        let wide: Vec<u8> = format!("#{mark}#").encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        assert_eq!(marks_in(&wide), vec![mark.to_string()]);
        assert!(marks_in(format!("{mark}a").as_bytes()).is_empty(), "33 hex characters are no mark");
    }
}
