//! Seat management (decision 0023): the owner's seat policy per robot and
//! per license, the seats a license is bound to, freed by the owner freely
//! and by the buyer within the seller's account-change limits, added by the
//! buyer for robots confirmed in the portal; every other tenant or client
//! gets 404, and the database itself hides the rows from them.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{json as read_json, Caller, TenantFixture, TenantRows, TestApp};

struct Shop {
    app: TestApp,
    acme: TenantFixture,
    rows: TenantRows,
    owner: Caller,
    client: Caller,
}

async fn shop(binding_policy: &str) -> Shop {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot_with_policy(&acme, "Robô Alfa", binding_policy).await;
    let rows = app.rows_of(&acme, robot).await;
    let owner = app.owner_of(&acme).await;
    let client = app.client_of(&acme).await;
    Shop { app, acme, rows, owner, client }
}

async fn scalar<T>(app: &TestApp, sql: &str) -> T
where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
{
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&mut *tx).await.unwrap()
}

/// Binds `login@server` to the license as the license check would, `seconds`
/// after a fixed start so the order is known.
#[allow(clippy::too_many_arguments)]
async fn bind(
    app: &TestApp,
    tenant: Uuid,
    license: Uuid,
    login: &str,
    server: &str,
    kind: &str,
    counted: bool,
    seconds: i32,
) {
    app.sql_in(
        tenant,
        &format!(
            "INSERT INTO license_seats (id, tenant_id, license_id, login, server, kind, counted, bound_at)
             VALUES (gen_random_uuid(), '{tenant}', '{license}', '{login}', '{server}', '{kind}', {counted},
                     timestamptz '2026-01-01 00:00:00+00' + interval '{seconds} seconds')"
        ),
    )
    .await;
}

fn seat_id(seats: &Value, login: &str) -> String {
    seats["seats"].as_array().unwrap().iter().find(|s| s["login"] == login).unwrap()["id"].as_str().unwrap().into()
}

fn logins(seats: &Value) -> Vec<String> {
    seats["seats"].as_array().unwrap().iter().map(|s| s["login"].as_str().unwrap().to_string()).collect()
}

async fn first_seat(s: &Shop) -> (Option<String>, Option<String>) {
    let mut tx = db::begin(&s.app.db.app_pool, Scope::worker_for(s.acme.id)).await.unwrap();
    sqlx::query_as("SELECT account_number, account_server FROM tenant_client_robots WHERE id = $1")
        .bind(s.rows.license)
        .fetch_one(&mut *tx)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_robot_seat_policy_is_validated_and_replaced_whole() {
    let s = shop("portal").await;
    let path = format!("/api/tenant/robots/{}/seat-policy", s.rows.robot);
    let (status, policy) = read_json(s.owner.get(&path).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        policy,
        json!({"liveSeats": 1, "demoAccounts": "counted", "contestAccounts": null, "allowedBrokers": [],
               "trialDemoOnly": false}),
        "the defaults: the behaviour before seats"
    );

    // Every problem at once, on its field; nothing saved.
    let bad = json!({"liveSeats": 0, "demoAccounts": "talvez", "contestAccounts": "sim",
                     "allowedBrokers": ["XPMT5-*", "a|b"], "trialDemoOnly": true});
    let (status, body) = read_json(s.owner.put(&path, bad).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["liveSeats"], "Vagas para contas reais deve ficar entre 1 e 50.");
    assert!(body["fields"]["demoAccounts"].as_str().unwrap().starts_with("Contas demo"));
    assert!(body["fields"]["contestAccounts"].as_str().unwrap().starts_with("Contas de torneio"));
    assert!(body["fields"]["allowedBrokers"].as_str().unwrap().contains("a|b"), "{body}");
    let too_many: Vec<String> = (0..21).map(|i| format!("Corretora {i}")).collect();
    let (status, body) = read_json(
        s.owner.put(&path, json!({"liveSeats": 51, "demoAccounts": "free", "allowedBrokers": too_many})).await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["allowedBrokers"], "Informe no máximo 20 corretoras.");
    assert!(body["fields"]["liveSeats"].is_string());
    assert_eq!(read_json(s.owner.get(&path).await).await.1, policy, "refusals changed nothing");

    let good = json!({"liveSeats": 3, "demoAccounts": "free", "contestAccounts": "refused",
                      "allowedBrokers": [" XPMT5-* ", "", "xpmt5-*", "Clear Corretora"], "trialDemoOnly": true});
    let (status, saved) = read_json(s.owner.put(&path, good).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        saved,
        json!({"liveSeats": 3, "demoAccounts": "free", "contestAccounts": "refused",
               "allowedBrokers": ["XPMT5-*", "Clear Corretora"], "trialDemoOnly": true})
    );
    assert_eq!(read_json(s.owner.get(&path).await).await.1, saved);
    // PUT replaces: an absent contest rule follows the demo rule again.
    let (_, saved) = read_json(s.owner.put(&path, json!({"liveSeats": 2, "demoAccounts": "counted"})).await).await;
    assert_eq!((saved["contestAccounts"].clone(), saved["allowedBrokers"].clone()), (Value::Null, json!([])));

    let audited: i64 =
        scalar(&s.app, "SELECT count(*) FROM audit_log WHERE entity = 'robot_seat_policy' AND action = 'update'").await;
    assert_eq!(audited, 2, "each save is audited; refusals are not");
    let unknown = format!("/api/tenant/robots/{}/seat-policy", Uuid::now_v7());
    assert_eq!(s.owner.get(&unknown).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_owner_lists_overrides_and_frees_seats_and_the_first_seat_moves_on() {
    let s = shop("first_use").await;
    let (tenant, license) = (s.acme.id, s.rows.license);
    let policy = format!("/api/tenant/robots/{}/seat-policy", s.rows.robot);
    let saved = s.owner.put(&policy, json!({"liveSeats": 2, "demoAccounts": "free"})).await;
    assert_eq!(saved.status(), StatusCode::OK);
    // The first account, bound the way the endpoints before seats bind it
    // (the trigger gives it its seat), then two more as the check binds them.
    s.app
        .sql_in(
            tenant,
            &format!("UPDATE tenant_client_robots SET account_number = '111', account_server = 'Srv-1' WHERE id = '{license}'"),
        )
        .await;
    s.app.sql_in(tenant, &format!("UPDATE license_seats SET kind = 'real' WHERE license_id = '{license}'")).await;
    bind(&s.app, tenant, license, "222", "Srv-2", "demo", false, 10).await;
    bind(&s.app, tenant, license, "333", "Srv-3", "real", true, 20).await;

    let seats_path = format!("/api/tenant/licenses/{license}/seats");
    let (status, seats) = read_json(s.owner.get(&seats_path).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(logins(&seats), ["222", "333", "111"].map(String::from), "oldest first (111 was bound now)");
    assert_eq!((seats["used"].as_i64(), seats["total"].as_i64()), (Some(2), Some(2)));
    assert_eq!((seats["demoAccounts"].as_str(), seats["bindingPolicy"].as_str()), (Some("free"), Some("first_use")));
    let first = seats["seats"].as_array().unwrap().iter().find(|s| s["login"] == "111").unwrap().clone();
    assert_eq!(
        (first["server"].as_str(), first["kind"].as_str(), first["counted"].as_bool()),
        (Some("Srv-1"), Some("real"), Some(true))
    );

    // The license's own rules, validated, then cleared.
    let override_path = format!("/api/tenant/licenses/{license}/seat-policy");
    let (status, body) =
        read_json(s.owner.put(&override_path, json!({"liveSeatsOverride": 0, "demoAccountsOverride": "x"})).await)
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["liveSeatsOverride"].is_string() && body["fields"]["demoAccountsOverride"].is_string());
    let (status, seats) = read_json(
        s.owner.put(&override_path, json!({"liveSeatsOverride": 5, "demoAccountsOverride": "refused"})).await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((seats["total"].as_i64(), seats["demoAccounts"].as_str()), (Some(5), Some("refused")));
    assert_eq!((seats["liveSeatsOverride"].as_i64(), seats["robotLiveSeats"].as_i64()), (Some(5), Some(2)));
    assert_eq!(seats["contestAccounts"], "refused", "contest follows the license's demo rule");
    let (_, seats) = read_json(s.owner.put(&override_path, json!({"liveSeatsOverride": null})).await).await;
    assert_eq!((seats["total"].as_i64(), seats["demoAccounts"].as_str()), (Some(2), Some("free")));
    assert_eq!(seats["demoAccountsOverride"], Value::Null);

    // Freeing the first seat: the next counted seat becomes the first (the
    // free demo seat stays, untouched by the trigger).
    let (status, seats) = read_json(s.owner.delete(&format!("{seats_path}/{}", seat_id(&seats, "111"))).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(logins(&seats), ["222", "333"].map(String::from));
    assert_eq!(seats["used"], 1);
    assert_eq!(first_seat(&s).await, (Some("333".into()), Some("Srv-3".into())));
    // A seat that is not the first: the first stays.
    let (_, seats) = read_json(s.owner.delete(&format!("{seats_path}/{}", seat_id(&seats, "222"))).await).await;
    assert_eq!(logins(&seats), ["333"].map(String::from));
    assert_eq!(first_seat(&s).await, (Some("333".into()), Some("Srv-3".into())));
    // The last one: no first seat is left.
    let last = seat_id(&seats, "333");
    let (_, seats) = read_json(s.owner.delete(&format!("{seats_path}/{last}")).await).await;
    assert_eq!((seats["seats"].as_array().unwrap().len(), seats["used"].as_i64()), (0, Some(0)));
    assert_eq!(first_seat(&s).await, (None, None));
    let (status, body) = read_json(s.owner.delete(&format!("{seats_path}/{last}")).await).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::NOT_FOUND, Some("Conta não encontrada nesta licença")));

    let freed: i64 =
        scalar(&s.app, "SELECT count(*) FROM audit_log WHERE entity = 'license_seat' AND action = 'delete'").await;
    assert_eq!(freed, 3);
    let overrides: i64 = scalar(&s.app, "SELECT count(*) FROM audit_log WHERE entity = 'license_seat_policy'").await;
    assert_eq!(overrides, 2);
}

#[tokio::test]
async fn a_legacy_first_seat_without_a_server_hands_over_without_losing_other_seats() {
    let s = shop("first_use").await;
    let (tenant, license) = (s.acme.id, s.rows.license);
    // Bound before servers were known: the first seat has none.
    s.app
        .sql_in(tenant, &format!("UPDATE tenant_client_robots SET account_number = '0777' WHERE id = '{license}'"))
        .await;
    bind(&s.app, tenant, license, "777", "Srv-B", "demo", false, 10).await;
    bind(&s.app, tenant, license, "888", "Srv-C", "real", true, 20).await;
    let seats_path = format!("/api/tenant/licenses/{license}/seats");
    let (_, seats) = read_json(s.owner.get(&seats_path).await).await;
    let legacy = seats["seats"].as_array().unwrap().iter().find(|s| s["server"].is_null()).unwrap()["id"].clone();
    let (status, seats) = read_json(s.owner.delete(&format!("{seats_path}/{}", legacy.as_str().unwrap())).await).await;
    assert_eq!(status, StatusCode::OK);
    // The same login on another server stays and is the first seat now.
    assert_eq!(logins(&seats), ["777", "888"].map(String::from));
    assert_eq!(first_seat(&s).await, (Some("0777".into()), Some("Srv-B".into())));
}

#[tokio::test]
async fn the_buyer_adds_accounts_into_free_seats_and_frees_them_within_the_limits() {
    let s = shop("portal").await;
    let policy = format!("/api/tenant/robots/{}/seat-policy", s.rows.robot);
    assert_eq!(s.owner.put(&policy, json!({"liveSeats": 2, "demoAccounts": "counted"})).await.status(), StatusCode::OK);
    let path = format!("/api/client/licenses/{}/seats", s.rows.license);

    let (status, body) =
        read_json(s.client.post(&path, json!({"login": "0123", "server": "a|b", "tradeMode": "ao vivo"})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["login"], "A conta deve ter só números, sem zeros à esquerda (até 20 dígitos).");
    assert!(body["fields"]["server"].is_string() && body["fields"]["tradeMode"].is_string());

    let (status, seats) = read_json(s.client.post(&path, json!({"login": "5001", "server": "XPMT5-REAL"})).await).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!((seats["used"].as_i64(), seats["total"].as_i64()), (Some(1), Some(2)));
    assert_eq!(seats["seats"][0]["boundBy"], "client");
    assert_eq!(
        first_seat(&s).await,
        (Some("5001".into()), Some("XPMT5-REAL".into())),
        "the first becomes the first seat"
    );
    let (status, body) = read_json(s.client.post(&path, json!({"login": "5001", "server": "xpmt5-real"})).await).await;
    assert_eq!(
        (status, body["fields"]["login"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Esta conta já está vinculada a esta licença."))
    );
    let (status, seats) =
        read_json(s.client.post(&path, json!({"login": "5002", "server": "XPMT5-DEMO", "tradeMode": "demo"})).await)
            .await;
    assert_eq!((status, seats["used"].as_i64()), (StatusCode::CREATED, Some(2)), "demo counts on this robot");
    let (status, body) = read_json(s.client.post(&path, json!({"login": "5003", "server": "XPMT5-REAL"})).await).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["message"].as_str().unwrap().starts_with("Todas as vagas desta licença estão em uso (2 de 2)"));
    let (_, seats) = read_json(s.client.get(&path).await).await;
    assert_eq!(logins(&seats), ["5001", "5002"].map(String::from), "the refused account was not bound");

    // Freeing is an account change: the first is allowed, the next falls in the cooldown.
    let (status, seats) = read_json(s.client.delete(&format!("{path}/{}", seat_id(&seats, "5001"))).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(logins(&seats), ["5002"].map(String::from));
    assert_eq!(first_seat(&s).await, (Some("5002".into()), Some("XPMT5-DEMO".into())));
    let (status, body) = read_json(s.client.delete(&format!("{path}/{}", seat_id(&seats, "5002"))).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(body["message"].as_str().unwrap().contains("Uma nova troca estará disponível em"), "{body}");
    assert_eq!(logins(&read_json(s.client.get(&path).await).await.1), ["5002"].map(String::from), "nothing freed");
    // The freed seat is free again: adding into it is a binding, not a change.
    let (status, _) = read_json(s.client.post(&path, json!({"login": "5003", "server": "XPMT5-REAL"})).await).await;
    assert_eq!(status, StatusCode::CREATED);
    // The switch counts the same changes: its cooldown is the seats' cooldown.
    let switch = format!("/api/client/licenses/{}/account", s.rows.license);
    let switched = s.client.patch_json(&switch, json!({"accountNumber": "5004"})).await;
    assert_eq!(switched.status(), StatusCode::TOO_MANY_REQUESTS);
    let recorded: i64 =
        scalar(&s.app, "SELECT count(*) FROM license_account_changes WHERE old_account IS NOT NULL").await;
    assert_eq!(recorded, 1, "one change (the free); the three bindings are free");
    let audited: i64 = scalar(&s.app, "SELECT count(*) FROM audit_log WHERE entity = 'license_seat'").await;
    assert_eq!(audited, 4, "three bindings and one free, by the client");

    // The owner frees without limits.
    let (_, seats) = read_json(s.client.get(&path).await).await;
    let owner_path = format!("/api/tenant/licenses/{}/seats/{}", s.rows.license, seat_id(&seats, "5002"));
    assert_eq!(s.owner.delete(&owner_path).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn robots_that_bind_on_first_use_take_no_accounts_from_the_portal() {
    let s = shop("first_use").await;
    let path = format!("/api/client/licenses/{}/seats", s.rows.license);
    let (status, body) = read_json(s.client.post(&path, json!({"login": "5001", "server": "XPMT5-REAL"})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["message"].as_str().unwrap().contains("primeira verificação"));
    // Nor do cancelled licenses, in either direction.
    s.app
        .sql_in(
            s.acme.id,
            &format!("UPDATE tenant_client_robots SET status = 'cancelled' WHERE id = '{}'", s.rows.license),
        )
        .await;
    assert_eq!(s.client.post(&path, json!({"login": "5001", "server": "X"})).await.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn other_tenants_and_other_buyers_get_404_and_the_database_hides_the_seats() {
    let s = shop("portal").await;
    let (tenant, license) = (s.acme.id, s.rows.license);
    bind(&s.app, tenant, license, "4242", "Srv-1", "real", true, 0).await;
    let beta = s.app.tenant("beta").await;
    let owner_b = s.app.owner_of(&beta).await;
    let client_b = s.app.client_of(&beta).await;
    // Another buyer of the same seller.
    let created = s
        .owner
        .post("/api/tenant/clients", json!({"name": "Outro", "email": "outro@example.com", "password": "outro-123"}))
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let other_id: Uuid = created.json::<Value>().await.unwrap()["id"].as_str().unwrap().parse().unwrap();
    let other = s.app.anonymous();
    let login = other
        .http
        .post(s.app.url(&format!("/api/client-auth/login?tenant={}", s.acme.url)))
        .json(&json!({"email": "outro@example.com", "password": "outro-123"}))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), StatusCode::OK);

    let (_, seats) = read_json(s.client.get(&format!("/api/client/licenses/{license}/seats")).await).await;
    let seat = seat_id(&seats, "4242");
    let robot_policy = format!("/api/tenant/robots/{}/seat-policy", s.rows.robot);
    assert_eq!(owner_b.get(&robot_policy).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        owner_b.put(&robot_policy, json!({"liveSeats": 9, "demoAccounts": "free"})).await.status(),
        StatusCode::NOT_FOUND
    );
    let owner_seats = format!("/api/tenant/licenses/{license}/seats");
    assert_eq!(owner_b.get(&owner_seats).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(owner_b.delete(&format!("{owner_seats}/{seat}")).await.status(), StatusCode::NOT_FOUND);
    let override_path = format!("/api/tenant/licenses/{license}/seat-policy");
    assert_eq!(owner_b.put(&override_path, json!({"liveSeatsOverride": 9})).await.status(), StatusCode::NOT_FOUND);
    let client_seats = format!("/api/client/licenses/{license}/seats");
    for caller in [&client_b, &other] {
        assert_eq!(caller.get(&client_seats).await.status(), StatusCode::NOT_FOUND);
        assert_eq!(caller.delete(&format!("{client_seats}/{seat}")).await.status(), StatusCode::NOT_FOUND);
        let add = caller.post(&client_seats, json!({"login": "1", "server": "X"})).await;
        assert_eq!(add.status(), StatusCode::NOT_FOUND);
    }
    // A seat id of another license of this buyer's is not found under this license.
    let elsewhere = format!("/api/tenant/licenses/{license}/seats/{}", Uuid::now_v7());
    assert_eq!(s.owner.delete(&elsewhere).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(read_json(s.owner.get(&robot_policy).await).await.1["liveSeats"], 1, "B changed nothing");
    assert_eq!(read_json(s.client.get(&client_seats).await).await.1["seats"].as_array().unwrap().len(), 1);

    // Forced RLS, as the app role: the other buyer's and the other tenant's
    // transactions see no seat of this license and delete none.
    for scope in [Scope::client(tenant, other_id), Scope::worker_for(beta.id)] {
        let mut tx = db::begin(&s.app.db.app_pool, scope).await.unwrap();
        let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM license_seats").fetch_one(&mut *tx).await.unwrap();
        let deleted = sqlx::query("DELETE FROM license_seats WHERE license_id = $1")
            .bind(license)
            .execute(&mut *tx)
            .await
            .unwrap();
        assert_eq!((seen, deleted.rows_affected()), (0, 0));
        let inserted = sqlx::query(
            "INSERT INTO license_seats (id, tenant_id, license_id, login, server) VALUES (gen_random_uuid(), $1, $2, '99', 'X')",
        )
        .bind(tenant)
        .bind(license)
        .execute(&mut *tx)
        .await;
        assert!(inserted.is_err(), "the policy refuses a seat on someone else's license");
    }
    let mut tx = db::begin(&s.app.db.app_pool, Scope::client(tenant, s.acme.client_id)).await.unwrap();
    let own: i64 = sqlx::query_scalar("SELECT count(*) FROM license_seats").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(own, 1, "the buyer's own transaction sees their seat");
}

/// "Possível compartilhamento" counts the accounts that ran the license
/// without holding a seat: two accounts on a two-seat license are the sale,
/// a third knocking is the hint.
#[tokio::test]
async fn only_accounts_without_a_seat_hint_at_sharing() {
    let s = shop("first_use").await;
    let (tenant, license) = (s.acme.id, s.rows.license);
    bind(&s.app, tenant, license, "7001", "XPMT5-REAL", "real", true, 1).await;
    bind(&s.app, tenant, license, "7002", "XPMT5-REAL", "real", true, 2).await;
    let seen = |login: &str, server: &str| {
        format!(
            "INSERT INTO license_installations (tenant_id, license_id, account_number, account_server, robot_id,
                                                first_seen, last_seen, last_valid, last_code, checks, state_since)
             VALUES ('{tenant}', '{license}', '{login}', '{server}', '{}', now(), now(), true, 'OK', 1, now())",
            s.rows.robot
        )
    };
    s.app.sql_in(tenant, &seen("7001", "XPMT5-Real")).await;
    s.app.sql_in(tenant, &seen("7002", "xpmt5-real")).await;
    let usage = || async {
        let (status, body) = read_json(s.owner.get(&format!("/api/tenant/licenses/{license}")).await).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        (body["license"]["activeInstallations"].as_i64(), body["license"]["unseatedInstallations"].as_i64())
    };
    assert_eq!(usage().await, (Some(2), Some(0)), "two seats sold, two accounts running: no hint");

    // The same login at another broker is another account, and holds no seat.
    s.app.sql_in(tenant, &seen("7001", "Other-Live")).await;
    assert_eq!(usage().await, (Some(3), Some(1)), "an account without a seat is the hint");
}
