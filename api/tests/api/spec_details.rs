//! Spec details of issue 24: the owner's performance alert looks at the last
//! 30 days (not the calendar month), the authentication template's isActive
//! is editable and means something, and subscriptions carry
//! lastChargeAttempt for the admin as well as the owner.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};

use crate::support::{json as read_json, Caller, TenantFixture, TestApp};

const EA: &str = include_str!("../../../shared/src/domain/mql5/fixtures/ctrade_indicators.mq5");

async fn sql(app: &TestApp, tenant: &TenantFixture, statement: &str) {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(statement.to_string())).bind(tenant.id).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn the_performance_alert_weighs_the_last_30_days_not_the_calendar_month() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    sql(&app, &acme, "UPDATE tenants SET created_at = now() - interval '200 days' WHERE id = $1").await;
    sql(&app, &acme, "UPDATE tenant_sales SET status = 'refunded' WHERE tenant_id = $1").await;
    // R$ 3.500 sold 20 days ago: enough, whatever the calendar says (on the
    // first of a month the calendar month is still empty).
    sql(
        &app,
        &acme,
        "INSERT INTO tenant_sales (id, tenant_id, origin, gross_amount, status, sale_date)
         VALUES (gen_random_uuid(), $1, 'manual', 3500.00, 'confirmed', now() - interval '20 days')",
    )
    .await;
    assert_eq!(alert(&owner).await, Value::Null);
    // The same sale 40 days ago is outside the window: the alert shows, with the 30 days' total.
    sql(&app, &acme, "UPDATE tenant_sales SET sale_date = now() - interval '40 days' WHERE tenant_id = $1").await;
    let message = alert(&owner).await["message"].as_str().expect("an alert").to_string();
    assert!(
        message.contains("últimos 30 dias") && message.contains("R$ 0,00") && message.contains("R$ 3.000,00"),
        "{message}"
    );
}

async fn alert(owner: &Caller) -> Value {
    read_json(owner.get("/api/tenant/stats").await).await.1["performanceAlert"].clone()
}

async fn inject(owner: &Caller, robot: &str) -> Value {
    let response = owner
        .http
        .post(format!("{}/api/robots/{robot}/inject-auth", owner.base))
        .header("x-requested-with", "fetch")
        .header("x-tenant-secret", owner.tenant_secret.as_deref().unwrap())
        .header("content-type", "application/octet-stream")
        .body(EA)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn an_inactive_auth_template_gives_robots_the_shipped_default() {
    let app = TestApp::spawn().await;
    let admin = app.as_admin().await;
    let acme = app.tenant("acme").await;
    let owner = app.owner_of(&acme).await;
    let robot = app.robot(&acme, "Robô Alfa").await.to_string();
    let (status, saved) =
        read_json(admin.patch_json("/api/robot-auth-template", json!({"version": "2.0.0", "isActive": false})).await)
            .await;
    assert_eq!(
        (status, saved["isActive"].as_bool(), saved["version"].as_str()),
        (StatusCode::OK, Some(false), Some("2.0.0"))
    );
    let (_, shown) = read_json(admin.get("/api/robot-auth-template").await).await;
    assert_eq!(
        (shown["isActive"].as_bool(), shown["version"].as_str()),
        (Some(false), Some("2.0.0")),
        "the admin sees the stored one"
    );
    assert_eq!(inject(&owner, &robot).await["templateVersion"], shared::repositories::auth_template::SHIPPED_VERSION);

    let (status, saved) =
        read_json(admin.patch_json("/api/robot-auth-template", json!({"isActive": true})).await).await;
    assert_eq!((status, saved["isActive"].as_bool()), (StatusCode::OK, Some(true)));
    assert_eq!(inject(&owner, &robot).await["templateVersion"], "2.0.0");
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    let audited: Vec<Value> =
        sqlx::query_scalar("SELECT changes FROM audit_log WHERE entity = 'robot_auth_template' ORDER BY created_at")
            .fetch_all(&mut *tx)
            .await
            .unwrap();
    assert_eq!(audited.len(), 2);
    assert!(audited.iter().all(|c| c.to_string().contains("isActive")), "{audited:?}");
}

#[tokio::test]
async fn the_admin_reads_and_sets_last_charge_attempt_and_an_edit_without_it_keeps_it() {
    let app = TestApp::spawn().await;
    let admin = app.as_admin().await;
    let acme = app.tenant("acme").await;
    let body = |extra: Value| {
        let mut body = json!({"tenantId": acme.id, "origin": "hotmart", "amount": "97.00", "recurrence": "monthly",
                              "status": "active", "externalId": "SUBLCA1"});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    let (status, created) =
        read_json(admin.post("/api/subscriptions", body(json!({"lastChargeAttempt": "2026-11-20T10:30:00Z"}))).await)
            .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["lastChargeAttempt"], "2026-11-20T10:30:00Z");
    let id = created["id"].as_str().unwrap();
    let (status, edited) =
        read_json(admin.patch_json(&format!("/api/subscriptions/{id}"), body(json!({"amount": "99.00"}))).await).await;
    assert_eq!((status, edited["lastChargeAttempt"].as_str()), (StatusCode::OK, Some("2026-11-20T10:30:00Z")), "kept");
    let (status, body_bad) = read_json(
        admin.patch_json(&format!("/api/subscriptions/{id}"), body(json!({"lastChargeAttempt": "ontem"}))).await,
    )
    .await;
    assert_eq!(
        (status, body_bad["fields"]["lastChargeAttempt"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Data inválida"))
    );
    let (_, cleared) =
        read_json(admin.patch_json(&format!("/api/subscriptions/{id}"), body(json!({"lastChargeAttempt": ""}))).await)
            .await;
    assert!(cleared["lastChargeAttempt"].is_null());
    // The owner's list carries it too.
    let (_, page) = read_json(app.owner_of(&acme).await.get("/api/tenant/subscriptions").await).await;
    assert!(page["items"].as_array().unwrap().iter().all(|s| s.get("lastChargeAttempt").is_some()));
}
