//! The real compiler-agent binary against the real api (a fresh database,
//! the server on loopback), compiling with a stand-in MetaEditor that speaks
//! the real program's language (arguments, UTF-16LE log, .ex5 on success,
//! meaningless exit code).

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::testing::{fresh_database, TestDb, TEST_APP_ROLE};
use shared::repositories::compile_fleet;
use uuid::Uuid;

struct Fleet {
    base: String,
    db: TestDb,
    tenant: Uuid,
    work: std::path::PathBuf,
}

async fn fleet() -> Fleet {
    let db = fresh_database().await;
    let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
    config.web_dist = std::env::temp_dir().join("roboforge-no-web-dist");
    config.capacity.request_pool_size = 8;
    api::startup::seed_defaults(&db.worker_pool).await.unwrap();
    let seeded =
        shared::workflows::seed::TenantSeed::example("frota", "segredo123").create(&db.app_pool).await.unwrap();
    let state = api::AppState::new(db.app_pool.clone(), Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(api::server::serve(listener, state, std::future::pending()));
    let work = std::env::temp_dir().join(format!("rf-agent-test-{}", Uuid::now_v7()));
    Fleet { base, db, tenant: seeded.tenant_id, work }
}

impl Fleet {
    async fn register(&self, name: &str) -> (Uuid, String) {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker()).await.unwrap();
        let (agent, token) =
            compile_fleet::register(&mut tx, name, "wine", shared::repositories::compile_pools::DEFAULT_POOL)
                .await
                .unwrap();
        tx.commit().await.unwrap();
        (agent.id, token)
    }

    async fn queue(&self, name: &str, source: &str) -> Uuid {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(self.tenant)).await.unwrap();
        let id = Uuid::now_v7();
        sqlx::query("INSERT INTO compilation_jobs (id, tenant_id, robot_name, source_code) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(self.tenant)
            .bind(name)
            .bind(source)
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        id
    }

    async fn job(&self, id: Uuid) -> (String, Option<Uuid>, Option<String>, Option<serde_json::Value>, i32) {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(self.tenant)).await.unwrap();
        sqlx::query_as(
            "SELECT status, agent_id, compiled_file_url, diagnostics, attempts FROM compilation_jobs WHERE id = $1",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await
        .unwrap()
    }

    /// Waits until the job reaches `status` (or fails the test after 20 s).
    async fn wait_for(
        &self,
        id: Uuid,
        status: &str,
    ) -> (String, Option<Uuid>, Option<String>, Option<serde_json::Value>, i32) {
        self.wait_up_to(id, status, Duration::from_secs(20)).await
    }

    async fn wait_up_to(
        &self,
        id: Uuid,
        status: &str,
        limit: Duration,
    ) -> (String, Option<Uuid>, Option<String>, Option<serde_json::Value>, i32) {
        let started = Instant::now();
        loop {
            let row = self.job(id).await;
            if row.0 == status {
                return row;
            }
            assert!(started.elapsed() < limit, "job {id} stayed {} (wanted {status})", row.0);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    fn agent(&self, token: &str, hang: bool) -> Child {
        self.agent_with(token, hang, &[("METAEDITOR_PATH", env!("CARGO_BIN_EXE_metaeditor-stand-in"))])
    }

    /// The agent with more settings (the Wine runner, a Windows MetaEditor).
    fn agent_with(&self, token: &str, hang: bool, settings: &[(&str, &str)]) -> Child {
        Command::new(env!("CARGO_BIN_EXE_compiler-agent"))
            .env("AGENT_API_URL", &self.base)
            .env("AGENT_TOKEN", token)
            .env("AGENT_WORK_DIR", &self.work)
            .env("STAND_IN_HANG", if hang { "1" } else { "0" })
            // The stand-in reads it; the agent passes nothing it is not told to.
            .env("METAEDITOR_ENV", "STAND_IN_HANG, AGENT_TOKEN")
            .envs(settings.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the agent")
    }
}

const GOOD: &str =
    "#include <Trade/Trade.mqh>\nCTrade trade;\nint OnInit() { return(INIT_SUCCEEDED); }\nvoid OnTick() {}\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_agent_compiles_a_job_and_reports_errors_of_another() {
    let f = fleet().await;
    let (_, token) = f.register("linux-1").await;
    let good = f.queue("Robô Alfa", GOOD).await;
    let broken = f.queue("Robô Quebrado", "void OnTick() {\n  undeclared_identifier = 1;\n}\n").await;
    let mut agent = f.agent(&token, false);

    let (_, _, file, _, _) = f.wait_for(good, "completed").await;
    assert!(file.unwrap().ends_with(".ex5"), "the .ex5 is stored");
    let (_, _, file, diagnostics, _) = f.wait_for(broken, "failed").await;
    assert!(file.is_none());
    let diagnostics = diagnostics.unwrap();
    assert_eq!(diagnostics[0]["line"], 2, "{diagnostics}");
    assert_eq!(diagnostics[0]["severity"], "error");
    assert_eq!(diagnostics[0]["code"], "256");
    // The agent prints a job's status line after its result is accepted: give it that moment.
    tokio::time::sleep(Duration::from_millis(500)).await;
    agent.kill().ok();
    let output = agent.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&output.stdout);
    assert!(log.contains("compilado") && log.contains("erros de compilação"), "a status line per job: {log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_of_a_killed_agent_is_finished_by_another_after_its_lease() {
    let f = fleet().await;
    let (dead_id, dead) = f.register("morre").await;
    let (_, alive) = f.register("vive").await;
    let job = f.queue("Robô Beta", GOOD).await;
    let mut first = f.agent(&dead, true);
    let (_, holder, _, _, _) = f.wait_for(job, "processing").await;
    assert_eq!(holder, Some(dead_id));
    first.kill().unwrap(); // SIGKILL: no chance to give the job back
    first.wait().ok();

    // The lease runs out in 3 s (shortened from 120 s here rather than waited for); the other agent's claim
    // waits for exactly that moment.
    let mut tx = db::begin(&f.db.app_pool, Scope::worker_for(f.tenant)).await.unwrap();
    sqlx::query("UPDATE compilation_jobs SET lease_expires_at = now() + interval '3 seconds' WHERE id = $1")
        .bind(job)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let mut second = f.agent(&alive, false);
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(f.job(job).await.0, "processing", "leased: the other agent waits");
    let (_, holder, file, _, attempts) = f.wait_for(job, "completed").await;
    assert!(holder != Some(dead_id) && file.is_some());
    assert_eq!(attempts, 2);
    second.kill().ok();
    second.wait().ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_agent_gives_its_job_back_and_a_revoked_one_exits() {
    let f = fleet().await;
    let (agent_id, token) = f.register("para").await;
    let job = f.queue("Robô Gama", GOOD).await;
    let agent = f.agent(&token, true);
    f.wait_for(job, "processing").await;
    let terminated = Command::new("kill").arg("-TERM").arg(agent.id().to_string()).status().unwrap();
    assert!(terminated.success());
    let (_, holder, _, _, attempts) = f.wait_for(job, "pending").await;
    assert_eq!((holder, attempts), (None, 0), "given back, not counted as a fault");
    let output = agent.wait_with_output().unwrap();
    assert!(String::from_utf8_lossy(&output.stdout).contains("devolvido"));

    let mut tx = db::begin(&f.db.app_pool, Scope::worker()).await.unwrap();
    compile_fleet::revoke(&mut tx, agent_id).await.unwrap();
    tx.commit().await.unwrap();
    let revoked = f.agent(&token, false).wait_with_output().unwrap();
    assert_eq!(revoked.status.code(), Some(3), "a revoked token stops the agent");
    assert!(String::from_utf8_lossy(&revoked.stderr).contains("token recusado"));
}

/// The Wine path for real: the agent runs a Windows build of the stand-in
/// through `compiler-agent/wine/run-metaeditor.sh` under Debian's wine.
/// `make test-wine` (compiler-agent/wine/tests/test-wine-runner.sh) builds the
/// stand-in with mingw, installs it into a throwaway prefix and runs this test
/// with WINE_TEST_METAEDITOR, WINE_TEST_RUNNER and WINEPREFIX set; elsewhere it
/// has nothing to run and says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_agent_compiles_through_the_wine_runner() {
    let (Ok(editor), Ok(runner)) = (std::env::var("WINE_TEST_METAEDITOR"), std::env::var("WINE_TEST_RUNNER")) else {
        eprintln!("not run: make test-wine sets WINE_TEST_METAEDITOR and WINE_TEST_RUNNER");
        return;
    };
    let f = fleet().await;
    let (_, token) = f.register("wine-real").await;
    let good = f.queue("Robô Wine", GOOD).await;
    let broken = f.queue("Robô Wine Quebrado", "void OnTick() {\n  undeclared_identifier = 1;\n}\n").await;
    let mut agent = f.agent_with(&token, false, &[("METAEDITOR_PATH", &editor), ("WINE_RUNNER", &runner)]);

    // Wine starts slowly the first time: a minute is plenty.
    let (_, _, file, _, _) = f.wait_up_to(good, "completed", Duration::from_secs(90)).await;
    assert!(file.unwrap().ends_with(".ex5"), "the .ex5 compiled under Wine is stored");
    let (_, _, file, diagnostics, _) = f.wait_up_to(broken, "failed", Duration::from_secs(90)).await;
    assert!(file.is_none());
    let diagnostics = diagnostics.unwrap();
    assert_eq!(
        (diagnostics[0]["line"].as_u64(), diagnostics[0]["code"].as_str()),
        (Some(2), Some("256")),
        "{diagnostics}"
    );
    agent.kill().ok();
    let output = agent.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&output.stdout);
    assert!(log.contains("compilado"), "a status line per job: {log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metaeditor_never_sees_the_agent_token_and_an_escaping_directive_never_reaches_it() {
    let f = fleet().await;
    let (_, token) = f.register("linux-env").await;
    let printing = f.queue("Robô Ambiente", &format!("// STAND-IN: PRINT ENV\n{GOOD}")).await;
    // Queued past the api's check (straight into the table): the agent checks again.
    let escaping =
        f.queue("Robô Fuga", "int OnInit() { return(0); }\n#resource \"/etc/passwd\"\nvoid OnTick() {}\n").await;
    // Issue 33: a directive only one reading of the source sees (here, if a
    // string ends at its line break) is refused by the agent too.
    let hidden = f
        .queue(
            "Robô Escondido",
            "string s=\"abc\\\n#resource \"/etc/passwd\"\n\";\nint OnInit() { return(0); }\nvoid OnTick() {}\n",
        )
        .await;
    let mut agent = f.agent(&token, false);
    f.wait_for(printing, "completed").await;
    let (_, _, hidden_file, hidden_diagnostics, _) = f.wait_for(hidden, "failed").await;
    assert!(hidden_file.is_none());
    let hidden_diagnostics = hidden_diagnostics.unwrap();
    assert_eq!(
        (hidden_diagnostics[0]["line"].as_i64(), hidden_diagnostics[0]["code"].as_str()),
        (Some(1), Some("directive")),
        "{hidden_diagnostics}"
    );
    assert!(hidden_diagnostics[0]["message"].as_str().unwrap().contains("barra invertida"), "{hidden_diagnostics}");
    let (_, _, file, diagnostics, _) = f.wait_for(escaping, "failed").await;
    agent.kill().ok();
    let _ = agent.wait();
    assert!(file.is_none());
    let diagnostics = diagnostics.unwrap();
    assert_eq!(
        (diagnostics[0]["line"].as_i64(), diagnostics[0]["code"].as_str()),
        (Some(2), Some("directive")),
        "{diagnostics}"
    );
    assert!(diagnostics[0]["message"].as_str().unwrap().contains("caminhos absolutos"), "{diagnostics}");

    let mut tx = db::begin(&f.db.app_pool, Scope::worker_for(f.tenant)).await.unwrap();
    let log: String = sqlx::query_scalar("SELECT coalesce(compile_log, '') FROM compilation_jobs WHERE id = $1")
        .bind(printing)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert!(log.contains("env PATH="), "the stand-in printed its environment: {log}");
    assert!(!log.contains(&token) && !log.contains("AGENT_TOKEN"), "the token reached MetaEditor: {log}");
    assert!(!log.contains("AGENT_API_URL"), "nor the agent's own settings");
    let escaped_log: String =
        sqlx::query_scalar("SELECT coalesce(compile_log, '') FROM compilation_jobs WHERE id = $1")
            .bind(escaping)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    assert!(escaped_log.starts_with("Recusado antes de compilar: Linha 2:"), "{escaped_log}");
}

/// Every line of `bytes` as JSON, each with the fields a log shipper reads.
fn json_lines(bytes: &[u8]) -> Vec<serde_json::Value> {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .map(|line| {
            let value: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("not one JSON object ({e}): {line}"));
            for field in ["timestamp", "level", "message", "target"] {
                assert!(value[field].is_string(), "{field} missing: {line}");
            }
            value
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_log_format_json_every_line_the_agent_writes_is_a_json_object_without_the_token() {
    let f = fleet().await;
    let (_, token) = f.register("json").await;
    let job = f.queue("Robô Json", GOOD).await;
    let json = [("METAEDITOR_PATH", env!("CARGO_BIN_EXE_metaeditor-stand-in")), ("LOG_FORMAT", "json")];
    let agent = f.agent_with(&token, false, &json);
    f.wait_for(job, "completed").await;
    // The status line comes after the result is accepted.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(Command::new("kill").arg("-TERM").arg(agent.id().to_string()).status().unwrap().success());
    let stopped = agent.wait_with_output().unwrap();
    assert!(stopped.status.success(), "SIGTERM while idle is a clean stop");
    let refused = f.agent_with("rfa_token-que-nao-existe", false, &json).wait_with_output().unwrap();
    assert_eq!(refused.status.code(), Some(3));

    let info = json_lines(&stopped.stdout);
    assert!(info.iter().all(|l| l["level"] == "INFO"), "stdout carries info: {info:?}");
    assert!(info.iter().any(|l| l["message"].as_str().unwrap().starts_with("roboforge-compiler-agent ")));
    assert!(
        info.iter().any(|l| l["message"].as_str().unwrap().contains(&format!("job {job} (Robô Json): compilado"))),
        "{info:?}"
    );
    assert!(json_lines(&stopped.stderr).is_empty(), "nothing went wrong");
    let errors = json_lines(&refused.stderr);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0]["level"], "ERROR");
    assert!(errors[0]["message"].as_str().unwrap().starts_with("token recusado"), "{errors:?}");
    json_lines(&refused.stdout);
    for output in [&stopped.stdout, &stopped.stderr, &refused.stdout, &refused.stderr] {
        let text = String::from_utf8_lossy(output);
        assert!(!text.contains(&token) && !text.contains("rfa_token-que-nao-existe"), "a token was logged: {text}");
    }
}

#[test]
fn an_unknown_log_format_is_refused_before_anything_runs() {
    let output = Command::new(env!("CARGO_BIN_EXE_compiler-agent")).env("LOG_FORMAT", "xml").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("LOG_FORMAT=\"xml\""));
}
