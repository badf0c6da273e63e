//! The standalone `worker` binary for real, against a test database and a
//! stand-in of the Resend API: it serves its job metrics on METRICS_ADDR,
//! logs one JSON object per line with LOG_FORMAT=json, and on SIGTERM
//! finishes the job it is running before it exits 0.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use shared::infrastructure::db::{self, Scope};
use shared::infrastructure::testing::{create_tenant, fresh_database, TestDb, TEST_APP_ROLE};
use shared::workflows::email::EmailTemplate;
use uuid::Uuid;

/// How long the stand-in holds its answer to the second message: the job
/// is still running when the worker is told to stop.
const HELD_FOR: Duration = Duration::from_secs(3);

/// Resend's `POST /emails`: answers the first message at once and the
/// later ones after `HELD_FOR`, telling the test when each arrived.
fn resend_stand_in() -> (String, mpsc::Receiver<usize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (arrived, arrivals) = mpsc::channel();
    std::thread::spawn(move || {
        for (n, stream) in listener.incoming().enumerate() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut length = 0;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                    break;
                }
                if let Some((name, value)) = line.split_once(':') {
                    if name.eq_ignore_ascii_case("content-length") {
                        length = value.trim().parse().unwrap_or(0);
                    }
                }
            }
            let mut body = vec![0; length];
            let _ = reader.read_exact(&mut body);
            let _ = arrived.send(n);
            if n > 0 {
                std::thread::sleep(HELD_FOR);
            }
            let answer = format!("{{\"id\":\"re_{n}\"}}");
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{answer}",
                answer.len()
            );
        }
    });
    (base, arrivals)
}

async fn queue_email(db: &TestDb, tenant: Uuid) -> Uuid {
    let vars: BTreeMap<String, String> = [("clientName", "Ana"), ("tenantName", "Loja"), ("purchaseId", "HP1")]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut tx = db::begin(&db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let id = shared::workflows::email::queue(&mut tx, tenant, EmailTemplate::Welcome, "comprador@example.com", &vars)
        .await
        .unwrap()
        .id;
    tx.commit().await.unwrap();
    id
}

async fn email_status(db: &TestDb, tenant: Uuid, id: Uuid) -> String {
    let mut tx = db::begin(&db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query_scalar("SELECT status FROM email_outbox WHERE id = $1").bind(id).fetch_one(&mut *tx).await.unwrap()
}

fn wait_for_arrival(arrivals: &mpsc::Receiver<usize>) -> usize {
    arrivals.recv_timeout(Duration::from_secs(30)).expect("the worker sends the queued message within 30 s")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_worker_serves_its_metrics_logs_json_and_finishes_its_running_job_on_sigterm() {
    let db = fresh_database().await;
    let tenant = create_tenant(&db.worker_pool, "worker-binario.example.com").await;
    let (resend, arrivals) = resend_stand_in();
    let metrics_address: SocketAddr = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let metrics_url = format!("http://{metrics_address}/metrics");
    let mut worker = Command::new(env!("CARGO_BIN_EXE_worker"))
        .env_remove("DATABASE_APP_URL")
        .env_remove("METRICS_TOKEN")
        .env("DATABASE_URL", &db.owner_url)
        .env("DATABASE_APP_ROLE", TEST_APP_ROLE)
        .env("RESEND_API_BASE", &resend)
        .env("RESEND_API_KEY", "re_platform_key")
        .env("METRICS_ADDR", metrics_address.to_string())
        .env("LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();

    let http = reqwest::Client::new();
    let started = Instant::now();
    while !http.get(&metrics_url).send().await.is_ok_and(|r| r.status().is_success()) {
        if started.elapsed() > Duration::from_secs(60) || worker.try_wait().unwrap().is_some() {
            let _ = worker.kill();
            panic!("no /metrics within 60 s: {:?}", worker.wait_with_output().unwrap());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // One message sent: the job is counted and timed.
    let first = queue_email(&db, tenant).await;
    assert_eq!(wait_for_arrival(&arrivals), 0);
    let deadline = Instant::now() + Duration::from_secs(10);
    while email_status(&db, tenant, first).await != "sent" {
        assert!(Instant::now() < deadline, "the first message is recorded as sent");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let scrape = |request: reqwest::RequestBuilder| async move {
        for _ in 0..50 {
            let response = request.try_clone().unwrap().send().await.unwrap();
            let status = response.status();
            let content_type = response.headers().get("content-type").cloned();
            let text = response.text().await.unwrap();
            if status != reqwest::StatusCode::OK || text.contains("roboforge_jobs_total") {
                return (status, content_type, text);
            }
            // The job's outcome is counted just after its row says sent.
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no roboforge_jobs_total");
    };
    let (status, content_type, text) = scrape(http.get(&metrics_url)).await;
    assert_eq!(status, reqwest::StatusCode::OK);
    assert!(content_type.unwrap().to_str().unwrap().starts_with("text/plain; version=0.0.4"));
    assert!(text.contains("roboforge_jobs_total{queue=\"roboforge.email\",outcome=\"succeeded\"} 1"), "{text}");
    assert!(text.contains("# TYPE roboforge_job_duration_seconds histogram"), "{text}");
    assert!(text.contains("roboforge_job_duration_seconds_count{queue=\"roboforge.email\"} 1"), "{text}");
    let (forwarded, _, _) = scrape(http.get(&metrics_url).header("x-forwarded-for", "203.0.113.9")).await;
    assert_eq!(forwarded, reqwest::StatusCode::NOT_FOUND, "a request through a proxy is not local");

    // A second message is held by the stand-in: SIGTERM arrives mid-job.
    let second = queue_email(&db, tenant).await;
    assert_eq!(wait_for_arrival(&arrivals), 1);
    let terminated = Command::new("kill").arg("-TERM").arg(worker.id().to_string()).status().unwrap();
    assert!(terminated.success());
    let signalled = Instant::now();
    let status = loop {
        if let Some(status) = worker.try_wait().unwrap() {
            break status;
        }
        assert!(signalled.elapsed() < HELD_FOR + Duration::from_secs(10), "still running 10 s after its job ended");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "a clean stop: {status}");
    assert!(signalled.elapsed() >= HELD_FOR - Duration::from_millis(500), "it waited for the running job");
    assert_eq!(email_status(&db, tenant, second).await, "sent", "the running job was finished, not dropped");

    let output = worker.wait_with_output().unwrap();
    let mut messages = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines().chain(String::from_utf8_lossy(&output.stderr).lines()) {
        let value: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("not one JSON object ({e}): {line}"));
        for field in ["timestamp", "level", "message", "target"] {
            assert!(value[field].is_string(), "{field} missing: {line}");
        }
        messages.push(value["message"].as_str().unwrap().to_string());
    }
    for said in ["metrics on http://", "workers running", "shutting down: finishing running jobs"] {
        assert!(messages.iter().any(|m| m.contains(said)), "{said:?} in {messages:?}");
    }
}
