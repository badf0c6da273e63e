//! Manual sales and trials (issue 24): an owner records a sale paid outside
//! Hotmart and the buyer gets what a Hotmart buyer gets; licenses end on
//! their date (the check refuses at once, the job marks them and reminds the
//! buyer three days ahead, once); a trial's length is the robot's.

use std::time::Duration;

use chrono::{DateTime, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{Caller, TenantFixture, TestApp};

/// A fresh key per submission, as the dialog makes one when it opens.
fn new_key() -> String {
    Uuid::now_v7().to_string()
}

async fn record(owner: &Caller, key: &str, body: &Value) -> reqwest::Response {
    owner
        .http
        .post(format!("{}/api/tenant/manual-sales", owner.base))
        .header("x-tenant-secret", owner.tenant_secret.as_deref().unwrap_or_default())
        .header("idempotency-key", key)
        .json(body)
        .send()
        .await
        .unwrap()
}

fn pix_sale(robot: Uuid, email: &str) -> Value {
    json!({
        "buyerName": "Carla Compradora",
        "buyerEmail": email,
        "buyerPhone": "+55 11 91234-5678",
        "robotId": robot,
        "amount": "297,00",
        "paymentMethod": "pix",
        "saleDate": sao_paulo_today(),
    })
}

/// Today in São Paulo (a bare day is a São Paulo day; UTC is ahead after 21h).
fn sao_paulo_today() -> String {
    Utc::now().with_timezone(&chrono::FixedOffset::west_opt(3 * 3600).unwrap()).format("%Y-%m-%d").to_string()
}

/// A count in the tenant, as the worker sees it.
async fn count(app: &TestApp, tenant: Uuid, sql: &str) -> i64 {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&mut *tx).await.unwrap()
}

/// (template, to, subject, html) of every e-mail queued in the tenant, oldest first.
async fn outbox(app: &TestApp, tenant: Uuid) -> Vec<(String, String, String, String)> {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query_as("SELECT template, to_address, subject, html FROM email_outbox ORDER BY created_at, id")
        .fetch_all(&mut *tx)
        .await
        .unwrap()
}

/// Rows a sale would make: sales, clients, licenses, e-mails, audit rows.
async fn footprint(app: &TestApp, tenant: Uuid) -> [i64; 5] {
    [
        count(app, tenant, "SELECT count(*) FROM tenant_sales").await,
        count(app, tenant, "SELECT count(*) FROM tenant_clients").await,
        count(app, tenant, "SELECT count(*) FROM tenant_client_robots").await,
        count(app, tenant, "SELECT count(*) FROM email_outbox").await,
        count(app, tenant, "SELECT count(*) FROM audit_log").await,
    ]
}

#[tokio::test]
async fn a_manual_pix_sale_creates_the_client_the_license_and_the_sale_and_queues_the_access_email() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper Pro").await;
    let owner = app.owner_of(&acme).await;

    let response = record(&owner, &new_key(), &pix_sale(robot, " Carla@Example.com ")).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let recorded: Value = response.json().await.unwrap();
    let sale = &recorded["sale"];
    assert_eq!(sale["origin"], "manual");
    assert_eq!(sale["paymentMethod"], "pix");
    assert_eq!(sale["status"], "confirmed");
    assert_eq!((sale["amountPaidByCustomer"].as_str(), sale["netAmount"].as_str()), (Some("297.00"), Some("297.00")));
    assert_eq!(sale["clientEmail"], "carla@example.com");
    assert_eq!(recorded["clientCreated"], true);
    assert_eq!(recorded["replayed"], false);
    let purchase_id = sale["externalId"].as_str().unwrap().to_string();
    assert!(purchase_id.starts_with("MAN-") && purchase_id.len() == 14, "{purchase_id}");

    // The license: active, of that robot, for that client, from that sale, no end.
    let license_id = recorded["licenseId"].as_str().unwrap();
    let license: Value = owner.get(&format!("/api/tenant/licenses/{license_id}")).await.json().await.unwrap();
    let license = &license["license"];
    assert_eq!(license["status"], "active");
    assert_eq!(license["robotId"], json!(robot));
    assert_eq!(license["clientId"], recorded["clientId"]);
    assert_eq!(license["saleId"], sale["id"]);
    assert_eq!(license["expirationDate"], Value::Null);

    // The access e-mail a Hotmart buyer gets: the welcome (sign in with the
    // e-mail and this purchase id) first, then the confirmation.
    let mails = outbox(&app, acme.id).await;
    let templates: Vec<&str> = mails.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(templates, ["welcome", "saleConfirmation"]);
    assert!(mails.iter().all(|m| m.1 == "carla@example.com"));
    let welcome = &mails[0].3;
    assert!(welcome.contains(&purchase_id) && welcome.contains("Scalper Pro"), "{welcome}");
    assert!(mails[1].3.contains("R$ 297,00"), "{}", mails[1].3);

    // Audited as the owner: the new client, the sale and the license.
    let audited = count(&app, acme.id, "SELECT count(*) FROM audit_log WHERE actor_kind = 'owner'").await;
    assert_eq!(audited, 3);

    // Listed with its origin, and the origin filter finds it.
    let manual: Value = owner.get("/api/tenant/sales?origin=manual").await.json().await.unwrap();
    assert_eq!(manual["total"], 2, "the seeded sale is manual too: {manual}");
    assert!(manual["items"].as_array().unwrap().iter().any(|s| s["externalId"] == json!(purchase_id)));
    let hotmart: Value = owner.get("/api/tenant/sales?origin=hotmart").await.json().await.unwrap();
    assert_eq!(hotmart["total"], 0);
    let admin: Value = app.as_admin().await.get(&format!("/api/sales?q={purchase_id}")).await.json().await.unwrap();
    assert_eq!(
        (admin["items"][0]["origin"].as_str(), admin["items"][0]["paymentMethod"].as_str()),
        (Some("manual"), Some("pix"))
    );

    // The buyer signs in with the e-mail and the purchase id, and sees the robot.
    let buyer = app.browser();
    let signed_in = app.purchase_login(&buyer, &acme, "carla@example.com", &purchase_id).await;
    assert_eq!(signed_in.status(), StatusCode::OK, "{}", signed_in.text().await.unwrap());
    let licenses: Value = buyer.get(app.url("/api/client/licenses")).send().await.unwrap().json().await.unwrap();
    let names: Vec<&str> =
        licenses["licenses"].as_array().unwrap().iter().map(|l| l["robotName"].as_str().unwrap()).collect();
    assert_eq!(names, ["Scalper Pro"]);
}

#[tokio::test]
async fn a_sale_to_a_known_email_links_the_existing_client_without_a_second_welcome() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper Pro").await;
    let owner = app.owner_of(&acme).await;
    let clients = count(&app, acme.id, "SELECT count(*) FROM tenant_clients").await;

    let mut body = pix_sale(robot, &acme.client_email.to_uppercase());
    body["paymentMethod"] = json!("transferencia");
    let response = record(&owner, &new_key(), &body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let recorded: Value = response.json().await.unwrap();
    assert_eq!(recorded["clientCreated"], false);
    assert_eq!(recorded["clientId"], json!(acme.client_id));
    assert_eq!(recorded["sale"]["paymentMethod"], "transferencia");
    assert_eq!(count(&app, acme.id, "SELECT count(*) FROM tenant_clients").await, clients);
    let templates: Vec<String> = outbox(&app, acme.id).await.into_iter().map(|m| m.0).collect();
    assert_eq!(templates, ["saleConfirmation"], "a known client already knows how to sign in");
}

#[tokio::test]
async fn bad_input_gets_pt_br_messages_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper Pro").await;
    let owner = app.owner_of(&acme).await;
    let before = footprint(&app, acme.id).await;
    let tomorrow = (Utc::now() + chrono::Duration::days(2)).format("%Y-%m-%d").to_string();

    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({"buyerName": " "}), "buyerName", "Nome é obrigatório"),
        (json!({"buyerEmail": "carla@"}), "buyerEmail", "E-mail inválido"),
        (json!({"robotId": null}), "robotId", "Robô é obrigatório"),
        (json!({"amount": "0"}), "amount", "O valor deve ser maior que zero"),
        (json!({"amount": "-5"}), "amount", "O valor não pode ser negativo"),
        (json!({"amount": "10.999"}), "amount", "Use no máximo 2 casas decimais"),
        (json!({"amount": ""}), "amount", "Valor é obrigatório"),
        (
            json!({"paymentMethod": "boleto"}),
            "paymentMethod",
            "Forma de pagamento inválida: use PIX, transferência ou outro",
        ),
        (json!({"paymentMethod": null}), "paymentMethod", "Forma de pagamento é obrigatória"),
        (json!({"saleDate": tomorrow}), "saleDate", "A data da venda não pode estar no futuro"),
        (json!({"saleDate": "31/12/2025"}), "saleDate", "Data inválida"),
    ];
    for (change, field, message) in cases {
        let mut body = pix_sale(robot, "nova@example.com");
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let response = record(&owner, &new_key(), &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{change}");
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["fields"][field], message, "{change}: {answer}");
    }
    // Everything wrong at once: one answer naming every field.
    let response = record(&owner, &new_key(), &json!({})).await;
    let answer: Value = response.json().await.unwrap();
    for field in ["buyerName", "buyerEmail", "robotId", "amount", "paymentMethod", "saleDate"] {
        assert!(answer["fields"][field].is_string(), "{field}: {answer}");
    }
    assert_eq!(answer["message"], "Por favor, corrija os campos destacados.");
    // A submission without its key is refused, not recorded twice later.
    let keyless = owner.post("/api/tenant/manual-sales", pix_sale(robot, "nova@example.com")).await;
    assert_eq!(keyless.status(), StatusCode::BAD_REQUEST);
    assert!(keyless.json::<Value>().await.unwrap()["message"].as_str().unwrap().contains("Idempotency-Key"));

    assert_eq!(footprint(&app, acme.id).await, before, "nothing was created");
}

#[tokio::test]
async fn another_tenants_owner_gets_404_for_the_robot_and_learns_nothing() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let beta = app.tenant("beta").await;
    let robot_of_acme = app.robot(&acme, "Scalper Pro").await;
    let beta_owner = app.owner_of(&beta).await;
    let (acme_before, beta_before) = (footprint(&app, acme.id).await, footprint(&app, beta.id).await);

    // Even naming a client acme has: beta learns neither the robot nor the buyer.
    let response = record(&beta_owner, &new_key(), &pix_sale(robot_of_acme, &acme.client_email)).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let text = response.text().await.unwrap();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), json!({"message": "Robô não encontrado"}));
    for secret in ["Scalper", &acme.id.to_string(), &acme.client_email] {
        assert!(!text.contains(secret), "{text}");
    }
    assert_eq!(footprint(&app, acme.id).await, acme_before);
    assert_eq!(footprint(&app, beta.id).await, beta_before, "no client was made in beta either");
}

#[tokio::test]
async fn a_double_submit_makes_one_sale() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper Pro").await;
    let owner = app.owner_of(&acme).await;
    let sales = count(&app, acme.id, "SELECT count(*) FROM tenant_sales").await;

    // The same submission twice at the same moment (a double click), then a
    // retry after the answer was lost.
    let key = new_key();
    let body = pix_sale(robot, "dupla@example.com");
    let (first, second) = tokio::join!(record(&owner, &key, &body), record(&owner, &key, &body));
    let answers = [first, second];
    let mut statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    statuses.sort();
    assert_eq!(statuses, [200, 201]);
    let mut ids = Vec::new();
    for answer in answers {
        let recorded: Value = answer.json().await.unwrap();
        ids.push(recorded["sale"]["id"].clone());
    }
    let retried = record(&owner, &key, &body).await;
    assert_eq!(retried.status(), StatusCode::OK);
    let retried: Value = retried.json().await.unwrap();
    assert_eq!(retried["replayed"], true);
    ids.push(retried["sale"]["id"].clone());
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");
    assert!(retried["licenseId"].is_string());

    assert_eq!(count(&app, acme.id, "SELECT count(*) FROM tenant_sales").await, sales + 1);
    assert_eq!(count(&app, acme.id, "SELECT count(*) FROM tenant_client_robots").await, 1);
    let mails = outbox(&app, acme.id).await;
    assert_eq!(mails.len(), 2, "the welcome and the confirmation, once: {mails:?}");

    // The same key with something else typed is refused: it is not this sale.
    let mut changed = body.clone();
    changed["amount"] = json!("1297.00");
    let conflict = record(&owner, &key, &changed).await;
    assert_eq!(conflict.status(), StatusCode::CONFLICT);
    assert_eq!(count(&app, acme.id, "SELECT count(*) FROM tenant_sales").await, sales + 1);
    // A new key is a new sale.
    assert_eq!(record(&owner, &new_key(), &body).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_trial_runs_the_robots_trial_length_and_owners_set_and_clear_end_dates() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;

    // A new robot's trial is 7 days; the owner makes it 10 (1 to 90).
    let created = owner.post("/api/tenant/robots", json!({"name": "Trend Rider"})).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let robot: Value = created.json().await.unwrap();
    assert_eq!(robot["trialDays"], 7);
    let robot_id = robot["id"].as_str().unwrap().to_string();
    for bad in [0, 91] {
        let refused = owner.patch_json(&format!("/api/tenant/robots/{robot_id}"), json!({"trialDays": bad})).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
        let answer: Value = refused.json().await.unwrap();
        assert_eq!(answer["fields"]["trialDays"], "O período de teste deve ficar entre 1 e 90 dias");
    }
    let changed = owner.patch_json(&format!("/api/tenant/robots/{robot_id}"), json!({"trialDays": 10})).await;
    assert_eq!(changed.json::<Value>().await.unwrap()["trialDays"], 10);

    // A trial without a date ends after 10 days.
    let trial = owner
        .post("/api/tenant/licenses", json!({"clientId": acme.client_id, "robotId": robot_id, "status": "trial"}))
        .await;
    assert_eq!(trial.status(), StatusCode::CREATED);
    let trial: Value = trial.json().await.unwrap();
    assert_eq!(trial["status"], "trial");
    let ends = instant(&trial["expirationDate"]);
    let expected = Utc::now() + chrono::Duration::days(10);
    assert!((ends - expected).num_seconds().abs() < 60, "{ends} vs {expected}");

    // An active license has no end unless one is chosen; a day means through that day (São Paulo).
    let active = owner
        .post(
            "/api/tenant/licenses",
            json!({"clientId": acme.client_id, "robotId": robot_id, "expirationDate": "2099-12-31"}),
        )
        .await;
    assert_eq!(active.status(), StatusCode::CREATED);
    let active: Value = active.json().await.unwrap();
    assert_eq!(active["status"], "active");
    assert_eq!(instant(&active["expirationDate"]).to_rfc3339(), "2100-01-01T02:59:59+00:00");
    let id = active["id"].as_str().unwrap().to_string();
    let path = format!("/api/tenant/licenses/{id}");

    // Edits: left out keeps the date, null clears it, a date sets it.
    let edit = |extra: Value| {
        let mut body = json!({"clientId": acme.client_id, "status": "active"});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let kept: Value = owner.patch_json(&path, edit(json!({}))).await.json().await.unwrap();
    assert_eq!(kept["expirationDate"], active["expirationDate"]);
    let cleared: Value = owner.patch_json(&path, edit(json!({"expirationDate": null}))).await.json().await.unwrap();
    assert_eq!(cleared["expirationDate"], Value::Null);
    let set: Value = owner.patch_json(&path, edit(json!({"expirationDate": "2099-06-30"}))).await.json().await.unwrap();
    assert_eq!(instant(&set["expirationDate"]).to_rfc3339(), "2099-07-01T02:59:59+00:00");
    // A trial always ends: made a trial with its date cleared, it gets the robot's length.
    let as_trial: Value =
        owner.patch_json(&path, edit(json!({"status": "trial", "expirationDate": ""}))).await.json().await.unwrap();
    assert!((instant(&as_trial["expirationDate"]) - expected).num_seconds().abs() < 60, "{as_trial}");

    // Refused: an end before the activation, a new license ending in the past, a new one already cancelled.
    let before_start = owner.patch_json(&path, edit(json!({"expirationDate": "2020-01-01"}))).await;
    assert_eq!(before_start.status(), StatusCode::BAD_REQUEST);
    let answer: Value = before_start.json().await.unwrap();
    assert_eq!(answer["fields"]["expirationDate"], "A data de expiração deve ser posterior à data de ativação");
    let past = owner
        .post(
            "/api/tenant/licenses",
            json!({"clientId": acme.client_id, "robotId": robot_id, "expirationDate": "2020-01-01"}),
        )
        .await;
    assert_eq!(
        past.json::<Value>().await.unwrap()["fields"]["expirationDate"],
        "A data de expiração deve estar no futuro"
    );
    let cancelled = owner
        .post("/api/tenant/licenses", json!({"clientId": acme.client_id, "robotId": robot_id, "status": "cancelled"}))
        .await;
    assert_eq!(
        cancelled.json::<Value>().await.unwrap()["fields"]["status"],
        "Uma nova licença deve ser ativa ou de teste"
    );
}

fn instant(value: &Value) -> DateTime<Utc> {
    value.as_str().unwrap_or_else(|| panic!("a date: {value}")).parse().unwrap()
}

async fn check(app: &TestApp, tenant: &TenantFixture, robot: Uuid, account: &str) -> Value {
    let body = json!({"email": tenant.client_email, "mtAccount": account, "robotId": robot, "tenantId": tenant.id});
    let response = app.browser().post(app.url("/api/webhooks/validate-license")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn license_status(app: &TestApp, tenant: Uuid, license: &str) -> String {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query_scalar("SELECT status FROM tenant_client_robots WHERE id = $1::uuid")
        .bind(license)
        .fetch_one(&mut *tx)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_trial_expires_at_its_end_date_the_check_says_so_at_once_and_the_job_marks_it() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper Pro").await;
    let owner = app.owner_of(&acme).await;
    let ends = Utc::now() + chrono::Duration::seconds(3);
    let trial = owner
        .post(
            "/api/tenant/licenses",
            json!({"clientId": acme.client_id, "robotId": robot, "status": "trial",
                   "accountNumber": "5551234", "expirationDate": ends.to_rfc3339()}),
        )
        .await;
    assert_eq!(trial.status(), StatusCode::CREATED);
    let license = trial.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_string();
    tokio::time::sleep(Duration::from_millis(200)).await; // the creation's NOTIFY reaches the cache

    // Valid before its end; the second answer comes from the instance's cache.
    for _ in 0..2 {
        let answer = check(&app, &acme, robot, "5551234").await;
        assert_eq!((answer["valid"].as_bool(), answer["code"].as_str()), (Some(true), Some("OK")), "{answer}");
    }
    // The job has not run the day it ends (nothing touched the license, no
    // NOTIFY dropped the cache), and still the check refuses from its end on.
    let wait = (ends - Utc::now()).to_std().unwrap_or_default() + Duration::from_millis(50);
    tokio::time::sleep(wait).await;
    let answer = check(&app, &acme, robot, "5551234").await;
    assert_eq!((answer["valid"].as_bool(), answer["code"].as_str()), (Some(false), Some("EXPIRED")), "{answer}");
    assert_eq!(license_status(&app, acme.id, &license).await, "trial", "the answer did not wait for the job");

    // The job marks it expired, audited as the system; a second run finds nothing.
    let done = worker::license_expiry::run(&app.db.worker_pool, Utc::now()).await.unwrap();
    assert_eq!((done.expired, done.reminded), (1, 0));
    assert_eq!(license_status(&app, acme.id, &license).await, "expired");
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let (actor, changes): (String, Value) =
        sqlx::query_as("SELECT actor_kind, changes FROM audit_log WHERE entity = 'license' AND entity_id = $1::uuid AND action = 'update'")
            .bind(&license)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    drop(tx);
    assert_eq!(actor, "system");
    assert_eq!(changes["status"], json!({"before": "trial", "after": "expired"}));
    let again = worker::license_expiry::run(&app.db.worker_pool, Utc::now()).await.unwrap();
    assert_eq!(again.expired, 0);
    let answer = check(&app, &acme, robot, "5551234").await;
    assert_eq!(answer["code"], "EXPIRED");
    let portal: Value = app.client_of(&acme).await.get("/api/client/licenses").await.json().await.unwrap();
    assert_eq!(portal["licenses"][0]["status"], "expired");
}

#[tokio::test]
async fn the_three_day_reminder_is_sent_once_per_end_date() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper Pro").await;
    let owner = app.owner_of(&acme).await;
    let in_days = |d: i64| (Utc::now() + chrono::Duration::days(d)).to_rfc3339();
    let create = |ends: String| {
        owner.post(
            "/api/tenant/licenses",
            json!({"clientId": acme.client_id, "robotId": robot, "status": "trial", "expirationDate": ends}),
        )
    };
    let soon: Value = create(in_days(2)).await.json().await.unwrap();
    let later: Value = create(in_days(20)).await.json().await.unwrap();

    let done = worker::license_expiry::run(&app.db.worker_pool, Utc::now()).await.unwrap();
    assert_eq!((done.expired, done.reminded), (0, 1), "only the license ending within three days");
    let again = worker::license_expiry::run(&app.db.worker_pool, Utc::now()).await.unwrap();
    assert_eq!(again.reminded, 0, "once");
    let reminders: Vec<_> = outbox(&app, acme.id).await.into_iter().filter(|m| m.0 == "licenseEnding").collect();
    assert_eq!(reminders.len(), 1);
    let (_, to, subject, html) = &reminders[0];
    assert_eq!(to, &acme.client_email);
    let day = instant(&soon["expirationDate"])
        .with_timezone(&chrono::FixedOffset::west_opt(3 * 3600).unwrap())
        .format("%d/%m/%Y")
        .to_string();
    // No key of its own: the platform's frame names the tenant first (decision 0018).
    assert_eq!(subject, &format!("Loja acme: Sua licença do Scalper Pro expira em {day}"));
    assert!(html.contains(&day) && html.contains("Scalper Pro"), "{html}");

    // Three days before the other one's end, its turn comes (once too).
    let later_end = instant(&later["expirationDate"]);
    let near = worker::license_expiry::run(&app.db.worker_pool, later_end - chrono::Duration::days(2)).await.unwrap();
    assert_eq!(near.reminded, 1);

    // Moving an end date re-arms the reminder for the new date.
    let path = format!("/api/tenant/licenses/{}", soon["id"].as_str().unwrap());
    let moved = owner
        .patch_json(&path, json!({"clientId": acme.client_id, "status": "trial", "expirationDate": in_days(1)}))
        .await;
    assert_eq!(moved.status(), StatusCode::OK);
    let rearmed = worker::license_expiry::run(&app.db.worker_pool, Utc::now()).await.unwrap();
    assert_eq!(rearmed.reminded, 1);
    let all = outbox(&app, acme.id).await.into_iter().filter(|m| m.0 == "licenseEnding").count();
    assert_eq!(all, 3);
}

#[tokio::test]
async fn financeiro_records_sales_and_suporte_is_refused_in_pt_br() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Scalper Pro").await;
    let financial = app.owner_with_role(&acme, shared::domain::status::OwnerRole::Financial).await;
    let support = app.owner_with_role(&acme, shared::domain::status::OwnerRole::Support).await;
    let before = footprint(&app, acme.id).await;

    let refused = record(&support, &new_key(), &pix_sale(robot, "suporte@example.com")).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let message = refused.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    assert!(message.contains("Suporte"), "{message}");
    assert_eq!(footprint(&app, acme.id).await, before, "nothing was made");

    let recorded = record(&financial, &new_key(), &pix_sale(robot, "financeiro@example.com")).await;
    assert_eq!(recorded.status(), StatusCode::CREATED);
}
