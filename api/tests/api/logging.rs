//! `LOG_FORMAT=json`: the real api binary writes one JSON object per line,
//! from start to shutdown, and a failed start too.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use shared::infrastructure::testing::{fresh_database, TEST_APP_ROLE};

/// Every line of `bytes` as JSON, each with the fields a log shipper reads.
fn json_lines(bytes: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(bytes)
        .lines()
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

fn api(args: &[&str], database_url: &str, port: u16) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_api"));
    command
        .args(args)
        .env_remove("DATABASE_APP_URL")
        .env_remove("DEV_HOSTS")
        .env("DATABASE_URL", database_url)
        .env("DATABASE_APP_ROLE", TEST_APP_ROLE)
        .env("PORT", port.to_string())
        .env("BIND_ADDRESS", "127.0.0.1")
        .env("WEB_DIST", "/nonexistent")
        .env("ADMIN_USERNAME", "chefe")
        .env("ADMIN_PASSWORD", "senha-forte-1")
        .env("LOG_FORMAT", "json")
        // Request traces too: they carry spans and fields of their own.
        .env("RUST_LOG", "info,tower_http=debug");
    command
}

#[tokio::test]
async fn with_log_format_json_the_api_writes_one_json_object_per_line_from_start_to_shutdown() {
    let db = fresh_database().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut server = api(&["serve", "--no-workers"], &db.owner_url, port)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let http = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !http.get(format!("http://127.0.0.1:{port}/api/health")).send().await.is_ok_and(|r| r.status().is_success()) {
        if Instant::now() > deadline {
            let _ = server.kill();
            panic!("not up within 60 s: {:?}", server.wait_with_output().unwrap());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let terminated = Command::new("kill").arg("-TERM").arg(server.id().to_string()).status().unwrap();
    assert!(terminated.success());
    let output = server.wait_with_output().unwrap();
    assert!(output.status.success(), "a clean stop: {output:?}");

    let lines = json_lines(&output.stdout);
    json_lines(&output.stderr);
    let said = |text: &str| lines.iter().any(|l| l["message"].as_str().unwrap().contains(text));
    assert!(said("RoboForge on http://localhost:"), "{lines:?}");
    assert!(said("shutting down"), "{lines:?}");
    assert!(lines.iter().all(|l| l["timestamp"].as_str().unwrap().ends_with('Z')), "UTC timestamps");

    // A start that fails says why in one JSON line too.
    let failed = api(&["migrate"], &db.owner_url, port).env("PORT", "not-a-port").output().unwrap();
    assert!(!failed.status.success());
    let lines = json_lines(&failed.stdout);
    assert_eq!(lines.last().unwrap()["level"], "ERROR", "{lines:?}");
    assert!(lines.last().unwrap()["message"].as_str().unwrap().contains("PORT"), "{lines:?}");
}
