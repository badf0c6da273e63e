//! Backtests end to end (issue 26 part 2): the real api, the real
//! compiler-agent with the tester capability (TERMINAL_PATH = the tester
//! stand-in, which writes the terminal's real report), a backtest queued as
//! the owner's endpoint queues it. The run outlives both the compile timeout
//! and the lease on heartbeats; without heartbeats another agent takes it;
//! a cancelled run is dropped by its agent, which goes back to work.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::storage::Storage;
use shared::infrastructure::testing::{fresh_database, TestDb, TEST_APP_ROLE};
use shared::repositories::backtests::{self, NewBacktest};
use shared::repositories::compile_fleet;
use uuid::Uuid;

/// The lease a backtest gets without a heartbeat, shorter than any run here.
const LEASE_SECONDS: i32 = 2;

struct Bench {
    base: String,
    db: TestDb,
    tenant: Uuid,
    storage: Storage,
    work: std::path::PathBuf,
    agents: Vec<Child>,
}

impl Drop for Bench {
    fn drop(&mut self) {
        for agent in &mut self.agents {
            agent.kill().ok();
        }
    }
}

async fn bench() -> Bench {
    let db = fresh_database().await;
    let work = std::env::temp_dir().join(format!("rf-backtest-test-{}", Uuid::now_v7()));
    let mut config = Config::for_database(db.owner_url.clone(), TEST_APP_ROLE.into());
    config.web_dist = std::env::temp_dir().join("roboforge-no-web-dist");
    config.capacity.request_pool_size = 8;
    config.backtest_lease_seconds = LEASE_SECONDS;
    config.storage_url = work.join("storage").to_string_lossy().into_owned();
    api::startup::seed_defaults(&db.worker_pool).await.unwrap();
    let seeded =
        shared::workflows::seed::TenantSeed::example("testes", "segredo123").create(&db.app_pool).await.unwrap();
    let storage = Storage::open(&config.storage_url).unwrap();
    let state = api::AppState::new(db.app_pool.clone(), Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(api::server::serve(listener, state, std::future::pending()));
    Bench { base, db, tenant: seeded.tenant_id, storage, work, agents: Vec::new() }
}

impl Bench {
    /// A tester agent beating every `heartbeat` seconds, whose terminal runs `seconds`.
    async fn start_agent(&mut self, name: &str, heartbeat: &str, seconds: &str) {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker()).await.unwrap();
        let (_, token) =
            compile_fleet::register(&mut tx, name, "wine", shared::repositories::compile_pools::DEFAULT_POOL)
                .await
                .unwrap();
        tx.commit().await.unwrap();
        let agent = Command::new(env!("CARGO_BIN_EXE_compiler-agent"))
            .env("AGENT_API_URL", &self.base)
            .env("AGENT_TOKEN", &token)
            .env("AGENT_WORK_DIR", self.work.join(name))
            .env("METAEDITOR_PATH", env!("CARGO_BIN_EXE_metaeditor-stand-in"))
            .env("TERMINAL_PATH", env!("CARGO_BIN_EXE_tester-stand-in"))
            .env("COMPILE_TIMEOUT_SECONDS", "1")
            .env("HEARTBEAT_SECONDS", heartbeat)
            .env("TESTER_STAND_IN_SECONDS", seconds)
            // The terminal gets only what it is told to (as MetaEditor).
            .env("METAEDITOR_ENV", "TESTER_STAND_IN_SECONDS")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the agent");
        self.agents.push(agent);
    }

    /// A backtest of a stored `.ex5`, queued as the owner's endpoint does.
    async fn queue(&self, name: &str) -> Uuid {
        let key = format!("{}/versions/{name}.ex5", self.tenant);
        let ex5: Vec<u8> = (0..4096u32).map(|i| (i * 7919 % 251) as u8 | 0x80).collect();
        self.storage.put(&key, ex5.into()).await.unwrap();
        let profile = json!({"symbol": "EURUSD", "timeframe": "H1", "from": "2024-01-01", "to": "2024-03-31",
                             "deposit": 10000, "currency": "USD", "leverage": 100, "model": "one_minute_ohlc"});
        let thresholds = json!({"max_drawdown_percent": 30.0, "min_profit_factor": 1.2});
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(self.tenant)).await.unwrap();
        let new = NewBacktest {
            tenant_id: self.tenant,
            robot_id: None,
            robot_name: name,
            file_key: &key,
            factory_version_id: None,
            origin: "owner",
            profile: &profile,
            thresholds: &thresholds,
            requested_by: None,
        };
        let (run, _) = backtests::queue(&mut tx, &new).await.unwrap();
        tx.commit().await.unwrap();
        run.id
    }

    async fn run(&self, id: Uuid) -> backtests::Backtest {
        let mut tx = db::begin(&self.db.app_pool, Scope::worker_for(self.tenant)).await.unwrap();
        let run = backtests::find(&mut tx, self.tenant, id).await.unwrap().unwrap();
        tx.commit().await.unwrap();
        run
    }

    async fn wait_for(&self, id: Uuid, status: &str, limit: Duration) -> backtests::Backtest {
        let started = Instant::now();
        loop {
            let run = self.run(id).await;
            if run.status == status {
                return run;
            }
            assert!(started.elapsed() < limit, "backtest stayed {} (wanted {status})", run.status);
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backtest_outlives_the_compile_timeout_and_its_lease_on_heartbeats_and_its_report_is_read() {
    let mut bench = bench().await;
    bench.start_agent("testador", "1", "5").await;
    let id = bench.queue("Robo Longo").await;
    let run = bench.wait_for(id, "completed", Duration::from_secs(40)).await;
    // Five seconds of tester: past the 1 s compile timeout and the 2 s lease.
    assert_eq!(run.attempts, 1, "one agent kept it throughout");
    assert!(run.tester_seconds >= 5, "charged {} s", run.tester_seconds);
    let numbers: Value = run.summary.clone().unwrap();
    assert!(numbers["totalTrades"].as_u64().unwrap() > 0, "{numbers}");
    assert!(run.equity_curve.as_ref().unwrap().as_array().unwrap().len() > 2);
    assert!(run.recommended.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_heartbeats_the_lease_runs_out_and_another_agent_takes_the_run() {
    let mut bench = bench().await;
    // Beats every 10 s: its 2 s lease runs out mid-run.
    bench.start_agent("sem-batimento", "10", "6").await;
    let id = bench.queue("Robo Esquecido").await;
    bench.wait_for(id, "running", Duration::from_secs(20)).await;
    bench.start_agent("substituto", "1", "6").await;
    let run = bench.wait_for(id, "completed", Duration::from_secs(60)).await;
    assert!(run.attempts >= 2, "taken again after the lease ran out: {} attempt(s)", run.attempts);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_run_is_dropped_by_its_agent_which_goes_back_to_work() {
    let mut bench = bench().await;
    bench.start_agent("cancelavel", "1", "60").await;
    let long = bench.queue("Robo Cancelado").await;
    bench.wait_for(long, "running", Duration::from_secs(20)).await;
    let mut tx = db::begin(&bench.db.app_pool, Scope::worker_for(bench.tenant)).await.unwrap();
    backtests::cancel(&mut tx, bench.tenant, long).await.unwrap().expect("a running run");
    tx.commit().await.unwrap();
    // The agent's next heartbeat drops the 60 s run; the next one is taken at once.
    let next = bench.queue("Robo Seguinte").await;
    let started = Instant::now();
    bench.wait_for(next, "running", Duration::from_secs(15)).await;
    assert!(started.elapsed() < Duration::from_secs(15));
    let cancelled = bench.run(long).await;
    assert_eq!(cancelled.status, "cancelled");
    assert!(cancelled.summary.is_none(), "no result recorded for a cancelled run");
}
