//! Licensing its own buyers cannot defeat, from the attacker's side: answers
//! signed with a key pair whose private half never leaves the server, a
//! binding policy a stranger cannot hijack, answers that do not tell who
//! bought, guessing throttled and shown to the owner.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::compile_fleet::{claim, register};
use crate::compile_imports::{finish, import};
use crate::support::{json as read_json, TenantFixture, TestApp};

async fn sql(app: &TestApp, tenant: Uuid, statement: &str) {
    app.sql_in(tenant, statement).await
}

async fn license(app: &TestApp, t: &TenantFixture, robot: Uuid) -> Uuid {
    let id = Uuid::now_v7();
    sql(
        app,
        t.id,
        &format!(
            "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, activation_date)
         VALUES ('{id}', '{}', '{}', '{robot}', 'active', now())",
            t.id, t.client_id
        ),
    )
    .await;
    id
}

async fn check(app: &TestApp, tenant: Uuid, robot: Uuid, email: &str, account: u64, protocol: u8) -> Value {
    let body = json!({"email": email, "mtAccount": account, "robotId": robot, "tenantId": tenant,
                      "nonce": format!("n{}", Uuid::now_v7().simple()), "protocol": protocol});
    let response = app.browser().post(app.url("/api/webhooks/validate-license")).json(&body).send().await.unwrap();
    let status = response.status();
    let answer: Value = response.json().await.unwrap();
    // A throttled caller is told to wait (429 with a signed retryAfter); anything else is 200.
    let expected = if answer["code"] == "THROTTLED" { StatusCode::TOO_MANY_REQUESTS } else { StatusCode::OK };
    assert_eq!(status, expected, "{answer}");
    answer
}

fn v2_message(answer: &Value, robot: Uuid, account: u64) -> String {
    shared::workflows::license_check::signed_string_v2(
        answer["nonce"].as_str().unwrap(),
        answer["valid"] == true,
        answer["code"].as_str().unwrap(),
        answer["expiresAt"].as_i64(),
        answer["serverTime"].as_i64().unwrap(),
        &robot.to_string(),
        account,
        answer["graceSeconds"].as_i64().unwrap(),
    )
}

async fn private_seed(app: &TestApp, tenant: Uuid, robot: Uuid) -> (String, String) {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let sealed: String = sqlx::query_scalar("SELECT license_private_key FROM tenant_robots WHERE id = $1")
        .bind(robot)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    (app.secrets.open(&sealed).unwrap(), sealed)
}

#[tokio::test]
async fn answers_verify_with_the_public_key_the_owner_reads_and_the_private_key_is_nowhere() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Assinado").await;
    license(&app, &acme, robot).await;
    let owner = app.owner_of(&acme).await;
    let (status, settings) = read_json(owner.get(&format!("/api/tenant/robots/{robot}/license")).await).await;
    assert_eq!(status, StatusCode::OK, "{settings}");
    let public_key = settings["publicKey"].as_str().unwrap().to_string();
    assert_eq!(public_key.len(), 64);
    assert_eq!(settings["offlineGraceSeconds"], 86400);

    let answer = check(&app, acme.id, robot, &acme.client_email, 51234567, 2).await;
    assert_eq!((answer["code"].as_str(), answer["graceSeconds"].as_i64()), (Some("OK"), Some(86400)), "{answer}");
    let signature = answer["signature"].as_str().unwrap();
    assert_eq!(signature.len(), 128, "an Ed25519 signature");
    let message = v2_message(&answer, robot, 51234567);
    assert!(
        shared::infrastructure::license_keys::verify(&public_key, &message, signature),
        "verifies with the owner's public key"
    );
    let mut tampered = answer.clone();
    tampered["graceSeconds"] = json!(999999999);
    assert!(!shared::infrastructure::license_keys::verify(
        &public_key,
        &v2_message(&tampered, robot, 51234567),
        signature
    ));
    let other = app.robot(&acme, "Outro").await;
    let (_, other_settings) = read_json(owner.get(&format!("/api/tenant/robots/{other}/license")).await).await;
    assert!(!shared::infrastructure::license_keys::verify(
        other_settings["publicKey"].as_str().unwrap(),
        &message,
        signature
    ));

    // A robot built before protocol v2 keeps its HMAC answers.
    let old = check(&app, acme.id, robot, &acme.client_email, 51234567, 1).await;
    assert_eq!((old["code"].as_str(), old["signature"].as_str().map(str::len)), (Some("OK"), Some(64)));

    let (seed, sealed) = private_seed(&app, acme.id, robot).await;
    for text in [answer.to_string(), old.to_string(), settings.to_string()] {
        assert!(!text.contains(&seed) && !text.contains(&sealed), "no private key in any answer: {text}");
    }
}

#[tokio::test]
async fn the_sources_agents_receive_carry_the_public_key_and_no_secret() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, token) = register(&app, "scan").await;
    let ea = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");
    let (status, job) = import(&owner, "Importado", ea, "Importado.mq5").await;
    assert_eq!(status, StatusCode::CREATED, "{job}");
    let robot: Uuid = job["robotId"].as_str().unwrap().parse().unwrap();
    let leased = claim(&app, &token, 0).await.expect("queued");
    let received = leased.to_string();
    let (seed, sealed) = private_seed(&app, acme.id, robot).await;
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let hmac_key =
        shared::repositories::tenant_robots::signing_key(&mut tx, &app.secrets, acme.id, robot).await.unwrap().unwrap();
    drop(tx);
    for (what, secret) in
        [("the private seed", &seed), ("the sealed private key", &sealed), ("the v1 HMAC key", &hmac_key)]
    {
        assert!(!received.contains(secret.as_str()), "{what} is in what the agent received");
    }
    let (_, settings) = read_json(owner.get(&format!("/api/tenant/robots/{robot}/license")).await).await;
    assert!(received.contains(settings["publicKey"].as_str().unwrap()), "the public key is");

    // The version it becomes records protocol v2; nothing to rebuild.
    finish(&app, &token, job["id"].as_str().unwrap(), true).await;
    let (_, versions) = read_json(owner.get(&format!("/api/tenant/robots/{robot}/versions")).await).await;
    assert_eq!(versions["versions"][0]["licenseProtocol"], 2, "{versions}");
    let (_, settings) = read_json(owner.get(&format!("/api/tenant/robots/{robot}/license")).await).await;
    assert_eq!((settings["activeVersionUsesV1"].as_bool(), settings["v1Versions"].clone()), (Some(false), json!([])));
    // A version made with the older check is pointed out to its owner.
    sql(&app, acme.id, &format!("UPDATE robot_versions SET license_protocol = 1 WHERE robot_id = '{robot}'")).await;
    let (_, settings) = read_json(owner.get(&format!("/api/tenant/robots/{robot}/license")).await).await;
    assert_eq!(
        (settings["activeVersionUsesV1"].as_bool(), settings["v1Versions"].clone()),
        (Some(true), json!(["1.0.0"]))
    );
}

#[tokio::test]
async fn first_use_lets_a_stranger_take_an_unbound_license_and_the_portal_policy_never_does() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let buyer = acme.client_email.clone();
    const STRANGER: u64 = 66600001;
    const BUYER: u64 = 51234567;

    // First use (the spec): whoever checks first with the buyer's e-mail binds it.
    let open = app.robot_with_policy(&acme, "Primeiro uso", "first_use").await;
    license(&app, &acme, open).await;
    let hijack = check(&app, acme.id, open, &buyer, STRANGER, 2).await;
    assert_eq!(hijack["code"], "OK", "no policy protects an unbound first-use license");
    assert_eq!(check(&app, acme.id, open, &buyer, BUYER, 2).await["code"], "NOT_RECOGNIZED");

    // Confirmed in the portal: the stranger never wins, before or after.
    let guarded = app.robot_with_policy(&acme, "Portal", "portal").await;
    let lic = license(&app, &acme, guarded).await;
    let attempt = check(&app, acme.id, guarded, &buyer, STRANGER, 2).await;
    assert_eq!((attempt["valid"].as_bool(), attempt["code"].as_str()), (Some(false), Some("NOT_RECOGNIZED")));
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let bound: Option<String> = sqlx::query_scalar("SELECT account_number FROM tenant_client_robots WHERE id = $1")
        .bind(lic)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(bound, None, "a check never binds under the portal policy");
    drop(tx);
    // The buyer's own robot is told the same until they confirm in the portal...
    assert_eq!(check(&app, acme.id, guarded, &buyer, BUYER, 2).await["code"], "NOT_RECOGNIZED");
    let client = app.client_of(&acme).await;
    let (_, cards) = read_json(client.get("/api/client/licenses").await).await;
    let card = cards["licenses"].as_array().unwrap().iter().find(|l| l["id"] == lic.to_string()).unwrap().clone();
    assert_eq!(card["needsAccountConfirmation"], true, "{card}");
    let confirm = client
        .patch_json(&format!("/api/client/licenses/{lic}/account"), json!({"accountNumber": BUYER.to_string()}))
        .await;
    assert_eq!(confirm.status(), StatusCode::OK);
    tokio::time::sleep(Duration::from_millis(150)).await;
    // ...then it runs, and the stranger still does not.
    assert_eq!(check(&app, acme.id, guarded, &buyer, BUYER, 2).await["code"], "OK");
    assert_eq!(check(&app, acme.id, guarded, &buyer, STRANGER, 2).await["code"], "NOT_RECOGNIZED");
}

#[tokio::test]
async fn a_stranger_cannot_tell_a_buyer_from_anyone_and_guessing_is_throttled() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot_with_policy(&acme, "Portal", "portal").await;
    let lic = license(&app, &acme, robot).await;
    let guesser: u64 = 77700001;

    // An unknown e-mail, a buyer whose account is not confirmed: the same answer.
    let nobody = check(&app, acme.id, robot, "ninguem@exemplo.com", guesser, 2).await;
    let buyer = check(&app, acme.id, robot, &acme.client_email, guesser, 2).await;
    for field in ["valid", "code", "message", "expiresAt", "graceSeconds"] {
        assert_eq!(nobody[field], buyer[field], "{field} tells them apart");
    }
    // ...and a license bound elsewhere too.
    sql(&app, acme.id, &format!("UPDATE tenant_client_robots SET account_number = '5555' WHERE id = '{lic}'")).await;
    let bound = check(&app, acme.id, robot, &acme.client_email, guesser, 2).await;
    assert_eq!((bound["code"].clone(), bound["message"].clone()), (nobody["code"].clone(), nobody["message"].clone()));

    // Guessing more e-mails from the same account is throttled (the two
    // e-mails above counted; asking for one again is not a new guess), and a throttled account binds nothing even with
    // a real buyer's e-mail on a first-use robot.
    for i in 0..3 {
        check(&app, acme.id, robot, &format!("chute{i}@exemplo.com"), guesser, 2).await;
    }
    let throttled = check(&app, acme.id, robot, "outro@exemplo.com", guesser, 2).await;
    assert_eq!(throttled["code"], "THROTTLED", "{throttled}");
    assert_eq!(throttled["message"], "Muitas tentativas recusadas. Tente novamente em alguns minutos.");
    let open = app.robot_with_policy(&acme, "Aberto", "first_use").await;
    let open_license = license(&app, &acme, open).await;
    for i in 0..5 {
        check(&app, acme.id, open, &format!("x{i}@exemplo.com"), guesser, 2).await;
    }
    assert_eq!(check(&app, acme.id, open, &acme.client_email, guesser, 2).await["code"], "THROTTLED");
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let taken: Option<String> = sqlx::query_scalar("SELECT account_number FROM tenant_client_robots WHERE id = $1")
        .bind(open_license)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert_eq!(taken, None, "the throttled guesser bound nothing");
    drop(tx);
    // The buyer's bound account is never throttled by someone else's guessing.
    assert_eq!(check(&app, acme.id, robot, &acme.client_email, 5555, 2).await["code"], "OK");

    // The owner sees the refused and throttled checks on the license's installations.
    let owner = app.owner_of(&acme).await;
    let mut states = Vec::new();
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let (_, details) = read_json(owner.get(&format!("/api/tenant/licenses/{lic}")).await).await;
        states = details["installations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["accountNumber"].as_str().unwrap().to_string(),
                    i["state"].as_str().unwrap().to_string(),
                    i["lastCode"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        if states.len() == 2 {
            break;
        }
    }
    states.sort();
    assert_eq!(
        states,
        vec![
            ("5555".to_string(), "valid".to_string(), "OK".to_string()),
            (guesser.to_string(), "denied".to_string(), "SEATS_FULL".to_string()),
        ],
        "the owner sees the stranger's refused checks with their real reason"
    );
}

#[tokio::test]
async fn the_owner_sets_grace_and_policy_with_clear_refusals_and_answers_follow() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Config").await;
    license(&app, &acme, robot).await;
    let owner = app.owner_of(&acme).await;
    let path = format!("/api/tenant/robots/{robot}/license");
    for (body, field, message) in [
        (
            json!({"offlineGraceSeconds": -1}),
            "offlineGraceSeconds",
            "O período de tolerância deve ficar entre 0 e 30 dias (0 a 2592000 segundos).",
        ),
        (
            json!({"offlineGraceSeconds": 2592001}),
            "offlineGraceSeconds",
            "O período de tolerância deve ficar entre 0 e 30 dias (0 a 2592000 segundos).",
        ),
        (
            json!({"bindingPolicy": "qualquer"}),
            "bindingPolicy",
            "Política de vínculo inválida: use \"first_use\" (primeiro uso) ou \"portal\".",
        ),
    ] {
        let (status, refused) = read_json(owner.patch_json(&path, body.clone()).await).await;
        assert_eq!((status, refused["fields"][field].as_str()), (StatusCode::BAD_REQUEST, Some(message)), "{body}");
    }
    let (status, bad_json) = read_json(owner.patch_json(&path, json!({"offlineGraceSeconds": "muito"})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad_json}");
    let (_, unchanged) = read_json(owner.get(&path).await).await;
    assert_eq!(
        (unchanged["offlineGraceSeconds"].as_i64(), unchanged["bindingPolicy"].as_str()),
        (Some(86400), Some("first_use"))
    );

    let (status, saved) =
        read_json(owner.patch_json(&path, json!({"offlineGraceSeconds": 0, "bindingPolicy": "portal"})).await).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!((saved["offlineGraceSeconds"].as_i64(), saved["bindingPolicy"].as_str()), (Some(0), Some("portal")));
    tokio::time::sleep(Duration::from_millis(150)).await;
    let answer = check(&app, acme.id, robot, &acme.client_email, 123, 2).await;
    assert_eq!(answer["graceSeconds"], 0, "the next check answers with the new grace: {answer}");
    assert_eq!(answer["code"], "NOT_RECOGNIZED", "and the new policy: nothing binds on a check");

    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let audited: i64 =
        sqlx::query_scalar("SELECT count(*) FROM audit_log WHERE entity = 'robot_license' AND entity_id = $1")
            .bind(robot)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    assert_eq!(audited, 1, "one change, one audit row (refusals changed nothing)");

    // Another tenant's owner learns nothing about this robot.
    let other = app.tenant("other").await;
    let stranger = app.owner_of(&other).await;
    let (status, body) = read_json(stranger.get(&path).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!body.to_string().contains(saved["publicKey"].as_str().unwrap()));
    assert_eq!(stranger.patch_json(&path, json!({"offlineGraceSeconds": 5})).await.status(), StatusCode::NOT_FOUND);
    let (_, still) = read_json(owner.get(&path).await).await;
    assert_eq!(still["offlineGraceSeconds"], 0);
}
