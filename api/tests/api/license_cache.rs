//! The license-check cache drops what a change affects and nothing more
//! (issue 38): one buyer's sale or revocation leaves every other buyer's
//! answer in memory, a robot's change drops its answers, and an answer read
//! while a change commits is never served after the change is heard.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use uuid::Uuid;

use crate::support::{join_all, TenantFixture, TestApp};

struct Shop {
    app: TestApp,
    acme: TenantFixture,
    robot: Uuid,
    ana: Uuid,
}

const BIA: &str = "bia@cliente.com";

async fn shop() -> Shop {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper").await;
    let bia_client = Uuid::now_v7();
    let (ana, bia) = (Uuid::now_v7(), Uuid::now_v7());
    let t = acme.id;
    app.sql_in(
        t,
        &format!(
            "INSERT INTO tenant_clients (id, tenant_id, name, email) VALUES ('{bia_client}', '{t}', 'Bia', '{BIA}')"
        ),
    )
    .await;
    app.sql_in(
        t,
        &format!(
            "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, activation_date) VALUES
               ('{ana}', '{t}', '{}', '{robot}', 'active', now()),
               ('{bia}', '{t}', '{bia_client}', '{robot}', 'active', now())",
            acme.client_id
        ),
    )
    .await;
    Shop { app, acme, robot, ana }
}

async fn check(s: &Shop, email: &str, account: u64) -> Value {
    let body = json!({"email": email, "mtAccount": account, "robotId": s.robot, "tenantId": s.acme.id, "nonce": "n1"});
    s.app
        .browser()
        .post(s.app.url("/api/webhooks/validate-license"))
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// The instance's cache counters (hit, miss, invalidated_buyer, ...).
async fn cache_events(app: &TestApp) -> std::collections::HashMap<String, f64> {
    let text = app.browser().get(app.url("/metrics")).send().await.unwrap().text().await.unwrap();
    text.lines()
        .filter_map(|line| line.strip_prefix("roboforge_license_cache_events{event=\""))
        .filter_map(|rest| rest.split_once("\"} "))
        .map(|(event, value)| (event.to_string(), value.parse().unwrap()))
        .collect()
}

/// Checks until the answer's code is `code`, for at most a second.
async fn until_code(s: &Shop, email: &str, account: u64, code: &str) -> Duration {
    let started = Instant::now();
    loop {
        let answer = check(s, email, account).await;
        if answer["code"] == code {
            return started.elapsed();
        }
        assert!(started.elapsed() < Duration::from_secs(1), "still {answer} a second after the change");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn revoking_one_buyer_leaves_the_other_buyers_answer_in_memory() {
    let s = shop().await;
    // Bound on first use, then answered from memory.
    assert_eq!(check(&s, &s.acme.client_email, 1001).await["code"], "OK");
    assert_eq!(check(&s, BIA, 2002).await["code"], "OK");
    assert_eq!(check(&s, BIA, 2002).await["code"], "OK");
    let before = cache_events(&s.app).await;

    s.app
        .sql_in(s.acme.id, &format!("UPDATE tenant_client_robots SET status = 'cancelled' WHERE id = '{}'", s.ana))
        .await;
    until_code(&s, &s.acme.client_email, 1001, "CANCELLED").await;
    let after_revocation = cache_events(&s.app).await;
    assert_eq!(check(&s, BIA, 2002).await["code"], "OK");
    let after = cache_events(&s.app).await;
    assert_eq!(after["hit"] - after_revocation["hit"], 1.0, "Bia's answer came from memory: {after:?}");
    assert_eq!(after["miss"], after_revocation["miss"], "and cost no read: {after:?}");
    assert!(after["invalidated_buyer"] > before["invalidated_buyer"], "{after:?}");
    assert_eq!(after["invalidated_tenant"], before["invalidated_tenant"], "nothing tenant-wide: {after:?}");

    // A robot's change reaches every buyer of it.
    s.app.sql_in(s.acme.id, &format!("UPDATE tenant_robots SET active = false WHERE id = '{}'", s.robot)).await;
    until_code(&s, BIA, 2002, "ROBOT_INACTIVE").await;
}

/// The generation guard, narrowed: loads, changes and checks at once, many
/// times over; whatever interleaving happens, once the change is heard no
/// check answers from before it.
#[tokio::test]
async fn an_answer_read_while_a_change_commits_is_never_served_after_it() {
    let s = shop().await;
    assert_eq!(check(&s, &s.acme.client_email, 1001).await["code"], "OK");
    for round in 0..12 {
        let status = if round % 2 == 0 { "cancelled" } else { "active" };
        let expected = if round % 2 == 0 { "CANCELLED" } else { "OK" };
        // Drop the entry (another buyer's change would not), so the checks below load while the change commits.
        s.app
            .sql_in(
                s.acme.id,
                &format!("UPDATE tenant_client_robots SET expiration_date = NULL WHERE id = '{}'", s.ana),
            )
            .await;
        let change = async {
            s.app
                .sql_in(
                    s.acme.id,
                    &format!("UPDATE tenant_client_robots SET status = '{status}' WHERE id = '{}'", s.ana),
                )
                .await;
        };
        let url = s.app.url("/api/webhooks/validate-license");
        let body = json!({"email": s.acme.client_email, "mtAccount": 1001, "robotId": s.robot, "tenantId": s.acme.id, "nonce": "n1"});
        let checks = join_all((0..6).map(|_| {
            let (http, url, body) = (s.app.browser(), url.clone(), body.clone());
            async move { http.post(url).json(&body).send().await.unwrap().status() }
        }));
        let ((), _) = tokio::join!(change, checks);
        until_code(&s, &s.acme.client_email, 1001, expected).await;
        for _ in 0..5 {
            assert_eq!(
                check(&s, &s.acme.client_email, 1001).await["code"],
                expected,
                "round {round}: a stale answer came back"
            );
        }
    }
}
