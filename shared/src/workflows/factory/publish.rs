//! Publishing a compiled factory version: it becomes the next version
//! (major, minor or patch) of the project's robot, active at once, and the
//! robot is offered to clients. The `.ex5` stays where the fleet put it.
//! Publishing a version again (a retry, a double click, or going back to an
//! older factory version) makes its robot version active again instead of
//! numbering the same file twice.

use sqlx::PgConnection;

use crate::domain::error::{AppError, AppResult};
use crate::infrastructure::secrets::sha256_hex_of;
use crate::repositories::robot_factory::{self, ConversationMessage, Project, Version};
use crate::repositories::robot_versions::{self, Bump, RobotVersion};
use crate::repositories::tenant_robots;
use crate::workflows::compiled_imports::file_stem;

pub const NOT_COMPILED: &str = "Só é possível publicar uma versão compilada com sucesso.";

pub async fn publish(
    conn: &mut PgConnection,
    project: &Project,
    version: &Version,
    bump: Bump,
    file: &[u8],
) -> AppResult<RobotVersion> {
    let key = version
        .compiled_file_url
        .as_deref()
        .filter(|_| version.compilation_status == "success")
        .ok_or_else(|| AppError::Conflict(NOT_COMPILED.into()))?;
    let robot_id =
        project.robot_id.ok_or_else(|| AppError::Conflict("O robô deste projeto não existe mais.".into()))?;
    // Locks the robot's row: two publishes of one version serialize here, and the second finds the first's.
    let number = robot_versions::bumped_number(conn, project.tenant_id, robot_id, bump).await?;
    if let Some(published) = robot_versions::find_by_file(conn, project.tenant_id, robot_id, key).await? {
        offer(conn, project, robot_id, &published.version).await?;
        return Ok(published);
    }
    let notes = format!("Gerado pela Fábrica de Robôs (projeto {}, versão {}).", project.name, version.version);
    let made_by = crate::repositories::compile_jobs::compiled_from(conn, project.tenant_id, key).await?;
    // The compiled source names the tag; the factory's copy of it stands in
    // when the job that compiled the file is gone.
    let version_tag = made_by
        .as_ref()
        .and_then(|(_, _, source)| source.as_deref())
        .or(version.injected_source.as_deref())
        .and_then(crate::domain::mql5::version_tag_of);
    let created = robot_versions::create(
        conn,
        robot_versions::NewVersion {
            tenant_id: project.tenant_id,
            robot_id,
            version: &number,
            file_path: key,
            original_file_name: &format!("{}.ex5", file_stem(&project.name)),
            mime_type: "application/octet-stream",
            file_size: i32::try_from(file.len()).unwrap_or(i32::MAX),
            sha256: &sha256_hex_of(file),
            notes: Some(&notes),
            license_protocol: version.injected_source.as_deref().and_then(crate::domain::mql5::license_protocol_in),
            provenance: made_by.as_ref().map(|(job, source_sha256, source)| robot_versions::Provenance {
                compile_job_id: *job,
                source_sha256,
                loads_dll: source.as_deref().is_some_and(crate::domain::mql5::loads_dll),
                version_tag: version_tag.as_deref(),
            }),
        },
    )
    .await?;
    offer(conn, project, robot_id, &number).await?;
    let message =
        format!("Versão {} publicada como {number}: disponível para os clientes licenciados.", version.version);
    robot_factory::append_message(
        conn,
        project.tenant_id,
        project.id,
        &ConversationMessage::new("system", "published", message),
    )
    .await?;
    Ok(created)
}

/// Makes `number` the robot's active version and the robot offered to clients.
async fn offer(conn: &mut PgConnection, project: &Project, robot_id: uuid::Uuid, number: &str) -> AppResult<()> {
    robot_versions::activate(conn, project.tenant_id, robot_id, number).await?;
    tenant_robots::set_active(conn, project.tenant_id, robot_id).await?;
    robot_factory::mark_published(conn, project.tenant_id, project.id, robot_id).await
}
