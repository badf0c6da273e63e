//! Robot versions: compiled files in object storage (`file_path` is the
//! storage key), one of them active per robot (`tenant_robots.active_version`).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{unique, AppResult, OnConstraint, ANY_UNIQUE};
use crate::domain::ids::new_id;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RobotVersion {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub robot_id: Uuid,
    pub version: String,
    pub file_path: String,
    pub original_file_name: String,
    pub mime_type: Option<String>,
    pub file_size: i32,
    pub sha256: Option<String>,
    pub uploaded_at: DateTime<Utc>,
    pub notes: Option<String>,
    /// The license protocol of its check: 1 (HMAC, the key inside the
    /// robot: rebuild it), 2 (public key), None (an uploaded `.ex5`).
    pub license_protocol: Option<i16>,
    /// The compile job that made the file (None: an uploaded `.ex5`).
    pub compile_job_id: Option<Uuid>,
    /// SHA-256 (hex) of the source that job compiled.
    pub source_sha256: Option<String>,
    /// Its source imports a DLL (the buyers' page says so).
    pub loads_dll: bool,
    /// The tag its injected check sends (`RF_VERSION_TAG`), so a check names
    /// the version running; None for an uploaded `.ex5` or a source
    /// injected before tags existed.
    pub version_tag: Option<String>,
    /// Withdrawn by the owner: the check denies robots running it
    /// (`VERSION_WITHDRAWN`) and they are told to download the active one.
    pub withdrawn_at: Option<DateTime<Utc>>,
}

macro_rules! columns {
    () => {
        "id, tenant_id, robot_id, version, file_path, original_file_name, mime_type, file_size, sha256, uploaded_at, notes,
         license_protocol, compile_job_id, source_sha256, loads_dll, version_tag, withdrawn_at"
    };
}

/// The robot's versions, highest first.
pub async fn list(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<Vec<RobotVersion>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM robot_versions WHERE tenant_id = $1 AND robot_id = $2
          ORDER BY string_to_array(version, '.')::int[] DESC"
    ))
    .bind(tenant_id)
    .bind(robot_id)
    .fetch_all(conn)
    .await?)
}

pub async fn find(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    id: Uuid,
) -> AppResult<Option<RobotVersion>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM robot_versions WHERE tenant_id = $1 AND robot_id = $2 AND id = $3"
    ))
    .bind(tenant_id)
    .bind(robot_id)
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

pub async fn find_by_number(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    version: &str,
) -> AppResult<Option<RobotVersion>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM robot_versions WHERE tenant_id = $1 AND robot_id = $2 AND version = $3"
    ))
    .bind(tenant_id)
    .bind(robot_id)
    .bind(version)
    .fetch_optional(conn)
    .await?)
}

/// The robot's version made from the stored file `file_path` (a factory
/// version published before).
pub async fn find_by_file(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    file_path: &str,
) -> AppResult<Option<RobotVersion>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM robot_versions WHERE tenant_id = $1 AND robot_id = $2 AND file_path = $3 ORDER BY uploaded_at LIMIT 1"
    ))
    .bind(tenant_id)
    .bind(robot_id)
    .bind(file_path)
    .fetch_optional(conn)
    .await?)
}

/// Which part of a version number a release moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bump {
    /// Incompatible, significant changes.
    Major,
    /// Compatible new features.
    Minor,
    /// Bug fixes.
    Patch,
}

/// The number after the robot's highest version (its patch plus one), or
/// 1.0.0 for its first. Locks the robot's row: two compiled imports of one
/// robot finishing together get consecutive numbers.
pub async fn next_number(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<String> {
    bumped_number(conn, tenant_id, robot_id, Bump::Patch).await
}

/// The robot's highest version moved by `bump` (1.0.0 for its first),
/// with the robot's row locked like [`next_number`].
pub async fn bumped_number(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid, bump: Bump) -> AppResult<String> {
    sqlx::query("SELECT 1 FROM tenant_robots WHERE tenant_id = $1 AND id = $2 FOR UPDATE")
        .bind(tenant_id)
        .bind(robot_id)
        .execute(&mut *conn)
        .await?;
    let highest: Option<Vec<i32>> = sqlx::query_scalar(
        "SELECT string_to_array(version, '.')::int[] FROM robot_versions WHERE tenant_id = $1 AND robot_id = $2
          ORDER BY string_to_array(version, '.')::int[] DESC LIMIT 1",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .fetch_optional(conn)
    .await?;
    let Some(parts) = highest.filter(|p| !p.is_empty()) else { return Ok("1.0.0".to_string()) };
    let (major, minor, patch) = (parts[0], parts.get(1).copied().unwrap_or(0), parts.get(2).copied().unwrap_or(0));
    Ok(match bump {
        Bump::Major => format!("{}.0.0", major + 1),
        Bump::Minor => format!("{major}.{}.0", minor + 1),
        Bump::Patch => format!("{major}.{minor}.{}", patch + 1),
    })
}

pub struct NewVersion<'a> {
    pub tenant_id: Uuid,
    pub robot_id: Uuid,
    pub version: &'a str,
    pub file_path: &'a str,
    pub original_file_name: &'a str,
    pub mime_type: &'a str,
    pub file_size: i32,
    pub sha256: &'a str,
    pub notes: Option<&'a str>,
    pub license_protocol: Option<u8>,
    /// Where a compiled file came from (None: an upload).
    pub provenance: Option<Provenance<'a>>,
}

impl NewVersion<'_> {
    /// The tag to store: the one in the compiled source, if it has one.
    fn version_tag(&self) -> Option<&str> {
        self.provenance.and_then(|p| p.version_tag)
    }
}

/// The compile job behind a version's file and what it compiled.
#[derive(Debug, Clone, Copy)]
pub struct Provenance<'a> {
    pub compile_job_id: Uuid,
    pub source_sha256: &'a str,
    pub loads_dll: bool,
    /// The `RF_VERSION_TAG` of that source (`mql5::version_tag_of`).
    pub version_tag: Option<&'a str>,
}

pub const VERSION_EXISTS: &str = "Esta versão já foi enviada. Use outro número de versão.";

/// Records a version. Its tag is kept only while no other version of the
/// robot has it: a tag names one version (the check reports the version
/// running by it), and the same injected source compiled twice would
/// otherwise make two versions claim one tag. Creators of one robot's
/// versions hold its row lock ([`bumped_number`]), so the check and the
/// insert do not race.
pub async fn create(conn: &mut PgConnection, new: NewVersion<'_>) -> AppResult<RobotVersion> {
    sqlx::query_as(concat!(
        "INSERT INTO robot_versions (id, tenant_id, robot_id, version, file_path, original_file_name, mime_type,
                                     file_size, sha256, notes, license_protocol, compile_job_id, source_sha256,
                                     loads_dll, version_tag)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
                 CASE WHEN EXISTS (SELECT 1 FROM robot_versions
                                    WHERE tenant_id = $2 AND robot_id = $3 AND version_tag = $15) THEN NULL
                      ELSE $15 END) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(new.robot_id)
    .bind(new.version)
    .bind(new.file_path)
    .bind(new.original_file_name)
    .bind(new.mime_type)
    .bind(new.file_size)
    .bind(new.sha256)
    .bind(new.notes)
    .bind(new.license_protocol.map(i16::from))
    .bind(new.provenance.map(|p| p.compile_job_id))
    .bind(new.provenance.map(|p| p.source_sha256))
    .bind(new.provenance.is_some_and(|p| p.loads_dll))
    .bind(new.version_tag())
    .fetch_one(conn)
    .await
    .on_constraint(&[unique(ANY_UNIQUE, "version", VERSION_EXISTS)])
}

/// A replacement file for a version.
pub struct NewFile<'a> {
    pub file_path: &'a str,
    pub original_file_name: &'a str,
    pub mime_type: &'a str,
    pub file_size: i32,
    pub sha256: &'a str,
}

/// Changes the notes (`Some(None)` clears them) and/or the file.
pub async fn update(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    notes: Option<Option<&str>>,
    file: Option<NewFile<'_>>,
) -> AppResult<Option<RobotVersion>> {
    Ok(sqlx::query_as(concat!(
        "UPDATE robot_versions SET
            notes = CASE WHEN $3 THEN $4 ELSE notes END,
            file_path = COALESCE($5, file_path), original_file_name = COALESCE($6, original_file_name),
            mime_type = COALESCE($7, mime_type), file_size = COALESCE($8, file_size), sha256 = COALESCE($9, sha256),
            uploaded_at = CASE WHEN $5 IS NULL THEN uploaded_at ELSE now() END
          WHERE tenant_id = $1 AND id = $2 RETURNING ",
        columns!()
    ))
    .bind(tenant_id)
    .bind(id)
    .bind(notes.is_some())
    .bind(notes.flatten())
    .bind(file.as_ref().map(|f| f.file_path))
    .bind(file.as_ref().map(|f| f.original_file_name))
    .bind(file.as_ref().map(|f| f.mime_type))
    .bind(file.as_ref().map(|f| f.file_size))
    .bind(file.as_ref().map(|f| f.sha256))
    .fetch_optional(conn)
    .await?)
}

/// Makes `version` the one clients download. One statement on the robot's
/// row: concurrent activations serialize on it and the last one wins, so
/// exactly one version is ever active. False when the version does not exist.
pub async fn activate(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid, version: &str) -> AppResult<bool> {
    let updated = sqlx::query(
        "UPDATE tenant_robots SET active_version = $3, updated_at = now()
          WHERE tenant_id = $1 AND id = $2
            AND EXISTS (SELECT 1 FROM robot_versions WHERE tenant_id = $1 AND robot_id = $2 AND version = $3)",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(version)
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Whether the robot's active version imports a DLL (what its buyers are told).
/// The stored file of the robot's active version (its backtests are found by it).
pub async fn active_file_key(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<Option<String>> {
    Ok(sqlx::query_scalar(
        "SELECT v.file_path FROM tenant_robots r
           JOIN robot_versions v ON v.tenant_id = r.tenant_id AND v.robot_id = r.id AND v.version = r.active_version
          WHERE r.tenant_id = $1 AND r.id = $2",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .fetch_optional(conn)
    .await?)
}

pub async fn active_loads_dll(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<bool> {
    Ok(sqlx::query_scalar(
        "SELECT v.loads_dll FROM tenant_robots r
           JOIN robot_versions v ON v.tenant_id = r.tenant_id AND v.robot_id = r.id AND v.version = r.active_version
          WHERE r.tenant_id = $1 AND r.id = $2",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .fetch_optional(conn)
    .await?
    .unwrap_or(false))
}

/// What withdrawing a version did.
#[derive(Debug)]
pub enum Withdrawal {
    /// Withdrawn (or already was): the row as it is now.
    Withdrawn(Box<RobotVersion>),
    /// It is the version clients download: another must be activated first.
    IsActive,
    NotFound,
}

/// Locks the robot's row and answers its active version (None: no such
/// robot). Withdrawing and activating both take this lock first and read
/// the versions after it, so a version cannot be withdrawn while another
/// request makes it the active one.
pub async fn lock_robot(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<Option<Option<String>>> {
    Ok(sqlx::query_scalar("SELECT active_version FROM tenant_robots WHERE tenant_id = $1 AND id = $2 FOR UPDATE")
        .bind(tenant_id)
        .bind(robot_id)
        .fetch_optional(conn)
        .await?)
}

/// Withdraws a version that is not the active one (its `withdrawn_at` is
/// kept when it already was).
pub async fn withdraw(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid, id: Uuid) -> AppResult<Withdrawal> {
    let Some(active) = lock_robot(conn, tenant_id, robot_id).await? else { return Ok(Withdrawal::NotFound) };
    let Some(version) = find(conn, tenant_id, robot_id, id).await? else { return Ok(Withdrawal::NotFound) };
    if active.as_deref() == Some(version.version.as_str()) {
        return Ok(Withdrawal::IsActive);
    }
    let row = set_withdrawn(conn, tenant_id, robot_id, id, true).await?;
    Ok(row.map_or(Withdrawal::NotFound, |row| Withdrawal::Withdrawn(Box::new(row))))
}

/// Offers a withdrawn version again (robots running it pass the check).
pub async fn restore(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    id: Uuid,
) -> AppResult<Option<RobotVersion>> {
    set_withdrawn(conn, tenant_id, robot_id, id, false).await
}

async fn set_withdrawn(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    id: Uuid,
    withdrawn: bool,
) -> AppResult<Option<RobotVersion>> {
    Ok(sqlx::query_as(concat!(
        "UPDATE robot_versions SET withdrawn_at = CASE WHEN $4 THEN COALESCE(withdrawn_at, now()) END
          WHERE tenant_id = $1 AND robot_id = $2 AND id = $3 RETURNING ",
        columns!()
    ))
    .bind(tenant_id)
    .bind(robot_id)
    .bind(id)
    .bind(withdrawn)
    .fetch_optional(conn)
    .await?)
}

/// Active installations (seen within `installations::ACTIVE_DAYS`) running
/// one version of a robot; `version` None is the bucket of installations
/// whose running version is unknown (a check that sent no tag, or one no
/// version of the robot has).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct VersionInstallations {
    pub version_id: Option<Uuid>,
    pub version: Option<String>,
    pub installations: i64,
    pub withdrawn: bool,
}

/// Every version of the robot (highest first, zero counts included), then
/// the unknown bucket. An installation's `robot_version` is matched by the
/// version's number or its tag: the check records what it resolved the
/// tag to, and a tag no version claimed stays unknown.
pub async fn installations_by_version(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
) -> AppResult<Vec<VersionInstallations>> {
    Ok(sqlx::query_as(
        "WITH active AS (
             SELECT i.robot_version FROM license_installations i
              WHERE i.tenant_id = $1 AND i.robot_id = $2
                AND i.last_seen > now() - make_interval(days => $3)),
         versions AS (
             SELECT v.id, v.version, v.version_tag, v.withdrawn_at FROM robot_versions v
              WHERE v.tenant_id = $1 AND v.robot_id = $2),
         counted AS (
             SELECT a.robot_version,
                    (SELECT v.id FROM versions v
                      WHERE v.version = a.robot_version OR v.version_tag = a.robot_version LIMIT 1) AS version_id
               FROM active a)
         SELECT v.id AS version_id, v.version,
                (SELECT count(*) FROM counted c WHERE c.version_id = v.id) AS installations,
                v.withdrawn_at IS NOT NULL AS withdrawn
           FROM versions v
         UNION ALL
         SELECT NULL, NULL, (SELECT count(*) FROM counted WHERE version_id IS NULL), false",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(crate::repositories::installations::ACTIVE_DAYS)
    .fetch_all(conn)
    .await
    .map(|mut rows: Vec<VersionInstallations>| {
        // Highest version first, as the versions list; the unknown bucket last.
        rows.sort_by_key(|row| std::cmp::Reverse(row.version.as_deref().map(version_parts)));
        rows
    })?)
}

/// `1.10.0` → [1, 10, 0], to order numbers as numbers.
fn version_parts(version: &str) -> Vec<u32> {
    version.split('.').map(|part| part.parse().unwrap_or(0)).collect()
}

/// A version by id alone (the announcement job knows no robot id).
pub async fn find_any(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<Option<RobotVersion>> {
    Ok(sqlx::query_as(concat!("SELECT ", columns!(), " FROM robot_versions WHERE tenant_id = $1 AND id = $2"))
        .bind(tenant_id)
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Held until the transaction ends: runs announcing one version take turns.
pub async fn lock_announcement(conn: &mut PgConnection, version_id: Uuid) -> AppResult<()> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('new-version:' || $1::text, 0))")
        .bind(version_id)
        .execute(conn)
        .await?;
    Ok(())
}
