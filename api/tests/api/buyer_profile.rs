//! The buyer's own profile, password and purchase history (client portal):
//! renaming audited as the buyer, a password change checked and throttled
//! like a login that ends the buyer's other sessions, a first password for
//! an account that came by purchase id, and purchases of the caller only.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{json as read_json, Caller, TestApp, PASSWORD};

async fn scalar<T>(app: &TestApp, sql: &str) -> T
where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
{
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    let value: T = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    value
}

async fn change_password(client: &Caller, current: Option<&str>, new: &str) -> (StatusCode, Value) {
    let mut body = json!({ "newPassword": new });
    if let Some(current) = current {
        body["currentPassword"] = json!(current);
    }
    read_json(client.post("/api/client/password", body).await).await
}

#[tokio::test]
async fn a_buyer_sees_and_renames_their_profile_audited_as_themselves() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let client = app.client_of(&acme).await;

    let (status, profile) = read_json(client.get("/api/client/profile").await).await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    assert_eq!(profile["email"], acme.client_email.as_str());
    assert_eq!(profile["hasPassword"], true);
    assert!(profile["createdAt"].is_string());
    let original = profile["name"].as_str().unwrap().to_string();

    for (name, message) in
        [("   ", "Nome é obrigatório"), (&"a".repeat(101)[..], "Nome deve ter no máximo 100 caracteres")]
    {
        let (status, body) = read_json(client.patch_json("/api/client/profile", json!({ "name": name })).await).await;
        assert_eq!((status, body["fields"]["name"].as_str()), (StatusCode::BAD_REQUEST, Some(message)), "{body}");
    }
    let (_, unchanged) = read_json(client.get("/api/client/profile").await).await;
    assert_eq!(unchanged["name"], original.as_str(), "a refused name changes nothing");

    let (status, renamed) =
        read_json(client.patch_json("/api/client/profile", json!({ "name": "  Maria Souza " })).await).await;
    assert_eq!((status, renamed["name"].as_str()), (StatusCode::OK, Some("Maria Souza")), "{renamed}");
    let (_, me) = read_json(client.get("/api/client-auth/me").await).await;
    assert_eq!(me["user"]["name"], "Maria Souza", "the session shows the new name");

    let audited: String = scalar(
        &app,
        &format!(
            "SELECT actor_kind || '|' || actor_id || '|' || changes::text FROM audit_log
              WHERE entity = 'client' AND entity_id = '{}'",
            acme.client_id
        ),
    )
    .await;
    assert!(audited.starts_with(&format!("client|{}|", acme.client_id)), "{audited}");
    assert!(audited.contains("Maria Souza") && audited.contains(&original), "before and after: {audited}");

    // Another tenant's buyer renames only themselves.
    let beta = app.tenant("beta").await;
    let other = app.client_of(&beta).await;
    let (status, _) = read_json(other.patch_json("/api/client/profile", json!({ "name": "Outro" })).await).await;
    assert_eq!(status, StatusCode::OK);
    let (_, still) = read_json(client.get("/api/client/profile").await).await;
    assert_eq!(still["name"], "Maria Souza");
    assert_eq!(app.anonymous().get("/api/client/profile").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_password_change_checks_the_current_one_and_ends_the_other_sessions() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let here = app.client_of(&acme).await;
    let elsewhere = app.client_of(&acme).await;

    let (status, body) = change_password(&here, Some("errada123"), "novaSenha1").await;
    assert_eq!(
        (status, body["fields"]["currentPassword"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Senha atual incorreta"))
    );
    let (status, body) = change_password(&here, None, "novaSenha1").await;
    assert_eq!(
        (status, body["fields"]["currentPassword"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Senha atual é obrigatória"))
    );
    let (status, body) = change_password(&here, Some(PASSWORD), "12345").await;
    assert_eq!(
        (status, body["fields"]["newPassword"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Senha deve ter no mínimo 6 caracteres"))
    );
    assert_eq!(elsewhere.get("/api/client/profile").await.status(), StatusCode::OK, "nothing changed yet");

    let (status, body) = change_password(&here, Some(PASSWORD), "novaSenha1").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(here.get("/api/client/profile").await.status(), StatusCode::OK, "this session stays");
    assert_eq!(elsewhere.get("/api/client/profile").await.status(), StatusCode::UNAUTHORIZED, "the other one ended");

    let login = |password: &str| {
        app.client_login("login", &acme.url, json!({ "email": acme.client_email, "password": password }))
    };
    assert_eq!(login(PASSWORD).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(login("novaSenha1").await.status(), StatusCode::OK);

    let audited: String = scalar(
        &app,
        &format!(
            "SELECT string_agg(changes::text, ' ') FROM audit_log WHERE entity = 'client' AND entity_id = '{}'",
            acme.client_id
        ),
    )
    .await;
    assert!(audited.contains("*** (alterada)"), "{audited}");
    assert!(!audited.contains("argon2"), "never the hash: {audited}");
}

#[tokio::test]
async fn wrong_current_passwords_count_as_failed_logins_of_the_account() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let client = app.client_of(&acme).await;
    let limit = app.state.config.login_limits.per_account_and_ip;
    for attempt in 0..limit {
        let (status, _) = change_password(&client, Some(&format!("chute{attempt}")), "novaSenha1").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "attempt {attempt}");
    }
    // Past the limit even the right password is not compared: no guessing through this form.
    let (status, body) = change_password(&client, Some(PASSWORD), "novaSenha1").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let (status, _) = read_json(
        app.client_login("login", &acme.url, json!({ "email": acme.client_email, "password": "novaSenha1" })).await,
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the password did not change");
}

#[tokio::test]
async fn a_buyer_who_came_by_purchase_id_sets_a_first_password_without_a_current_one() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    app.sql_in(acme.id, &format!("UPDATE tenant_clients SET password = NULL WHERE id = '{}'", acme.client_id)).await;
    let browser = app.browser();
    let signed_in = app.purchase_login(&browser, &acme, &acme.client_email, &acme.purchase_id).await;
    assert_eq!(signed_in.status(), StatusCode::OK);
    let client = Caller { base: app.base.clone(), http: browser, tenant_secret: None };

    let (_, profile) = read_json(client.get("/api/client/profile").await).await;
    assert_eq!(profile["hasPassword"], false);
    let (status, body) = change_password(&client, None, "primeira1").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, profile) = read_json(client.get("/api/client/profile").await).await;
    assert_eq!(profile["hasPassword"], true);
    // From now on the current one is asked for.
    let (status, _) = change_password(&client, None, "segunda12").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let login =
        app.client_login("login", &acme.url, json!({ "email": acme.client_email, "password": "primeira1" })).await;
    assert_eq!(login.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_purchase_history_lists_only_the_callers_purchases_newest_first() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let beta = app.tenant("beta").await;
    let robot = app.robot(&acme, "Robô Tendência").await;
    app.rows_of(&acme, robot).await; // links the seeded sale to a license of the robot
                                     // A newer sale of the same buyer, and one of another buyer of the same tenant.
    let newer = Uuid::now_v7();
    app.sql_in(
        acme.id,
        &format!(
            "INSERT INTO tenant_sales (id, tenant_id, client_id, external_id, origin, gross_amount, amount_paid_by_customer,
                                       sale_date, status, payment_method)
             VALUES ('{newer}', '{tenant}', '{client}', 'MANUAL-2', 'manual', 497.00, 497.00, now() + interval '1 minute',
                     'pending', 'pix')",
            tenant = acme.id,
            client = acme.client_id,
        ),
    )
    .await;
    let stranger = Uuid::now_v7();
    app.sql_in(
        acme.id,
        &format!(
            "INSERT INTO tenant_clients (id, tenant_id, name, email) VALUES ('{stranger}', '{tenant}', 'Outro', 'outro@example.com')",
            tenant = acme.id,
        ),
    )
    .await;
    app.sql_in(
        acme.id,
        &format!(
            "INSERT INTO tenant_sales (id, tenant_id, client_id, external_id, origin, gross_amount)
             VALUES (gen_random_uuid(), '{tenant}', '{stranger}', 'HP-DE-OUTRO', 'hotmart', 97.00)",
            tenant = acme.id,
        ),
    )
    .await;

    let client = app.client_of(&acme).await;
    let (status, page) = read_json(client.get("/api/client/purchases").await).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["total"], 2, "{page}");
    let items = page["items"].as_array().unwrap();
    assert_eq!(items[0]["id"], newer.to_string(), "newest first");
    assert_eq!(
        (items[0]["amount"].as_str(), items[0]["status"].as_str(), items[0]["statusLabel"].as_str()),
        (Some("497.00"), Some("pending"), Some("Pendente"))
    );
    assert_eq!(
        (items[0]["platform"].as_str(), items[0]["platformLabel"].as_str()),
        (Some("manual"), Some("Venda direta"))
    );
    assert_eq!(items[1]["externalId"], acme.purchase_id.as_str());
    assert_eq!(items[1]["robotName"], "Robô Tendência");
    assert!(!page.to_string().contains("HP-DE-OUTRO"), "another buyer's sale never shows");

    let (_, paged) = read_json(client.get("/api/client/purchases?page=2&pageSize=1").await).await;
    assert_eq!((paged["items"].as_array().unwrap().len(), paged["total"].as_i64()), (1, Some(2)));

    let (_, theirs) = read_json(app.client_of(&beta).await.get("/api/client/purchases").await).await;
    assert_eq!(theirs["total"], 1, "beta's buyer sees their own sale only");
    assert!(!theirs.to_string().contains(&acme.purchase_id), "{theirs}");
    assert_eq!(app.anonymous().get("/api/client/purchases").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.owner_of(&acme).await.get("/api/client/purchases").await.status(), StatusCode::UNAUTHORIZED);
}
