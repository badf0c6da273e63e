//! The client portal API: licenses with the active version, downloads of the
//! compiled robot only (recorded for the owner), account changes within the
//! tenant's limits (and the robot's next check following them), subscription
//! cancellation, password reset; another client gets 404 for every id.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{fake_ex5, join_all, json as read_json, Caller, Part, TenantFixture, TenantRows, TestApp};

struct Portal {
    app: TestApp,
    acme: TenantFixture,
    rows: TenantRows,
    owner: Caller,
    client: Caller,
}

async fn portal() -> Portal {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    let rows = app.rows_of(&acme, robot).await;
    let owner = app.owner_of(&acme).await;
    let client = app.client_of(&acme).await;
    Portal { app, acme, rows, owner, client }
}

async fn upload(p: &Portal, version: &str, bytes: &[u8]) {
    let parts = [
        Part::File { field: "file", name: &format!("Alfa {version}.ex5"), bytes },
        Part::Text { field: "version", value: version },
        Part::Text { field: "notes", value: &format!("Novidades da {version}") },
    ];
    let response = p
        .owner
        .send_multipart(Method::POST, &format!("/api/tenant/robots/{}/versions/upload", p.rows.robot), &parts)
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

async fn sql(app: &TestApp, tenant: Uuid, statement: &str) {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(statement.to_string())).execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn the_client_downloads_the_active_version_and_the_owner_sees_it() {
    let p = portal().await;
    let path = format!("/api/client/download/{}", p.rows.license);
    let (status, body) = read_json(p.client.get(&path).await).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::NOT_FOUND, Some("Este robô ainda não tem uma versão disponível para download."))
    );

    let (v1, v2) = (fake_ex5(1), fake_ex5(2));
    upload(&p, "1.0.0", &v1).await;
    upload(&p, "2.0.0", &v2).await;
    let response = p.client.get(&path).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-disposition"].to_str().unwrap().contains("Alfa 1.0.0.ex5"));
    assert_eq!(response.bytes().await.unwrap().as_ref(), v1.as_slice(), "the active version (the first)");

    let activate = format!("/api/tenant/robots/{}/active-version", p.rows.robot);
    assert_eq!(p.owner.patch_json(&activate, json!({"version": "2.0.0"})).await.status(), StatusCode::OK);
    let (_, licenses) = read_json(p.client.get("/api/client/licenses").await).await;
    let card = &licenses["licenses"][0];
    assert_eq!((card["robotVersion"].as_str(), card["lastDownloadedVersion"].as_str()), (Some("2.0.0"), Some("1.0.0")));
    assert_eq!(card["updateAvailable"], true, "a newer version than the one downloaded");
    assert_eq!(card["changelog"], "Novidades da 2.0.0");
    assert!(licenses["webRequestUrl"].as_str().unwrap().starts_with("https://"));
    assert_eq!(p.client.get(&path).await.bytes().await.unwrap().as_ref(), v2.as_slice());
    let (_, licenses) = read_json(p.client.get("/api/client/licenses").await).await;
    assert_eq!(licenses["licenses"][0]["updateAvailable"], false);

    let (_, details) = read_json(p.owner.get(&format!("/api/tenant/clients/{}/details", p.rows.client)).await).await;
    let versions: Vec<&str> =
        details["downloads"].as_array().unwrap().iter().map(|d| d["version"].as_str().unwrap()).collect();
    assert_eq!(versions, ["2.0.0", "1.0.0"], "who downloaded which version, newest first");
}

#[tokio::test]
async fn downloads_are_refused_for_expired_or_cancelled_licenses_and_other_clients() {
    let p = portal().await;
    upload(&p, "1.0.0", &fake_ex5(1)).await;
    let path = format!("/api/client/download/{}", p.rows.license);
    let other = {
        // Another client of the same tenant, with their own password.
        let created = p
            .owner
            .post(
                "/api/tenant/clients",
                json!({"name": "Outro", "email": "outro@example.com", "password": "outro-123"}),
            )
            .await;
        assert_eq!(created.status(), StatusCode::CREATED);
        let caller = p.app.anonymous();
        let login = caller
            .http
            .post(p.app.url(&format!("/api/client-auth/login?tenant={}", p.acme.url)))
            .json(&json!({"email": "outro@example.com", "password": "outro-123"}))
            .send()
            .await
            .unwrap();
        assert_eq!(login.status(), StatusCode::OK);
        caller
    };
    assert_eq!(other.get(&path).await.status(), StatusCode::NOT_FOUND, "another client's license");
    // Nor can they move it or cancel this client's subscription: every id of this client is unknown to them.
    let account = other
        .http
        .patch(p.app.url(&format!("/api/client/licenses/{}/account", p.rows.license)))
        .json(&json!({"accountNumber": "999"}))
        .send()
        .await
        .unwrap();
    assert_eq!(account.status(), StatusCode::NOT_FOUND);
    let cancel = other
        .http
        .patch(p.app.url(&format!("/api/client/subscriptions/{}/cancel", p.rows.subscription)))
        .header("x-requested-with", "t")
        .send()
        .await
        .unwrap();
    assert_eq!(cancel.status(), StatusCode::NOT_FOUND);
    let (_, theirs) = read_json(other.get("/api/client/licenses").await).await;
    assert_eq!(theirs["licenses"], json!([]), "their list holds none of this client's licenses");
    assert_eq!(p.client.get("/api/client/download/not-a-uuid").await.status(), StatusCode::NOT_FOUND);

    sql(
        &p.app,
        p.acme.id,
        &format!(
            "UPDATE tenant_client_robots SET expiration_date = now() - interval '1 day' WHERE id = '{}'",
            p.rows.license
        ),
    )
    .await;
    let (status, body) = read_json(p.client.get(&path).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(body["message"].as_str().unwrap().contains("licenças ativas ou de teste"));
    sql(
        &p.app,
        p.acme.id,
        &format!(
            "UPDATE tenant_client_robots SET expiration_date = NULL, status = 'cancelled' WHERE id = '{}'",
            p.rows.license
        ),
    )
    .await;
    assert_eq!(p.client.get(&path).await.status(), StatusCode::FORBIDDEN);
    let downloads = {
        let mut tx = db::begin(&p.app.db.app_pool, Scope::worker_for(p.acme.id)).await.unwrap();
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM robot_downloads").fetch_one(&mut *tx).await.unwrap()
    };
    assert_eq!(downloads, 0, "refusals record nothing");
}

async fn check(app: &TestApp, tenant: &TenantFixture, robot: Uuid, account: u64) -> Value {
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
async fn account_changes_follow_the_limits_and_the_next_check_follows_the_account() {
    let p = portal().await;
    let path = format!("/api/client/licenses/{}/account", p.rows.license);
    let (status, body) = read_json(p.client.patch_json(&path, json!({"accountNumber": ""})).await).await;
    assert_eq!(
        (status, body["fields"]["accountNumber"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Número da conta é obrigatório"))
    );

    // The first binding is free; the robot's next check follows it.
    let (status, bound) = read_json(p.client.patch_json(&path, json!({"accountNumber": "1110001"})).await).await;
    assert_eq!((status, bound["accountNumber"].as_str()), (StatusCode::OK, Some("1110001")));
    assert_eq!(check(&p.app, &p.acme, p.rows.robot, 1110001).await["valid"], true);

    // A change: the old account is refused at once, the new one valid.
    let (status, _) = read_json(p.client.patch_json(&path, json!({"accountNumber": "2220002"})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(check(&p.app, &p.acme, p.rows.robot, 1110001).await["code"], "NOT_RECOGNIZED");
    assert_eq!(check(&p.app, &p.acme, p.rows.robot, 2220002).await["valid"], true);

    // Inside the cooldown: refused with the time it opens again; nothing changes.
    let (status, body) = read_json(p.client.patch_json(&path, json!({"accountNumber": "3330003"})).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(body["message"].as_str().unwrap().contains("Uma nova troca estará disponível em"), "{body}");
    assert_eq!(check(&p.app, &p.acme, p.rows.robot, 2220002).await["valid"], true);

    // The tenant shortens its cooldown to none; the period's limit (3 changes) still holds.
    let policy = json!({"settings": {"accountChangeCooldownHours": 0, "accountChangesPerPeriod": 3}});
    assert_eq!(p.owner.patch_json("/api/tenant/settings", policy).await.status(), StatusCode::OK);
    for account in ["3330003", "4440004"] {
        let (status, _) = read_json(p.client.patch_json(&path, json!({"accountNumber": account})).await).await;
        assert_eq!(status, StatusCode::OK, "{account}");
    }
    let (status, body) = read_json(p.client.patch_json(&path, json!({"accountNumber": "5550005"})).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(body["message"].as_str().unwrap().contains("Limite de trocas de conta atingido"), "{body}");
    assert_eq!(
        check(&p.app, &p.acme, p.rows.robot, 4440004).await["valid"],
        true,
        "the refused change changed nothing"
    );
    // The owner rebinds freely.
    let owner_switch = format!("/api/tenant/licenses/{}/switch-account", p.rows.license);
    assert_eq!(p.owner.patch_json(&owner_switch, json!({"accountNumber": "5550005"})).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn two_account_changes_at_once_count_as_two() {
    let p = portal().await;
    let bind = p
        .client
        .patch_json(&format!("/api/client/licenses/{}/account", p.rows.license), json!({"accountNumber": "100"}))
        .await;
    assert_eq!(bind.status(), StatusCode::OK, "the first binding");
    let url = p.app.url(&format!("/api/client/licenses/{}/account", p.rows.license));
    let statuses = join_all(["200", "300"].map(|account| {
        let (http, url) = (p.client.http.clone(), url.clone());
        async move { http.patch(url).json(&json!({"accountNumber": account})).send().await.unwrap().status() }
    }))
    .await;
    // The license row is locked for each change: the second sees the first and its cooldown.
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(), 1, "{statuses:?}");
}

#[tokio::test]
async fn a_client_cancels_only_their_own_active_subscription_once() {
    let p = portal().await;
    let (_, list) = read_json(p.client.get("/api/client/subscriptions").await).await;
    assert_eq!(list[0]["status"], "active");
    assert_eq!(list[0]["amount"], "97.00");
    let path = format!("/api/client/subscriptions/{}/cancel", p.rows.subscription);

    let beta = p.app.tenant("beta").await;
    let stranger = p.app.client_of(&beta).await;
    let response = stranger.http.patch(p.app.url(&path)).header("x-requested-with", "t").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND, "another tenant's client");

    let cancel =
        || async { p.client.http.patch(p.app.url(&path)).header("x-requested-with", "t").send().await.unwrap() };
    let (status, cancelled) = read_json(cancel().await).await;
    assert_eq!((status, cancelled["subscription"]["status"].as_str()), (StatusCode::OK, Some("cancelled")));
    assert!(cancelled["subscription"]["cancellationDate"].is_string());
    // A subscription the seller bills: cancelled here, nothing to tell Hotmart.
    assert_eq!(cancelled["outcome"], "cancelled");
    assert_eq!(cancelled["message"], "Assinatura cancelada. O vendedor foi avisado.");
    let (status, body) = read_json(cancel().await).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::CONFLICT, Some("Esta assinatura não está ativa e não pode ser cancelada."))
    );
    let (_, dashboard) = read_json(p.client.get("/api/client/dashboard").await).await;
    assert_eq!((dashboard["activeSubscriptions"].as_i64(), dashboard["activeLicenses"].as_i64()), (Some(0), Some(1)));
}

#[tokio::test]
async fn a_client_resets_the_password_with_the_token_shown_in_development() {
    let p = portal().await;
    let http = p.app.browser();
    let forgot_url = p.app.url(&format!("/api/client-auth/forgot-password?tenant={}", p.acme.url));
    let forgot = |email: &str| {
        let request = http.post(&forgot_url).json(&json!({ "email": email }));
        async move { read_json(request.send().await.unwrap()).await }
    };
    let (status, unknown) = forgot("ninguem@example.com").await;
    assert_eq!(status, StatusCode::OK);
    assert!(unknown.get("resetToken").is_none());
    let (_, known) = forgot(&p.acme.client_email).await;
    assert_eq!(known["message"], unknown["message"]);
    let token = known["resetToken"].as_str().expect("development hosts show the token").to_string();

    let reset_url = p.app.url("/api/client-auth/reset-password");
    let reset = |token: String, password: &'static str| {
        let request = http.post(&reset_url).json(&json!({"token": token, "newPassword": password}));
        async move { read_json(request.send().await.unwrap()).await }
    };
    let (status, body) = reset(token.clone(), "123").await;
    assert_eq!(
        (status, body["fields"]["newPassword"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Senha deve ter no mínimo 6 caracteres"))
    );
    let (status, _) = reset(token.clone(), "nova-senha-1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(p.client.get("/api/client-auth/me").await.status(), StatusCode::UNAUTHORIZED, "sessions end");
    let (status, _) = reset(token, "outra-senha-2").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "once");
    let login = p
        .app
        .client_login("login", &p.acme.url, json!({"email": p.acme.client_email, "password": "nova-senha-1"}))
        .await;
    assert_eq!(login.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_license_whose_robot_never_checked_in_has_no_installation_state_until_it_does() {
    let p = portal().await;
    let state_of = || async {
        let (status, body) = read_json(p.client.get("/api/client/licenses").await).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let card = body["licenses"].as_array().unwrap().iter().find(|l| l["id"] == json!(p.rows.license)).cloned();
        card.expect("the license's card")["installationState"].clone()
    };
    // Bound to an account, but its robot never called: no state (not "Encerrada").
    let path = format!("/api/client/licenses/{}/account", p.rows.license);
    assert_eq!(p.client.patch_json(&path, json!({"accountNumber": "7770007"})).await.status(), StatusCode::OK);
    assert_eq!(state_of().await, Value::Null);
    assert_eq!(check(&p.app, &p.acme, p.rows.robot, 7770007).await["valid"], true);
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let mut state = state_of().await;
    for _ in 0..30 {
        if state != Value::Null {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        state = state_of().await;
    }
    assert_eq!(state, json!("valid"), "after its first check the robot's installation is valid");
}

/// The license's card as the signed-in client reads it.
async fn card(p: &Portal) -> Value {
    let (status, body) = read_json(p.client.get("/api/client/licenses").await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["licenses"].as_array().unwrap().iter().find(|l| l["id"] == json!(p.rows.license)).cloned().expect("card")
}

/// Waits for the check log's writer (batched every second) to show a check.
async fn last_check_where(p: &Portal, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..40 {
        let last = card(p).await["lastCheck"].clone();
        if done(&last) {
            return last;
        }
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    }
    card(p).await["lastCheck"].clone()
}

#[tokio::test]
async fn the_card_shows_the_robot_s_last_check_its_account_and_what_it_was_told() {
    let p = portal().await;
    assert_eq!(card(&p).await["lastCheck"], Value::Null, "never checked: 'Ainda não conectado'");
    let path = format!("/api/client/licenses/{}/account", p.rows.license);
    assert_eq!(p.client.patch_json(&path, json!({"accountNumber": "7770007"})).await.status(), StatusCode::OK);
    let before = chrono::Utc::now() - chrono::Duration::seconds(2);
    assert_eq!(check(&p.app, &p.acme, p.rows.robot, 7770007).await["valid"], true);
    let last = last_check_where(&p, |l| !l.is_null()).await;
    assert_eq!(
        (last["mtAccount"].as_str(), last["valid"].as_bool(), last["code"].as_str()),
        (Some("7770007"), Some(true), Some("OK")),
        "{last}"
    );
    let at: chrono::DateTime<chrono::Utc> = last["at"].as_str().unwrap().parse().unwrap();
    assert!(at >= before && at <= chrono::Utc::now(), "{at}");

    // A copy on another account is refused; the card keeps showing the bound account's state.
    assert_eq!(check(&p.app, &p.acme, p.rows.robot, 9990009).await["code"], "NOT_RECOGNIZED");
    // The license is cancelled: the bound robot's next check is told so, and the buyer sees why.
    sql(
        &p.app,
        p.acme.id,
        &format!("UPDATE tenant_client_robots SET status = 'cancelled' WHERE id = '{}'", p.rows.license),
    )
    .await;
    assert_eq!(check(&p.app, &p.acme, p.rows.robot, 7770007).await["code"], "CANCELLED");
    let last = last_check_where(&p, |l| l["code"] == "CANCELLED").await;
    assert_eq!(
        (last["mtAccount"].as_str(), last["valid"].as_bool(), last["code"].as_str()),
        (Some("7770007"), Some(false), Some("CANCELLED")),
        "{last}"
    );

    // Another tenant's client never sees this license or its checks.
    let other = p.app.tenant("other").await;
    let stranger = p.app.client_of(&other).await;
    let (_, theirs) = read_json(stranger.get("/api/client/licenses").await).await;
    assert!(
        !theirs.to_string().contains(&p.rows.license.to_string()) && !theirs.to_string().contains("7770007"),
        "{theirs}"
    );
}

#[tokio::test]
async fn the_card_says_when_the_download_is_a_personal_build_that_asks_no_e_mail() {
    let p = portal().await;
    upload(&p, "1.0.0", &crate::support::fake_ex5(7)).await;
    assert_eq!(card(&p).await["personalBuild"], false, "the shared file: the buyer types the purchase e-mail");
    let build = |status: &str| {
        format!(
            "INSERT INTO license_builds (id, tenant_id, license_id, robot_version_id, build_mark, status)
             SELECT gen_random_uuid(), tenant_id, '{}', id, md5(random()::text), '{status}'
               FROM robot_versions WHERE robot_id = '{}' AND version = '1.0.0'",
            p.rows.license, p.rows.robot
        )
    };
    sql(&p.app, p.acme.id, &build("failed")).await;
    assert_eq!(card(&p).await["personalBuild"], false, "a failed build falls back to the shared file");
    sql(&p.app, p.acme.id, &build("ready")).await;
    assert_eq!(card(&p).await["personalBuild"], true);
}

#[tokio::test]
async fn the_buyer_sees_the_seller_s_contact_e_mail_and_only_their_seller_s() {
    let p = portal().await;
    let contact = |body: &Value| body["sellerContactEmail"].clone();
    let (_, before) = read_json(p.client.get("/api/client/dashboard").await).await;
    assert_eq!(contact(&before), Value::Null, "none set: nothing invented");
    let saved =
        p.owner.patch_json("/api/tenant/settings", json!({"settings": {"contactEmail": "suporte@acme.com"}})).await;
    assert!(saved.status().is_success(), "{}", saved.text().await.unwrap());
    let (_, after) = read_json(p.client.get("/api/client/dashboard").await).await;
    assert_eq!(contact(&after), json!("suporte@acme.com"));
    let other = p.app.tenant("other").await;
    let (_, theirs) = read_json(p.app.client_of(&other).await.get("/api/client/dashboard").await).await;
    assert_ne!(contact(&theirs), json!("suporte@acme.com"), "{theirs}");
}

#[tokio::test]
async fn each_card_states_the_seller_s_account_change_limits() {
    let p = portal().await;
    let limit = |card: &Value| card["accountChangeLimit"].clone();
    assert_eq!(
        limit(&card(&p).await),
        json!({"changesPerPeriod": 3, "periodDays": 30, "cooldownHours": 24}),
        "the defaults"
    );
    let saved = p
        .owner
        .patch_json(
            "/api/tenant/settings",
            json!({"settings": {"accountChangesPerPeriod": 1, "accountChangePeriodDays": 90, "accountChangeCooldownHours": 48}}),
        )
        .await;
    assert!(saved.status().is_success(), "{}", saved.text().await.unwrap());
    assert_eq!(limit(&card(&p).await), json!({"changesPerPeriod": 1, "periodDays": 90, "cooldownHours": 48}));
}
