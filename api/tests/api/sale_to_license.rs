//! A paid sale becomes a license while the buyer waits (issue 33): the buyer
//! starts the robot before Hotmart's postback arrives (not valid), the
//! postback is posted to the real endpoint and processed by the real workers
//! running in-process as `api serve` runs them, and the robot's next checks
//! turn valid within 2 s of the postback.

use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::TestApp;

const HOTTOK: &str = "hottok-da-loja-0123456789";
/// The fixture's buyer, as the sale stores it (trimmed, lower-cased).
const BUYER: &str = "comprador.teste@example.com";
const ACCOUNT: u64 = 51_234_567;
/// From the postback's 200 to the first valid answer.
const VALID_WITHIN: Duration = Duration::from_secs(2);

fn fixture(name: &str) -> Value {
    let path = format!("{}/../shared/tests/fixtures/hotmart/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

async fn check(app: &TestApp, body: &Value) -> String {
    let response = app.browser().post(app.url("/api/webhooks/validate-license")).json(body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let answer: Value = response.json().await.unwrap();
    answer["code"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_buyer_who_starts_the_robot_before_the_postback_is_valid_within_two_seconds_of_it() {
    let app = TestApp::spawn().await;
    let tenant = app.tenant_with_hottok("loja", HOTTOK).await;
    let robot = app.robot(&tenant, "Scalper Pro").await;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let workers = tokio::spawn(worker::run(app.db.worker_pool.clone(), Arc::new((*app.state.config).clone()), async {
        let _ = stopped.await;
    }));
    // The workers register, run their first polls and go idle, as on a quiet
    // server between sales.
    tokio::time::sleep(Duration::from_secs(3)).await;

    // Before: the buyer's robot starts and retries a few times; no license yet.
    let body = json!({"email": BUYER, "mtAccount": ACCOUNT, "robotId": robot, "tenantId": tenant.id, "nonce": "n"});
    for _ in 0..3 {
        assert_eq!(check(&app, &body).await, "NOT_RECOGNIZED", "no license before the sale (answered as hidden)");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    let postback = app
        .browser()
        .post(app.url(&format!("/api/webhooks/hotmart/robot/{robot}")))
        .header("x-hotmart-hottok", HOTTOK)
        .json(&fixture("purchase_approved"))
        .send()
        .await
        .unwrap();
    assert_eq!(postback.status(), StatusCode::OK);
    let posted = Instant::now();

    // During: the robot keeps checking, as a robot waiting for its license does.
    let mut seen = Vec::new();
    let valid_after = loop {
        let code = check(&app, &body).await;
        if code == "OK" {
            break posted.elapsed();
        }
        if seen.last() != Some(&code) {
            seen.push(code);
        }
        assert!(posted.elapsed() < Duration::from_secs(45), "never valid in 45 s; answers seen: {seen:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    eprintln!("postback to valid license: {valid_after:?} (answers before: {seen:?})");
    assert!(valid_after < VALID_WITHIN, "valid only {valid_after:?} after the postback; answers before: {seen:?}");

    // After: it stays valid, bound to the buyer's account.
    for _ in 0..3 {
        assert_eq!(check(&app, &body).await, "OK");
    }

    stop.send(()).unwrap();
    let finished = tokio::time::timeout(Duration::from_secs(30), workers).await;
    assert!(matches!(finished, Ok(Ok(Ok(())))), "workers stop gracefully: {finished:?}");
}
