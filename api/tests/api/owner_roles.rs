//! Owner roles (issue 24, docs/owner-roles.md): Suporte and Financeiro get
//! what the matrix gives them and a pt-BR 403 for the rest, and the database
//! refuses a non-admin owner's writes to settings and robots even if the api
//! forgot to ask. (Every operation × role is covered by the isolation matrix.)

use reqwest::StatusCode;
use serde_json::json;
use shared::domain::status::OwnerRole;
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{json as read_json, TestApp};

#[tokio::test]
async fn support_works_with_clients_and_licenses_and_is_told_why_settings_are_closed() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let support = app.owner_with_role(&acme, OwnerRole::Support).await;
    let (status, created) = read_json(
        support
            .post("/api/tenant/clients", json!({"name": "Cliente do Suporte", "email": "suporte.cliente@example.com", "password": "senha-forte-123"}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let (status, refused) =
        read_json(support.patch_json("/api/tenant/settings", json!({"displayName": "Invadido"})).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(refused["message"], "Seu perfil (Suporte) não permite esta ação. Peça a um administrador da conta.");
    let (status, _) = read_json(support.get("/api/tenant/sales").await).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "no sales for support");
    let (_, settings) = read_json(app.owner_of(&acme).await.get("/api/tenant/settings").await).await;
    assert_ne!(settings["displayName"], "Invadido");

    let financial = app.owner_with_role(&acme, OwnerRole::Financial).await;
    assert_eq!(financial.get("/api/tenant/sales").await.status(), StatusCode::OK);
    assert_eq!(financial.get("/api/tenant/clients").await.status(), StatusCode::OK, "reads elsewhere");
    let refused = financial.post("/api/tenant/clients", json!({"name": "X", "email": "x@example.com"})).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN, "but does not change clients");
}

/// The owner scope as the api opens it for `owner` of `tenant`.
async fn as_owner(app: &TestApp, tenant: Uuid, owner: Uuid) -> shared::infrastructure::db::Tx {
    db::begin(&app.db.app_pool, Scope::owner(tenant, owner)).await.unwrap()
}

async fn owner_id(app: &TestApp, tenant: Uuid, role: &str) -> Uuid {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    let id = sqlx::query_scalar("SELECT id FROM tenant_owners WHERE role = $1 LIMIT 1")
        .bind(role)
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    id
}

#[tokio::test]
async fn the_database_refuses_a_support_owners_writes_to_settings_and_robots() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    app.owner_with_role(&acme, OwnerRole::Support).await;
    let support = owner_id(&app, acme.id, "support").await;
    let admin = owner_id(&app, acme.id, "admin").await;

    let mut tx = as_owner(&app, acme.id, support).await;
    let updated = sqlx::query("UPDATE tenants SET display_name = 'Invadido' WHERE id = $1")
        .bind(acme.id)
        .execute(&mut *tx)
        .await
        .unwrap();
    assert_eq!(updated.rows_affected(), 0, "a support owner's UPDATE of the settings touches nothing");
    let insert = sqlx::query("INSERT INTO tenant_robots (id, tenant_id, name) VALUES ($1, $2, 'Intruso')")
        .bind(Uuid::now_v7())
        .bind(acme.id)
        .execute(&mut *tx)
        .await;
    let code = insert.unwrap_err().as_database_error().and_then(|e| e.code().map(|c| c.to_string()));
    assert_eq!(code.as_deref(), Some("42501"), "row-level security refuses the robot");
    drop(tx);
    let mut tx = as_owner(&app, acme.id, support).await;
    let visible: i64 = sqlx::query_scalar("SELECT count(*) FROM tenants").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(visible, 1, "it can still read its tenant");
    drop(tx);

    let mut tx = as_owner(&app, acme.id, admin).await;
    let updated = sqlx::query("UPDATE tenants SET display_name = 'Acme Oficial' WHERE id = $1")
        .bind(acme.id)
        .execute(&mut *tx)
        .await
        .unwrap();
    assert_eq!(updated.rows_affected(), 1, "the admin owner can");
}
