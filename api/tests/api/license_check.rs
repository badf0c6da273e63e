//! The license check robots call: every outcome, first-use binding under
//! concurrency, the signature, hostile bodies and the check log.

use std::time::Duration;

use hmac::{Hmac, KeyInit, Mac};
use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::Sha256;
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{join_all, TenantFixture, TestApp};

struct Setup {
    app: TestApp,
    acme: TenantFixture,
    robot: Uuid,
    license: Uuid,
}

async fn setup() -> Setup {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper").await;
    let license = add_license(&app, &acme, robot, "active", None, None).await;
    Setup { app, acme, robot, license }
}

async fn sql(app: &TestApp, tenant: Uuid, statement: &str) {
    app.sql_in(tenant, statement).await
}

async fn add_license(
    app: &TestApp,
    t: &TenantFixture,
    robot: Uuid,
    status: &str,
    expires: Option<&str>,
    account: Option<&str>,
) -> Uuid {
    let id = Uuid::now_v7();
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(t.id)).await.unwrap();
    sqlx::query(
        "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, expiration_date, account_number, activation_date)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7, now())",
    )
    .bind(id)
    .bind(t.id)
    .bind(t.client_id)
    .bind(robot)
    .bind(status)
    .bind(expires)
    .bind(account)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    id
}

async fn check(app: &TestApp, body: Value) -> Value {
    let response = app.browser().post(app.url("/api/webhooks/validate-license")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn body(s: &Setup, account: Value, nonce: &str) -> Value {
    json!({"email": s.acme.client_email, "mtAccount": account, "robotId": s.robot, "tenantId": s.acme.id, "nonce": nonce})
}

async fn signing_key(app: &TestApp, tenant: Uuid, robot: Uuid) -> String {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    shared::repositories::tenant_robots::signing_key(&mut tx, &app.secrets, tenant, robot).await.unwrap().unwrap()
}

/// HMAC computed here, independently of the server's code.
fn expected_signature(key: &str, answer: &Value, robot: Uuid, account: u64) -> String {
    let message = format!(
        "v1|{}|{}|{}|{}|{}|{robot}|{account}",
        answer["nonce"].as_str().unwrap(),
        if answer["valid"] == true { 1 } else { 0 },
        answer["code"].as_str().unwrap(),
        answer["expiresAt"].as_i64().unwrap_or(0),
        answer["serverTime"].as_i64().unwrap()
    );
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(key.as_bytes()).unwrap();
    mac.update(message.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

#[tokio::test]
async fn a_valid_license_binds_its_first_account_and_the_answer_is_signed() {
    let s = setup().await;
    let answer = check(&s.app, body(&s, json!(51234567), "abc123")).await;
    assert_eq!((answer["valid"].as_bool(), answer["code"].as_str()), (Some(true), Some("OK")), "{answer}");
    assert_eq!(answer["nonce"], "abc123");
    let key = signing_key(&s.app, s.acme.id, s.robot).await;
    assert_eq!(answer["signature"], expected_signature(&key, &answer, s.robot, 51234567));
    let other_robot = s.app.robot(&s.acme, "Outro").await;
    let other_key = signing_key(&s.app, s.acme.id, other_robot).await;
    assert_ne!(answer["signature"], expected_signature(&other_key, &answer, s.robot, 51234567), "another key fails");
    let mut replayed = answer.clone();
    replayed["nonce"] = json!("another-nonce");
    assert_ne!(answer["signature"], expected_signature(&key, &replayed, s.robot, 51234567), "another nonce fails");
    // Leading zeros and strings are the same account.
    for same in [json!("0051234567"), json!(" 51234567 "), json!(51234567)] {
        assert_eq!(check(&s.app, body(&s, same, "n2")).await["code"], "OK");
    }
    let mismatch = check(&s.app, body(&s, json!(99887766), "n3")).await;
    assert_eq!((mismatch["valid"].as_bool(), mismatch["code"].as_str()), (Some(false), Some("NOT_RECOGNIZED")));
    assert_eq!(mismatch["signature"], expected_signature(&key, &mismatch, s.robot, 99887766));
}

#[tokio::test]
async fn twenty_concurrent_first_checks_bind_exactly_one_account() {
    let s = setup().await;
    let checks: Vec<_> = (0..20u64)
        .map(|i| {
            let (http, url) = (s.app.browser(), s.app.url("/api/webhooks/validate-license"));
            let body = body(&s, json!(70000000 + i), &format!("n{i}"));
            async move { http.post(url).json(&body).send().await.unwrap().json::<Value>().await.unwrap() }
        })
        .collect();
    let answers = join_all(checks).await;
    let winners: Vec<&Value> = answers.iter().filter(|a| a["valid"] == true).collect();
    assert_eq!(winners.len(), 1, "{answers:?}");
    // Twenty accounts on one e-mail is someone guessing: past the refusals
    // an e-mail may collect, the rest are throttled.
    assert!(answers
        .iter()
        .filter(|a| a["valid"] == false)
        .all(|a| a["code"] == "NOT_RECOGNIZED" || a["code"] == "THROTTLED"));
    let mut tx = db::begin(&s.app.db.app_pool, Scope::worker_for(s.acme.id)).await.unwrap();
    let bound: String = sqlx::query_scalar("SELECT account_number FROM tenant_client_robots WHERE id = $1")
        .bind(s.license)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    let winner_nonce = winners[0]["nonce"].as_str().unwrap();
    assert_eq!(bound, (70000000 + winner_nonce[1..].parse::<u64>().unwrap()).to_string());
}

#[tokio::test]
async fn each_refusal_has_its_code() {
    let s = setup().await;
    let code = |answer: Value| answer["code"].as_str().unwrap().to_string();
    // An unknown e-mail answers like a license bound elsewhere: nobody learns who bought.
    let unknown = json!({"email": "ninguem@x.com", "mtAccount": 1, "robotId": s.robot, "tenantId": s.acme.id});
    assert_eq!(code(check(&s.app, unknown).await), "NOT_RECOGNIZED");

    let other = s.app.tenant("other").await;
    let other_robot = s.app.robot(&other, "Deles").await;
    let cross = json!({"email": s.acme.client_email, "mtAccount": 1, "robotId": other_robot, "tenantId": s.acme.id});
    let answer = check(&s.app, cross).await;
    assert_eq!((code(answer.clone()), answer["signature"].clone()), ("NOT_FOUND".into(), Value::Null));

    // The license's own state is told to the account it is bound to only.
    assert_eq!(code(check(&s.app, body(&s, json!(1), "a")).await), "OK");
    let run = |statement: &'static str| sql(&s.app, s.acme.id, statement);
    run("UPDATE tenant_client_robots SET expiration_date = now() - interval '1 day'").await;
    assert_eq!(code(check(&s.app, body(&s, json!(1), "a")).await), "EXPIRED");
    assert_eq!(code(check(&s.app, body(&s, json!(2), "a")).await), "NOT_RECOGNIZED", "not to another account");
    run("UPDATE tenant_client_robots SET expiration_date = NULL, status = 'expired'").await;
    assert_eq!(code(check(&s.app, body(&s, json!(1), "a")).await), "EXPIRED");
    run("UPDATE tenant_client_robots SET status = 'cancelled'").await;
    assert_eq!(code(check(&s.app, body(&s, json!(1), "a")).await), "CANCELLED");
    run("UPDATE tenant_client_robots SET status = 'active'").await;
    run("UPDATE tenant_clients SET status = 'suspended'").await;
    assert_eq!(code(check(&s.app, body(&s, json!(1), "a")).await), "SUSPENDED");
    run("UPDATE tenant_clients SET status = 'active'").await;
    // Kill switches act on the very next check.
    run("UPDATE tenant_robots SET active = false").await;
    assert_eq!(code(check(&s.app, body(&s, json!(1), "a")).await), "ROBOT_INACTIVE");
    run("UPDATE tenant_robots SET active = true").await;
    sql(&s.app, s.acme.id, "SELECT 1").await;
    let mut tx = db::begin(&s.app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query("UPDATE tenants SET status = 'suspended' WHERE id = $1")
        .bind(s.acme.id)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(code(check(&s.app, body(&s, json!(1), "a")).await), "TENANT_SUSPENDED");
}

#[tokio::test]
async fn the_usable_license_wins_when_a_client_holds_several() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper").await;
    add_license(&app, &acme, robot, "cancelled", None, Some("111")).await;
    add_license(&app, &acme, robot, "active", Some("2000-01-01T00:00:00Z"), Some("222")).await;
    let good = add_license(&app, &acme, robot, "active", Some("2999-01-01T00:00:00Z"), None).await;
    let answer =
        check(&app, json!({"email": acme.client_email, "mtAccount": 333, "robotId": robot, "tenantId": acme.id})).await;
    assert_eq!(answer["code"], "OK", "{answer}");
    assert_eq!(answer["expiresAt"], 32472144000i64);
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let bound: Option<String> = sqlx::query_scalar("SELECT account_number FROM tenant_client_robots WHERE id = $1")
        .bind(good)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(bound.as_deref(), Some("333"));
}

#[tokio::test]
async fn hostile_bodies_get_a_clear_refusal_never_a_500() {
    let s = setup().await;
    let long_nonce = "x".repeat(129);
    let bodies = [
        "{".to_string(),
        "[]".into(),
        "null".into(),
        "".into(),
        r#"{"email": 1}"#.into(),
        format!(r#"{{"email":"a@b.com","mtAccount":"12ab","robotId":"{}","tenantId":"{}"}}"#, s.robot, s.acme.id),
        format!(r#"{{"email":"a@b.com","mtAccount":1,"robotId":"nao-uuid","tenantId":"{}"}}"#, s.acme.id),
        format!(
            r#"{{"email":"a@b.com","mtAccount":1,"robotId":"{}","tenantId":"{}","nonce":"{long_nonce}"}}"#,
            s.robot, s.acme.id
        ),
        format!(
            r#"{{"email":"a@b.com","mtAccount":1,"robotId":"{}","tenantId":"{}","nonce":"a|b"}}"#,
            s.robot, s.acme.id
        ),
        format!(r#"{{"email":"a@b.com","mtAccount":-1,"robotId":"{}","tenantId":"{}"}}"#, s.robot, s.acme.id),
    ];
    for raw in bodies {
        let response = s
            .app
            .browser()
            .post(s.app.url("/api/webhooks/validate-license"))
            .header("content-type", "application/json")
            .body(raw.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{raw}");
        let answer: Value = response.json().await.unwrap();
        assert_eq!(
            (answer["valid"].as_bool(), answer["code"].as_str()),
            (Some(false), Some("INVALID_REQUEST")),
            "{raw}"
        );
        assert!(!answer["message"].as_str().unwrap().is_empty());
    }
    let unknown_tenant = json!({"email": "a@b.com", "mtAccount": 1, "robotId": s.robot, "tenantId": Uuid::now_v7()});
    assert_eq!(check(&s.app, unknown_tenant).await["code"], "NOT_FOUND");
}

#[tokio::test]
async fn every_check_is_logged_in_batches() {
    let s = setup().await;
    check(&s.app, body(&s, json!(5555), "a")).await;
    check(&s.app, body(&s, json!(6666), "b")).await;
    let mut rows: Vec<(String, bool, String)> = Vec::new();
    for _ in 0..30 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let mut tx = db::begin(&s.app.db.app_pool, Scope::worker_for(s.acme.id)).await.unwrap();
        rows = sqlx::query_as("SELECT code, valid, account_number FROM license_checks ORDER BY checked_at")
            .fetch_all(&mut *tx)
            .await
            .unwrap();
        if rows.len() == 2 {
            break;
        }
    }
    assert_eq!(rows, [("OK".to_string(), true, "5555".to_string()), ("SEATS_FULL".into(), false, "6666".into())]);
}

#[tokio::test]
async fn one_address_is_rate_limited() {
    let app = TestApp::spawn_with(|c| c.license_checks_per_minute = 3).await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper").await;
    let body = json!({"email": acme.client_email, "mtAccount": 1, "robotId": robot, "tenantId": acme.id});
    for _ in 0..3 {
        let status =
            app.browser().post(app.url("/api/webhooks/validate-license")).json(&body).send().await.unwrap().status();
        assert_eq!(status, StatusCode::OK);
    }
    let limited = app.browser().post(app.url("/api/webhooks/validate-license")).json(&body).send().await.unwrap();
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    let answer: Value = limited.json().await.unwrap();
    assert_eq!((answer["valid"].as_bool(), answer["code"].as_str()), (Some(false), Some("RATE_LIMITED")));
}

#[tokio::test]
async fn a_cached_answer_is_dropped_as_soon_as_the_license_changes() {
    let s = setup().await;
    for _ in 0..3 {
        assert_eq!(check(&s.app, body(&s, json!(4242), "warm")).await["code"], "OK");
    }
    // Without invalidation the cached answer would stay OK for a minute.
    let mut tx = db::begin(&s.app.db.app_pool, Scope::worker_for(s.acme.id)).await.unwrap();
    sqlx::query("UPDATE tenant_client_robots SET status = 'cancelled'").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    let started = std::time::Instant::now();
    loop {
        let code = check(&s.app, body(&s, json!(4242), "after")).await["code"].as_str().unwrap().to_string();
        if code == "CANCELLED" {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(1), "still {code} a second after the change");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Posts `raw` as it is.
async fn check_raw(app: &TestApp, raw: &str) -> (StatusCode, Value) {
    let response = app
        .browser()
        .post(app.url("/api/webhooks/validate-license"))
        .header("content-type", "application/json")
        .body(raw.to_string())
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_nul_in_the_e_mail_gets_a_signed_refusal_like_any_other_bad_request() {
    let s = setup().await;
    let key = signing_key(&s.app, s.acme.id, s.robot).await;
    let raw = format!(
        r#"{{"email":"cliente\u0000@acme.com","mtAccount":51234567,"robotId":"{}","tenantId":"{}","nonce":"nul1"}}"#,
        s.robot, s.acme.id
    );
    let (status, answer) = check_raw(&s.app, &raw).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        (answer["valid"].as_bool(), answer["code"].as_str()),
        (Some(false), Some("INVALID_REQUEST")),
        "{answer}"
    );
    assert_eq!(answer["nonce"], "nul1");
    assert_eq!(answer["signature"], expected_signature(&key, &answer, s.robot, 51234567), "{answer}");
}

#[tokio::test]
async fn every_refusal_that_names_a_known_robot_is_signed() {
    let s = setup().await;
    let key = signing_key(&s.app, s.acme.id, s.robot).await;
    let (robot, tenant) = (s.robot, s.acme.id);
    // (body, the account the signature covers): what the robot would rebuild it with.
    let bodies = [
        (format!(r#"{{"mtAccount":777,"robotId":"{robot}","tenantId":"{tenant}","nonce":"a1"}}"#), 777),
        (format!(r#"{{"email":"  ","mtAccount":"777","robotId":"{robot}","tenantId":"{tenant}","nonce":"a2"}}"#), 777),
        (format!(r#"{{"email":1,"mtAccount":777,"robotId":"{robot}","tenantId":"{tenant}","nonce":"a3"}}"#), 777),
        (
            format!(
                r#"{{"email":"a@b.com","mtAccount":"12ab","robotId":"{robot}","tenantId":"{tenant}","nonce":"a4"}}"#
            ),
            0,
        ),
        (
            format!(
                r#"{{"email":"a\u0001@b.com","mtAccount":777,"robotId":"{robot}","tenantId":"{tenant}","nonce":"a5"}}"#
            ),
            777,
        ),
    ];
    for (raw, account) in bodies {
        let (status, answer) = check_raw(&s.app, &raw).await;
        assert_eq!(status, StatusCode::OK, "{raw}");
        assert_eq!(answer["code"], "INVALID_REQUEST", "{raw}");
        assert_eq!(answer["signature"], expected_signature(&key, &answer, robot, account), "{raw}: {answer}");
    }
    // Protocol 2 refusals are signed with the robot's Ed25519 key.
    let raw = format!(
        r#"{{"email":"x\u0000@b.com","mtAccount":777,"robotId":"{robot}","tenantId":"{tenant}","nonce":"b1","protocol":2}}"#
    );
    let (_, answer) = check_raw(&s.app, &raw).await;
    assert_eq!(answer["code"], "INVALID_REQUEST");
    let public_key: String = {
        let mut tx = db::begin(&s.app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
        sqlx::query_scalar("SELECT license_public_key FROM tenant_robots WHERE id = $1")
            .bind(robot)
            .fetch_one(&mut *tx)
            .await
            .unwrap()
    };
    let message = shared::workflows::license_check::signed_string_v2(
        "b1",
        false,
        "INVALID_REQUEST",
        None,
        answer["serverTime"].as_i64().unwrap(),
        &robot.to_string(),
        777,
        answer["graceSeconds"].as_i64().unwrap(),
    );
    assert!(
        shared::infrastructure::license_keys::verify(&public_key, &message, answer["signature"].as_str().unwrap()),
        "{answer}"
    );
    // No robot to sign with: another tenant's robot, or none at all.
    let (_, unknown) = check_raw(
        &s.app,
        &format!(
            r#"{{"email":"x\u0000@b.com","mtAccount":1,"robotId":"{robot}","tenantId":"{}","nonce":"c1"}}"#,
            Uuid::now_v7()
        ),
    )
    .await;
    assert_eq!(
        (unknown["code"].as_str(), unknown["signature"].is_null()),
        (Some("INVALID_REQUEST"), true),
        "{unknown}"
    );
    let (_, garbage) = check_raw(&s.app, "{").await;
    assert_eq!((garbage["code"].as_str(), garbage["signature"].is_null()), (Some("INVALID_REQUEST"), true));
}
