//! The admin's resources: owners, robots, clients, licenses, sales,
//! subscriptions, the dashboard and the audit log — success, the spec's
//! messages, refusals and 404s. (Who may call what is the isolation
//! matrix's job; these tests check what each call does.)

use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};

use crate::support::{TestApp, PASSWORD};

async fn scalar<T>(app: &TestApp, sql: &str) -> T
where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
{
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&mut *tx).await.unwrap()
}

async fn audit_count(app: &TestApp, entity: &str) -> i64 {
    scalar(app, &format!("SELECT count(*) FROM audit_log WHERE entity = '{entity}'")).await
}

#[tokio::test]
async fn every_new_admin_route_needs_an_admin_session() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let anonymous = app.anonymous();
    let owner = app.owner_of(&a).await;
    for path in [
        "/api/tenant-owners",
        "/api/robots",
        "/api/clients",
        "/api/client-robots",
        "/api/sales",
        "/api/subscriptions",
        "/api/dashboard/stats",
        "/api/dashboard/activity",
        "/api/audit-log",
    ] {
        assert_eq!(anonymous.get(path).await.status(), StatusCode::UNAUTHORIZED, "{path}");
        assert_eq!(anonymous.post(path, json!({})).await.status().as_u16() / 100, 4, "{path}");
        assert_eq!(
            owner.get(path).await.status(),
            StatusCode::UNAUTHORIZED,
            "an owner's session is not an admin's: {path}"
        );
    }
}

#[tokio::test]
async fn owners_are_created_edited_and_listed_with_audit_rows() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let b = app.tenant("beta").await;
    let admin = app.as_admin().await;

    let invalid = admin.post("/api/tenant-owners", json!({"email": "não-é-email", "password": "123"})).await;
    assert_eq!(invalid.status(), StatusCode::BAD_REQUEST);
    let fields = invalid.json::<Value>().await.unwrap()["fields"].clone();
    assert_eq!(fields["tenantId"], "Selecione um tenant");
    assert_eq!(fields["name"], "Nome é obrigatório");
    assert_eq!(fields["email"], "E-mail inválido");
    assert_eq!(fields["password"], "Senha deve ter no mínimo 6 caracteres");
    assert_eq!(fields["role"], "Selecione a função");
    assert_eq!(audit_count(&app, "tenant_owner").await, 0, "a refused create records nothing");

    let created = admin
        .post(
            "/api/tenant-owners",
            json!({"tenantId": a.id, "name": "Maria Suporte", "email": "Maria@Alfa.com ", "phone": "11 99999-0000",
                   "password": PASSWORD, "role": "support", "isActive": true}),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let owner: Value = created.json().await.unwrap();
    assert_eq!((owner["email"].as_str(), owner["role"].as_str()), (Some("maria@alfa.com"), Some("support")));
    assert_eq!(owner["emailVerified"], false);
    let id = owner["id"].as_str().unwrap().to_string();

    let duplicate = admin
        .post("/api/tenant-owners", json!({"tenantId": a.id, "name": "X", "email": "maria@alfa.com", "password": "senha-forte", "role": "admin"}))
        .await;
    assert_eq!(
        duplicate.json::<Value>().await.unwrap()["fields"]["email"],
        "Já existe um owner com este e-mail neste tenant"
    );

    // She can log in; a blank password on edit keeps hers.
    let browser = app.browser();
    assert_eq!(app.owner_login(&browser, "maria@alfa.com", &a.secret).await.status(), StatusCode::OK);
    let edited =
        admin.patch_json(&format!("/api/tenant-owners/{id}"), json!({"name": "Maria S.", "password": ""})).await;
    assert_eq!(edited.status(), StatusCode::OK);
    assert_eq!(app.owner_login(&app.browser(), "maria@alfa.com", &a.secret).await.status(), StatusCode::OK);
    assert_eq!(edited.json::<Value>().await.unwrap()["name"], "Maria S.");

    let listed: Value = admin.get(&format!("/api/tenant-owners?tenantId={}&q=maria", a.id)).await.json().await.unwrap();
    assert_eq!(listed["total"], 1);
    let of_b: Value = admin.get(&format!("/api/tenant-owners?tenantId={}", b.id)).await.json().await.unwrap();
    assert!(of_b["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|o| o["tenantName"] != "alfa" && o["email"] != "maria@alfa.com"));

    let unknown = admin.patch_json(&format!("/api/tenant-owners/{}", uuid::Uuid::now_v7()), json!({"name": "X"})).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    assert_eq!(admin.patch_json("/api/tenant-owners/nao-e-id", json!({})).await.status(), StatusCode::NOT_FOUND);

    let actions: Vec<String> = {
        let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
        sqlx::query_scalar("SELECT action FROM audit_log WHERE entity = 'tenant_owner' ORDER BY created_at")
            .fetch_all(&mut *tx)
            .await
            .unwrap()
    };
    assert_eq!(actions, ["create", "update"]);
    let changes: String =
        scalar(&app, "SELECT changes::text FROM audit_log WHERE entity = 'tenant_owner' AND action = 'create'").await;
    assert!(
        changes.contains("Maria Suporte") && !changes.contains(PASSWORD) && !changes.contains("argon2"),
        "{changes}"
    );
}

#[tokio::test]
async fn a_new_owner_password_ends_their_sessions() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let admin = app.as_admin().await;
    let owner = app.owner_of(&a).await;
    assert_eq!(owner.get("/api/tenant-auth/me").await.status(), StatusCode::OK);
    let id: uuid::Uuid = scalar(&app, &format!("SELECT id FROM tenant_owners WHERE email = '{}'", a.owner_email)).await;
    let changed = admin.patch_json(&format!("/api/tenant-owners/{id}"), json!({"password": "outra-senha"})).await;
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(owner.get("/api/tenant-auth/me").await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn robots_carry_their_webhook_url_and_keep_their_tenant() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let b = app.tenant("beta").await;
    let admin = app.as_admin().await;

    let invalid = admin.post("/api/robots", json!({"platform": "MT4", "version": ""})).await;
    let fields = invalid.json::<Value>().await.unwrap()["fields"].clone();
    assert_eq!(fields["tenantId"], "Selecione um tenant");
    assert_eq!(fields["name"], "Nome é obrigatório");
    assert_eq!(fields["platform"], "Plataforma inválida (apenas MT5)");
    assert_eq!(fields["version"], "Versão é obrigatória");

    let created =
        admin.post("/api/robots", json!({"tenantId": a.id, "name": "Scalper Pro", "description": "M5"})).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let robot: Value = created.json().await.unwrap();
    let id = robot["id"].as_str().unwrap();
    assert_eq!((robot["platform"].as_str(), robot["version"].as_str()), (Some("MT5"), Some("1.0.0")));
    let domain = shared::domain::portal::domain_of_url(&a.url);
    assert_eq!(robot["webhookUrl"], format!("https://{domain}/api/webhooks/hotmart/robot/{id}"));
    assert_eq!(robot["webhookVerifiedAt"], Value::Null);
    assert_eq!(robot["tenant"]["id"], a.id.to_string());

    let moved = admin.patch_json(&format!("/api/robots/{id}"), json!({"tenantId": b.id, "name": "Outro"})).await;
    assert_eq!(moved.status(), StatusCode::BAD_REQUEST);
    assert_eq!(moved.json::<Value>().await.unwrap()["fields"]["tenantId"], "O tenant de um robô não pode ser alterado");
    let edited = admin.patch_json(&format!("/api/robots/{id}"), json!({"active": false, "version": "1.1.0"})).await;
    let edited: Value = edited.json().await.unwrap();
    assert_eq!(
        (edited["active"].as_bool(), edited["version"].as_str(), edited["name"].as_str()),
        (Some(false), Some("1.1.0"), Some("Scalper Pro"))
    );

    let found: Value = admin.get(&format!("/api/robots?q=scalp&tenantId={}", a.id)).await.json().await.unwrap();
    assert_eq!(found["total"], 1);
    let none: Value = admin.get(&format!("/api/robots?q=scalp&tenantId={}", b.id)).await.json().await.unwrap();
    assert_eq!(none["total"], 0);
    assert_eq!(
        admin.patch_json(&format!("/api/robots/{}", uuid::Uuid::now_v7()), json!({})).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(audit_count(&app, "robot").await, 2);
}

#[tokio::test]
async fn clients_are_created_filtered_and_a_blank_password_keeps_theirs() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let admin = app.as_admin().await;
    let missing = admin.post("/api/clients", json!({"tenantId": a.id, "name": " ", "email": "x@y.com"})).await;
    let fields = missing.json::<Value>().await.unwrap()["fields"].clone();
    assert_eq!(fields["name"], "Nome é obrigatório");
    assert_eq!(fields["password"], "Senha é obrigatória");

    let created = admin
        .post("/api/clients", json!({"tenantId": a.id, "name": "João Trader", "email": "joao@trader.com", "password": "segredo1", "status": "suspended"}))
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let client: Value = created.json().await.unwrap();
    assert_eq!(client["status"], "suspended");
    let dup = admin
        .post(
            "/api/clients",
            json!({"tenantId": a.id, "name": "J", "email": "JOAO@trader.com", "password": "segredo1"}),
        )
        .await;
    assert_eq!(dup.json::<Value>().await.unwrap()["fields"]["email"], "Já existe um cliente com este e-mail");

    let suspended: Value =
        admin.get(&format!("/api/clients?tenantId={}&status=suspended", a.id)).await.json().await.unwrap();
    assert_eq!(suspended["total"], 1);
    assert_eq!(suspended["items"][0]["email"], "joao@trader.com");
    let by_email: Value = admin.get("/api/clients?q=TRADER.COM").await.json().await.unwrap();
    assert_eq!(by_email["total"], 1);

    let id = client["id"].as_str().unwrap();
    let hash_before: String = scalar(&app, &format!("SELECT password FROM tenant_clients WHERE id = '{id}'")).await;
    let edited = admin.patch_json(&format!("/api/clients/{id}"), json!({"status": "active", "password": ""})).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let hash_after: String = scalar(&app, &format!("SELECT password FROM tenant_clients WHERE id = '{id}'")).await;
    assert_eq!(hash_before, hash_after);
    let login = app.client_login("login", &a.url, json!({"email": "joao@trader.com", "password": "segredo1"})).await;
    assert_eq!(login.status(), StatusCode::OK, "the active client logs in with the password the admin set");
}

#[tokio::test]
async fn a_searched_list_pages_in_order_with_its_exact_total() {
    // A search finds its rows once and takes the page and the total from them: paging must still be in list
    // order, without repeats, with the right total, and the other filters must still apply.
    let app = TestApp::spawn().await;
    let (a, b) = (app.tenant("alfa").await, app.tenant("beta").await);
    let admin = app.as_admin().await;
    for (tenant, name, email) in [
        (&a, "Ana Sampaio", "ana@x.com"),
        (&a, "Caio Souza", "caio@x.com"),
        (&a, "Bia Sampaio", "bia@x.com"),
        (&b, "Duda Sampaio", "duda@x.com"),
        (&a, "Edu", "edu.sampaio@x.com"),
        (&a, "Fabi Lima", "fabi@x.com"),
    ] {
        let created = admin
            .post("/api/clients", json!({"tenantId": tenant.id, "name": name, "email": email, "password": "segredo1"}))
            .await;
        assert_eq!(created.status(), StatusCode::CREATED);
    }
    let mut seen = Vec::new();
    for page in 1..=3 {
        let listed: Value =
            admin.get(&format!("/api/clients?q=sampaio&pageSize=2&page={page}")).await.json().await.unwrap();
        assert_eq!((listed["total"].as_i64(), listed["totalCapped"].as_bool()), (Some(4), Some(false)), "{listed}");
        seen.extend(listed["items"].as_array().unwrap().iter().map(|c| c["email"].as_str().unwrap().to_string()));
    }
    assert_eq!(seen, ["edu.sampaio@x.com", "duda@x.com", "bia@x.com", "ana@x.com"], "newest first, each once");
    let in_alfa: Value =
        admin.get(&format!("/api/clients?q=SAMPAIO&tenantId={}&pageSize=2&page=2", a.id)).await.json().await.unwrap();
    assert_eq!(in_alfa["total"], 3);
    assert_eq!(in_alfa["items"].as_array().unwrap().len(), 1);
    assert_eq!(in_alfa["items"][0]["email"], "ana@x.com");
    let nothing: Value = admin.get("/api/clients?q=ninguem").await.json().await.unwrap();
    assert_eq!((nothing["total"].as_i64(), nothing["items"].as_array().map(Vec::len)), (Some(0), Some(0)));
}

#[tokio::test]
async fn a_license_search_finds_by_client_or_robot_once_in_order_and_caps_a_wide_one() {
    // The license search is a union of two index-driven searches (by the client's name or e-mail, by the
    // robot's name): a license matching both is listed once, both kinds page together newest first, the other
    // filters apply to each side, and a search past the count cap still lists matching licenses only.
    let app = TestApp::spawn().await;
    let (a, b) = (app.tenant("alfa").await, app.tenant("beta").await);
    let admin = app.as_admin().await;
    let (kraken_robot, scalper) = (app.robot(&a, "Kraken Momentum").await, app.robot(&a, "Scalper").await);
    let robot_b = app.robot(&b, "Robô B").await;
    let client = |tenant: uuid::Uuid, name: &'static str, email: &'static str| {
        let admin = &admin;
        async move {
            let created = admin
                .post("/api/clients", json!({"tenantId": tenant, "name": name, "email": email, "password": "segredo1"}))
                .await;
            created.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_string()
        }
    };
    let kraken_client = client(a.id, "Kraken Silva", "ks@x.com").await;
    let other = client(a.id, "Outra Pessoa", "outra@x.com").await;
    let kraken_b = client(b.id, "Duda", "duda.kraken@y.com").await;
    for (tenant, client, robot, status, account) in [
        (a.id, &kraken_client, scalper, "active", "1"),
        (a.id, &other, kraken_robot, "trial", "2"),
        (a.id, &kraken_client, kraken_robot, "active", "3"),
        (a.id, &other, scalper, "active", "4"),
        (b.id, &kraken_b, robot_b, "trial", "5"),
    ] {
        let created = admin
            .post(
                "/api/client-robots",
                json!({"tenantId": tenant, "clientId": client, "robotId": robot, "status": status, "accountNumber": account}),
            )
            .await;
        assert_eq!(created.status(), StatusCode::CREATED);
    }
    let accounts = |page: &Value| -> Vec<String> {
        page["items"].as_array().unwrap().iter().map(|l| l["accountNumber"].as_str().unwrap().to_string()).collect()
    };
    let mut seen = Vec::new();
    for page in 1..=2 {
        let listed: Value =
            admin.get(&format!("/api/client-robots?q=KRAKEN&pageSize=3&page={page}")).await.json().await.unwrap();
        assert_eq!((listed["total"].as_i64(), listed["totalCapped"].as_bool()), (Some(4), Some(false)), "{listed}");
        seen.extend(accounts(&listed));
    }
    assert_eq!(seen, ["5", "3", "2", "1"], "newest first, the license matching twice listed once");
    let active: Value = admin.get("/api/client-robots?q=kraken&status=active").await.json().await.unwrap();
    assert_eq!(accounts(&active), ["3", "1"]);
    let in_beta: Value =
        admin.get(&format!("/api/client-robots?q=kraken&tenantId={}", b.id)).await.json().await.unwrap();
    assert_eq!(accounts(&in_beta), ["5"]);
    let trial_by_robot: Value = admin.get("/api/client-robots?q=momentum&status=trial").await.json().await.unwrap();
    assert_eq!(accounts(&trial_by_robot), ["2"]);

    // Past the cap: 10,001 more licenses of the Kraken robot, older than the ones above.
    let mut tx = db::begin(&app.db.app_pool, Scope::platform_admin(uuid::Uuid::now_v7())).await.unwrap();
    sqlx::query(
        "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, account_number, created_at)
         SELECT gen_random_uuid(), $1, $2, $3, 'active', '9' || n, now() - interval '1 day' - n * interval '1 second'
           FROM generate_series(1, 10001) n",
    )
    .bind(a.id)
    .bind(uuid::Uuid::parse_str(&other).unwrap())
    .bind(kraken_robot)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let wide: Value = admin.get("/api/client-robots?q=kraken&pageSize=5").await.json().await.unwrap();
    assert_eq!((wide["total"].as_i64(), wide["totalCapped"].as_bool()), (Some(10_000), Some(true)), "{wide}");
    assert_eq!(accounts(&wide), ["5", "3", "2", "1", "91"], "still only matching licenses, newest first");
    let unmatched: Value = admin.get("/api/client-robots?q=scalper&pageSize=5").await.json().await.unwrap();
    assert_eq!(accounts(&unmatched), ["4", "1"]);
}

#[tokio::test]
async fn licenses_refuse_another_tenants_client_robot_or_sale() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let b = app.tenant("beta").await;
    let robot_a = app.robot(&a, "Robô A").await;
    let robot_b = app.robot(&b, "Robô B").await;
    let rows_b = app.rows_of(&b, robot_b).await;
    let admin = app.as_admin().await;
    let before: i64 = scalar(&app, "SELECT count(*) FROM tenant_client_robots").await;

    let empty = admin.post("/api/client-robots", json!({})).await;
    let fields = empty.json::<Value>().await.unwrap()["fields"].clone();
    assert_eq!(fields["tenantId"], "Selecione um tenant");
    assert_eq!(fields["clientId"], "Selecione um cliente");
    assert_eq!(fields["robotId"], "Selecione um robô");
    assert_eq!(fields["status"], "Campo obrigatório");

    let foreign = admin
        .post("/api/client-robots", json!({"tenantId": a.id, "clientId": rows_b.client, "robotId": rows_b.robot, "saleId": rows_b.sale, "status": "active"}))
        .await;
    assert_eq!(foreign.status(), StatusCode::BAD_REQUEST);
    let fields = foreign.json::<Value>().await.unwrap()["fields"].clone();
    assert_eq!(fields["clientId"], "O cliente selecionado não pertence ao tenant escolhido.");
    assert_eq!(fields["robotId"], "O robô selecionado não pertence ao tenant escolhido.");
    assert_eq!(fields["saleId"], "A venda selecionada não pertence ao tenant escolhido.");
    let after: i64 = scalar(&app, "SELECT count(*) FROM tenant_client_robots").await;
    assert_eq!(before, after, "nothing stored");

    // The database refuses it too: the composite keys, even for the platform role.
    let mut tx = db::begin(&app.db.app_pool, Scope::platform_admin(uuid::Uuid::now_v7())).await.unwrap();
    let refused = sqlx::query(
        "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id) VALUES (gen_random_uuid(), $1, $2, $3)",
    )
    .bind(a.id)
    .bind(b.client_id)
    .bind(robot_a)
    .execute(&mut *tx)
    .await;
    assert!(refused.is_err(), "a client of B under tenant A violates the composite key");
    drop(tx);

    let created = admin
        .post(
            "/api/client-robots",
            json!({"tenantId": a.id, "clientId": a.client_id, "robotId": robot_a, "saleId": "", "activationDate": null,
                   "expirationDate": "", "status": "trial", "accountNumber": ""}),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let license: Value = created.json().await.unwrap();
    assert_eq!(
        (license["saleId"].clone(), license["accountNumber"].clone(), license["activationDate"].clone()),
        (Value::Null, Value::Null, Value::Null)
    );
    assert_eq!(license["robotName"], "Robô A");

    let bad_dates = admin
        .patch_json(
            &format!("/api/client-robots/{}", license["id"].as_str().unwrap()),
            json!({"tenantId": a.id, "clientId": a.client_id, "robotId": robot_a, "status": "active",
                   "activationDate": "2026-05-10", "expirationDate": "2026-05-01", "accountNumber": "12ab"}),
        )
        .await;
    let fields = bad_dates.json::<Value>().await.unwrap()["fields"].clone();
    assert_eq!(fields["expirationDate"], "A expiração deve ser depois da ativação");
    assert_eq!(fields["accountNumber"], "Conta MT deve conter apenas números");

    let edited = admin
        .patch_json(
            &format!("/api/client-robots/{}", license["id"].as_str().unwrap()),
            json!({"tenantId": a.id, "clientId": a.client_id, "robotId": robot_a, "status": "active",
                   "activationDate": "2026-05-10", "expirationDate": null, "accountNumber": "5012345"}),
        )
        .await;
    assert_eq!(edited.status(), StatusCode::OK);
    assert_eq!(edited.json::<Value>().await.unwrap()["activationDate"], "2026-05-10T03:00:00Z");
    assert_eq!(
        admin.patch_json(&format!("/api/client-robots/{}", uuid::Uuid::now_v7()), json!({})).await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_license_date_filter_leaves_out_licenses_never_activated() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let robot = app.robot(&a, "Robô A").await;
    let admin = app.as_admin().await;
    for (account, activation) in [("1", Some("2026-03-15")), ("2", Some("2026-07-01")), ("3", None)] {
        let created = admin
            .post(
                "/api/client-robots",
                json!({"tenantId": a.id, "clientId": a.client_id, "robotId": robot, "status": "active",
                       "accountNumber": account, "activationDate": activation}),
            )
            .await;
        assert_eq!(created.status(), StatusCode::CREATED);
    }
    let all: Value = admin.get(&format!("/api/client-robots?tenantId={}", a.id)).await.json().await.unwrap();
    assert_eq!(all["total"], 3);
    let march: Value = admin.get("/api/client-robots?from=2026-03-01&to=2026-03-31").await.json().await.unwrap();
    assert_eq!(march["total"], 1);
    assert_eq!(march["items"][0]["accountNumber"], "1");
    let since: Value = admin.get("/api/client-robots?from=2026-01-01").await.json().await.unwrap();
    assert_eq!(since["total"], 2, "the license without an activation date is left out");
    let bad = admin.get("/api/client-robots?from=01/03/2026").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert_eq!(bad.json::<Value>().await.unwrap()["fields"]["from"], "Data inválida (use AAAA-MM-DD)");
    let by_robot: Value = admin.get("/api/client-robots?q=robô a").await.json().await.unwrap();
    assert_eq!(by_robot["total"], 3);
}

#[tokio::test]
async fn sales_keep_two_decimals_send_empty_as_null_and_show_the_payload() {
    let app = TestApp::spawn().await;
    let a = app.tenant_with_hottok("alfa", "hottok-alfa").await;
    let admin = app.as_admin().await;

    let invalid =
        admin.post("/api/sales", json!({"grossAmount": "10.999", "netAmount": "-1", "saleDate": "ontem"})).await;
    assert_eq!(invalid.status(), StatusCode::BAD_REQUEST);
    let fields = invalid.json::<Value>().await.unwrap()["fields"].clone();
    for required in ["tenantId", "origin", "status"] {
        assert_eq!(fields[required], "Campo obrigatório", "{required}");
    }
    assert_eq!(fields["grossAmount"], "Use no máximo 2 casas decimais");
    assert_eq!(fields["netAmount"], "O valor não pode ser negativo");
    assert_eq!(fields["saleDate"], "Data inválida");
    assert_eq!(audit_count(&app, "sale").await, 0);

    let created = admin
        .post(
            "/api/sales",
            json!({"tenantId": a.id, "origin": "manual", "status": "confirmed", "externalId": "", "grossAmount": "197,9",
                   "netAmount": 180.5, "clientId": "", "hotmartCommission": "", "saleDate": ""}),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let sale: Value = created.json().await.unwrap();
    assert_eq!((sale["grossAmount"].as_str(), sale["netAmount"].as_str()), (Some("197.90"), Some("180.50")));
    assert_eq!(
        (sale["externalId"].clone(), sale["hotmartCommission"].clone(), sale["clientId"].clone()),
        (Value::Null, Value::Null, Value::Null)
    );
    assert!(sale["saleDate"].is_string(), "a sale without a date is dated when it is recorded");

    // A Hotmart sale's detail shows the postback as received.
    let robot = app.robot(&a, "Robô").await;
    assert_eq!(app.post_hotmart(robot, "hottok-alfa", "purchase_approved").await.status(), StatusCode::OK);
    worker::hotmart::drain(&app.db.worker_pool, a.id).await.unwrap();
    let hotmart: Value = admin.get(&format!("/api/sales?tenantId={}&origin=hotmart", a.id)).await.json().await.unwrap();
    assert_eq!(hotmart["total"], 1);
    let id = hotmart["items"][0]["id"].as_str().unwrap();
    let detail: Value = admin.get(&format!("/api/sales/{id}")).await.json().await.unwrap();
    assert_eq!(detail["originalPayload"]["event"], "PURCHASE_APPROVED");
    let external = hotmart["items"][0]["externalId"].as_str().unwrap();
    let searched: Value = admin.get(&format!("/api/sales?q={}", &external[2..8])).await.json().await.unwrap();
    assert_eq!(searched["total"], 1);

    let manual_id = sale["id"].as_str().unwrap();
    let refunded = admin
        .patch_json(
            &format!("/api/sales/{manual_id}"),
            json!({"tenantId": a.id, "origin": "manual", "status": "refunded", "grossAmount": "197.90"}),
        )
        .await;
    assert_eq!(refunded.status(), StatusCode::OK);
    assert_eq!(refunded.json::<Value>().await.unwrap()["status"], "refunded");
    assert_eq!(admin.get(&format!("/api/sales/{}", uuid::Uuid::now_v7())).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(audit_count(&app, "sale").await, 2);
}

#[tokio::test]
async fn subscriptions_need_their_required_fields() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let admin = app.as_admin().await;
    let invalid = admin.post("/api/subscriptions", json!({"tenantId": a.id, "amount": ""})).await;
    let fields = invalid.json::<Value>().await.unwrap()["fields"].clone();
    for required in ["origin", "amount", "recurrence", "status"] {
        assert_eq!(fields[required], "Campo obrigatório", "{required}");
    }
    let created = admin
        .post(
            "/api/subscriptions",
            json!({"tenantId": a.id, "clientId": a.client_id, "origin": "manual", "amount": "97", "recurrence": "quarterly",
                   "status": "active", "nextBillingDate": "2026-12-01"}),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let subscription: Value = created.json().await.unwrap();
    assert_eq!(
        (subscription["amount"].as_str(), subscription["recurrence"].as_str()),
        (Some("97.00"), Some("quarterly"))
    );
    let quarterly: Value = admin.get("/api/subscriptions?recurrence=quarterly").await.json().await.unwrap();
    assert_eq!(quarterly["total"], 1);
    let cancelled = admin
        .patch_json(
            &format!("/api/subscriptions/{}", subscription["id"].as_str().unwrap()),
            json!({"tenantId": a.id, "origin": "manual", "amount": "97.00", "recurrence": "quarterly", "status": "cancelled"}),
        )
        .await;
    assert_eq!(cancelled.json::<Value>().await.unwrap()["status"], "cancelled");
    assert_eq!(audit_count(&app, "subscription").await, 2);
}

#[tokio::test]
async fn the_dashboard_counts_real_rows_and_compares_months() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let admin = app.as_admin().await;
    let before: Value = admin.get("/api/dashboard/stats").await.json().await.unwrap();
    assert_eq!(before["totalTenants"], 1);
    assert_eq!(before["activeTenants"], 1);
    let sales_before = before["monthlySales"].as_i64().unwrap();

    // A sale last month of R$ 100 and one now of R$ 150: revenue +50 %.
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(a.id)).await.unwrap();
    sqlx::query(
        "UPDATE tenant_sales SET sale_date = now() - interval '40 days', gross_amount = 100 WHERE tenant_id = $1",
    )
    .bind(a.id)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let created = admin
        .post(
            "/api/sales",
            json!({"tenantId": a.id, "origin": "manual", "status": "confirmed", "grossAmount": "150.00"}),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let after: Value = admin.get("/api/dashboard/stats").await.json().await.unwrap();
    assert_eq!(after["monthlySales"].as_i64().unwrap(), 1);
    assert_eq!(after["monthlyRevenue"], "150.00");
    let _ = sales_before;
    // 40 days ago is last month or the one before; the trend is +50 % only in the first case.
    let last_month_has_it: bool = scalar(
        &app,
        "SELECT date_trunc('month', (now() - interval '40 days') AT TIME ZONE 'America/Sao_Paulo')
              = date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') - interval '1 month'",
    )
    .await;
    if last_month_has_it {
        assert_eq!(after["trends"]["revenue"], 50.0);
    } else {
        assert_eq!(after["trends"]["revenue"], Value::Null);
    }

    let activity: Value = admin.get("/api/dashboard/activity").await.json().await.unwrap();
    assert_eq!(activity["recentTenants"][0]["id"], a.id.to_string());
    assert_eq!(activity["recentSales"][0]["grossAmount"], "150.00");
    assert_eq!(activity["revenueByMonth"].as_array().unwrap().len(), 12);
    assert_eq!(activity["revenueByMonth"][11]["revenue"], "150.00");
    assert_eq!(activity["licenseChecksByDay"].as_array().unwrap().len(), 30);
    assert_eq!(activity["performanceAlerts"], json!([]), "a new tenant raises no alert");

    // A tenant older than 90 days selling below R$ 3.000 in 30 days does.
    let mut tx = db::begin(&app.db.app_pool, Scope::worker()).await.unwrap();
    sqlx::query("UPDATE tenants SET created_at = now() - interval '120 days'").execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    let activity: Value = admin.get("/api/dashboard/activity").await.json().await.unwrap();
    assert_eq!(activity["performanceAlerts"][0]["tenantId"], a.id.to_string());
    assert_eq!(activity["performanceAlerts"][0]["revenueLast30Days"], "150.00");
}

#[tokio::test]
async fn an_audit_row_is_written_with_its_change_and_not_when_the_change_rolls_back() {
    let app = TestApp::spawn().await;
    let a = app.tenant("alfa").await;
    let admin = app.as_admin().await;
    let client = a.client_id;
    let edited = admin.patch_json(&format!("/api/clients/{client}"), json!({"name": "Nome Novo"})).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let listed: Value =
        admin.get(&format!("/api/audit-log?entity=client&tenantId={}", a.id)).await.json().await.unwrap();
    assert_eq!(listed["total"], 1);
    let row = &listed["items"][0];
    assert_eq!((row["action"].as_str(), row["actorKind"].as_str()), (Some("update"), Some("admin")));
    assert_eq!(row["changes"]["name"]["after"], "Nome Novo");
    assert!(row["actorName"].is_string() && row["ip"].is_string(), "{row}");

    // Fault injection: the change fails at commit, after the audit row was
    // written in the same transaction. Neither survives.
    sqlx::raw_sql(
        "CREATE FUNCTION refuse_falha() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF NEW.name = 'Falha' THEN RAISE EXCEPTION 'injected failure at commit'; END IF;
           RETURN NEW;
         END $$;
         CREATE CONSTRAINT TRIGGER refuse_falha AFTER UPDATE ON tenant_clients
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_falha();",
    )
    .execute(&app.db.owner_pool)
    .await
    .unwrap();
    let failed = admin.patch_json(&format!("/api/clients/{client}"), json!({"name": "Falha"})).await;
    assert!(failed.status().is_server_error(), "{}", failed.status());
    let rows: i64 = scalar(&app, "SELECT count(*) FROM audit_log WHERE entity = 'client'").await;
    assert_eq!(rows, 1, "the rolled-back change left no audit row");
    let name: String = scalar(&app, &format!("SELECT name FROM tenant_clients WHERE id = '{client}'")).await;
    assert_eq!(name, "Nome Novo");

    let by_actor: Value = admin.get("/api/audit-log?actor=ninguem-com-este-nome").await.json().await.unwrap();
    assert_eq!(by_actor["total"], 0);
    // The filter's days are São Paulo's (UTC−3, no daylight saving since 2019), as the server reads them.
    let sao_paulo = chrono::FixedOffset::west_opt(3 * 3600).unwrap();
    let today = chrono::Utc::now().with_timezone(&sao_paulo).date_naive();
    let by_day: Value = admin.get(&format!("/api/audit-log?from={today}&to={today}")).await.json().await.unwrap();
    assert!(by_day["total"].as_i64().unwrap() >= 1);
}
