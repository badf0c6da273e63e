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

pub(crate) const EA: &str = "#property strict\nvoid OnTick()\n  {\n  }\n";
const ACCOUNT: &str = "51234567";

pub(crate) fn harness_dir() -> PathBuf {
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

pub(crate) struct Robot {
    pub(crate) app: TestApp,
    pub(crate) acme: TenantFixture,
    pub(crate) robot: Uuid,
    pub(crate) license: Uuid,
    relay: Arc<Mutex<Relay>>,
    checks: Arc<AtomicUsize>,
    plan: Arc<Mutex<Vec<(usize, Step)>>>,
    pub(crate) relay_url: String,
    /// The certificate the robot's terminal trusts (the TLS front's).
    ca_file: PathBuf,
    pub(crate) work: tempdir::Dir,
}

pub(crate) mod tempdir {
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

pub(crate) async fn setup() -> Robot {
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

pub(crate) async fn sql(app: &TestApp, tenant: Uuid, statement: &str) {
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
    /// As [`Robot::build`] (policy stop), pointed at another address.
    async fn build_at(&self, template: &str, name: &str, auth_url: &str) -> PathBuf {
        self.build_with(template, LapsePolicy::Stop, name, None, auth_url).await
    }

    async fn build_for(&self, template: &str, lapse_policy: LapsePolicy, name: &str, mark: Option<&str>) -> PathBuf {
        self.build_with(template, lapse_policy, name, mark, &self.relay_url.clone()).await
    }

    async fn build_with(
        &self,
        template: &str,
        lapse_policy: LapsePolicy,
        name: &str,
        mark: Option<&str>,
        auth_url: &str,
    ) -> PathBuf {
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
            auth_url,
            tenant_id: &tenant_id,
            tenant_domain: "acme.example.com",
            robot_id: &robot_id,
            signing_key: "0000000000000000000000000000000000000000000000000000000000000000",
            public_key: &public_key,
            lapse_policy,
            version_tag: "3f1c0a9b7d2e4c6f",
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
    pub(crate) async fn run(&self, binary: &Path, email: &str, env: &[(&str, &str)]) -> String {
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

/// On the chart and allowed to trade: `OnInit` succeeded with a license.
pub(crate) fn licensed(out: &str) -> bool {
    started(out) && out.lines().any(|l| l == "CANOPEN: 1")
}

/// Still on the chart, opening nothing, retrying on its timer: no verdict yet.
fn waiting(out: &str) -> bool {
    started(out) && out.lines().any(|l| l == "CANOPEN: 0") && out.contains("EVENT: EventSetTimer 10")
}

pub(crate) fn has_line(out: &str, line: &str) -> bool {
    out.lines().any(|l| l == line)
}

#[tokio::test]
async fn the_real_check_runs_valid_and_refuses_each_denial_with_its_message() {
    let r = setup().await;
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    let email = r.acme.client_email.clone();

    let valid = r.run(&robot, &email, &[]).await;
    assert!(licensed(&valid) && valid.contains("PRINT: RoboForge: licença válida (acme.example.com)."), "{valid}");
    assert!(valid.contains("EVENT: EventSetTimer 3600"), "{valid}");
    assert!(
        valid.contains("COMMENT: ") && valid.contains("Conta MT5 vinculada: 51234567"),
        "the chart names the account: {valid}"
    );

    // No e-mail typed in: the trader is told which input to fill, and nothing else.
    let missing = r.run(&robot, "", &[]).await;
    assert!(has_line(&missing, "INIT: 2"), "INIT_PARAMETERS_INCORRECT: {missing}");
    assert!(
        missing.contains("ALERT: ERRO: preencha o parâmetro \"E-mail usado na compra\" (LicenseEmail)"),
        "{missing}"
    );
    assert!(!missing.contains("Número da Conta"), "the trader never types an account number: {missing}");

    // A stranger: an unknown e-mail and another account hear the same, and
    // the buyer reads what to check and where.
    let checklist = "ALERT: ERRO: licença não reconhecida para este e-mail e esta conta. Confira: 1) o e-mail exatamente como foi digitado na compra";
    let unknown = r.run(&robot, "ninguem@exemplo.com", &[]).await;
    assert!(has_line(&unknown, "INIT: 1") && unknown.contains(checklist), "{unknown}");
    assert!(unknown.contains("3) o portal do cliente: https://acme.example.com/login"), "{unknown}");
    let elsewhere = r.run(&robot, &email, &[("MQL5_ACCOUNT", "99887766")]).await;
    assert!(has_line(&elsewhere, "INIT: 1") && elsewhere.contains(checklist), "{elsewhere}");
    assert!(elsewhere.contains("2) a conta MT5 99887766 confirmada no portal do cliente"), "{elsewhere}");

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
        assert!(has_line(&out, "INIT: 1") && out.contains(alert), "a signed denial stops it at once: {change}: {out}");
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
    assert!(
        has_line(&suspended, "INIT: 1") && suspended.contains("ALERT: ERRO: Licença suspensa ou inativa."),
        "{suspended}"
    );

    // Someone guessing buyers from one account is throttled: a signed wait,
    // which the robot honours (it stays, opens nothing, and says why).
    let mut tx = db::begin(&r.app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query("UPDATE tenants SET status = 'active' WHERE id = $1").bind(r.acme.id).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    let mut last = String::new();
    for i in 0..7 {
        last = r.run(&robot, &format!("chute{i}@exemplo.com"), &[("MQL5_ACCOUNT", "11112222")]).await;
    }
    assert!(waiting(&last) && last.contains("o servidor de licenças pediu para aguardar"), "{last}");
}

#[tokio::test]
async fn forged_and_replayed_answers_are_no_verdict_and_a_wrong_clock_is_only_a_warning() {
    let r = setup().await;
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    let email = r.acme.client_email.clone();
    assert!(licensed(&r.run(&robot, &email, &[]).await), "the genuine answer is accepted");
    // Each run starts without a stored answer to fall back on.
    let fresh = |name: &str| r.work.0.join(name).to_string_lossy().to_string();

    r.relay(Relay::Forge);
    let forged = r.run(&robot, &email, &[("MQL5_COMMON_DIR", &fresh("forged"))]).await;
    assert!(waiting(&forged), "no trustworthy answer: it waits and opens nothing: {forged}");
    assert!(forged.to_lowercase().contains("assinatura"), "the log says why: {forged}");

    r.relay(Relay::Replay);
    let replayed = r.run(&robot, &email, &[("MQL5_COMMON_DIR", &fresh("replayed"))]).await;
    assert!(waiting(&replayed), "{replayed}");

    // A fresh answer carries this run's nonce: it is fresh whatever the
    // computer's clock says, so a wrong clock runs the robot and the chart
    // says to fix it.
    r.relay(Relay::Forward);
    for offset in ["600", "-600"] {
        let skewed = r.run(&robot, &email, &[("MQL5_CLOCK_OFFSET", offset), ("MQL5_COMMON_DIR", &fresh(offset))]).await;
        assert!(licensed(&skewed) && skewed.contains("o relógio do computador difere"), "{offset}: {skewed}");
    }
}

#[tokio::test]
async fn with_the_server_down_the_robot_runs_on_its_grace_then_lapses_by_its_policy() {
    let r = setup().await;
    sql(&r.app, r.acme.id, "UPDATE tenant_robots SET offline_grace_seconds = 7200").await;
    let stop = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "stop").await;
    let manage = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Manage, "manage").await;
    let email = r.acme.client_email.clone();

    // Without any earlier valid answer, an unreachable server: it waits.
    r.relay(Relay::Down);
    let never = r.run(&stop, &email, &[]).await;
    assert!(waiting(&never) && never.contains("ALERT: ⚠ Licença ainda não confirmada"), "{never}");

    // One genuine answer is kept in the terminal...
    r.relay(Relay::Forward);
    assert!(licensed(&r.run(&stop, &email, &[]).await));
    // ...so a restart with the server down runs on the grace it signed.
    r.relay(Relay::Down);
    let grace = r.run(&stop, &email, &[]).await;
    assert!(licensed(&grace) && grace.contains("operando no período de tolerância até"), "{grace}");

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
    assert!(has_line(&cancelled, "INIT: 1") && cancelled.contains("ALERT: ERRO: Licença cancelada."), "{cancelled}");
    r.relay(Relay::Down);
    let after = r.run(&stop, &email, &[]).await;
    assert!(waiting(&after), "no grace after a signed denial: {after}");
}

#[tokio::test]
async fn with_no_grace_a_recheck_stops_after_its_failures() {
    let r = setup().await;
    sql(&r.app, r.acme.id, "UPDATE tenant_robots SET offline_grace_seconds = 0").await;
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    let email = r.acme.client_email.clone();
    // Started with a genuine answer; the server is unreachable for every
    // re-check after it: the robot retries, and stops on the third failure.
    r.plan(2, Step::Mode(Relay::Down));
    let out = r.run(&robot, &email, &[("MQL5_TIMER_TICKS", "5"), ("MQL5_TICK_ADVANCE", "3600")]).await;
    assert!(licensed(&out), "{out}");
    assert!(out.contains("TICK: 1 removed=0") && out.contains("TICK: 2 removed=0"), "{out}");
    assert!(out.contains("nova verificação da licença falhou (1 de 3)"), "{out}");
    assert!(out.contains("TICK: 3 removed=1") && !out.contains("TICK: 4"), "{out}");
}

// Issue 34's real-world scenarios, against this server over HTTPS.

#[tokio::test]
async fn start_up_with_the_network_down_for_40_s_waits_opening_nothing_then_runs() {
    let r = setup().await;
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    let email = r.acme.client_email.clone();
    // A VPS rebooting: the terminal starts before its network.
    let ticks = [("MQL5_NETWORK_DOWN_SECONDS", "40"), ("MQL5_TIMER_TICKS", "6"), ("MQL5_TICK_ADVANCE", "10")];
    let out = r.run(&robot, &email, &ticks).await;
    assert!(waiting(&out), "it stays on the chart: {out}");
    assert!(out.contains("COMMENT: ") && out.contains("tenta de novo sozinho"), "the chart says why it waits: {out}");
    for tick in 1..=3 {
        assert!(has_line(&out, &format!("TICK: {tick} removed=0 canOpen=0")), "opens nothing while offline: {out}");
    }
    assert!(has_line(&out, "TICK: 4 removed=0 canOpen=1"), "the retry 40 s in (10 s, then 30 s) finds it: {out}");
    assert!(has_line(&out, "TICK: 6 removed=0 canOpen=1") && !out.contains("removed=1"), "{out}");
    assert!(out.contains("PRINT: RoboForge: licença válida (acme.example.com)."), "{out}");
    assert_eq!(r.checks(), 1, "nothing reached the server while the network was down, then one check");
}

#[tokio::test]
async fn the_clock_set_back_a_day_per_tick_keeps_rechecking_and_a_cancel_meanwhile_stops_the_robot() {
    let r = setup().await;
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    let email = r.acme.client_email.clone();
    // Checks 1 (start) and 2 (the first hourly re-check) are answered valid;
    // the license is cancelled just before the third arrives.
    let cancel = format!("UPDATE tenant_client_robots SET status = 'cancelled' WHERE id = '{}'", r.license);
    r.plan(3, Step::Sql(cancel));
    let ticks = [("MQL5_TIMER_TICKS", "4"), ("MQL5_TICK_ADVANCE", "3600"), ("MQL5_TICK_CLOCK_STEP", "-86400")];
    let out = r.run(&robot, &email, &ticks).await;
    assert!(licensed(&out), "{out}");
    assert!(has_line(&out, "TICK: 1 removed=0 canOpen=1"), "the re-check ran with the clock a day back: {out}");
    assert!(out.contains("o relógio do computador difere"), "and the chart says to fix the clock: {out}");
    assert!(has_line(&out, "TICK: 2 removed=1 canOpen=0"), "the cancel stops it at the next re-check: {out}");
    assert!(
        out.contains("ALERT: ERRO: Licença cancelada. Fale com o vendedor.") && out.contains("EVENT: ExpertRemove")
    );
    assert!(!out.contains("TICK: 3"), "{out}");
    assert_eq!(r.checks(), 3, "start, then one re-check per hour of the monotonic clock");
}

#[tokio::test]
async fn a_frozen_clock_with_the_server_blocked_ends_the_grace_on_time() {
    let r = setup().await;
    sql(&r.app, r.acme.id, "UPDATE tenant_robots SET offline_grace_seconds = 3600").await;
    let stop = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "stop").await;
    let manage = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Manage, "manage").await;
    let email = r.acme.client_email.clone();
    let frozen = [("MQL5_TIMER_TICKS", "8"), ("MQL5_TICK_ADVANCE", "600"), ("MQL5_TICK_CLOCK_STEP", "0")];
    // The start is answered; then the server is blocked.
    r.plan(2, Step::Mode(Relay::Down));
    let out = r.run(&stop, &email, &frozen).await;
    assert!(licensed(&out), "{out}");
    assert!(has_line(&out, "TICK: 5 removed=0 canOpen=1"), "50 min in: still in its 1 h grace: {out}");
    assert!(has_line(&out, "TICK: 6 removed=1 canOpen=0"), "60 min by the monotonic clock: the grace is over: {out}");
    assert!(out.contains("ALERT: ⚠ Licença encerrada") && !out.contains("TICK: 7"), "{out}");

    r.relay(Relay::Forward);
    r.plan(2, Step::Mode(Relay::Down));
    let out = r.run(&manage, &email, &frozen).await;
    assert!(has_line(&out, "TICK: 5 removed=0 canOpen=1") && has_line(&out, "TICK: 6 removed=0 canOpen=0"), "{out}");
    assert!(has_line(&out, "TICK: 8 removed=0 canOpen=0") && !out.contains("EVENT: ExpertRemove"), "{out}");
}

#[tokio::test]
async fn two_charts_and_two_terminals_at_once_keep_the_stored_answer() {
    let r = setup().await;
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    let email = r.acme.client_email.clone();
    let (common, terminal_a, terminal_b) =
        (r.work.0.join("shared-common"), r.work.0.join("terminal-a"), r.work.0.join("terminal-b"));
    let (common, a, b) = (common.to_str().unwrap(), terminal_a.to_str().unwrap(), terminal_b.to_str().unwrap());
    // Each run: a start and five hourly re-checks, each storing the answer;
    // the sleeps make the four overlap.
    let env = |files: &'static str| {
        let files = if files == "a" { a } else { b };
        [
            ("MQL5_COMMON_DIR", common),
            ("MQL5_FILES_DIR", files),
            ("MQL5_TIMER_TICKS", "5"),
            ("MQL5_TICK_ADVANCE", "3600"),
            ("MQL5_TICK_CLOCK_STEP", "0"),
            ("MQL5_TICK_SLEEP_MS", "40"),
        ]
    };
    let (env_a, env_b) = (env("a"), env("b"));
    let runs = futures_util::future::join_all([
        r.run(&robot, &email, &env_a),
        r.run(&robot, &email, &env_a),
        r.run(&robot, &email, &env_b),
        r.run(&robot, &email, &env_b),
    ])
    .await;
    for out in &runs {
        assert!(licensed(out) && has_line(out, "TICK: 5 removed=0 canOpen=1"), "{out}");
        for trouble in ["ilegível", "ignorada", "não foi possível guardar", "CRITICAL"] {
            assert!(!out.contains(trouble), "{trouble}: {out}");
        }
    }
    assert!(r.checks() >= 24, "every run checked and stored six times: {}", r.checks());
    // The stored answer survived all of that: a restart without the server runs on it.
    r.relay(Relay::Down);
    let restart = r.run(&robot, &email, &[("MQL5_COMMON_DIR", common), ("MQL5_FILES_DIR", a)]).await;
    assert!(licensed(&restart) && restart.contains("operando no período de tolerância até"), "{restart}");
}

#[tokio::test]
async fn webrequest_not_allowed_names_the_exact_url_on_the_chart_and_in_the_alert() {
    let r = setup().await;
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    let out = r.run(&robot, &r.acme.client_email, &[("MQL5_WEBREQUEST_ALLOWED", "https://outro.example.com/")]).await;
    assert!(waiting(&out), "{out}");
    let comment = out.lines().find(|l| l.starts_with("COMMENT: ")).unwrap_or_default().to_string();
    let alert = out.lines().find(|l| l.starts_with("ALERT: ")).unwrap_or_default().to_string();
    for shown in [&comment, &alert] {
        assert!(shown.contains(&format!("adicione {}", r.relay_url)), "the exact URL: {shown}");
        assert!(shown.contains("Ferramentas → Opções → Expert Advisors"), "{shown}");
        assert!(shown.contains("\"Permitir WebRequest para as URLs listadas\""), "{shown}");
    }
    assert_eq!(r.checks(), 0, "nothing left the terminal");
}

#[tokio::test]
async fn https_is_verified_and_a_moved_address_is_followed() {
    let r = setup().await;
    let email = r.acme.client_email.clone();
    let robot = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "robot").await;
    // A certificate the terminal does not trust: no answer is read at all.
    let other = crate::tls_front::start("127.0.0.1:9".parse().unwrap(), &r.work.0, "other").await;
    let untrusted = r.run(&robot, &email, &[("MQL5_TLS_CA_FILE", other.ca_file.to_str().unwrap())]).await;
    assert!(waiting(&untrusted) && r.checks() == 0, "{untrusted}");
    // The tenant moved its check: the old address redirects (308) and the robot follows it.
    let moved =
        r.build_at(mql5::DEFAULT_AUTH_TEMPLATE, "moved", &r.relay_url.replace("/api/webhooks/", "/antigo/")).await;
    let out = r.run(&moved, &email, &[]).await;
    assert!(licensed(&out) && out.contains("WEBREQUEST: redirect 308"), "{out}");
}

#[tokio::test]
async fn a_one_character_change_to_the_template_is_caught() {
    let r = setup().await;
    let email = r.acme.client_email.clone();
    let genuine = r.build(mql5::DEFAULT_AUTH_TEMPLATE, LapsePolicy::Stop, "genuine").await;
    assert!(licensed(&r.run(&genuine, &email, &[]).await));
    for (what, from, to) in [
        ("a SHA-512 round constant", "0x428a2f98d728ae22", "0x428a2f98d728ae23"),
        ("the signed string's separator", "\"v3|\"", "\"v3/\""),
    ] {
        assert!(mql5::DEFAULT_AUTH_TEMPLATE.contains(from), "{what}: {from} in the template");
        let changed = mql5::DEFAULT_AUTH_TEMPLATE.replacen(from, to, 1);
        let robot = r.build(&changed, LapsePolicy::Stop, "changed").await;
        let out = r.run(&robot, &email, &[]).await;
        assert!(!licensed(&out) && has_line(&out, "CANOPEN: 0"), "{what}: a changed template must not validate: {out}");
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
    assert!(licensed(&valid) && valid.contains("PRINT: RoboForge: licença válida (acme.example.com)."), "{valid}");

    sql(&r.app, r.acme.id, "UPDATE license_builds SET status = 'revoked', revoked_at = now()").await;
    let revoked = r.run(&robot, "", &[("MQL5_COMMON_DIR", r.work.0.join("other").to_str().unwrap())]).await;
    assert!(has_line(&revoked, "INIT: 1"), "a revoked build does not start: {revoked}");
}
