//! The AI factory end to end: the real api and its in-process workers, an
//! OpenAI-compatible stand-in answering over real HTTP (streamed, scripted),
//! the real compiler-agent with the stand-in MetaEditor. A generation that
//! compiles first time; one fixed after a compile error; one that runs out
//! of fix rounds with its log kept; a model outage retried then reported.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use api::openai_stand_in::{answer_with, broken_ea, OpenAiStandIn, Scripted, GOOD_EA};
use rust_decimal::Decimal;
use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::testing::{fresh_database, TestDb, TEST_APP_ROLE};
use shared::repositories::compile_fleet;
use shared::repositories::robot_factory::{self, Version};
use uuid::Uuid;

struct Factory {
    db: TestDb,
    tenant: Uuid,
    config: Arc<Config>,
    model: OpenAiStandIn,
    agent: Child,
}

impl Drop for Factory {
    fn drop(&mut self) {
        self.agent.kill().ok();
    }
}

async fn factory() -> Factory {
    factory_with_agent(&[]).await
}

/// The factory with an agent given more settings (a terminal for the tester).
async fn factory_with_agent(settings: &[(&str, &str)]) -> Factory {
    let db = fresh_database().await;
    let model = OpenAiStandIn::start().await;
    let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
    config.web_dist = std::env::temp_dir().join("roboforge-no-web-dist");
    config.capacity.request_pool_size = 8;
    config.ai.base_url = Some(model.base_url.clone());
    config.ai.model = Some("stand-in-coder".into());
    config.ai.prompt_price_per_million = Decimal::new(150, 2);
    config.ai.completion_price_per_million = Decimal::new(600, 2);
    config.ai.max_fix_attempts = 2;
    config.ai.retry_wait = Duration::from_millis(50);
    let config = Arc::new(config);
    api::startup::seed_defaults(&db.worker_pool).await.unwrap();
    let seeded =
        shared::workflows::seed::TenantSeed::example("fabrica", "segredo123").create(&db.app_pool).await.unwrap();
    let state = api::AppState::new(db.app_pool.clone(), config.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(api::server::serve(listener, state, std::future::pending()));
    tokio::spawn(worker::run(db.worker_pool.clone(), config.clone(), std::future::pending()));

    let mut tx = db::begin(&db.app_pool, Scope::worker()).await.unwrap();
    let (_, token) =
        compile_fleet::register(&mut tx, "fabrica-1", "wine", shared::repositories::compile_pools::DEFAULT_POOL)
            .await
            .unwrap();
    tx.commit().await.unwrap();
    let work = std::env::temp_dir().join(format!("rf-factory-test-{}", Uuid::now_v7()));
    let agent = Command::new(env!("CARGO_BIN_EXE_compiler-agent"))
        .env("AGENT_API_URL", &base)
        .env("AGENT_TOKEN", &token)
        .env("AGENT_WORK_DIR", &work)
        .env("METAEDITOR_PATH", env!("CARGO_BIN_EXE_metaeditor-stand-in"))
        .envs(settings.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the agent");
    Factory { db, tenant: seeded.tenant_id, config, model, agent }
}

impl Factory {
    /// Starts a project the way the owner's endpoint does; returns its first version.
    async fn start(&self, name: &str) -> (Uuid, Uuid) {
        let prompt = worker::factory::example_prompt(name);
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(self.tenant)).await.unwrap();
        let (robot, _) = api::factory_start::robot_for(&mut tx, &self.config.secrets, self.tenant, name).await.unwrap();
        let started =
            api::factory_start::start_project(&mut tx, &self.config.ai, self.tenant, &prompt, &robot).await.unwrap();
        tx.commit().await.unwrap();
        started
    }

    async fn version(&self, id: Uuid) -> Version {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(self.tenant)).await.unwrap();
        let version = robot_factory::find_version(&mut tx, self.tenant, id).await.unwrap().unwrap();
        tx.commit().await.unwrap();
        version
    }

    /// Waits until the version is compiled or failed (60 s at most).
    async fn finished(&self, id: Uuid) -> Version {
        let started = Instant::now();
        loop {
            let version = self.version(id).await;
            if !version.is_running() {
                return version;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "version stayed {}", version.compilation_status);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// (role, type, content) of the project's conversation.
    async fn conversation(&self, project: Uuid) -> Vec<(String, String, String)> {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(self.tenant)).await.unwrap();
        let project = robot_factory::find_project(&mut tx, self.tenant, project).await.unwrap().unwrap();
        tx.commit().await.unwrap();
        project
            .conversation_history
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let field = |k: &str| m[k].as_str().unwrap_or_default().to_string();
                (field("role"), field("type"), field("content"))
            })
            .collect()
    }

    async fn usage(&self) -> Vec<(String, i32, i32, Decimal)> {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(self.tenant)).await.unwrap();
        let rows =
            sqlx::query_as("SELECT step, prompt_tokens, completion_tokens, cost FROM ai_usage ORDER BY created_at")
                .fetch_all(&mut *tx)
                .await
                .unwrap();
        tx.commit().await.unwrap();
        rows
    }
}

fn types(conversation: &[(String, String, String)]) -> Vec<&str> {
    conversation.iter().map(|(_, kind, _)| kind.as_str()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_generation_that_compiles_first_time_carries_the_license_check_of_its_tenant_and_robot() {
    let f = factory().await;
    let (project, version) = f.start("Robô Média").await;
    let done = f.finished(version).await;

    assert_eq!(done.compilation_status, "success", "log: {:?}", done.error_log);
    assert_eq!(done.retry_count, 0);
    assert!(done.compiled_file_url.as_deref().is_some_and(|k| k.ends_with(".ex5")));
    assert!(done.review_notes.as_deref().is_some_and(|n| n.contains("Handle do indicador")));
    assert_eq!(
        done.uploaded_source.as_deref().map(str::trim_end),
        Some(GOOD_EA.trim_end()),
        "the model's code is compiled"
    );
    // The injected source: the check wired into OnInit with this tenant's and robot's values.
    let injected = done.injected_source.unwrap();
    let on_init = injected.find("int OnInit()").expect("OnInit kept");
    let wire =
        injected[on_init..].find(shared::domain::mql5::AUTH_WIRE_MARKER).expect("the check is called from OnInit");
    assert!(wire < injected[on_init..].find("iMA(").unwrap(), "the check runs before the robot's own start-up");
    assert!(injected.contains(&f.tenant.to_string()));
    let mut tx = db::begin(&f.db.app_pool, Scope::worker_for(f.tenant)).await.unwrap();
    let robot = robot_factory::find_project(&mut tx, f.tenant, project).await.unwrap().unwrap().robot_id.unwrap();
    tx.commit().await.unwrap();
    assert!(injected.contains(&robot.to_string()));

    let conversation = f.conversation(project).await;
    assert_eq!(types(&conversation), ["request", "generation", "review", "compiling", "compile_success"]);
    assert_eq!(conversation[1].0, "assistant");
    let usage = f.usage().await;
    assert_eq!(usage.iter().map(|u| u.0.as_str()).collect::<Vec<_>>(), ["generate", "review"]);
    assert!(usage.iter().all(|(_, prompt, completion, cost)| *prompt > 0 && *completion > 0 && *cost > Decimal::ZERO));
    // The model was asked with the MQL5 rules pinned and streamed.
    let requests = f.model.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0]["stream"], true);
    assert!(requests[0]["messages"][0]["content"].as_str().unwrap().contains("CopyBuffer"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_compile_error_goes_back_to_the_model_and_the_fixed_code_compiles_on_the_second_try() {
    let f = factory().await;
    let broken = answer_with("Primeira tentativa.", &broken_ea());
    f.model.script([Scripted::Answer(broken.clone()), Scripted::Answer(broken)]);
    let (project, version) = f.start("Robô Corrigido").await;
    let done = f.finished(version).await;

    assert_eq!(done.compilation_status, "success", "log: {:?}", done.error_log);
    assert_eq!(done.retry_count, 1);
    let conversation = f.conversation(project).await;
    assert_eq!(
        types(&conversation),
        ["request", "generation", "review", "compiling", "compile_error", "fix", "compiling", "compile_success"]
    );
    // The error is reported at the line of the generated code, and sent to the model.
    let line = broken_ea().lines().position(|l| l.contains("undeclared_identifier")).unwrap() + 1;
    assert!(conversation[4].2.contains(&format!("linha {line}")), "{}", conversation[4].2);
    let fix = f.model.requests().pop().unwrap();
    let asked = fix["messages"][1]["content"].as_str().unwrap();
    assert!(asked.contains(&format!("line {line}")) && asked.contains("undeclared"), "{asked}");
    let mut tx = db::begin(&f.db.app_pool, Scope::worker_for(f.tenant)).await.unwrap();
    let attempts: i32 = sqlx::query_scalar("SELECT compilation_attempts FROM robot_generations WHERE id = $1")
        .bind(done.generation_id)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(attempts, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_that_never_compiles_fails_after_its_fix_rounds_with_the_log_kept() {
    let f = factory().await;
    let broken = answer_with("Sempre quebrado.", &broken_ea());
    f.model.script(std::iter::repeat_n(Scripted::Answer(broken), 4));
    let (project, version) = f.start("Robô Teimoso").await;
    let done = f.finished(version).await;

    assert_eq!(done.compilation_status, "failed");
    assert_eq!(done.retry_count, 2, "both fix rounds were used");
    let log = done.error_log.unwrap();
    assert!(log.contains("undeclared identifier") && log.contains("Result: 1 errors"), "the compiler's log: {log}");
    let conversation = f.conversation(project).await;
    assert_eq!(conversation.last().unwrap().1, "error");
    assert!(conversation.last().unwrap().2.contains("tentativas de correção se esgotaram"));
    assert_eq!(f.model.requests().len(), 4, "generate, review and two fixes");
    let mut tx = db::begin(&f.db.app_pool, Scope::worker_for(f.tenant)).await.unwrap();
    let (status, kept): (String, Option<String>) =
        sqlx::query_as("SELECT status, error_log FROM robot_generations WHERE id = $1")
            .bind(done.generation_id)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    assert_eq!(status, "failed");
    assert!(kept.unwrap().contains("undeclared identifier"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_outage_is_retried_then_reported() {
    let f = factory().await;
    f.model.script([Scripted::Fail(503), Scripted::Fail(429), Scripted::Fail(503), Scripted::Fail(503)]);
    let (project, version) = f.start("Robô Sem Modelo").await;
    let done = f.finished(version).await;

    assert_eq!(done.compilation_status, "failed");
    assert_eq!(f.model.requests().len(), 4, "the first attempt and three retries");
    let reason = done.error_log.unwrap();
    assert!(reason.contains("HTTP 503") && reason.contains("4 tentativas"), "{reason}");
    let conversation = f.conversation(project).await;
    assert_eq!(types(&conversation), ["request", "error"]);
    assert!(f.usage().await.is_empty(), "nothing was answered, nothing is charged");
}

#[tokio::test]
async fn the_model_client_retries_outages_and_rate_limits_then_gives_up_with_a_reason() {
    let model = OpenAiStandIn::start().await;
    let config = shared::infrastructure::config::AiConfig {
        base_url: Some(model.base_url.clone()),
        model: Some("stand-in-coder".into()),
        retry_wait: Duration::from_millis(10),
        ..Default::default()
    };
    let client = shared::workflows::factory::model::Model::from_config(&config).unwrap();
    model.script([Scripted::Fail(503), Scripted::Fail(429), Scripted::Answer("Olá\n```mql5\nint x;\n```".into())]);
    let mut streamed = String::new();
    let answer = client.ask("sistema", "pedido", |piece| streamed.push_str(piece), || {}).await.unwrap();
    assert_eq!(answer.text, "Olá\n```mql5\nint x;\n```");
    assert_eq!(streamed, answer.text, "the text arrived in pieces");
    assert!(answer.prompt_tokens > 0 && answer.completion_tokens > 0);
    assert_eq!(model.requests().len(), 3);

    model.script([Scripted::Fail(500), Scripted::Fail(503), Scripted::Fail(502), Scripted::Fail(503)]);
    let error = client.ask("sistema", "pedido", |_| {}, || {}).await.unwrap_err();
    assert!(error.message.contains("HTTP 503") && error.message.contains("4 tentativas"), "{}", error.message);
    assert_eq!(model.requests().len(), 7, "four more requests, then the outage is reported");

    model.script([Scripted::Fail(401)]);
    let error = client.ask("sistema", "pedido", |_| {}, || {}).await.unwrap_err();
    assert!(!error.retryable && error.message.contains("chave de API recusada"), "{}", error.message);
    assert_eq!(model.requests().len(), 8, "a refused key is not asked again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_compiled_version_that_never_trades_goes_back_to_the_model_once_then_is_not_recommended() {
    let f = factory_with_agent(&[
        ("TERMINAL_PATH", env!("CARGO_BIN_EXE_tester-stand-in")),
        ("TESTER_STAND_IN_TRADES", "0"),
        ("METAEDITOR_ENV", "TESTER_STAND_IN_TRADES"),
    ])
    .await;
    let (project, version) = f.start("Robô Parado").await;
    // The gate runs on each compiled code: the first, and the one fixed after it.
    let started = Instant::now();
    let conversation = loop {
        let conversation = f.conversation(project).await;
        if conversation.iter().filter(|(_, kind, _)| kind == "tester").count() == 2 {
            break conversation;
        }
        assert!(started.elapsed() < Duration::from_secs(90), "{:?}", types(&conversation));
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(
        types(&conversation),
        [
            "request",
            "generation",
            "review",
            "compiling",
            "compile_success",
            "tester",
            "fix",
            "compiling",
            "compile_success",
            "tester"
        ]
    );
    assert!(
        conversation[5].2.contains("0 operações") && conversation[5].2.contains("uma rodada extra"),
        "{}",
        conversation[5].2
    );
    assert!(
        conversation[9].2.contains("Não recomendado") && conversation[9].2.contains("Nenhuma operação"),
        "{}",
        conversation[9].2
    );
    // The model was asked once more, with the tester's numbers.
    let requests = f.model.requests();
    assert_eq!(requests.len(), 3, "generate, review and the tester's fix round");
    let asked = requests[2]["messages"][1]["content"].as_str().unwrap();
    assert!(asked.contains("Strategy Tester") && asked.contains("opened no position"), "{asked}");
    let done = f.version(version).await;
    assert_eq!(done.compilation_status, "success", "still publishable, marked not recommended");
    assert!(done.tester_feedback.is_some());
    let mut tx = db::begin(&f.db.app_pool, Scope::worker_for(f.tenant)).await.unwrap();
    let runs: Vec<(String, Option<bool>)> =
        sqlx::query_as("SELECT status, recommended FROM backtests WHERE factory_version_id = $1 ORDER BY created_at")
            .bind(version)
            .fetch_all(&mut *tx)
            .await
            .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(runs, [("completed".to_string(), Some(false)), ("completed".to_string(), Some(false))]);
}
