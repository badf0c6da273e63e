//! Login capacity strangers cannot take (issue 33): strangers guessing
//! passwords for invented e-mails, from as many addresses as they like,
//! never make a known owner wait behind them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;

use crate::support::{TestApp, PASSWORD};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_known_owner_signs_in_under_300_ms_while_32_tasks_guess_invented_emails() {
    let app = TestApp::spawn_with(|c| c.trust_proxy = 1).await;
    let acme = app.tenant("acme").await;
    let laptop = app.browser();
    let owner_login = || {
        laptop
            .post(app.url("/api/tenant-auth/login"))
            .header("x-tenant-secret", &acme.secret)
            .header("x-forwarded-for", "203.0.113.10")
            .json(&json!({"email": acme.owner_email, "password": PASSWORD}))
            .send()
    };
    assert_eq!(owner_login().await.unwrap().status(), StatusCode::OK, "signed in once: the laptop is a known device");

    // 32 tasks, each request from its own address (no per-address limit stops
    // them), wrong passwords for e-mails nobody has: every one costs a hash.
    let running = Arc::new(AtomicBool::new(true));
    let attackers: Vec<_> = (0..32)
        .map(|task| {
            let (running, url) = (running.clone(), app.url(&format!("/api/client-auth/login?tenant={}", acme.url)));
            tokio::spawn(async move {
                let http = reqwest::Client::new();
                let mut statuses = Vec::new();
                let mut i = 0u32;
                while running.load(Ordering::Relaxed) {
                    i += 1;
                    let status = http
                        .post(&url)
                        .header("x-forwarded-for", format!("198.18.{task}.{}", i % 250 + 1))
                        .json(&json!({"email": format!("inventado-{task}-{i}@x.com"), "password": "chute-errado"}))
                        .send()
                        .await
                        .map(|r| r.status().as_u16())
                        .unwrap_or(0);
                    statuses.push(status);
                }
                statuses
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(1500)).await;

    let mut times = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        let status = owner_login().await.unwrap().status();
        times.push(started.elapsed());
        assert_eq!(status, StatusCode::OK, "the owner signs in during the flood ({times:?})");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    running.store(false, Ordering::Relaxed);
    let mut statuses = Vec::new();
    for attacker in attackers {
        statuses.extend(attacker.await.unwrap());
    }
    let hashed = statuses.iter().filter(|s| **s == 401).count();
    assert!(hashed > 32, "the flood really ran and was hashed: {hashed} refusals of {}", statuses.len());
    assert!(statuses.iter().all(|s| matches!(s, 401 | 429 | 503)), "refusals only");
    eprintln!("owner sign-ins during the flood: {times:?}; attackers: {hashed} × 401 of {}", statuses.len());
    let slowest = times.iter().max().unwrap();
    assert!(*slowest < Duration::from_millis(300), "the owner's sign-ins took {times:?} during the flood");
}
