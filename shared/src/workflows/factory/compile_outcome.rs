//! What a finished compile job does to the factory version it was made
//! for: a success gives the version its `.ex5` (the project is ready to
//! publish); a failure goes back to the model with the compiler's messages
//! until the version's fix rounds run out, and then fails with the log kept.
//! Runs in the transaction that records the agent's result.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::repositories::compile_jobs;
use crate::repositories::robot_factory::{self, ConversationMessage};
use crate::workflows::jobs::{FactoryStep, RunFactoryStep};

pub async fn on_compile_finished(conn: &mut PgConnection, job_id: Uuid) -> AppResult<()> {
    let Some(version) = robot_factory::version_of_job(conn, job_id).await? else { return Ok(()) };
    if version.compilation_status != "compiling" {
        return Ok(());
    }
    let job = compile_jobs::status_and_file(conn, job_id).await?;
    let (tenant, project) = (version.tenant_id, version.project_id);
    match job {
        Some((status, Some(key))) if status == "completed" => {
            robot_factory::mark_compiled(conn, &version, &key).await?;
            let message =
                format!("Versão {} compilada com sucesso: o .ex5 está pronto para baixar e publicar.", version.version);
            robot_factory::append_message(
                conn,
                tenant,
                project,
                &ConversationMessage::new("system", "compile_success", message),
            )
            .await?;
            // The gate's backtest (its numbers come later, on the same conversation).
            super::tester_gate::queue_for_compiled(conn, &version, &key).await?;
        }
        // No compiler message at all: the fleet could not compile it (agents
        // gave up, MetaEditor crashed). Nothing for the model to fix.
        _ if version.diagnostics().is_empty() && version.compile_log.as_deref().is_none_or(|l| l.trim().is_empty()) => {
            let reason = version.error_message.clone().unwrap_or_else(|| "A compilação falhou.".into());
            let message = format!("A compilação não pôde ser concluída: {reason} Peça ajustes para tentar de novo.");
            robot_factory::mark_failed(conn, &version, &message).await?;
            robot_factory::append_message(conn, tenant, project, &ConversationMessage::new("system", "error", message))
                .await?;
        }
        _ => {
            let errors: Vec<String> = version
                .diagnostics()
                .iter()
                .filter(|d| d.severity == "error")
                .map(|d| format!("linha {}: {} {}", d.line, d.code, d.message))
                .collect();
            let summary = if errors.is_empty() {
                version.error_message.clone().unwrap_or_else(|| "A compilação falhou.".into())
            } else {
                format!("A compilação falhou com {} erro(s):\n{}", errors.len(), errors.join("\n"))
            };
            if version.retry_count < version.max_retries {
                robot_factory::set_status(conn, &version, "fixing").await?;
                let message = format!(
                    "{summary}\n\nA IA vai corrigir o código (tentativa {} de {}).",
                    version.retry_count + 1,
                    version.max_retries
                );
                robot_factory::append_message(
                    conn,
                    tenant,
                    project,
                    &ConversationMessage::new("system", "compile_error", message),
                )
                .await?;
                RunFactoryStep {
                    tenant_id: tenant,
                    version_id: version.id,
                    step: FactoryStep::Fix,
                    attempt: version.retry_count + 1,
                }
                .enqueue(conn)
                .await?;
            } else {
                let log = version.compile_log.clone().unwrap_or_else(|| summary.clone());
                robot_factory::mark_failed(conn, &version, &log).await?;
                let message = format!(
                    "{summary}\n\nAs {} tentativas de correção se esgotaram: a versão {} falhou. O log do compilador foi guardado; peça ajustes para tentar de novo.",
                    version.max_retries, version.version
                );
                robot_factory::append_message(
                    conn,
                    tenant,
                    project,
                    &ConversationMessage::new("system", "error", message),
                )
                .await?;
            }
        }
    }
    Ok(())
}
