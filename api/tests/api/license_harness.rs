//! The robot's license check executed for real: the default template,
//! injected by the real injection into an Expert Advisor, is compiled to
//! native code by `tools/mql5-harness` (MQL5 → C++ with a shim of the
//! terminal's built-ins, Debian's g++) and run against this server over
//! HTTPS, as robots reach it in production: a TLS front with a throwaway
//! certificate the harness trusts, then a relay that can forge, replay or
//! drop answers, or act (cancel the license) at the n-th check it sees.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde_json::{json, Value};
use shared::domain::mql5::{self, InjectionValues, LapsePolicy};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{TenantFixture, TestApp};

const EA: &str = "#property strict\nvoid OnTick()\n  {\n  }\n";
const ACCOUNT: &str = "51234567";

fn harness_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/mql5-harness")
}

/// What the relay in front of the server does with a check.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Relay {
    Forward,
    /// Forwards, then changes one hex digit of the signature.
    Forge,
    /// Answers every check with the first real answer it forwarded.
    Replay,
    /// The server is unreachable (HTTP 503 from a dead upstream).
    Down,
}

/// Something the relay does when the n-th check (counted from 1) arrives,
/// before it handles that check: what happens "meanwhile" while the robot
/// runs its ticks in one go.
#[derive(Clone, Debug)]
enum Step {
    Mode(Relay),
    /// A statement run in the tenant's scope (e.g. cancel the license).
    Sql(String),
}

#[derive(Clone)]
struct RelayState {
    upstream: String,
    mode: Arc<Mutex<Relay>>,
    first_answer: Arc<Mutex<Option<Bytes>>>,
    /// Checks seen so far.
    checks: Arc<AtomicUsize>,
    plan: Arc<Mutex<Vec<(usize, Step)>>>,
    pool: sqlx::PgPool,
    tenant: Uuid,
}

async fn relay(State(state): State<RelayState>, body: Bytes) -> Response {
    let n = state.checks.fetch_add(1, Ordering::SeqCst) + 1;
    let due: Vec<Step> =
        state.plan.lock().unwrap().iter().filter(|(at, _)| *at == n).map(|(_, step)| step.clone()).collect();
    for step in due {
        match step {
            Step::Mode(mode) => *state.mode.lock().unwrap() = mode,
            Step::Sql(statement) => {
                let mut tx = db::begin(&state.pool, Scope::worker_for(state.tenant)).await.unwrap();
                sqlx::query(sqlx::AssertSqlSafe(statement)).execute(&mut *tx).await.unwrap();
                tx.commit().await.unwrap();
                // The cache hears of the change through NOTIFY: give it a moment.
                tokio::time::sleep(std::time::Duration::from_millis(150)).await;
            }
        }
    }
    let mode = *state.mode.lock().unwrap();
    if mode == Relay::Down {
        return (axum::http::StatusCode::SERVICE_UNAVAILABLE, "down").into_response();
    }
    if mode == Relay::Replay {
        if let Some(first) = state.first_answer.lock().unwrap().clone() {
            return ([("content-type", "application/json")], first).into_response();
        }
    }
    let answer = reqwest::Client::new()
        .post(&state.upstream)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    state.first_answer.lock().unwrap().get_or_insert(answer.clone());
    if mode == Relay::Forge {
        let mut value: Value = serde_json::from_slice(&answer).unwrap();
        let signature = value["signature"].as_str().unwrap().to_string();
        let (first, rest) = signature.split_at(1);
        let flipped = format!("{}{rest}", if first == "0" { "1" } else { "0" });
        value["signature"] = json!(flipped);
        return ([("content-type", "application/json")], value.to_string()).into_response();
    }
    ([("content-type", "application/json")], answer).into_response()
}

struct Robot {
    app: TestApp,
    acme: TenantFixture,
    robot: Uuid,
    license: Uuid,
    relay: Arc<Mutex<Relay>>,
    checks: Arc<AtomicUsize>,
    plan: Arc<Mutex<Vec<(usize, Step)>>>,
    relay_url: String,
    /// The certificate the robot's terminal trusts (the TLS front's).
    ca_file: PathBuf,
    work: tempdir::Dir,
}

mod tempdir {
    /// A directory removed when dropped.
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new() -> Self {
            let path = std::env::temp_dir().join(format!("rf-harness-{}", uuid::Uuid::now_v7().simple()));
            std::fs::create_dir_all(&path).unwrap();
            Self(path)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

async fn setup() -> Robot {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Harness").await;
    let license = Uuid::now_v7();
    sql(
        &app,
        acme.id,
        &format!(
            "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, activation_date)
         VALUES ('{license}', '{}', '{}', '{robot}', 'active', now())",
            acme.id, acme.client_id
        ),
    )
    .await;
    let mode = Arc::new(Mutex::new(Relay::Forward));
    let (checks, plan) = (Arc::new(AtomicUsize::new(0)), Arc::new(Mutex::new(Vec::new())));
    let state = RelayState {
        upstream: app.url("/api/webhooks/validate-license"),
        mode: mode.clone(),
        first_answer: Arc::new(Mutex::new(None)),
        checks: checks.clone(),
        plan: plan.clone(),
        pool: app.db.app_pool.clone(),
        tenant: acme.id,
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let plain = listener.local_addr().unwrap();
    let router = axum::Router::new()
        .route("/api/webhooks/validate-license", axum::routing::post(relay))
        // An old address that now redirects, as a tenant's moved domain does.
        .route("/antigo/validate-license", axum::routing::post(moved))
        .with_state(state);
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let work = tempdir::Dir::new();
    let front = crate::tls_front::start(plain, &work.0, "front").await;
    let relay_url = format!("{}/api/webhooks/validate-license", front.origin);
    Robot { app, acme, robot, license, relay: mode, checks, plan, relay_url, ca_file: front.ca_file, work }
}

/// 308: the same POST, at the current address.
async fn moved() -> Response {
    (axum::http::StatusCode::PERMANENT_REDIRECT, [("location", "/api/webhooks/validate-license")]).into_response()
}

async fn sql(app: &TestApp, tenant: Uuid, statement: &str) {
    app.sql_in(tenant, statement).await
}

impl Robot {
    /// The robot's `.ex5` built from `template`: the real injection with this
    /// robot's values, compiled by the harness. Points at the relay.
    async fn build(&self, template: &str, lapse_policy: LapsePolicy, name: &str) -> PathBuf {
        self.build_for(template, lapse_policy, name, None).await
    }

    /// As [`Robot::build`], or a personal build of this robot's license
    /// with `mark` (decision 0015) when given.
    async fn build_for(&self, template: &str, lapse_policy: LapsePolicy, name: &str, mark: Option<&str>) -> PathBuf {
        let mut tx = db::begin(&self.app.db.app_pool, Scope::worker_for(self.acme.id)).await.unwrap();
        let secrets = &self.app.secrets;
        let public_key =
            shared::repositories::tenant_robots::ensure_key_pair(&mut tx, secrets, self.acme.id, self.robot)
                .await
                .unwrap()
                .unwrap();
        tx.commit().await.unwrap();
        let (tenant_id, robot_id) = (self.acme.id.to_string(), self.robot.to_string());
        let values = InjectionValues {
            auth_url: &self.relay_url,
            tenant_id: &tenant_id,
            tenant_domain: "acme.example.com",
            robot_id: &robot_id,
            signing_key: "0000000000000000000000000000000000000000000000000000000000000000",
            public_key: &public_key,
            lapse_policy,
        };
        let mut source = mql5::inject(EA, template, &values).expect("injects");
        if let Some(mark) = mark {
            source = shared::repositories::license_builds::personal_source(self.license, mark, &source);
        }
        let mq5 = self.work.0.join(format!("{name}.mq5"));
        std::fs::write(&mq5, source).unwrap();
        let binary = self.work.0.join(name);
        let built = Command::new(harness_dir().join("build.sh")).arg(&mq5).arg(&binary).output().unwrap();
        assert!(built.status.success(), "harness build: {}", String::from_utf8_lossy(&built.stderr));
        binary
    }

    /// Runs the robot: its stdout lines. On a blocking thread, so this
    /// test's runtime keeps serving the server and the relay meanwhile.
    async fn run(&self, binary: &Path, email: &str, env: &[(&str, &str)]) -> String {
        let mut command = Command::new(binary);
        command
            .env("MQL5_ACCOUNT", ACCOUNT)
            .env("MQL5_INPUT_LicenseEmail", email)
            .env("MQL5_COMMON_DIR", self.work.0.join("common"))
            .env("MQL5_TLS_CA_FILE", &self.ca_file)
            .envs(env.iter().copied());
        let output = tokio::task::spawn_blocking(move || command.output()).await.unwrap().unwrap();
        assert!(
            output.status.success(),
            "harness run: {:?} {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    }

    fn relay(&self, mode: Relay) {
        *self.relay.lock().unwrap() = mode;
    }

    /// From now on, `step` happens when the relay sees its `after`-th next check.
    fn plan(&self, after: usize, step: Step) {
        let at = self.checks.load(Ordering::SeqCst) + after;
        self.plan.lock().unwrap().push((at, step));
    }

    fn checks(&self) -> usize {
        self.checks.load(Ordering::SeqCst)
    }
}

fn started(out: &str) -> bool {
    out.lines().any(|l| l == "INIT: 0")
}

#[tokio::test]
async fn the_real_check_runs_valid_and_refuses_each_denial_with_its_message() {
    let r = setup().await;
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    let email = r.acme.client_email.clone();

    let valid = r.run(&robot, &email, &[]).await;
    assert!(started(&valid) && valid.contains("PRINT: RoboForge: licença válida (acme.example.com)."), "{valid}");
    assert!(valid.contains("CANOPEN: 1"), "{valid}");
    assert!(valid.contains("EVENT: EventSetTimer 3600"), "{valid}");

    let missing = r.run(&robot, "", &[]).await;
    assert!(
        !started(&missing) && missing.contains("ALERT: ERRO: Email e Número da Conta MT5 são obrigatórios!"),
        "{missing}"
    );

    // A stranger: an unknown e-mail and another account look the same.
    let unknown = r.run(&robot, "ninguem@exemplo.com", &[]).await;
    assert!(!started(&unknown) && unknown.contains("ALERT: ERRO: Conta MT5 não autorizada!"), "{unknown}");
    let elsewhere = r.run(&robot, &email, &[("MQL5_ACCOUNT", "99887766")]).await;
    assert!(!started(&elsewhere) && elsewhere.contains("ALERT: ERRO: Conta MT5 não autorizada!"), "{elsewhere}");

    let denials = [
        (
            "UPDATE tenant_client_robots SET expiration_date = now() - interval '1 day'",
            "ALERT: ERRO: Licença expirada.",
        ),
        (
            "UPDATE tenant_client_robots SET expiration_date = NULL, status = 'cancelled'",
            "ALERT: ERRO: Licença cancelada.",
        ),
        (
            "UPDATE tenant_client_robots SET status = 'active'; UPDATE tenant_clients SET status = 'suspended'",
            "ALERT: ERRO: Licença suspensa ou inativa. Fale com o vendedor.",
        ),
        (
            "UPDATE tenant_clients SET status = 'active'; UPDATE tenant_robots SET active = false",
            "ALERT: ERRO: Licença suspensa ou inativa. Fale com o vendedor.",
        ),
    ];
    for (change, alert) in denials {
        for statement in change.split("; ") {
            sql(&r.app, r.acme.id, statement).await;
        }
        let out = r.run(&robot, &email, &[]).await;
        assert!(!started(&out) && out.contains(alert), "{change}: {out}");
    }
    sql(&r.app, r.acme.id, "UPDATE tenant_robots SET active = true").await;
    let mut tx = db::begin(&r.app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query("UPDATE tenants SET status = 'suspended' WHERE id = $1")
        .bind(r.acme.id)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    let suspended = r.run(&robot, &email, &[]).await;
    assert!(!started(&suspended) && suspended.contains("ALERT: ERRO: Licença suspensa ou inativa."), "{suspended}");

    // Someone guessing buyers from one account is throttled, with its own message.
    let mut tx = db::begin(&r.app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query("UPDATE tenants SET status = 'active' WHERE id = $1").bind(r.acme.id).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    let mut last = String::new();
    for i in 0..7 {
        last = r.run(&robot, &format!("chute{i}@exemplo.com"), &[("MQL5_ACCOUNT", "11112222")]).await;
    }
    assert!(!started(&last) && last.contains("Muitas tentativas; tente novamente em alguns minutos."), "{last}");
}

#[tokio::test]
async fn forged_replayed_and_stale_answers_are_refused() {
    let r = setup().await;
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    let email = r.acme.client_email.clone();
    assert!(started(&r.run(&robot, &email, &[]).await), "the genuine answer is accepted");
    // Each run starts without a stored answer to fall back on.
    let fresh = |name: &str| r.work.0.join(name).to_string_lossy().to_string();

    r.relay(Relay::Forge);
    let forged = r.run(&robot, &email, &[("MQL5_COMMON_DIR", &fresh("forged"))]).await;
    assert!(!started(&forged) && forged.contains("ALERT: ⚠ Falha na validação da licença!"), "{forged}");
    assert!(forged.to_lowercase().contains("assinatura"), "the log says why: {forged}");

    r.relay(Relay::Replay);
    let replayed = r.run(&robot, &email, &[("MQL5_COMMON_DIR", &fresh("replayed"))]).await;
    assert!(!started(&replayed) && replayed.contains("ALERT: ⚠ Falha na validação da licença!"), "{replayed}");

    r.relay(Relay::Forward);
    let stale = r.run(&robot, &email, &[("MQL5_CLOCK_OFFSET", "600"), ("MQL5_COMMON_DIR", &fresh("stale"))]).await;
    assert!(!started(&stale) && stale.contains("o relógio do computador difere"), "{stale}");
    let behind = r.run(&robot, &email, &[("MQL5_CLOCK_OFFSET", "-600"), ("MQL5_COMMON_DIR", &fresh("behind"))]).await;
    assert!(!started(&behind), "{behind}");
    // The same robot and server, with the clock right, still work.
    assert!(started(&r.run(&robot, &email, &[("MQL5_COMMON_DIR", &fresh("fine"))]).await));
}

#[tokio::test]
async fn with_the_server_down_the_robot_runs_on_its_grace_then_lapses_by_its_policy() {
    let r = setup().await;
    sql(&r.app, r.acme.id, "UPDATE tenant_robots SET offline_grace_seconds = 7200").await;
    let stop = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "stop").await;
    let manage = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Manage, "manage").await;
    let email = r.acme.client_email.clone();

    // Without any earlier valid answer, an unreachable server stops it.
    r.relay(Relay::Down);
    let never = r.run(&stop, &email, &[]).await;
    assert!(!started(&never) && never.contains("ALERT: ⚠ Falha na validação da licença!"), "{never}");

    // One genuine answer is kept in the terminal...
    r.relay(Relay::Forward);
    assert!(started(&r.run(&stop, &email, &[]).await));
    // ...so a restart with the server down runs on the grace it signed.
    r.relay(Relay::Down);
    let grace = r.run(&stop, &email, &[]).await;
    assert!(started(&grace) && grace.contains("operando no período de tolerância até"), "{grace}");
    assert!(grace.contains("CANOPEN: 1"), "{grace}");

    // Hourly re-checks that find the server down: fine within the grace,
    // then the license lapses. "stop" removes the robot...
    let ticks = [("MQL5_TIMER_TICKS", "3"), ("MQL5_TICK_ADVANCE", "3600")];
    let stopped = r.run(&stop, &email, &ticks).await;
    assert!(stopped.contains("TICK: 1 removed=0 canOpen=1"), "{stopped}");
    assert!(stopped.contains("removed=1") && stopped.contains("EVENT: ExpertRemove"), "{stopped}");
    // ..."manage" keeps it managing positions and opening none.
    let managed = r.run(&manage, &email, &ticks).await;
    assert!(managed.contains("TICK: 1 removed=0 canOpen=1"), "{managed}");
    assert!(managed.contains("TICK: 3 removed=0 canOpen=0") && !managed.contains("EVENT: ExpertRemove"), "{managed}");
    assert!(managed.contains("o robô continua apenas gerenciando as posições abertas"), "{managed}");

    // A signed denial ends the stored grace at once.
    r.relay(Relay::Forward);
    sql(&r.app, r.acme.id, &format!("UPDATE tenant_client_robots SET status = 'cancelled' WHERE id = '{}'", r.license))
        .await;
    let cancelled = r.run(&stop, &email, &[]).await;
    assert!(!started(&cancelled) && cancelled.contains("ALERT: ERRO: Licença cancelada."), "{cancelled}");
    r.relay(Relay::Down);
    let after = r.run(&stop, &email, &[]).await;
    assert!(!started(&after), "no grace after a signed denial: {after}");
}

#[tokio::test]
async fn with_no_grace_a_recheck_stops_after_its_failures() {
    let r = setup().await;
    sql(&r.app, r.acme.id, "UPDATE tenant_robots SET offline_grace_seconds = 0").await;
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    let email = r.acme.client_email.clone();
    // Started with a genuine answer; each re-check then moves the robot's
    // clock an hour past the server's, so no answer is trustworthy (as with
    // the server unreachable): the robot retries, and stops on the third.
    let out = r.run(&robot, &email, &[("MQL5_TIMER_TICKS", "5"), ("MQL5_TICK_ADVANCE", "3600")]).await;
    assert!(started(&out), "{out}");
    assert!(out.contains("TICK: 1 removed=0") && out.contains("TICK: 2 removed=0"), "{out}");
    assert!(out.contains("nova verificação da licença falhou (1 de 3)"), "{out}");
    assert!(out.contains("TICK: 3 removed=1") && !out.contains("TICK: 4"), "{out}");
}

#[tokio::test]
async fn a_one_character_change_to_the_template_is_caught() {
    let r = setup().await;
    let email = r.acme.client_email.clone();
    let genuine = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "genuine").await;
    assert!(started(&r.run(&genuine, &email, &[]).await));
    for (what, from, to) in [
        ("a SHA-512 round constant", "0x428a2f98d728ae22", "0x428a2f98d728ae23"),
        ("the signed string's separator", "\"v2|\"", "\"v2/\""),
    ] {
        assert!(mql5::DEFAULT_AUTH_TEMPLATE.contains(from), "{what}: {from} in the template");
        let changed = mql5::DEFAULT_AUTH_TEMPLATE.replacen(from, to, 1);
        let robot = r.build(&changed, LapsePolicy::Stop, "changed").await;
        let out = r.run(&robot, &email, &[]).await;
        assert!(!started(&out), "{what}: a changed template must not validate: {out}");
    }
}

#[tokio::test]
async fn a_personal_build_checks_by_its_license_and_mark_without_an_email() {
    let r = setup().await;
    let (version, mark) = (Uuid::now_v7(), "00112233445566778899aabbccddeeff");
    let robot_version = format!(
        "INSERT INTO robot_versions (id, tenant_id, robot_id, version, file_path, original_file_name, file_size)
         VALUES ('{version}', '{}', '{}', '1.0.0', 'x', 'x.ex5', 1)",
        r.acme.id, r.robot
    );
    sql(&r.app, r.acme.id, &robot_version).await;
    let build = format!(
        "INSERT INTO license_builds (id, tenant_id, license_id, robot_version_id, build_mark, status)
         VALUES ('{}', '{}', '{}', '{version}', '{mark}', 'ready')",
        Uuid::now_v7(),
        r.acme.id,
        r.license
    );
    sql(&r.app, r.acme.id, &build).await;
    let robot = r.build_for(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "pessoal", Some(mark)).await;
    let valid = r.run(&robot, "", &[]).await;
    assert!(started(&valid) && valid.contains("PRINT: RoboForge: licença válida (acme.example.com)."), "{valid}");

    sql(&r.app, r.acme.id, "UPDATE license_builds SET status = 'revoked', revoked_at = now()").await;
    let revoked = r.run(&robot, "", &[("MQL5_COMMON_DIR", r.work.0.join("other").to_str().unwrap())]).await;
    assert!(!started(&revoked), "a revoked build does not start: {revoked}");
}
