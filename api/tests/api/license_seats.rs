//! Licenses in MetaTrader's own terms (issue 36, decision 0023), through the
//! real check with signed v3 answers: an account is a login on a trade
//! server, seats per the owner's policy (live seats, demo and contest rules,
//! broker list, trials on demo), licenses bound before seats and v2 robots
//! still working, and versions: the update notice and a withdrawn version.

use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::support::{json as read_json, TenantFixture, TestApp};

const LOGIN: u64 = 51_234_567;

/// The MetaTrader side of one check: which account, where, what kind.
#[derive(Clone, Copy)]
struct Terminal<'a> {
    login: u64,
    server: &'a str,
    company: &'a str,
    mode: &'a str,
    tag: Option<&'a str>,
}

fn real(login: u64, server: &str) -> Terminal<'_> {
    Terminal { login, server, company: "Corretora", mode: "real", tag: None }
}

fn demo(login: u64, server: &str) -> Terminal<'_> {
    Terminal { mode: "demo", ..real(login, server) }
}

struct Robot {
    id: Uuid,
    tenant: Uuid,
    public_key: String,
}

async fn robot(app: &TestApp, t: &TenantFixture, name: &str) -> Robot {
    let id = app.robot(t, name).await;
    let owner = app.owner_of(t).await;
    let (status, settings) = read_json(owner.get(&format!("/api/tenant/robots/{id}/license")).await).await;
    assert_eq!(status, StatusCode::OK, "{settings}");
    Robot { id, tenant: t.id, public_key: settings["publicKey"].as_str().unwrap().to_string() }
}

async fn license(app: &TestApp, t: &TenantFixture, robot: &Robot, status: &str) -> Uuid {
    let id = Uuid::now_v7();
    app.sql_in(
        t.id,
        &format!(
            "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, activation_date)
             VALUES ('{id}', '{}', '{}', '{}', '{status}', now())",
            t.id, t.client_id, robot.id
        ),
    )
    .await;
    id
}

/// A v3 check; asserts the answer is signed for exactly this account and
/// server with the robot's key, and that it fails for another server.
async fn check(app: &TestApp, robot: &Robot, email: &str, at: Terminal<'_>) -> Value {
    let mut body = json!({"email": email, "mtAccount": at.login, "server": at.server, "company": at.company,
                          "tradeMode": at.mode, "terminalBuild": 4755, "robotId": robot.id,
                          "tenantId": robot.tenant, "nonce": format!("n{}", Uuid::now_v7().simple()), "protocol": 3});
    if let Some(tag) = at.tag {
        body["versionTag"] = json!(tag);
    }
    let response = app.browser().post(app.url("/api/webhooks/validate-license")).json(&body).send().await.unwrap();
    let expected = if response.status() == StatusCode::TOO_MANY_REQUESTS { 429 } else { 200 };
    assert_eq!(response.status().as_u16(), expected);
    let answer: Value = response.json().await.unwrap();
    let signature = answer["signature"].as_str().unwrap_or_else(|| panic!("signed: {answer}"));
    let verifies = |server: &str| {
        shared::infrastructure::license_keys::verify(
            &robot.public_key,
            &v3_message(&answer, robot.id, at.login, server),
            signature,
        )
    };
    assert!(verifies(at.server), "a v3 answer verifies for its own account and server: {answer}");
    assert!(!verifies("OutraCorretora-Server"), "and for no other server");
    assert_eq!((answer["mtAccount"].as_u64(), answer["server"].as_str()), (Some(at.login), Some(at.server)));
    answer
}

fn v3_message(answer: &Value, robot: Uuid, login: u64, server: &str) -> String {
    let mut message = shared::workflows::license_check::signed_string_v3(
        answer["nonce"].as_str().unwrap(),
        answer["valid"] == true,
        answer["code"].as_str().unwrap(),
        answer["expiresAt"].as_i64(),
        answer["serverTime"].as_i64().unwrap(),
        &robot.to_string(),
        login,
        server,
        answer["graceSeconds"].as_i64().unwrap(),
        answer["latestVersion"].as_str().unwrap(),
        answer["updateAvailable"] == true,
    );
    if let Some(retry_after) = answer["retryAfter"].as_i64() {
        message = format!("{message}|{retry_after}");
    }
    message
}

fn code(answer: &Value) -> &str {
    answer["code"].as_str().unwrap()
}

async fn set_policy(app: &TestApp, robot: &Robot, assignments: &str) {
    app.sql_in(robot.tenant, &format!("UPDATE tenant_robots SET {assignments} WHERE id = '{}'", robot.id)).await;
}

/// The seats the license holds, as (login, server, kind, counted), by the worker's eyes.
async fn seats(app: &TestApp, tenant: Uuid, license: Uuid) -> Vec<(String, Option<String>, String, bool)> {
    let mut tx =
        shared::infrastructure::db::begin(&app.db.app_pool, shared::infrastructure::db::Scope::worker_for(tenant))
            .await
            .unwrap();
    let rows = sqlx::query_as(
        "SELECT login, server, kind, counted FROM license_seats WHERE license_id = $1 ORDER BY bound_at, login",
    )
    .bind(license)
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    rows
}

#[tokio::test]
async fn the_same_login_on_another_server_is_another_account_in_seats_and_in_the_throttle() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = robot(&app, &acme, "Servidores").await;
    let license = license(&app, &acme, &robot, "active").await;
    let email = acme.client_email.as_str();

    assert_eq!(code(&check(&app, &robot, email, real(LOGIN, "XPMT5-REAL")).await), "OK");
    // The same login at another broker is another person: the one seat is taken.
    let elsewhere = check(&app, &robot, email, real(LOGIN, "ClearMT5-REAL")).await;
    assert_eq!(code(&elsewhere), "NOT_RECOGNIZED", "{elsewhere}");
    assert_eq!(
        seats(&app, acme.id, license).await,
        vec![(LOGIN.to_string(), Some("XPMT5-REAL".into()), "real".into(), true)]
    );
    // Same server in another case is the same account.
    assert_eq!(code(&check(&app, &robot, email, real(LOGIN, "xpmt5-real")).await), "OK");

    // The stranger's probe throttle counts each server apart: five guesses from
    // the login at one server throttle it there, not the buyer's own account.
    for i in 0..5 {
        let guess = check(&app, &robot, &format!("guess{i}@x.com"), real(LOGIN, "Probe-Server")).await;
        assert_eq!(code(&guess), "NOT_RECOGNIZED");
    }
    assert_eq!(code(&check(&app, &robot, "guess9@x.com", real(LOGIN, "Probe-Server")).await), "THROTTLED");
    assert_eq!(
        code(&check(&app, &robot, email, real(LOGIN, "XPMT5-REAL")).await),
        "OK",
        "the buyer's account is not throttled"
    );
    let fresh = check(&app, &robot, "guess9@x.com", real(LOGIN, "Other-Server")).await;
    assert_eq!(code(&fresh), "NOT_RECOGNIZED", "the same login on another server is not throttled: {fresh}");
}

#[tokio::test]
async fn demo_free_two_live_seats_and_a_broker_list() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = robot(&app, &acme, "Vagas").await;
    set_policy(&app, &robot, "live_seats = 2, demo_accounts = 'free', allowed_brokers = '{XPMT5-*}'").await;
    let license = license(&app, &acme, &robot, "active").await;
    let email = acme.client_email.as_str();

    for login in [1001, 1002] {
        assert_eq!(code(&check(&app, &robot, email, real(login, "XPMT5-REAL")).await), "OK");
    }
    let third = check(&app, &robot, email, real(1003, "XPMT5-REAL")).await;
    assert_eq!(code(&third), "NOT_RECOGNIZED", "two live seats: a third real account holds none");
    // Demo accounts are free: any number, each recorded, none counted.
    for login in [2001, 2002, 2003] {
        let answer = check(&app, &robot, email, demo(login, "XPMT5-DEMO")).await;
        assert_eq!((code(&answer), answer["valid"].as_bool()), ("OK", Some(true)), "{answer}");
    }
    let held = seats(&app, acme.id, license).await;
    assert_eq!(held.len(), 5);
    assert_eq!(held.iter().filter(|s| s.3).count(), 2, "only the real accounts take seats: {held:?}");
    assert!(held.iter().filter(|s| s.2 == "demo").all(|s| !s.3));
    // Another broker is refused with its own code and a text naming the brokers accepted.
    let other = check(&app, &robot, email, demo(3001, "ClearMT5-DEMO")).await;
    assert_eq!(code(&other), "BROKER_NOT_ALLOWED");
    let message = other["message"].as_str().unwrap();
    assert!(message.contains("ClearMT5-DEMO") && message.contains("XPMT5-*"), "{message}");
    // A held seat is refused too once its broker leaves the list.
    set_policy(&app, &robot, "allowed_brokers = '{Rico-*}'").await;
    assert_eq!(code(&check(&app, &robot, email, real(1001, "XPMT5-REAL")).await), "BROKER_NOT_ALLOWED");
    // A company name on the list admits any of its servers.
    set_policy(&app, &robot, "allowed_brokers = '{Corretora}'").await;
    assert_eq!(code(&check(&app, &robot, email, real(1001, "XPMT5-REAL")).await), "OK");
    // A v2 robot cannot say its broker: a list refuses it (signed, in v2).
    let v2 = app
        .browser()
        .post(app.url("/api/webhooks/validate-license"))
        .json(&json!({"email": email, "mtAccount": 1001, "robotId": robot.id, "tenantId": acme.id,
                      "nonce": "n2", "protocol": 2}))
        .send()
        .await
        .unwrap();
    let v2: Value = v2.json().await.unwrap();
    assert_eq!((v2["code"].as_str(), v2["signature"].as_str().map(str::len)), (Some("BROKER_NOT_ALLOWED"), Some(128)));
}

#[tokio::test]
async fn demo_counted_or_refused_contest_follows_demo_unless_set_and_the_license_overrides() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = robot(&app, &acme, "Demo").await;
    let license = license(&app, &acme, &robot, "active").await;
    let email = acme.client_email.as_str();

    // The default (before seats): one account, whatever its kind.
    assert_eq!(code(&check(&app, &robot, email, demo(10, "MetaQuotes-Demo")).await), "OK");
    assert_eq!(code(&check(&app, &robot, email, real(11, "XPMT5-REAL")).await), "NOT_RECOGNIZED");

    set_policy(&app, &robot, "demo_accounts = 'refused'").await;
    let refused = check(&app, &robot, email, demo(10, "MetaQuotes-Demo")).await;
    assert_eq!(code(&refused), "DEMO_REFUSED", "a refused kind is refused even on its seat");
    assert!(refused["message"].as_str().unwrap().contains("conta real"));
    let contest = Terminal { mode: "contest", ..demo(12, "MetaQuotes-Demo") };
    assert_eq!(code(&check(&app, &robot, email, contest).await), "DEMO_REFUSED", "contest follows demo");
    set_policy(&app, &robot, "contest_accounts = 'free'").await;
    assert_eq!(code(&check(&app, &robot, email, contest).await), "OK", "unless the owner sets it");

    // The license's override: two seats and demo free for this buyer alone.
    app.sql_in(
        acme.id,
        &format!("UPDATE tenant_client_robots SET live_seats_override = 2, demo_accounts_override = 'free' WHERE id = '{license}'"),
    )
    .await;
    assert_eq!(code(&check(&app, &robot, email, real(11, "XPMT5-REAL")).await), "OK");
    assert_eq!(code(&check(&app, &robot, email, demo(13, "MetaQuotes-Demo")).await), "OK");
}

#[tokio::test]
async fn a_trial_on_demo_only_refuses_real_accounts() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = robot(&app, &acme, "Teste").await;
    set_policy(&app, &robot, "trial_demo_only = true").await;
    license(&app, &acme, &robot, "trial").await;
    let email = acme.client_email.as_str();
    let refused = check(&app, &robot, email, real(20, "XPMT5-REAL")).await;
    assert_eq!(code(&refused), "TRIAL_DEMO_ONLY");
    assert!(refused["message"].as_str().unwrap().contains("conta demo"));
    assert_eq!(code(&check(&app, &robot, email, demo(21, "XPMT5-DEMO")).await), "OK");
}

#[tokio::test]
async fn a_license_bound_before_seats_and_a_v2_robot_keep_working() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = robot(&app, &acme, "Antigo").await;
    let license = license(&app, &acme, &robot, "active").await;
    // Bound the way the license was before seats (the first seat follows the license's account).
    app.sql_in(acme.id, &format!("UPDATE tenant_client_robots SET account_number = '0{LOGIN}' WHERE id = '{license}'"))
        .await;
    assert_eq!(seats(&app, acme.id, license).await, vec![(LOGIN.to_string(), None, "unknown".into(), true)]);

    let v2 = app
        .browser()
        .post(app.url("/api/webhooks/validate-license"))
        .json(&json!({"email": acme.client_email, "mtAccount": LOGIN, "robotId": robot.id, "tenantId": acme.id,
                      "nonce": "n2", "protocol": 2}))
        .send()
        .await
        .unwrap();
    let v2: Value = v2.json().await.unwrap();
    assert_eq!(v2["code"], "OK", "{v2}");
    let message = shared::workflows::license_check::signed_string_v2(
        "n2",
        true,
        "OK",
        v2["expiresAt"].as_i64(),
        v2["serverTime"].as_i64().unwrap(),
        &robot.id.to_string(),
        LOGIN,
        v2["graceSeconds"].as_i64().unwrap(),
    );
    assert!(shared::infrastructure::license_keys::verify(
        &robot.public_key,
        &message,
        v2["signature"].as_str().unwrap()
    ));
    assert!(v2.get("server").is_none(), "a v2 answer is v2's");

    // The first v3 check from that login fills its server in; then it is that server's.
    assert_eq!(code(&check(&app, &robot, &acme.client_email, real(LOGIN, "XPMT5-REAL")).await), "OK");
    assert_eq!(
        seats(&app, acme.id, license).await,
        vec![(LOGIN.to_string(), Some("XPMT5-REAL".into()), "real".into(), true)]
    );
    assert_eq!(code(&check(&app, &robot, &acme.client_email, real(LOGIN, "ClearMT5-REAL")).await), "NOT_RECOGNIZED");
}

#[tokio::test]
async fn two_first_checks_at_once_never_take_more_seats_than_the_license_has() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = robot(&app, &acme, "Corrida").await;
    set_policy(&app, &robot, "live_seats = 2").await;
    let license = license(&app, &acme, &robot, "active").await;
    let checks = (0..8u64).map(|i| {
        let (app, robot, email) = (&app, &robot, acme.client_email.as_str());
        async move { code(&check(app, robot, email, real(5000 + i, "XPMT5-REAL")).await).to_string() }
    });
    let answers = futures_util::future::join_all(checks).await;
    assert_eq!(answers.iter().filter(|c| *c == "OK").count(), 2, "{answers:?}");
    assert_eq!(seats(&app, acme.id, license).await.len(), 2);
}

#[tokio::test]
async fn the_answer_names_the_latest_version_and_a_withdrawn_one_is_denied() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = robot(&app, &acme, "Versões").await;
    license(&app, &acme, &robot, "active").await;
    for (version, tag) in [("1.0.0", "00000000000000a1"), ("1.1.0", "00000000000000b2")] {
        app.sql_in(
            acme.id,
            &format!(
                "INSERT INTO robot_versions (id, tenant_id, robot_id, version, file_path, original_file_name, file_size, version_tag)
                 VALUES ('{}', '{}', '{}', '{version}', 'k/{tag}', 'r.ex5', 10, '{tag}')",
                Uuid::now_v7(),
                acme.id,
                robot.id
            ),
        )
        .await;
    }
    set_policy(&app, &robot, "active_version = '1.1.0'").await;
    let email = acme.client_email.as_str();
    let old = Terminal { tag: Some("00000000000000a1"), ..real(LOGIN, "XPMT5-REAL") };
    let answer = check(&app, &robot, email, old).await;
    assert_eq!(
        (code(&answer), answer["latestVersion"].as_str(), answer["updateAvailable"].as_bool()),
        ("OK", Some("1.1.0"), Some(true))
    );
    assert_eq!(answer["runningVersion"], "1.0.0");
    assert!(answer["message"].as_str().unwrap().contains("Nova versão 1.1.0 disponível no portal"));
    let current = Terminal { tag: Some("00000000000000b2"), ..old };
    let answer = check(&app, &robot, email, current).await;
    assert_eq!((code(&answer), answer["updateAvailable"].as_bool()), ("OK", Some(false)));
    // An unknown tag (an uploaded .ex5) is never told it is old.
    let unknown = check(&app, &robot, email, Terminal { tag: Some("00000000000000ff"), ..old }).await;
    assert_eq!((unknown["updateAvailable"].as_bool(), unknown["latestVersion"].as_str()), (Some(false), Some("1.1.0")));

    app.sql_in(
        acme.id,
        &format!(
            "UPDATE robot_versions SET withdrawn_at = now() WHERE robot_id = '{}' AND version = '1.0.0'",
            robot.id
        ),
    )
    .await;
    let withdrawn = check(&app, &robot, email, old).await;
    assert_eq!((code(&withdrawn), withdrawn["valid"].as_bool()), ("VERSION_WITHDRAWN", Some(false)));
    let text = withdrawn["message"].as_str().unwrap();
    assert!(text.contains("1.1.0") && text.contains("/login"), "{text}");
    assert_eq!(code(&check(&app, &robot, email, current).await), "OK", "the current version is still valid");
}
