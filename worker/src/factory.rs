//! The AI factory's pipeline, one job per step (`RunFactoryStep`):
//! generate → review → static checks → inject the license check → compile on
//! the fleet → (compile errors or check findings) fix → … → compiled or
//! failed. Each step writes the version's status, its code and the project's
//! conversation; the model's text goes to the owner's stream as it arrives.
//! The compile result itself is handled where the agent reports it
//! (`shared::workflows::factory::compile_outcome`).

use std::sync::Arc;
use std::time::Duration;

use apalis::prelude::{BoxDynError, Data};
use shared::domain::mql5::{self, static_checks, LapsePolicy};
use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, PgPool, Scope};
use shared::repositories::compile_jobs::{self, NewImport};
use shared::repositories::robot_factory::{self, ConversationMessage, Usage, Version};
use shared::repositories::{tenant_limits, tenant_robots};
use shared::workflows::factory::model::Model;
use shared::workflows::factory::prompts::{self, StrategyPrompt};
use shared::workflows::jobs::{FactoryStep, RunFactoryStep};
use shared::AppError;
use tokio::sync::mpsc;

pub async fn handle(job: RunFactoryStep, pool: Data<PgPool>, config: Data<Arc<Config>>) -> Result<(), BoxDynError> {
    crate::timed(shared::workflows::jobs::FACTORY_QUEUE, run(&pool, &config, &job))
        .await
        .map(|_| ())
        .map_err(|e| Box::new(e) as BoxDynError)
}

/// What one step did (tests look at it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepDone {
    /// The version is no longer at this step (a repeated job).
    Skipped,
    /// The next step is queued (review, fix) or the code is on the fleet.
    Advanced,
    /// The version failed (model unreachable, no code, no model configured).
    Failed,
}

/// The job's body. `Err` only for trouble worth running the job again
/// (the database); the model's failures end the version with a message.
pub async fn run(pool: &PgPool, config: &Config, job: &RunFactoryStep) -> Result<StepDone, AppError> {
    let Some(version) = begin_step(pool, job).await? else { return Ok(StepDone::Skipped) };
    let Some(model) = Model::from_config(&config.ai) else {
        let reason = "Nenhum modelo de IA está configurado na plataforma (AI_BASE_URL e AI_MODEL).";
        fail(pool, &version, reason).await?;
        return Ok(StepDone::Failed);
    };
    let prompt = version.prompt().unwrap_or_default();
    let (ask, step_name, kind) = match job.step {
        FactoryStep::Generate => {
            let previous = previous_source(pool, &version).await?;
            (prompts::generation(&prompt, previous.as_deref()), "generate", "generation")
        }
        FactoryStep::Review => {
            (prompts::review(&prompt, version.source_code.as_deref().unwrap_or_default()), "review", "review")
        }
        FactoryStep::Fix => {
            let mut tx = db::begin(pool, Scope::worker_for(version.tenant_id)).await?;
            let policy = tenant_limits::directive_policy(&mut tx, version.tenant_id).await?;
            tx.commit().await?;
            let problems = problems_to_fix(&version, policy);
            (prompts::fix(version.source_code.as_deref().unwrap_or_default(), &problems), "fix", "fix")
        }
    };

    let answer = ask_streaming(pool, &model, &version, &ask).await;
    let answer = match answer {
        Ok(answer) => answer,
        Err(error) => {
            fail(pool, &version, &format!("{error}. A versão foi interrompida; peça ajustes para tentar de novo."))
                .await?;
            return Ok(StepDone::Failed);
        }
    };
    let mut tx = db::begin(pool, Scope::worker_for(version.tenant_id)).await?;
    robot_factory::record_usage(
        &mut tx,
        &Usage {
            tenant_id: version.tenant_id,
            project_id: version.project_id,
            version_id: version.id,
            step: step_name,
            model: model.name(),
            prompt_tokens: answer.prompt_tokens,
            completion_tokens: answer.completion_tokens,
            cost: answer.cost(&config.ai),
        },
    )
    .await?;
    robot_factory::append_message(
        &mut tx,
        version.tenant_id,
        version.project_id,
        &ConversationMessage::new("assistant", kind, answer.text.clone()),
    )
    .await?;
    let code = prompts::extract_code(&answer.text);
    let source = match (code, job.step) {
        (Some(code), _) => code,
        // A review without code means nothing needed changing.
        (None, FactoryStep::Review) => version.source_code.clone().unwrap_or_default(),
        (None, _) => {
            tx.commit().await?;
            fail(pool, &version, "O modelo de IA respondeu sem o código do robô. Peça ajustes para tentar de novo.")
                .await?;
            return Ok(StepDone::Failed);
        }
    };
    let notes = (job.step == FactoryStep::Review).then(|| prompts::prose(&answer.text));
    robot_factory::save_source(&mut tx, &version, &source, notes.as_deref()).await?;
    if job.step == FactoryStep::Generate {
        robot_factory::set_status(&mut tx, &version, "reviewing").await?;
        RunFactoryStep { step: FactoryStep::Review, attempt: 0, ..*job }.enqueue(&mut tx).await?;
        tx.commit().await?;
        return Ok(StepDone::Advanced);
    }
    tx.commit().await?;
    check_then_compile(pool, config, &version, &source).await
}

/// Locks the version, checks it is at `job`'s step, and marks the step as
/// begun (a fix round is counted once).
async fn begin_step(pool: &PgPool, job: &RunFactoryStep) -> Result<Option<Version>, AppError> {
    let mut tx = db::begin(pool, Scope::worker_for(job.tenant_id)).await?;
    let Some(version) = robot_factory::lock_version(&mut tx, job.tenant_id, job.version_id).await? else {
        return Ok(None);
    };
    let status = version.compilation_status.as_str();
    let at_step = match job.step {
        FactoryStep::Generate => matches!(status, "pending" | "generating"),
        FactoryStep::Review => status == "reviewing",
        FactoryStep::Fix => status == "fixing" && version.retry_count <= job.attempt,
    };
    // Longer than any model answer may take: a run still going is left alone.
    let stale_after = Duration::from_secs(20 * 60);
    let step = format!("{:?}:{}", job.step, job.attempt);
    if !at_step || !robot_factory::take_step(&mut tx, &version, &step, stale_after).await? {
        return Ok(None);
    }
    if job.step == FactoryStep::Generate {
        robot_factory::set_status(&mut tx, &version, "generating").await?;
    }
    if job.step == FactoryStep::Fix && version.retry_count < job.attempt {
        robot_factory::count_retry(&mut tx, &version).await?;
    }
    tx.commit().await?;
    Ok(Some(version))
}

/// Runs the static checks; findings go back to the model while fix rounds
/// remain, otherwise the code (license check injected) goes to the fleet.
async fn check_then_compile(
    pool: &PgPool,
    config: &Config,
    version: &Version,
    source: &str,
) -> Result<StepDone, AppError> {
    let mut tx = db::begin(pool, Scope::worker_for(version.tenant_id)).await?;
    let Some(version) = robot_factory::lock_version(&mut tx, version.tenant_id, version.id).await? else {
        return Ok(StepDone::Skipped);
    };
    let findings = static_checks::check(source);
    let fix_rounds_left = version.retry_count < version.max_retries;
    let policy = tenant_limits::directive_policy(&mut tx, version.tenant_id).await?;
    // A directive that reads outside the job never reaches the fleet: the
    // model is asked to remove it, and past its rounds the version fails.
    if let Err(refusal) = mql5::check_directives(source, policy) {
        if fix_rounds_left {
            let message = format!("O código não pode ser compilado: {refusal}\n\nA IA vai corrigi-lo.");
            return queue_fix(tx, &version, "static_check", &message).await;
        }
        tx.commit().await?;
        fail(pool, &version, &format!("O código não pôde ser aceito: {refusal}")).await?;
        return Ok(StepDone::Failed);
    }
    if !findings.is_empty() && fix_rounds_left {
        let listed: Vec<String> = findings.iter().map(|f| format!("linha {}: {}", f.line, f.message)).collect();
        let message = format!(
            "A verificação antes de compilar encontrou {} problema(s):\n{}\n\nA IA vai corrigi-los antes de compilar.",
            findings.len(),
            listed.join("\n")
        );
        return queue_fix(tx, &version, "static_check", &message).await;
    }
    // A factory robot keeps running when its license lapses (to manage its
    // open positions): one that could still open new ones is never built.
    if let Some(unguarded) = findings.iter().find(|f| f.code == static_checks::CheckCode::UnguardedEntry) {
        tx.commit().await?;
        let reason = format!("linha {}: {}", unguarded.line, unguarded.message);
        fail(pool, &version, &format!("O código não pôde ser aceito: {reason}")).await?;
        return Ok(StepDone::Failed);
    }
    let robot = match project_robot(&mut tx, &version).await? {
        Some(robot) => robot,
        None => {
            tx.commit().await?;
            fail(pool, &version, "O robô deste projeto não existe mais.").await?;
            return Ok(StepDone::Failed);
        }
    };
    tx.commit().await?;
    let injected = match shared::workflows::robot_injection::inject_for_robot(
        pool,
        &config.secrets,
        &robot,
        source,
        LapsePolicy::Manage,
    )
    .await
    {
        Ok(injected) => injected,
        Err(AppError::Unprocessable(reason)) => {
            let tx = db::begin(pool, Scope::worker_for(version.tenant_id)).await?;
            if fix_rounds_left {
                let message =
                    format!("A verificação de licença não pôde ser inserida: {reason}\n\nA IA vai corrigir o código.");
                return queue_fix(tx, &version, "static_check", &message).await;
            }
            fail(pool, &version, &format!("A verificação de licença não pôde ser inserida: {reason}")).await?;
            return Ok(StepDone::Failed);
        }
        Err(other) => return Err(other),
    };
    let mut tx = db::begin(pool, Scope::worker_for(version.tenant_id)).await?;
    let job = compile_jobs::create_import(
        &mut tx,
        NewImport {
            tenant_id: version.tenant_id,
            robot_id: robot.id,
            robot_name: &robot.name,
            source_code: &injected.source,
            uploaded_source: source,
            original_file_name: None,
            generation_id: version.generation_id,
        },
    )
    .await?;
    robot_factory::set_compile_job(&mut tx, &version, job.id).await?;
    robot_factory::set_status(&mut tx, &version, "compiling").await?;
    let message = format!(
        "Verificação de licença inserida (template {}) e código enviado para compilação.",
        injected.template_version
    );
    robot_factory::append_message(
        &mut tx,
        version.tenant_id,
        version.project_id,
        &ConversationMessage::new("system", "compiling", message),
    )
    .await?;
    tx.commit().await?;
    Ok(StepDone::Advanced)
}

async fn queue_fix(mut tx: db::Tx, version: &Version, kind: &str, message: &str) -> Result<StepDone, AppError> {
    robot_factory::set_status(&mut tx, version, "fixing").await?;
    robot_factory::append_message(
        &mut tx,
        version.tenant_id,
        version.project_id,
        &ConversationMessage::new("system", kind, message),
    )
    .await?;
    RunFactoryStep {
        tenant_id: version.tenant_id,
        version_id: version.id,
        step: FactoryStep::Fix,
        attempt: version.retry_count + 1,
    }
    .enqueue(&mut tx)
    .await?;
    tx.commit().await?;
    Ok(StepDone::Advanced)
}

/// What the fix prompt lists: the last compile's errors (at the lines of
/// the generated code) and the static checks' findings.
fn problems_to_fix(version: &Version, policy: mql5::DirectivePolicy) -> Vec<String> {
    let mut problems: Vec<String> = version
        .diagnostics()
        .into_iter()
        .filter(|d| d.severity == "error" && !d.in_injected_code)
        .map(|d| format!("Compiler error at line {}, column {}: {} {}", d.line, d.column, d.code, d.message))
        .collect();
    let source = version.source_code.as_deref().unwrap_or_default();
    problems.extend(static_checks::check(source).into_iter().map(|f| format!("Line {}: {}", f.line, f.instruction)));
    if let Err(refusal) = mql5::check_directives(source, policy) {
        problems.push(format!(
            "Line {}: this directive is not allowed ({}). Use only `#include <...>` of the MQL5 standard library, \
             no #resource, no #import, no absolute or relative paths: put everything in this one file. Keep every \
             string on one line and end no string or comment line with a backslash.",
            refusal.line, refusal.reason
        ));
    }
    // The tester's gate sent a compiled version back (no trades): its
    // numbers are the problem while the code compiles.
    let compiled = version.diagnostics().iter().all(|d| d.severity != "error");
    if let Some(feedback) = version.tester_feedback.as_ref().filter(|_| compiled) {
        problems.push(feedback.clone());
    }
    if !source.contains("OnInit") {
        problems.push("The Expert Advisor must define `int OnInit()` returning INIT_SUCCEEDED.".into());
    }
    if problems.is_empty() {
        problems.push(
            version
                .error_message
                .clone()
                .unwrap_or_else(|| "The previous compilation failed; review the whole file.".into()),
        );
    }
    problems
}

async fn project_robot(tx: &mut db::Tx, version: &Version) -> Result<Option<tenant_robots::TenantRobot>, AppError> {
    let Some(project) = robot_factory::find_project(tx, version.tenant_id, version.project_id).await? else {
        return Ok(None);
    };
    match project.robot_id {
        Some(robot_id) => tenant_robots::find(tx, version.tenant_id, robot_id).await,
        None => Ok(None),
    }
}

/// The source of the project's latest version before this one (adjustments
/// change it rather than start over).
async fn previous_source(pool: &PgPool, version: &Version) -> Result<Option<String>, AppError> {
    if version.version <= 1 {
        return Ok(None);
    }
    let mut tx = db::begin(pool, Scope::worker_for(version.tenant_id)).await?;
    let versions = robot_factory::versions(&mut tx, version.tenant_id, version.project_id).await?;
    tx.commit().await?;
    Ok(versions
        .into_iter()
        .filter(|v| v.version < version.version)
        .find_map(|v| v.source_code.filter(|s| !s.trim().is_empty())))
}

/// Asks the model, sending its text to the owner's stream in pieces (at
/// most every 250 ms) while it writes.
async fn ask_streaming(
    pool: &PgPool,
    model: &Model,
    version: &Version,
    ask: &str,
) -> Result<shared::workflows::factory::model::Answer, shared::workflows::factory::model::ModelError> {
    let (sender, receiver) = mpsc::unbounded_channel::<String>();
    let relay = tokio::spawn(relay_text(pool.clone(), version.tenant_id, version.project_id, version.id, receiver));
    let answer = model
        .ask(
            prompts::SYSTEM_PROMPT,
            ask,
            |piece| {
                let _ = sender.send(piece.to_string());
            },
            || {},
        )
        .await;
    drop(sender);
    let _ = relay.await;
    answer
}

async fn relay_text(
    pool: PgPool,
    tenant: uuid::Uuid,
    project: uuid::Uuid,
    version: uuid::Uuid,
    mut pieces: mpsc::UnboundedReceiver<String>,
) {
    let mut pending = String::new();
    let mut last_sent = tokio::time::Instant::now();
    loop {
        let next = tokio::time::timeout(Duration::from_millis(250), pieces.recv()).await;
        let finished = matches!(next, Ok(None));
        if let Ok(Some(piece)) = next {
            pending.push_str(&piece);
        }
        let due = last_sent.elapsed() >= Duration::from_millis(250) || pending.len() > 1500;
        if !pending.is_empty() && (due || finished) {
            // Announced outside any transaction: the text shows as it comes.
            if let Ok(mut conn) = pool.acquire().await {
                if let Err(error) = shared::workflows::notifications::announce_factory_text(
                    &mut conn, tenant, project, version, &pending,
                )
                .await
                {
                    tracing::debug!(%error, "factory: model text not relayed");
                }
            }
            pending.clear();
            last_sent = tokio::time::Instant::now();
        }
        if finished {
            break;
        }
    }
}

/// Ends the version as failed with `reason` in its log and the conversation.
async fn fail(pool: &PgPool, version: &Version, reason: &str) -> Result<(), AppError> {
    let mut tx = db::begin(pool, Scope::worker_for(version.tenant_id)).await?;
    robot_factory::mark_failed(&mut tx, version, reason).await?;
    robot_factory::append_message(
        &mut tx,
        version.tenant_id,
        version.project_id,
        &ConversationMessage::new("system", "error", reason),
    )
    .await?;
    tx.commit().await?;
    tracing::warn!(queue = "factory", tenant = %version.tenant_id, version = %version.id, reason, "factory version failed");
    Ok(())
}

/// A strategy for tests and tools.
pub fn example_prompt(name: &str) -> StrategyPrompt {
    StrategyPrompt {
        robot_name: name.into(),
        parametros_entrada: "Média móvel de 20 períodos no H1, lote 0.10".into(),
        gatilhos_abrir: "Comprar quando o preço fechar acima da média".into(),
        gatilhos_fechar: "Fechar quando o preço fechar abaixo da média".into(),
        gestao_risco: "No máximo uma posição aberta por vez".into(),
        take_profit_stop_loss: "Stop loss de 200 pontos e take profit de 400 pontos".into(),
        protecao_capital: "Parar de operar se o drawdown do dia passar de 3%".into(),
        adjustment_request: None,
    }
}
