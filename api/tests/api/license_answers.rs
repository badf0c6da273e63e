//! What the robot is told, from both sides (issue 34): a stranger's probes
//! (an unknown e-mail, a license bound to another account, an account not
//! yet confirmed) all hear `NOT_RECOGNIZED`, in the same body and the same
//! time, while its text tells a real buyer what to check and where; the
//! bound buyer hears their exact state; a caller over a limit hears a signed
//! "wait N seconds" the robot can trust.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::support::{TenantFixture, TestApp};

const PROBES: usize = 200;
/// Distinct accounts one e-mail may be refused for before it is throttled
/// (api's `REFUSALS_PER_EMAIL`): each probed e-mail is asked exactly that often.
const ACCOUNTS_PER_EMAIL: usize = 10;

async fn add_client_license(app: &TestApp, t: &TenantFixture, robot: Uuid, email: &str, account: Option<&str>) {
    let account = account.map(|a| format!("'{a}'")).unwrap_or_else(|| "NULL".into());
    app.sql_in(
        t.id,
        &format!(
            "WITH c AS (INSERT INTO tenant_clients (id, tenant_id, name, email)
                        VALUES (gen_random_uuid(), '{tenant}', 'Comprador', '{email}') RETURNING id)
             INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, activation_date, account_number)
             SELECT gen_random_uuid(), '{tenant}', c.id, '{robot}', 'active', now(), {account} FROM c",
            tenant = t.id
        ),
    )
    .await;
}

fn check_body(t: &TenantFixture, robot: Uuid, email: &str, account: u64) -> Value {
    json!({"email": email, "mtAccount": account, "robotId": robot, "tenantId": t.id,
           "nonce": Uuid::now_v7().simple().to_string(), "protocol": 2})
}

async fn post(app: &TestApp, body: &Value) -> (StatusCode, reqwest::header::HeaderMap, Value, Duration) {
    post_with(&app.browser(), app, body).await
}

/// Over one kept-alive connection: what is timed is the check, not a TCP handshake.
async fn post_with(
    robot: &reqwest::Client,
    app: &TestApp,
    body: &Value,
) -> (StatusCode, reqwest::header::HeaderMap, Value, Duration) {
    let started = Instant::now();
    let response = robot.post(app.url("/api/webhooks/validate-license")).json(body).send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let answer: Value = response.json().await.unwrap();
    (status, headers, answer, started.elapsed())
}

/// The answer with what differs on every answer (nonce, clock, signature) taken out.
fn comparable(answer: &Value) -> Value {
    let mut answer = answer.clone();
    for per_answer in ["nonce", "serverTime", "signature"] {
        answer.as_object_mut().unwrap().remove(per_answer);
    }
    answer
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

#[tokio::test]
async fn a_stranger_s_three_probes_are_indistinguishable_in_body_and_timing_and_the_bound_buyer_hears_the_truth() {
    let app = TestApp::spawn_with(|c| c.license_checks_per_minute = 100_000).await;
    let acme = app.tenant("acme").await;
    // The portal policy: a license with no account is waiting for its buyer to confirm one.
    let robot = app.robot_with_policy(&acme, "Guardado", "portal").await;
    let emails = PROBES / ACCOUNTS_PER_EMAIL;
    for i in 0..emails {
        add_client_license(&app, &acme, robot, &format!("confirmar{i}@exemplo.com"), None).await;
        add_client_license(&app, &acme, robot, &format!("vinculado{i}@exemplo.com"), Some(&format!("880{i:04}"))).await;
    }
    let kinds = ["desconhecido", "confirmar", "vinculado"];
    let mut times: [Vec<Duration>; 3] = Default::default();
    let mut bodies: [Option<Value>; 3] = Default::default();
    let mut account = 70_000_000u64;
    let prober = app.browser();
    // Interleaved, so a slow moment of the machine falls on all three alike.
    for round in 0..PROBES {
        let email_index = round / ACCOUNTS_PER_EMAIL;
        for (k, kind) in kinds.iter().enumerate() {
            account += 1;
            let body = check_body(&acme, robot, &format!("{kind}{email_index}@exemplo.com"), account);
            let (status, headers, answer, took) = post_with(&prober, &app, &body).await;
            assert_eq!((status, headers.get("retry-after")), (StatusCode::OK, None), "{kind}: {answer}");
            assert_eq!(answer["code"], "NOT_RECOGNIZED", "{kind}: {answer}");
            assert_eq!(answer["signature"].as_str().map(str::len), Some(128), "signed like any answer: {answer}");
            let seen = comparable(&answer);
            match &bodies[k] {
                Some(first) => assert_eq!(&seen, first, "{kind} answers the same every time"),
                None => bodies[k] = Some(seen),
            }
            times[k].push(took);
        }
    }
    assert_eq!(bodies[0], bodies[1], "an unknown e-mail and an unconfirmed account read the same");
    assert_eq!(bodies[0], bodies[2], "an unknown e-mail and a license bound elsewhere read the same");

    // The text tells a real buyer what to check, and where.
    let url: String = {
        let mut tx =
            shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker_for(acme.id))
                .await
                .unwrap();
        sqlx::query_scalar("SELECT url FROM tenants WHERE id = $1").bind(acme.id).fetch_one(&mut *tx).await.unwrap()
    };
    let portal = format!("https://{}/login", shared::domain::portal::domain_of_url(&url));
    let message = bodies[0].as_ref().unwrap()["message"].as_str().unwrap().to_string();
    for must in ["e-mail", "compra", "confirmado no portal do cliente", portal.as_str()] {
        assert!(message.contains(must), "{message:?} lacks {must:?}");
    }

    let medians: Vec<Duration> = times.iter().map(|t| median(t.clone())).collect();
    let (fastest, slowest) = (*medians.iter().min().unwrap(), *medians.iter().max().unwrap());
    println!(
        "median over {PROBES} probes each: unknown e-mail {:?}, not confirmed {:?}, bound elsewhere {:?}",
        medians[0], medians[1], medians[2]
    );
    // The same work each (answered from the cache 9 times in 10, one indexed
    // query otherwise; about 0.5 ms here). A third (or 0.3 ms) absorbs this
    // machine's noise under a parallel test run; a path that skips or adds
    // work shows up beyond it.
    assert!(
        slowest - fastest <= (fastest / 3).max(Duration::from_micros(300)),
        "the three probes take measurably different times: {medians:?}"
    );

    // The bound buyer hears their exact state.
    let (_, _, own, _) = post(&app, &check_body(&acme, robot, "vinculado0@exemplo.com", 8_800_000)).await;
    assert_eq!((own["valid"].as_bool(), own["code"].as_str()), (Some(true), Some("OK")), "{own}");
    app.sql_in(acme.id, "UPDATE tenant_client_robots SET status = 'cancelled' WHERE account_number = '8800000'").await;
    let (_, _, own, _) = post(&app, &check_body(&acme, robot, "vinculado0@exemplo.com", 8_800_000)).await;
    assert_eq!(own["code"], "CANCELLED", "{own}");
}

async fn public_key(app: &TestApp, t: &TenantFixture, robot: Uuid) -> String {
    let owner = app.owner_of(t).await;
    let (_, settings) = crate::support::json(owner.get(&format!("/api/tenant/robots/{robot}/license")).await).await;
    settings["publicKey"].as_str().unwrap().to_string()
}

/// The v2 string of a retry-later refusal, built here from the answer
/// (docs/license-signature.md): the grace, then the wait.
fn retry_message(answer: &Value, robot: Uuid, account: u64) -> String {
    format!(
        "v2|{}|0|{}|0|{}|{robot}|{account}|{}|{}",
        answer["nonce"].as_str().unwrap(),
        answer["code"].as_str().unwrap(),
        answer["serverTime"].as_i64().unwrap(),
        answer["graceSeconds"].as_i64().unwrap(),
        answer["retryAfter"].as_i64().unwrap()
    )
}

fn assert_signed_wait(
    answer: &Value,
    headers: &reqwest::header::HeaderMap,
    key: &str,
    robot: Uuid,
    account: u64,
) -> i64 {
    let wait = answer["retryAfter"].as_i64().unwrap_or_else(|| panic!("no retryAfter: {answer}"));
    let header: i64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert_eq!(header, wait, "the header and the signed wait agree");
    let signature = answer["signature"].as_str().unwrap_or_else(|| panic!("unsigned: {answer}"));
    assert!(
        shared::infrastructure::license_keys::verify(key, &retry_message(answer, robot, account), signature),
        "the wait is signed with the robot's key: {answer}"
    );
    let mut longer = answer.clone();
    longer["retryAfter"] = json!(wait + 3600);
    assert!(!shared::infrastructure::license_keys::verify(key, &retry_message(&longer, robot, account), signature));
    wait
}

#[tokio::test]
async fn over_the_network_limit_the_robot_hears_a_signed_wait_that_ends_with_the_window() {
    let app = TestApp::spawn_with(|c| c.license_checks_per_minute = 2).await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper").await;
    let key = public_key(&app, &acme, robot).await;
    let body = check_body(&acme, robot, &acme.client_email, 51_234_567);
    for _ in 0..2 {
        assert_eq!(post(&app, &check_body(&acme, robot, &acme.client_email, 51_234_567)).await.0, StatusCode::OK);
    }
    let (status, headers, answer, _) = post(&app, &body).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    assert_eq!((answer["valid"].as_bool(), answer["code"].as_str()), (Some(false), Some("RATE_LIMITED")));
    assert_eq!(answer["nonce"], body["nonce"], "the robot's own nonce is echoed");
    let wait = assert_signed_wait(&answer, &headers, &key, robot, 51_234_567);
    assert!((1..=60).contains(&wait), "within the minute window: {wait}");

    // A robot this instance never loaded: nothing to sign with, but the
    // nonce and the wait are still there (and no database read was spent).
    let unseen = app.robot(&acme, "Nunca visto").await;
    let (status, headers, answer, _) = post(&app, &check_body(&acme, unseen, &acme.client_email, 1)).await;
    assert_eq!((status, answer["signature"].clone()), (StatusCode::TOO_MANY_REQUESTS, Value::Null));
    assert!(answer["nonce"].as_str().is_some_and(|n| n.len() == 32), "{answer}");
    assert_eq!(headers["retry-after"].to_str().unwrap(), answer["retryAfter"].to_string());
}

#[tokio::test]
async fn a_throttled_guesser_hears_a_signed_wait_until_the_window_ends() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot_with_policy(&acme, "Guardado", "portal").await;
    let key = public_key(&app, &acme, robot).await;
    let guesser = 77_700_001;
    for i in 0..5 {
        let (status, _, answer, _) = post(&app, &check_body(&acme, robot, &format!("chute{i}@x.com"), guesser)).await;
        assert_eq!((status, answer["code"].as_str()), (StatusCode::OK, Some("NOT_RECOGNIZED")));
    }
    let (status, headers, answer, _) = post(&app, &check_body(&acme, robot, "mais@x.com", guesser)).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("THROTTLED")), "{answer}");
    let wait = assert_signed_wait(&answer, &headers, &key, robot, guesser);
    assert!((1..=600).contains(&wait), "within the ten-minute window: {wait}");
}
