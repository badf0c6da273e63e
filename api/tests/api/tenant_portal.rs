//! The tenant owner's portal API: clients, client details, send-email,
//! licenses with switch-account and installations, sales, subscriptions,
//! stats. Each endpoint: success, pt-BR validation that stores nothing, the
//! security key required, another tenant's owner told "not found", and the
//! audit log naming the owner.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{json as read_json, Caller, TenantFixture, TenantRows, TestApp};

struct Portal {
    app: TestApp,
    acme: TenantFixture,
    rows: TenantRows,
    owner: Caller,
    other_owner: Caller,
}

async fn portal() -> Portal {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let beta = app.tenant("beta").await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    let rows = app.rows_of(&acme, robot).await;
    let owner = app.owner_of(&acme).await;
    let other_owner = app.owner_of(&beta).await;
    Portal { app, acme, rows, owner, other_owner }
}

/// The same browser (session cookie) with another security key, or none.
fn with_secret(caller: &Caller, secret: Option<&str>) -> Caller {
    Caller { base: caller.base.clone(), http: caller.http.clone(), tenant_secret: secret.map(str::to_string) }
}

/// One value of a query run as the worker of `tenant`, as text.
async fn sql_text(app: &TestApp, tenant: Uuid, query: &str) -> String {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let value: String =
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT ({query})::text"))).fetch_one(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    value
}

async fn audit_rows(app: &TestApp, tenant: Uuid, entity: &str) -> Vec<(String, Option<Uuid>, String)> {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let rows =
        sqlx::query_as("SELECT actor_kind, actor_id, action FROM audit_log WHERE entity = $1 ORDER BY created_at")
            .bind(entity)
            .fetch_all(&mut *tx)
            .await
            .unwrap();
    tx.commit().await.unwrap();
    rows
}

#[tokio::test]
async fn every_owner_endpoint_needs_the_security_key() {
    let p = portal().await;
    // The session alone: no key, and no tenant pass (decision 0022) either.
    let session_only = p.app.owner_session_only(&p.acme).await;
    let missing = with_secret(&session_only, None);
    let wrong = with_secret(&session_only, Some("0".repeat(64).as_str()));
    let client = p.rows.client;
    for path in [
        "/api/tenant/stats".to_string(),
        "/api/tenant/clients".into(),
        format!("/api/tenant/clients/{client}/details"),
        "/api/tenant/licenses".into(),
        format!("/api/tenant/licenses/{}", p.rows.license),
        "/api/tenant/sales".into(),
        format!("/api/tenant/sales/{}", p.rows.sale),
        "/api/tenant/subscriptions".into(),
        format!("/api/tenant/subscriptions/{}", p.rows.subscription),
        "/api/tenant/robots".into(),
    ] {
        assert_eq!(p.owner.get(&path).await.status(), StatusCode::OK, "{path} with the key");
        assert_eq!(missing.get(&path).await.status(), StatusCode::UNAUTHORIZED, "{path} without the key");
        assert_eq!(wrong.get(&path).await.status(), StatusCode::UNAUTHORIZED, "{path} with a wrong key");
    }
    let created =
        missing.post("/api/tenant/clients", json!({"name": "X", "email": "x@x.com", "password": "123456"})).await;
    assert_eq!(created.status(), StatusCode::UNAUTHORIZED);
    let switched = wrong
        .patch_json(&format!("/api/tenant/licenses/{}/switch-account", p.rows.license), json!({"accountNumber": "1"}))
        .await;
    assert_eq!(switched.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn another_tenants_owner_finds_none_of_this_tenants_ids() {
    let p = portal().await;
    let (client, license, sale, subscription) = (p.rows.client, p.rows.license, p.rows.sale, p.rows.subscription);
    let b = &p.other_owner;
    for path in [
        format!("/api/tenant/clients/{client}/details"),
        format!("/api/tenant/licenses/{license}"),
        format!("/api/tenant/sales/{sale}"),
        format!("/api/tenant/subscriptions/{subscription}"),
    ] {
        let response = b.get(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let body = response.text().await.unwrap();
        assert!(!body.contains(&p.acme.client_email), "{path} leaked: {body}");
    }
    let edits = [
        b.patch_json(&format!("/api/tenant/clients/{client}"), json!({"name": "Roubado"})).await,
        b.post(&format!("/api/tenant/clients/{client}/send-email"), json!({"robotId": p.rows.robot})).await,
        b.patch_json(&format!("/api/tenant/licenses/{license}"), json!({"clientId": client, "status": "cancelled"}))
            .await,
        b.patch_json(&format!("/api/tenant/licenses/{license}/switch-account"), json!({"accountNumber": "999"})).await,
    ];
    for response in edits {
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
    }
    // Their lists hold only their own rows.
    for path in ["/api/tenant/clients", "/api/tenant/licenses", "/api/tenant/sales", "/api/tenant/subscriptions"] {
        let (_, page) = read_json(b.get(path).await).await;
        let text = page.to_string();
        assert!(!text.contains(&client.to_string()) && !text.contains(&license.to_string()), "{path}: {text}");
    }
    // Nothing changed.
    let name = sql_text(&p.app, p.acme.id, &format!("SELECT name FROM tenant_clients WHERE id = '{client}'")).await;
    assert_ne!(name, "Roubado");
    let status =
        sql_text(&p.app, p.acme.id, &format!("SELECT status FROM tenant_client_robots WHERE id = '{license}'")).await;
    assert_eq!(status, "active");
    // And a client id of another tenant cannot be put on a license here.
    let (status, body) =
        read_json(b.post("/api/tenant/licenses", json!({"clientId": client, "robotId": p.rows.robot})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["clientId"], "Cliente não encontrado");
}

#[tokio::test]
async fn clients_are_listed_searched_created_and_edited_with_an_audit_trail() {
    let p = portal().await;
    let (status, page) = read_json(p.owner.get("/api/tenant/clients").await).await;
    assert_eq!((status, page["total"].as_i64()), (StatusCode::OK, Some(1)));

    let (status, body) =
        read_json(p.owner.post("/api/tenant/clients", json!({"name": " ", "email": "x", "password": "123"})).await)
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["name"], "Nome é obrigatório");
    assert_eq!(body["fields"]["email"], "E-mail inválido");
    assert_eq!(body["fields"]["password"], "Senha deve ter no mínimo 6 caracteres");
    let count = sql_text(&p.app, p.acme.id, "SELECT count(*) FROM tenant_clients").await;
    assert_eq!(count, "1", "nothing stored");

    let (status, created) = read_json(
        p.owner
            .post(
                "/api/tenant/clients",
                json!({"name": "Bruna Lima", "email": "Bruna@Example.com", "phone": "", "password": "123456"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!((created["email"].as_str(), created["status"].as_str()), (Some("bruna@example.com"), Some("active")));
    assert!(created["phone"].is_null(), "empty phone is none");
    let id = created["id"].as_str().unwrap();

    let (status, dup) = read_json(
        p.owner
            .post("/api/tenant/clients", json!({"name": "Outra", "email": "bruna@example.com", "password": "123456"}))
            .await,
    )
    .await;
    assert_eq!(
        (status, dup["fields"]["email"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Já existe um cliente com este e-mail"))
    );

    let (status, edited) = read_json(
        p.owner
            .patch_json(
                &format!("/api/tenant/clients/{id}"),
                json!({"name": "Bruna L.", "status": "suspended", "password": ""}),
            )
            .await,
    )
    .await;
    assert_eq!(
        (status, edited["name"].as_str(), edited["status"].as_str()),
        (StatusCode::OK, Some("Bruna L."), Some("suspended"))
    );

    let (_, found) = read_json(p.owner.get("/api/tenant/clients?q=bruna").await).await;
    assert_eq!(found["total"], 1);
    assert_eq!(found["items"][0]["id"], id);
    let (_, by_status) = read_json(p.owner.get("/api/tenant/clients?status=suspended").await).await;
    assert_eq!(by_status["total"], 1);

    let owner_id = p.rows.owner;
    let audit = audit_rows(&p.app, p.acme.id, "client").await;
    assert_eq!(
        audit,
        vec![
            ("owner".to_string(), Some(owner_id), "create".to_string()),
            ("owner".to_string(), Some(owner_id), "update".to_string())
        ]
    );
}

#[tokio::test]
async fn licenses_are_created_edited_and_switched_with_the_specs_rules() {
    let p = portal().await;
    let (status, body) = read_json(p.owner.post("/api/tenant/licenses", json!({})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["clientId"], "Cliente é obrigatório");
    assert_eq!(body["fields"]["robotId"], "Robô é obrigatório");

    let other_robot = {
        let beta = p.app.tenant("gama").await;
        p.app.robot(&beta, "Robô de outro").await
    };
    let (status, body) = read_json(
        p.owner.post("/api/tenant/licenses", json!({"clientId": p.rows.client, "robotId": other_robot})).await,
    )
    .await;
    assert_eq!((status, body["fields"]["robotId"].as_str()), (StatusCode::BAD_REQUEST, Some("Robô não encontrado")));

    let (status, created) = read_json(
        p.owner
            .post(
                "/api/tenant/licenses",
                json!({"clientId": p.rows.client, "robotId": p.rows.robot, "accountNumber": ""}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!((created["status"].as_str(), created["robotName"].as_str()), (Some("active"), Some("Robô Alfa")));
    assert!(created["activationDate"].is_string() && created["accountNumber"].is_null());
    let id = created["id"].as_str().unwrap();

    // The robot is fixed once the license exists; so is the activation.
    let robot_b = p.app.robot(&p.acme, "Robô Beta").await;
    let (status, body) = read_json(
        p.owner
            .patch_json(
                &format!("/api/tenant/licenses/{id}"),
                json!({"clientId": p.rows.client, "robotId": robot_b, "status": "trial"}),
            )
            .await,
    )
    .await;
    assert_eq!(
        (status, body["fields"]["robotId"].as_str()),
        (StatusCode::BAD_REQUEST, Some("O robô de uma licença não pode ser alterado"))
    );
    // An end date before the activation is refused (issue 24: owners set and clear end dates).
    let (status, body) = read_json(
        p.owner
            .patch_json(&format!("/api/tenant/licenses/{id}"), json!({"clientId": p.rows.client, "status": "trial", "accountNumber": "5550001", "expirationDate": "2020-01-01"}))
            .await,
    )
    .await;
    assert_eq!(
        (status, body["fields"]["expirationDate"].as_str()),
        (StatusCode::BAD_REQUEST, Some("A data de expiração deve ser posterior à data de ativação"))
    );
    let (status, edited) = read_json(
        p.owner
            .patch_json(
                &format!("/api/tenant/licenses/{id}"),
                json!({"clientId": p.rows.client, "status": "trial", "accountNumber": "5550001"}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!((edited["status"].as_str(), edited["accountNumber"].as_str()), (Some("trial"), Some("5550001")));
    assert_eq!(edited["activationDate"], created["activationDate"]);
    // A trial always ends: without a date, after the robot's trial length (7 days by default).
    assert!(edited["expirationDate"].is_string(), "{edited}");

    let switch = format!("/api/tenant/licenses/{id}/switch-account");
    let (status, body) = read_json(p.owner.patch_json(&switch, json!({"accountNumber": " "})).await).await;
    assert_eq!(
        (status, body["fields"]["accountNumber"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Número da conta obrigatório"))
    );
    let (status, body) = read_json(p.owner.patch_json(&switch, json!({"accountNumber": "12ab"})).await).await;
    assert_eq!(
        (status, body["fields"]["accountNumber"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Conta MT deve conter apenas números"))
    );
    let (status, switched) = read_json(p.owner.patch_json(&switch, json!({"accountNumber": "7770002"})).await).await;
    assert_eq!((status, switched["accountNumber"].as_str()), (StatusCode::OK, Some("7770002")));

    let (_, page) = read_json(p.owner.get("/api/tenant/licenses?q=Alfa&status=trial").await).await;
    assert_eq!(page["total"], 1);
    let audit = audit_rows(&p.app, p.acme.id, "license").await;
    assert_eq!(audit.len(), 3, "create, edit, switch: {audit:?}");
    assert!(audit.iter().all(|(kind, actor, _)| kind == "owner" && *actor == Some(p.rows.owner)));
}

async fn license_check(app: &TestApp, tenant: &TenantFixture, robot: Uuid, account: u64) -> Value {
    let body = json!({"email": tenant.client_email, "mtAccount": account, "robotId": robot, "tenantId": tenant.id});
    app.browser()
        .post(app.url("/api/webhooks/validate-license"))
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

#[tokio::test]
async fn installations_show_every_account_that_ran_a_license() {
    let p = portal().await;
    let first = license_check(&p.app, &p.acme, p.rows.robot, 51234567).await;
    assert_eq!(first["valid"], true, "{first}");
    let shared_copy = license_check(&p.app, &p.acme, p.rows.robot, 9990001).await;
    assert_eq!(shared_copy["code"], "NOT_RECOGNIZED");
    license_check(&p.app, &p.acme, p.rows.robot, 51234567).await;

    // The check log is written in batches (every second).
    let path = format!("/api/tenant/licenses/{}", p.rows.license);
    let mut detail = Value::Null;
    for _ in 0..50 {
        detail = read_json(p.owner.get(&path).await).await.1;
        // All three checks written (they may land in two batches of the log writer).
        let written: i64 = detail["installations"]
            .as_array()
            .map(|all| all.iter().filter_map(|i| i["checks"].as_i64()).sum())
            .unwrap_or(0);
        if written == 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let installations = detail["installations"].as_array().expect("installations");
    assert_eq!(installations.len(), 2, "{detail}");
    let owner_account = installations.iter().find(|i| i["accountNumber"] == "51234567").unwrap();
    assert_eq!((owner_account["lastValid"].as_bool(), owner_account["checks"].as_i64()), (Some(true), Some(2)));
    let stranger = installations.iter().find(|i| i["accountNumber"] == "9990001").unwrap();
    assert_eq!((stranger["lastValid"].as_bool(), stranger["lastCode"].as_str()), (Some(false), Some("SEATS_FULL")));
    assert_eq!(detail["license"]["activeInstallations"], 2);
    assert_eq!(detail["license"]["unseatedInstallations"], 1, "the stranger holds no seat");

    // The list shows the same count on this license's row (found by id: the
    // tenant holds other licenses, and rows made in the same instant may come in either order).
    let (_, page) = read_json(p.owner.get("/api/tenant/licenses").await).await;
    let row = page["items"].as_array().unwrap().iter().find(|l| l["id"] == p.rows.license.to_string()).expect("listed");
    assert_eq!(row["activeInstallations"], 2);
    let (_, details) = read_json(p.owner.get(&format!("/api/tenant/clients/{}/details", p.rows.client)).await).await;
    assert_eq!(details["installations"].as_array().unwrap().len(), 2);
    assert_eq!(details["installations"][0]["robotName"], "Robô Alfa");
}

#[tokio::test]
async fn client_details_hold_licenses_subscriptions_and_sales() {
    let p = portal().await;
    let (status, details) =
        read_json(p.owner.get(&format!("/api/tenant/clients/{}/details", p.rows.client)).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(details["client"]["email"], p.acme.client_email.as_str());
    assert_eq!(details["licenses"][0]["id"], p.rows.license.to_string());
    assert_eq!(details["subscriptions"][0]["id"], p.rows.subscription.to_string());
    assert_eq!(details["sales"][0]["externalId"], p.acme.purchase_id.as_str());
    let (status, _) = read_json(p.owner.get(&format!("/api/tenant/clients/{}/details", Uuid::now_v7())).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = read_json(p.owner.get("/api/tenant/clients/not-an-id/details").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn send_email_queues_the_welcome_for_the_chosen_robot() {
    let p = portal().await;
    let path = format!("/api/tenant/clients/{}/send-email", p.rows.client);
    let (status, body) = read_json(p.owner.post(&path, json!({})).await).await;
    assert_eq!((status, body["fields"]["robotId"].as_str()), (StatusCode::BAD_REQUEST, Some("Selecione um robô")));
    let (status, _) = read_json(p.owner.post(&path, json!({"robotId": Uuid::now_v7()})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let queued = sql_text(&p.app, p.acme.id, "SELECT count(*) FROM email_outbox WHERE template = 'welcome'").await;
    assert_eq!(queued, "0", "nothing queued on bad input");

    let (status, _) = read_json(p.owner.post(&path, json!({"robotId": p.rows.robot})).await).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let (to, html): (String, String) = {
        let mut tx = db::begin(&p.app.db.app_pool, Scope::worker_for(p.acme.id)).await.unwrap();
        sqlx::query_as("SELECT to_address, html FROM email_outbox WHERE template = 'welcome'")
            .fetch_one(&mut *tx)
            .await
            .unwrap()
    };
    assert_eq!(to, p.acme.client_email);
    assert!(html.contains("Robô Alfa"), "names the robot: {html}");
    assert!(html.contains(&p.acme.purchase_id), "carries the purchase id to log in with");
    let audit = audit_rows(&p.app, p.acme.id, "client_email").await;
    assert_eq!(audit.len(), 1);
}

#[tokio::test]
async fn sales_and_subscriptions_are_shown_with_payload_and_billing_history() {
    let p = portal().await;
    let (status, page) = read_json(p.owner.get("/api/tenant/sales").await).await;
    assert_eq!((status, page["total"].as_i64()), (StatusCode::OK, Some(1)));
    let (_, none) = read_json(p.owner.get("/api/tenant/sales?status=refunded").await).await;
    assert_eq!(none["total"], 0);
    let (status, sale) = read_json(p.owner.get(&format!("/api/tenant/sales/{}", p.rows.sale)).await).await;
    assert_eq!((status, sale["externalId"].as_str()), (StatusCode::OK, Some(p.acme.purchase_id.as_str())));
    assert!(sale.get("originalPayload").is_some());

    let (status, subs) = read_json(p.owner.get("/api/tenant/subscriptions").await).await;
    assert_eq!((status, subs["total"].as_i64()), (StatusCode::OK, Some(1)));
    let (status, detail) =
        read_json(p.owner.get(&format!("/api/tenant/subscriptions/{}", p.rows.subscription)).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(detail["subscription"]["amount"], "97.00");
    assert_eq!(detail["billingHistory"][0]["saleId"], p.rows.sale.to_string(), "{detail}");
}

#[tokio::test]
async fn stats_count_this_tenant_and_warn_an_old_tenant_selling_little() {
    let p = portal().await;
    let (status, stats) = read_json(p.owner.get("/api/tenant/stats").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (stats["totalClients"].as_i64(), stats["activeLicenses"].as_i64(), stats["totalRobots"].as_i64()),
        (Some(1), Some(1), Some(1))
    );
    assert!(stats["performanceAlert"].is_null(), "a new tenant gets no alert");
    assert_eq!(stats["revenueByDay"].as_array().unwrap().len(), 30);
    assert_eq!(stats["licenseChecksByDay"].as_array().unwrap().len(), 30);

    let mut tx = db::begin(&p.app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query("UPDATE tenants SET created_at = now() - interval '100 days' WHERE id = $1")
        .bind(p.acme.id)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let (_, stats) = read_json(p.owner.get("/api/tenant/stats").await).await;
    let message = stats["performanceAlert"]["message"].as_str().expect("an alert");
    assert!(message.contains("R$ 3.000,00"), "{message}");
}
