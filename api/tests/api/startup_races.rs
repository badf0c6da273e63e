//! Starting is safe when many processes do it at once, and one cluster can
//! hold several databases without one's start hurting another's instances:
//! the authenticator is prepared race-free, each database has its own, no
//! start rewrites a password another database's instances log in with, and
//! job workers outlive a database that refuses them for a while.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::testing::{admin_url, fresh_database, url_for};
use sqlx::{Connection, PgConnection};

fn superuser_url() -> String {
    std::env::var("TEST_SUPERUSER_URL")
        .unwrap_or_else(|_| "postgres://roboforge_super:roboforge_super@127.0.0.1:5432/postgres".into())
}

async fn admin() -> PgConnection {
    PgConnection::connect(&admin_url()).await.expect("connect TEST_DATABASE_URL")
}

async fn exec(conn: &mut PgConnection, sql: String) {
    sqlx::query(sqlx::AssertSqlSafe(sql.clone())).execute(conn).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn role_count(conn: &mut PgConnection, role: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM pg_roles WHERE rolname = $1").bind(role).fetch_one(conn).await.unwrap()
}

#[tokio::test]
async fn eight_concurrent_preparations_of_a_new_role_all_succeed_with_one_role() {
    // Two databases, four preparations each: the race is cluster-wide.
    let (a, b) = (fresh_database().await, fresh_database().await);
    let role = format!("rf_race_{}", shared::domain::ids::new_id().simple());
    let mut admin = admin().await;
    assert_eq!(role_count(&mut admin, &role).await, 0, "no earlier run used this name");

    let start = Arc::new(tokio::sync::Barrier::new(8));
    let mut tasks = Vec::new();
    for i in 0..8 {
        let owner_url = if i % 2 == 0 { a.owner_url.clone() } else { b.owner_url.clone() };
        let (role, start) = (role.clone(), start.clone());
        tasks.push(tokio::spawn(async move {
            let owner = db::connect_owner(&owner_url, 2).await.expect("owner pool");
            // Each on its own connection, released together.
            let _warm = owner.acquire().await.expect("connection");
            drop(_warm);
            start.wait().await;
            db::prepare_authenticator(&owner, &owner_url, None, &role).await
        }));
    }
    let mut urls = Vec::new();
    for task in tasks {
        urls.push(task.await.unwrap().expect("every concurrent preparation succeeds"));
    }
    assert_eq!(role_count(&mut admin, &role).await, 1);
    for url in [&urls[0], &urls[1]] {
        let mut conn = PgConnection::connect(url).await.expect("the authenticator logs in on both databases");
        let user: String = sqlx::query_scalar("SELECT session_user::text").fetch_one(&mut conn).await.unwrap();
        assert_eq!(user, role);
    }
    exec(&mut admin, format!("DROP ROLE {}", db::quote_ident(&role))).await;
}

/// A port nothing listens on right now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

struct Processes(Vec<Child>);

impl Drop for Processes {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn spawn(binary: &std::path::Path, args: &[&str], database_url: &str, port: u16, work_dir: &std::path::Path) -> Child {
    command(binary, args, database_url, port, work_dir)
        .env("ADMIN_USERNAME", "chefe")
        .env("ADMIN_PASSWORD", "senha-forte-1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("start {}: {e}", binary.display()))
}

fn command(
    binary: &std::path::Path,
    args: &[&str],
    database_url: &str,
    port: u16,
    work_dir: &std::path::Path,
) -> Command {
    let mut command = Command::new(binary);
    command
        .args(args)
        .current_dir(work_dir)
        .env_remove("DATABASE_APP_ROLE")
        .env_remove("DATABASE_APP_URL")
        .env("DATABASE_URL", database_url)
        .env("PORT", port.to_string())
        .env("BIND_ADDRESS", "127.0.0.1")
        .env("WEB_DIST", "/nonexistent")
        .env_remove("ADMIN_USERNAME")
        .env_remove("ADMIN_PASSWORD")
        .env_remove("ADMIN_PASSWORD_FILE")
        .env_remove("DEV_HOSTS")
        .env("RUST_LOG", "warn");
    command
}

#[tokio::test]
async fn a_generated_first_admin_password_goes_to_a_private_file_never_to_the_output() {
    let api = std::path::PathBuf::from(env!("CARGO_BIN_EXE_api"));
    let name = format!("rf_test_{}", shared::domain::ids::new_id().simple());
    let mut admin = admin().await;
    exec(&mut admin, format!("CREATE DATABASE {}", db::quote_ident(&name))).await;
    let url = url_for(&name);
    let work_dir = std::env::temp_dir().join(&name);
    std::fs::create_dir_all(&work_dir).unwrap();
    let port = free_port();
    let output = work_dir.join("output.log");
    let log = std::fs::File::create(&output).unwrap();
    let child = command(&api, &["serve"], &url, port, &work_dir)
        .env("RUST_LOG", "info")
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .unwrap();
    let processes = Processes(vec![child]);
    let http = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    while !http.get(format!("http://127.0.0.1:{port}/api/health")).send().await.is_ok_and(|r| r.status().is_success()) {
        assert!(Instant::now() < deadline, "not up within 120 s");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let file = work_dir.join("first-admin-password.txt");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600, "readable by its owner only");
    let text = std::fs::read_to_string(&file).unwrap();
    let password = text.lines().find_map(|l| l.strip_prefix("password: ")).expect("the password line").to_string();
    assert!(password.len() >= 16, "{text}");
    let printed = std::fs::read_to_string(&output).unwrap();
    assert!(!printed.contains(&password), "the password never reaches stdout/stderr: {printed}");
    assert!(printed.contains("first-admin-password.txt"), "the log says where it is: {printed}");
    let login = http
        .post(format!("http://127.0.0.1:{port}/api/auth/login"))
        .json(&serde_json::json!({ "username": "admin", "password": password }))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), reqwest::StatusCode::OK, "the written password signs in");

    drop(processes);
    drop_databases_and_roles(&[&name], &[&db::default_app_role(&url)]).await;
    let _ = std::fs::remove_dir_all(&work_dir);
}

#[tokio::test]
async fn two_apis_and_a_worker_started_in_the_same_second_on_a_new_database_all_come_up() {
    let api = std::path::PathBuf::from(env!("CARGO_BIN_EXE_api"));
    // The workspace's test build builds every binary, the worker's too.
    let worker = api.with_file_name("worker");
    assert!(worker.exists(), "{} is built with the workspace", worker.display());

    let name = format!("rf_test_{}", shared::domain::ids::new_id().simple());
    let mut admin = admin().await;
    exec(&mut admin, format!("CREATE DATABASE {}", db::quote_ident(&name))).await;
    let url = url_for(&name);
    let role = db::default_app_role(&url);
    let work_dir = std::env::temp_dir().join(&name);
    std::fs::create_dir_all(&work_dir).unwrap();

    let ports = [free_port(), free_port()];
    let mut processes = Processes(vec![
        spawn(&api, &["serve", "--no-workers"], &url, ports[0], &work_dir),
        spawn(&api, &["serve"], &url, ports[1], &work_dir),
        spawn(&worker, &[], &url, 0, &work_dir),
    ]);

    let http = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut up = [false, false];
    while up.contains(&false) {
        for (i, port) in ports.iter().enumerate() {
            let health = http.get(format!("http://127.0.0.1:{port}/api/health")).send().await;
            up[i] = up[i] || health.is_ok_and(|r| r.status().is_success());
        }
        for (i, child) in processes.0.iter_mut().enumerate() {
            if let Some(status) = child.try_wait().unwrap() {
                panic!("process {i} died while starting: {status}");
            }
        }
        assert!(Instant::now() < deadline, "not up within 120 s: {up:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // The worker is still running once both apis serve: it came up too.
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(processes.0[2].try_wait().unwrap().is_none(), "the worker is running");

    let owner = db::connect_owner(&url, 1).await.unwrap();
    let app_url = db::derived_app_url(&url, &role).0;
    let app = db::connect_app(&app_url, 1, Duration::from_secs(5), db::Statements::Cached)
        .await
        .expect("the database's own authenticator");
    let mut tx = db::begin(&app, Scope::worker()).await.unwrap();
    let admins: i64 = sqlx::query_scalar("SELECT count(*) FROM users").fetch_one(&mut *tx).await.unwrap();
    let templates: i64 =
        sqlx::query_scalar("SELECT count(*) FROM robot_auth_template").fetch_one(&mut *tx).await.unwrap();
    assert_eq!((admins, templates), (1, 1), "once-per-database rows were made once");
    drop(tx);
    app.close().await;
    owner.close().await;

    drop(processes);
    drop_databases_and_roles(&[&name], &[&role]).await;
    let _ = std::fs::remove_dir_all(&work_dir);
}

/// Queues a housekeeping job on `pool` and waits for a worker to finish it.
async fn housekeeping_runs(pool: &db::PgPool, within: Duration) {
    let mut tx = db::begin(pool, Scope::worker()).await.expect("begin");
    let id = shared::domain::ids::new_id().to_string();
    shared::repositories::job_queue::enqueue(
        &mut tx,
        shared::workflows::jobs::HOUSEKEEPING_QUEUE,
        &shared::workflows::jobs::Housekeeping { requested_at: chrono::Utc::now() },
        Some(&id),
    )
    .await
    .expect("enqueue");
    tx.commit().await.unwrap();
    let started = Instant::now();
    loop {
        let done: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM apalis.jobs WHERE job_type = $1 AND status = 'Done' AND idempotency_key = $2",
        )
        .bind(shared::workflows::jobs::HOUSEKEEPING_QUEUE)
        .bind(&id)
        .fetch_one(&mut *db::begin(pool, Scope::worker()).await.unwrap())
        .await
        .unwrap();
        if done == 1 {
            return;
        }
        assert!(started.elapsed() < within, "the job was not done within {within:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn hourly(config: &mut Config) {
    config.housekeeping_every = Duration::from_secs(3600);
}

#[tokio::test]
async fn a_second_database_on_the_cluster_leaves_the_first_serving_and_its_workers_working() {
    let first = fresh_database().await;
    let mut first_config = Config::for_database(first.owner_url.clone(), db::default_app_role(&first.owner_url));
    hourly(&mut first_config);
    let first_role = first_config.app_role.clone();
    let pools = db::prepare_database(&first_config).await.expect("the first database starts");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let workers = tokio::spawn(worker::run(pools.workers.clone(), Arc::new(first_config), async move {
        let _ = stopped.await;
    }));
    housekeeping_runs(&pools.workers, Duration::from_secs(30)).await;

    // A second database with the defaults gets its own authenticator.
    let second = fresh_database().await;
    let second_config = Config::for_database(second.owner_url.clone(), db::default_app_role(&second.owner_url));
    assert_ne!(second_config.app_role, first_role);
    db::prepare_database(&second_config).await.expect("the second database starts");

    // One told to use the first's role, through an URL that derives another
    // password (what a bench or a second deployment did): refused, and the
    // first's password is left alone.
    let other_spelling = second.owner_url.replacen("@127.0.0.1", "@localhost", 1);
    let other_spelling = if other_spelling == second.owner_url {
        second.owner_url.replacen("@localhost", "@127.0.0.1", 1)
    } else {
        other_spelling
    };
    assert_ne!(
        db::derived_app_url(&other_spelling, &first_role).1,
        db::derived_app_url(&first.owner_url, &first_role).1
    );
    let hijack = Config::for_database(other_spelling, first_role.clone());
    let refused = db::prepare_database(&hijack).await.err().expect("must refuse another database's authenticator");
    assert!(format!("{refused:#}").contains("is the authenticator of database"), "{refused:#}");

    // New connections of the first still log in, and its workers still work.
    let (first_app_url, _) = db::derived_app_url(&first.owner_url, &first_role);
    PgConnection::connect(&first_app_url).await.expect("the first database's authenticator still logs in");
    pools.workers.close().await;
    let reopened = db::connect_worker(&first_app_url, 2).await.expect("a new worker pool");
    let (stop_again, stopped_again) = tokio::sync::oneshot::channel::<()>();
    let mut config = Config::for_database(first.owner_url.clone(), first_role.clone());
    hourly(&mut config);
    let workers_again = tokio::spawn(worker::run(reopened.clone(), Arc::new(config), async move {
        let _ = stopped_again.await;
    }));
    housekeeping_runs(&reopened, Duration::from_secs(30)).await;

    stop.send(()).unwrap();
    stop_again.send(()).unwrap();
    let _ = tokio::time::timeout(Duration::from_secs(30), workers).await;
    let _ = tokio::time::timeout(Duration::from_secs(30), workers_again).await;
    reopened.close().await;
    pools.requests.close().await;
    drop_databases_and_roles(&[&first.name, &second.name], &[&first_role, &second_config.app_role]).await;
}

/// As the superuser: the app roles' sessions (pools this test left open)
/// can only be ended by a member of their role or of pg_signal_backend.
async fn drop_databases_and_roles(databases: &[&str], roles: &[&str]) {
    let mut admin = PgConnection::connect(&superuser_url()).await.expect("TEST_SUPERUSER_URL");
    for name in databases {
        exec(&mut admin, format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", db::quote_ident(name))).await;
    }
    for role in roles {
        exec(&mut admin, format!("DROP ROLE IF EXISTS {}", db::quote_ident(role))).await;
    }
}

#[tokio::test]
async fn job_workers_resume_after_the_database_refused_connections_for_a_while() {
    let db = fresh_database().await;
    let mut config = Config::for_database(db.owner_url.clone(), shared::infrastructure::testing::TEST_APP_ROLE.into());
    hourly(&mut config);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let workers = tokio::spawn(worker::run(db.worker_pool.clone(), Arc::new(config), async move {
        let _ = stopped.await;
    }));
    housekeeping_runs(&db.worker_pool, Duration::from_secs(30)).await;

    // The database goes away: new connections refused, open ones cut.
    let quoted = db::quote_ident(&db.name);
    let mut admin = admin().await;
    exec(&mut admin, format!("ALTER DATABASE {quoted} ALLOW_CONNECTIONS false")).await;
    let mut superuser = PgConnection::connect(&superuser_url()).await.expect("TEST_SUPERUSER_URL");
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1")
        .bind(&db.name)
        .execute(&mut superuser)
        .await
        .unwrap();
    let refused = PgConnection::connect(&db.app_url).await;
    assert!(refused.is_err(), "the database refuses connections");
    // Long enough for every worker to poll, fail and back off.
    tokio::time::sleep(Duration::from_secs(6)).await;
    exec(&mut admin, format!("ALTER DATABASE {quoted} ALLOW_CONNECTIONS true")).await;

    // Without any restart of ours, a new job is done.
    housekeeping_runs(&db.worker_pool, Duration::from_secs(60)).await;
    assert!(!workers.is_finished(), "the workers are still running");
    stop.send(()).unwrap();
    let finished = tokio::time::timeout(Duration::from_secs(30), workers).await;
    assert!(matches!(finished, Ok(Ok(Ok(())))), "workers stop gracefully: {finished:?}");
}

/// The sockets listening on `port` (IPv4 and IPv6), as the kernel lists them.
fn listening_addresses(port: u16) -> Vec<String> {
    let mut found = Vec::new();
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        let text = std::fs::read_to_string(table).unwrap_or_default();
        for line in text.lines().skip(1) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            // local_address is HEXADDR:HEXPORT; state 0A is LISTEN.
            let Some((address, hex_port)) = fields.get(1).and_then(|f| f.rsplit_once(':')) else { continue };
            if fields.get(3) == Some(&"0A") && u16::from_str_radix(hex_port, 16) == Ok(port) {
                found.push(address.to_string());
            }
        }
    }
    found
}

#[tokio::test]
async fn a_development_instance_listens_on_loopback_only_and_refuses_anything_else() {
    let api = std::path::PathBuf::from(env!("CARGO_BIN_EXE_api"));
    let db = fresh_database().await;
    let work_dir = std::env::temp_dir().join(&db.name);
    std::fs::create_dir_all(&work_dir).unwrap();
    let port = free_port();
    let child = command(&api, &["serve", "--no-workers"], &db.owner_url, port, &work_dir)
        .env_remove("BIND_ADDRESS")
        .env("DEV_HOSTS", "localhost,127.0.0.1")
        .env("DATABASE_APP_ROLE", shared::infrastructure::testing::TEST_APP_ROLE)
        .env("ADMIN_USERNAME", "chefe")
        .env("ADMIN_PASSWORD", "senha-forte-1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let processes = Processes(vec![child]);
    let http = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !http.get(format!("http://127.0.0.1:{port}/api/health")).send().await.is_ok_and(|r| r.status().is_success()) {
        assert!(Instant::now() < deadline, "not up within 60 s");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // 0100007F is 127.0.0.1 in /proc's byte order; 00000000 would be every interface.
    assert_eq!(listening_addresses(port), vec!["0100007F".to_string()], "loopback only");
    drop(processes);

    // Asked to listen everywhere with development behaviour on, it refuses to start.
    let refused = command(&api, &["serve", "--no-workers"], &db.owner_url, free_port(), &work_dir)
        .env("BIND_ADDRESS", "0.0.0.0")
        .env("DEV_HOSTS", "localhost")
        .output()
        .unwrap();
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr).to_string() + &String::from_utf8_lossy(&refused.stdout);
    assert!(said.contains("a development instance listens on loopback only"), "{said}");
    let _ = std::fs::remove_dir_all(&work_dir);
}
