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
}

macro_rules! columns {
    () => {
        "id, tenant_id, robot_id, version, file_path, original_file_name, mime_type, file_size, sha256, uploaded_at, notes,
         license_protocol, compile_job_id, source_sha256, loads_dll"
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

/// The compile job behind a version's file and what it compiled.
#[derive(Debug, Clone, Copy)]
pub struct Provenance<'a> {
    pub compile_job_id: Uuid,
    pub source_sha256: &'a str,
    pub loads_dll: bool,
}

pub const VERSION_EXISTS: &str = "Esta versão já foi enviada. Use outro número de versão.";

pub async fn create(conn: &mut PgConnection, new: NewVersion<'_>) -> AppResult<RobotVersion> {
    sqlx::query_as(concat!(
        "INSERT INTO robot_versions (id, tenant_id, robot_id, version, file_path, original_file_name, mime_type,
                                     file_size, sha256, notes, license_protocol, compile_job_id, source_sha256,
                                     loads_dll)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING ",
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
