//! What a successful compile job becomes. An imported `.mq5` becomes the
//! next version of its robot (the first one is activated at once, so the
//! robot is downloadable; later ones wait for the owner to activate them).

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::infrastructure::secrets::sha256_hex_of;
use crate::repositories::{audit_log, compile_jobs, robot_versions, tenant_robots};

/// Run in the transaction that records the job as completed, so the job and
/// its version commit together. Returns the version created, if any.
pub async fn publish_compiled(
    conn: &mut PgConnection,
    job_id: Uuid,
    file_key: &str,
    file: &[u8],
) -> AppResult<Option<robot_versions::RobotVersion>> {
    let Some(job) = compile_jobs::find_any(conn, job_id).await? else { return Ok(None) };
    let Some(robot_id) = job.robot_id.filter(|_| job.source == "import" && job.status == "completed") else {
        return Ok(None);
    };
    let number = robot_versions::next_number(conn, job.tenant_id, robot_id).await?;
    let notes = match job.original_file_name.as_deref() {
        Some(name) => format!("Compilado a partir de {name}"),
        None => "Compilado a partir de um .mq5 importado".to_string(),
    };
    let file_name = format!("{}.ex5", file_stem(&job.robot_name));
    let source = compile_jobs::sources(conn, job.tenant_id, job.id).await?;
    let license_protocol = source.as_ref().and_then(|(injected, _)| crate::domain::mql5::license_protocol_in(injected));
    let source_sha256 = sha256_hex_of(source.as_ref().map_or("", |(injected, _)| injected.as_str()).as_bytes());
    let version_tag = source.as_ref().and_then(|(injected, _)| crate::domain::mql5::version_tag_of(injected));
    let version = robot_versions::create(
        conn,
        robot_versions::NewVersion {
            tenant_id: job.tenant_id,
            robot_id,
            version: &number,
            file_path: file_key,
            original_file_name: &file_name,
            mime_type: "application/octet-stream",
            file_size: i32::try_from(file.len()).unwrap_or(i32::MAX),
            sha256: &sha256_hex_of(file),
            notes: Some(&notes),
            license_protocol,
            provenance: Some(robot_versions::Provenance {
                compile_job_id: job.id,
                source_sha256: &source_sha256,
                loads_dll: source.as_ref().is_some_and(|(injected, _)| crate::domain::mql5::loads_dll(injected)),
                version_tag: version_tag.as_deref(),
            }),
        },
    )
    .await?;
    if !tenant_robots::has_active_version(conn, job.tenant_id, robot_id).await? {
        robot_versions::activate(conn, job.tenant_id, robot_id, &number).await?;
        // The agent's scope may write the queue: the robot's licenses get
        // builds of the version that became active, and its buyers (a robot
        // sold before it had a file) an e-mail saying it is there.
        crate::repositories::license_builds::queue_for_robot(conn, job.tenant_id, robot_id).await?;
        crate::workflows::version_announcement::announce(conn, job.tenant_id, robot_id, &number).await?;
    }
    compile_jobs::set_robot_version(conn, job.id, version.id).await?;
    Ok(Some(version))
}

/// The audit log's record of a compiled file accepted from an agent: which
/// job, the source it compiled, the file's hash and the version it became.
pub async fn audit_compiled(
    conn: &mut PgConnection,
    agent: Uuid,
    tenant_id: Uuid,
    job_id: Uuid,
    source_sha256: &str,
    file: &[u8],
    version: Option<&robot_versions::RobotVersion>,
) -> AppResult<()> {
    let changes = serde_json::json!({
        "agentId": { "before": null, "after": agent },
        "sourceSha256": { "before": null, "after": source_sha256 },
        "ex5Sha256": { "before": null, "after": sha256_hex_of(file) },
        "robotVersionId": { "before": null, "after": version.map(|v| v.id) },
    });
    audit_log::record(
        conn,
        audit_log::Entry {
            tenant_id: Some(tenant_id),
            actor: crate::infrastructure::db::Actor::System,
            action: audit_log::Action::Create,
            entity: "compiled_file",
            entity_id: Some(job_id),
            changes,
            ip: None,
        },
    )
    .await
}

/// A file name made from a robot's name: letters, digits, `-` and `_` kept,
/// the rest turned into `_`.
pub fn file_stem(name: &str) -> String {
    let stem: String = name
        .trim()
        .chars()
        .map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' })
        .take(80)
        .collect();
    if stem.trim_matches('_').is_empty() {
        "robo".to_string()
    } else {
        stem
    }
}

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn file_names_keep_only_safe_characters() {
        assert_eq!(file_stem(" Meu Robô v2 "), "Meu_Robô_v2");
        assert_eq!(file_stem("../../etc/passwd"), "______etc_passwd");
        assert_eq!(file_stem("   "), "robo");
    }
}
