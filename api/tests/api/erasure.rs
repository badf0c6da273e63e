//! Deletion and erasure (issue 24): a robot without sales or licenses can be
//! deleted (with its files), one with them cannot; an owner leaves the team
//! but the last admin stays; a client's data is exported, then erased
//! everywhere it appears while the sales keep their amounts — and only an
//! administrator owner can do it, with the e-mail typed as confirmation.

use bytes::Bytes;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shared::domain::status::OwnerRole;
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{fake_ex5, json as read_json, Part, TestApp};

async fn scalar_in<T>(app: &TestApp, tenant: Uuid, sql: &str, client: Uuid) -> T
where
    T: Send + Unpin + for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres>,
{
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let value =
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).bind(client).fetch_one(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    value
}

#[tokio::test]
async fn a_client_is_exported_then_erased_everywhere_and_the_sales_total_stays() {
    let app = TestApp::spawn().await;
    let acme = app.tenant_with_hottok("acme", "hottok-acme").await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    app.rows_of(&acme, robot).await;
    let client = acme.client_id;
    // A Hotmart event naming the buyer, a license check with their e-mail, an e-mail sent to them.
    app.post_hotmart(robot, "hottok-acme", "purchase_approved").await;
    app.sql_in(
        acme.id,
        &format!(
            "INSERT INTO license_checks (id, tenant_id, robot_id, email, account_number, ip, valid, code)
             VALUES (gen_random_uuid(), '{}', '{robot}', '{}', '5551234', '203.0.113.9', true, 'OK')",
            acme.id, acme.client_email
        ),
    )
    .await;
    let owner = app.owner_of(&acme).await;
    let sent = owner
        .post(&format!("/api/tenant/clients/{client}/send-email"), json!({"subject": "Olá", "body": "Teste"}))
        .await;
    assert!(sent.status().is_success() || sent.status() == StatusCode::BAD_REQUEST, "{}", sent.status());
    let total_before: Option<rust_decimal::Decimal> = scalar_in(
        &app,
        acme.id,
        "SELECT sum(amount_paid_by_customer) FROM tenant_sales WHERE client_id = $1 OR $1 IS NOT NULL",
        client,
    )
    .await;

    let support = app.owner_with_role(&acme, OwnerRole::Support).await;
    assert_eq!(support.get(&format!("/api/tenant/clients/{client}/export")).await.status(), StatusCode::FORBIDDEN);
    let other = app.tenant("other").await;
    let stranger = app.owner_of(&other).await;
    assert_eq!(stranger.get(&format!("/api/tenant/clients/{client}/export")).await.status(), StatusCode::NOT_FOUND);

    let export = owner.get(&format!("/api/tenant/clients/{client}/export")).await;
    assert_eq!(export.status(), StatusCode::OK);
    assert!(export.headers()["content-disposition"].to_str().unwrap().starts_with("attachment; filename=\"cliente-"));
    let data: Value = export.json().await.unwrap();
    assert_eq!(data["client"]["email"], acme.client_email.as_str());
    assert_eq!(data["licenses"].as_array().unwrap().len(), 1);
    assert!(!data["sales"].as_array().unwrap().is_empty());
    assert_eq!(data["licenseChecks"], 1);

    let (status, error) = read_json(
        owner.post(&format!("/api/tenant/clients/{client}/erase"), json!({"confirmEmail": "outro@example.com"})).await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error["fields"]["confirmEmail"].as_str().unwrap().starts_with("Digite o e-mail do cliente"));
    let (status, done) = read_json(
        owner
            .post(
                &format!("/api/tenant/clients/{client}/erase"),
                json!({"confirmEmail": acme.client_email.to_uppercase()}),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(done["licensesCancelled"], 1);

    let (name, email, phone): (String, String, Option<String>) = {
        let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
        let row = sqlx::query_as("SELECT name, email, phone FROM tenant_clients WHERE id = $1")
            .bind(client)
            .fetch_one(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        row
    };
    assert_eq!((name.as_str(), phone), ("Cliente apagado (LGPD)", None));
    assert!(email.ends_with("@anonimo.invalid"));
    // Nothing in the tenant's tables still names the person.
    let needle = acme.client_email.clone();
    for (table, column) in [
        ("hotmart_inbox", "payload::text"),
        ("tenant_sales", "original_payload::text"),
        ("license_checks", "coalesce(email, '')"),
        ("email_outbox", "to_address"),
        ("audit_log", "changes::text"),
    ] {
        let sql = format!("SELECT count(*) FROM {table} WHERE strpos(lower({column}), lower($1::text)) > 0");
        let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
        let left: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(&needle).fetch_one(&mut *tx).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(left, 0, "{table} still names {needle}");
    }
    let total_after: Option<rust_decimal::Decimal> = scalar_in(
        &app,
        acme.id,
        "SELECT sum(amount_paid_by_customer) FROM tenant_sales WHERE client_id = $1 OR $1 IS NOT NULL",
        client,
    )
    .await;
    assert_eq!(total_before, total_after, "the books keep the amounts");
    let login = app
        .client_login("login-purchase", &acme.url, json!({"email": acme.client_email, "purchaseId": acme.purchase_id}))
        .await;
    assert_ne!(login.status(), StatusCode::OK, "the erased person cannot sign in");
    let again = owner.post(&format!("/api/tenant/clients/{client}/erase"), json!({"confirmEmail": email})).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn the_audit_log_stays_append_only_except_for_an_erasure_marker() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let changed =
        app.owner_of(&acme).await.patch_json("/api/tenant/settings", json!({"displayName": "Acme Oficial"})).await;
    assert_eq!(changed.status(), StatusCode::OK, "an audited change to rewrite");
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let rewrite = sqlx::query("UPDATE audit_log SET changes = '{\"forjado\": true}' WHERE tenant_id = $1")
        .bind(acme.id)
        .execute(&mut *tx)
        .await;
    let code = rewrite.unwrap_err().as_database_error().and_then(|e| e.code().map(|c| c.to_string()));
    assert_eq!(code.as_deref(), Some("42501"), "history cannot be rewritten");
}

#[tokio::test]
async fn a_robot_without_sales_is_deleted_with_its_files_and_one_with_licenses_stays() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let (_, created) = read_json(owner.post("/api/tenant/robots", json!({"name": "Rascunho"})).await).await;
    let robot = created["id"].as_str().unwrap().to_string();
    let upload = owner
        .send_multipart(
            Method::POST,
            &format!("/api/tenant/robots/{robot}/versions/upload"),
            &[
                Part::File { field: "file", name: "r.ex5", bytes: &fake_ex5(3) },
                Part::Text { field: "version", value: "1.0.0" },
            ],
        )
        .await;
    assert_eq!(upload.status(), StatusCode::CREATED);
    let files_before = app.state.storage.tenant_usage(acme.id).await.unwrap().files;
    let support = app.owner_with_role(&acme, OwnerRole::Support).await;
    assert_eq!(support.delete(&format!("/api/tenant/robots/{robot}")).await.status(), StatusCode::FORBIDDEN);
    assert_eq!(owner.delete(&format!("/api/tenant/robots/{robot}")).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(owner.get(&format!("/api/tenant/robots/{robot}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.state.storage.tenant_usage(acme.id).await.unwrap().files, files_before - 1, "its file left storage");

    let sold = app.robot(&acme, "Vendido").await;
    app.rows_of(&acme, sold).await;
    let (status, refused) = read_json(owner.delete(&format!("/api/tenant/robots/{sold}")).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(refused["message"].as_str().unwrap().starts_with("Este robô tem licenças ou vendas"));
    let _ = Bytes::new();
}

#[tokio::test]
async fn an_owner_leaves_the_team_but_the_last_admin_stays() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let financial = app.owner_with_role(&acme, OwnerRole::Financial).await;
    let (_, team) = read_json(owner.get("/api/tenant/team").await).await;
    let id_of = |role: &str| {
        team.as_array().unwrap().iter().find(|m| m["role"] == role).unwrap()["id"].as_str().unwrap().to_string()
    };
    assert_eq!(owner.delete(&format!("/api/tenant/team/{}", id_of("admin"))).await.status(), StatusCode::CONFLICT);
    assert_eq!(
        owner.delete(&format!("/api/tenant/team/{}", id_of("financial"))).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(financial.get("/api/tenant/sales").await.status(), StatusCode::UNAUTHORIZED, "their session is gone");
}
