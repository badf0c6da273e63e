//! Hotmart intake and processing with realistic 2.0.0 payloads
//! (shared/tests/fixtures/hotmart), posted to the real endpoint and
//! processed by the real job.

use reqwest::StatusCode;
use serde_json::Value;
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{join_all, TenantFixture, TestApp};

const HOTTOK: &str = "hottok-da-loja-0123456789";
const BUYER: &str = "comprador.teste@example.com";
const TRANSACTION: &str = "HP17324518830471";

fn fixture(name: &str) -> Value {
    let path = format!("{}/../shared/tests/fixtures/hotmart/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

struct Shop {
    app: TestApp,
    tenant: TenantFixture,
    robot: Uuid,
}

impl Shop {
    async fn open() -> Self {
        let app = TestApp::spawn().await;
        let tenant = app.tenant_with_hottok("loja", HOTTOK).await;
        let robot = app.robot(&tenant, "Scalper Pro").await;
        Shop { app, tenant, robot }
    }

    async fn post_with(&self, robot: Uuid, hottok: Option<&str>, body: &Value) -> reqwest::Response {
        let mut request = self.app.browser().post(self.app.url(&format!("/api/webhooks/hotmart/robot/{robot}")));
        if let Some(hottok) = hottok {
            request = request.header("x-hotmart-hottok", hottok);
        }
        request.json(body).send().await.unwrap()
    }

    async fn post(&self, name: &str) -> StatusCode {
        self.post_with(self.robot, Some(HOTTOK), &fixture(name)).await.status()
    }

    /// Fault injection in the database: every sale insert fails with `message`
    /// until the trigger is dropped.
    async fn make_sales_fail(&self, message: &str) {
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "CREATE FUNCTION always_fail() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN RAISE EXCEPTION '{message}'; END $$;
             CREATE TRIGGER always_fail BEFORE INSERT ON tenant_sales FOR EACH ROW EXECUTE FUNCTION always_fail();"
        )))
        .execute(&self.app.db.owner_pool)
        .await
        .unwrap();
    }

    /// Posts and processes, in that order.
    async fn deliver(&self, names: &[&str]) {
        for name in names {
            assert_eq!(self.post(name).await, StatusCode::OK, "{name}");
            worker::hotmart::drain(&self.app.db.worker_pool, self.tenant.id).await.unwrap();
        }
    }

    async fn scalar<T>(&self, sql: &str) -> T
    where
        T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
    {
        self.app.scalar_in(self.tenant.id, sql).await
    }

    /// The buyer's robot asks, until it hears `expected` (a change reaches
    /// every instance's cache through a notification: allow it a moment).
    async fn check_until(&self, expected: &str) -> String {
        let body = serde_json::json!({"email": BUYER, "mtAccount": 51_234_567u64, "robotId": self.robot,
                                      "tenantId": self.tenant.id, "nonce": "n"});
        let mut code = String::new();
        for _ in 0..40 {
            let url = self.app.url("/api/webhooks/validate-license");
            let answer: Value = self.app.browser().post(url).json(&body).send().await.unwrap().json().await.unwrap();
            code = answer["code"].as_str().unwrap().to_string();
            if code == expected {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        code
    }

    /// Everything a purchase leaves behind, in one comparable shape.
    async fn state(&self) -> Value {
        self.scalar::<Value>(
            "SELECT json_build_object(
                'sales', (SELECT coalesce(json_agg(json_build_object(
                    'external', s.external_id, 'status', s.status, 'client', c.email,
                    'paid', s.amount_paid_by_customer::text, 'gross', s.gross_amount::text,
                    'hotmart', s.hotmart_commission::text, 'coproducer', s.coproducer_commission::text,
                    'affiliate', s.affiliate_commission::text, 'net', s.net_amount::text,
                    'currency', s.original_currency, 'date', s.sale_date) ORDER BY s.external_id), '[]')
                    FROM tenant_sales s LEFT JOIN tenant_clients c ON c.id = s.client_id WHERE s.origin = 'hotmart'),
                'licenses', (SELECT coalesce(json_agg(json_build_object(
                    'status', l.status, 'client', c.email, 'sale', s.external_id, 'expires', l.expiration_date)
                    ORDER BY s.external_id), '[]')
                    FROM tenant_client_robots l JOIN tenant_clients c ON c.id = l.client_id
                    LEFT JOIN tenant_sales s ON s.id = l.sale_id),
                'subscriptions', (SELECT coalesce(json_agg(json_build_object(
                    'code', external_id, 'status', status, 'amount', amount::text,
                    'next', next_billing_date, 'cancelled', cancellation_date)), '[]') FROM tenant_subscriptions),
                'buyers', (SELECT count(*) FROM tenant_clients WHERE email = 'comprador.teste@example.com'))",
        )
        .await
    }
}

#[tokio::test]
async fn an_approved_purchase_creates_client_sale_and_license_to_the_cent() {
    let shop = Shop::open().await;
    shop.deliver(&["purchase_approved"]).await;
    let state = shop.state().await;
    let sale = &state["sales"][0];
    assert_eq!(sale["external"], TRANSACTION);
    assert_eq!(sale["status"], "confirmed");
    assert_eq!(sale["client"], BUYER, "e-mail trimmed and lower-cased");
    assert_eq!((sale["paid"].as_str(), sale["gross"].as_str()), (Some("297.00"), Some("297.00")));
    assert_eq!((sale["hotmart"].as_str(), sale["net"].as_str()), (Some("29.67"), Some("267.33")));
    assert_eq!(sale["coproducer"], Value::Null);
    assert_eq!(sale["currency"], "BRL");
    assert!(sale["date"].as_str().unwrap().starts_with("2025-11-24"), "{sale}");
    assert_eq!(state["licenses"].as_array().unwrap().len(), 1);
    assert_eq!(state["licenses"][0]["status"], "active");
    assert_eq!(state["licenses"][0]["expires"], Value::Null, "a one-time purchase does not expire");
    let password: Option<String> =
        shop.scalar("SELECT password FROM tenant_clients WHERE email = 'comprador.teste@example.com'").await;
    assert_eq!(password, None, "a client created by a sale has no password");
    let payload: Value = shop.scalar("SELECT original_payload FROM tenant_sales WHERE origin = 'hotmart'").await;
    assert_eq!(payload["event"], "PURCHASE_APPROVED");
    assert!(payload.get("hottok").is_none(), "the credential is not kept");
}

#[tokio::test]
async fn approved_then_complete_is_one_sale_and_order_does_not_matter() {
    let in_order = Shop::open().await;
    in_order.deliver(&["purchase_approved", "purchase_complete"]).await;
    let reversed = Shop::open().await;
    reversed.deliver(&["purchase_complete", "purchase_approved"]).await;
    let (a, b) = (in_order.state().await, reversed.state().await);
    assert_eq!(a["sales"].as_array().unwrap().len(), 1);
    assert_eq!(a["licenses"].as_array().unwrap().len(), 1);
    assert_eq!(a, b);
}

#[tokio::test]
async fn a_refund_cancels_the_license_whatever_the_order() {
    let in_order = Shop::open().await;
    in_order.deliver(&["purchase_approved", "purchase_refunded"]).await;
    let reversed = Shop::open().await;
    reversed.deliver(&["purchase_refunded", "purchase_approved"]).await;
    let (a, b) = (in_order.state().await, reversed.state().await);
    assert_eq!(a["sales"][0]["status"], "refunded");
    assert_eq!(a["licenses"][0]["status"], "cancelled");
    assert_eq!(a, b);
    let chargeback = Shop::open().await;
    chargeback.deliver(&["purchase_approved", "purchase_chargeback"]).await;
    assert_eq!(chargeback.state().await["licenses"][0]["status"], "cancelled");
}

#[tokio::test]
async fn pending_events_keep_the_sale_in_step_without_granting() {
    let shop = Shop::open().await;
    shop.deliver(&["purchase_billet_printed", "purchase_expired", "purchase_delayed", "purchase_canceled"]).await;
    let state = shop.state().await;
    let statuses: Vec<(&str, &str)> = state["sales"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["external"].as_str().unwrap(), s["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        statuses,
        [("HP04418820557319", "refunded"), ("HP08563217740952", "pending"), ("HP11730965428846", "pending")]
    );
    let usable: i64 =
        shop.scalar("SELECT count(*) FROM tenant_client_robots WHERE status IN ('active', 'trial')").await;
    assert_eq!(usable, 0, "no access without a confirmed sale");
}

#[tokio::test]
async fn a_protest_holds_the_license_with_its_own_code_until_the_purchase_completes() {
    let shop = Shop::open().await;
    shop.deliver(&["purchase_approved"]).await;
    assert_eq!(shop.check_until("OK").await, "OK");
    shop.deliver(&["purchase_protest"]).await;
    let state = shop.state().await;
    assert_eq!(state["licenses"][0]["status"], "active", "held, not ended: {state}");
    assert_eq!(shop.check_until("DISPUTED").await, "DISPUTED");
    let owner = shop.app.owner_of(&shop.tenant).await;
    let (_, page) = crate::support::json(owner.get("/api/tenant/licenses").await).await;
    assert_eq!(page["items"][0]["hold"], "dispute", "the owner sees why: {page}");

    // Settled in the seller's favour: Hotmart completes the purchase after the protest.
    shop.deliver(&["purchase_complete"]).await;
    assert_eq!(shop.check_until("OK").await, "OK");
    let (_, page) = crate::support::json(owner.get("/api/tenant/licenses").await).await;
    assert_eq!(page["items"][0]["hold"], Value::Null);
}

#[tokio::test]
async fn a_protest_holds_whatever_order_it_arrives_in_and_a_lost_dispute_cancels() {
    // The original approval delivered after the protest does not lift it.
    let reversed = Shop::open().await;
    reversed.deliver(&["purchase_protest", "purchase_approved"]).await;
    let held: Option<String> = reversed.scalar("SELECT max(hold) FROM tenant_client_robots").await;
    assert_eq!(held.as_deref(), Some("dispute"));
    let in_order = Shop::open().await;
    in_order.deliver(&["purchase_approved", "purchase_protest"]).await;
    assert_eq!(in_order.state().await, reversed.state().await);
    // An account that never ran the held license binds nothing and learns nothing about the buyer.
    assert_eq!(reversed.check_until("NOT_RECOGNIZED").await, "NOT_RECOGNIZED");
    let seats: i64 = reversed.scalar("SELECT count(*) FROM license_seats").await;
    assert_eq!(seats, 0);
    // Lost: the money goes back, the license ends (and is no longer merely held).
    reversed.deliver(&["purchase_refunded"]).await;
    let (status, hold): (String, Option<String>) = (
        reversed.scalar("SELECT max(status) FROM tenant_client_robots").await,
        reversed.scalar("SELECT max(hold) FROM tenant_client_robots").await,
    );
    assert_eq!((status.as_str(), hold), ("cancelled", None));
}

#[tokio::test]
async fn a_subscription_renews_and_its_cancellation_runs_to_the_end_of_the_paid_period() {
    let shop = Shop::open().await;
    shop.deliver(&["subscription_approved"]).await;
    let state = shop.state().await;
    let sub = &state["subscriptions"][0];
    assert_eq!(
        (sub["code"].as_str(), sub["status"].as_str(), sub["amount"].as_str()),
        (Some("SUB7QX4K2M9"), Some("active"), Some("197.90"))
    );
    let sale = &state["sales"][0];
    assert_eq!(
        (sale["coproducer"].as_str(), sale["affiliate"].as_str(), sale["net"].as_str()),
        (Some("27.49"), Some("39.58"), Some("110.24"))
    );
    // First charge: the license runs to the next charge (2026-01-02) plus the grace period.
    assert!(state["licenses"][0]["expires"].as_str().unwrap().starts_with("2026-01-05"), "{state}");

    shop.deliver(&["subscription_renewal"]).await;
    let state = shop.state().await;
    assert_eq!(state["sales"].as_array().unwrap().len(), 2, "the renewal is a sale of its own");
    assert_eq!(state["licenses"].as_array().unwrap().len(), 1, "but extends the same license");
    assert!(state["licenses"][0]["expires"].as_str().unwrap().starts_with("2026-02-05"), "{state}");
    assert!(state["subscriptions"][0]["next"].as_str().unwrap().starts_with("2026-02-02"));

    shop.deliver(&["subscription_cancellation"]).await;
    let state = shop.state().await;
    assert_eq!(state["subscriptions"][0]["status"], "cancelled");
    assert!(state["subscriptions"][0]["cancelled"].as_str().unwrap().starts_with("2026-01-15"));
    assert_eq!(state["licenses"][0]["status"], "active", "still valid until the paid period ends");
    assert!(state["licenses"][0]["expires"].as_str().unwrap().starts_with("2026-02-02"), "{state}");
    assert_eq!(state["buyers"], 1);
}

#[tokio::test]
async fn plan_and_charge_date_updates_reach_the_subscription() {
    let shop = Shop::open().await;
    shop.deliver(&["subscription_approved", "update_subscription_charge_date", "switch_plan"]).await;
    let outcomes: Value = shop.scalar("SELECT json_agg(outcome ORDER BY received_at) FROM hotmart_inbox").await;
    assert_eq!(outcomes, serde_json::json!(["sale_created", "subscription_updated", "subscription_updated"]));
}

#[tokio::test]
async fn the_test_postback_marks_the_webhook_and_grants_nothing_and_unknown_events_are_kept() {
    let shop = Shop::open().await;
    shop.deliver(&["test_postback", "unknown_event"]).await;
    let state = shop.state().await;
    assert_eq!(state["sales"], serde_json::json!([]));
    let verified: bool = shop.scalar("SELECT webhook_verified_at IS NOT NULL FROM tenant_robots").await;
    assert!(verified);
    let rows: Value = shop.scalar("SELECT json_agg(json_build_object('event', event, 'test', is_test, 'outcome', outcome) ORDER BY received_at) FROM hotmart_inbox").await;
    assert_eq!(
        rows,
        serde_json::json!([{"event": "PURCHASE_APPROVED", "test": true, "outcome": "test"},
                           {"event": "CLUB_FIRST_ACCESS", "test": false, "outcome": "ignored"}])
    );
}

#[tokio::test]
async fn ten_concurrent_copies_of_one_event_make_one_sale_and_one_license() {
    let shop = Shop::open().await;
    let url = shop.app.url(&format!("/api/webhooks/hotmart/robot/{}", shop.robot));
    let body = fixture("purchase_approved");
    let posts: Vec<_> = (0..10)
        .map(|_| {
            let (http, url, body) = (shop.app.browser(), url.clone(), body.clone());
            async move { http.post(url).header("x-hotmart-hottok", HOTTOK).json(&body).send().await.unwrap() }
        })
        .collect();
    let responses = join_all(posts).await;
    let mut duplicates = 0;
    for response in responses {
        assert_eq!(response.status(), StatusCode::OK);
        let receipt: Value = response.json().await.unwrap();
        duplicates += usize::from(receipt["duplicate"] == true);
    }
    assert_eq!(duplicates, 9);
    // Ten workers racing over the same event still apply it once.
    let jobs: Vec<_> = (0..10)
        .map(|_| {
            let pool = shop.app.db.worker_pool.clone();
            let tenant = shop.tenant.id;
            async move { worker::hotmart::drain(&pool, tenant).await.unwrap() }
        })
        .collect();
    join_all(jobs).await;
    let state = shop.state().await;
    assert_eq!(state["sales"].as_array().unwrap().len(), 1);
    assert_eq!(state["licenses"].as_array().unwrap().len(), 1);
    assert_eq!(state["buyers"], 1);
}

#[tokio::test]
async fn wrong_hottok_other_tenants_robot_and_no_secret_are_refused_and_store_nothing() {
    let shop = Shop::open().await;
    let body = fixture("purchase_approved");
    assert_eq!(shop.post_with(shop.robot, Some("errado"), &body).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(shop.post_with(shop.robot, None, &body).await.status(), StatusCode::UNAUTHORIZED);
    // The hottok of this tenant sent to another tenant's robot.
    let other = shop.app.tenant_with_hottok("outra", "hottok-da-outra-loja").await;
    let other_robot = shop.app.robot(&other, "Robô da outra").await;
    assert_eq!(shop.post_with(other_robot, Some(HOTTOK), &body).await.status(), StatusCode::UNAUTHORIZED);
    // A tenant without a hottok accepts none.
    let bare = shop.app.tenant("semsegredo").await;
    let bare_robot = shop.app.robot(&bare, "Robô").await;
    assert_eq!(shop.post_with(bare_robot, Some(""), &body).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(shop.post_with(Uuid::now_v7(), Some(HOTTOK), &body).await.status(), StatusCode::NOT_FOUND);
    let response = shop
        .app
        .browser()
        .post(shop.app.url("/api/webhooks/hotmart/robot/nao-e-uuid"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    // The body's hottok works too (Hotmart sends it there as well).
    let mut with_body_hottok = fixture("purchase_complete");
    with_body_hottok["hottok"] = Value::from(HOTTOK);
    assert_eq!(shop.post_with(shop.robot, None, &with_body_hottok).await.status(), StatusCode::OK);

    let mut tx = db::begin(&shop.app.db.app_pool, Scope::worker()).await.unwrap();
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM hotmart_inbox").fetch_one(&mut *tx).await.unwrap();
    assert_eq!(stored, 1, "only the authentic delivery was stored");
}

#[tokio::test]
async fn malformed_postbacks_get_a_portuguese_400_and_store_nothing() {
    let shop = Shop::open().await;
    for body in [
        "{",
        "[]",
        "{\"event\": \"PURCHASE_APPROVED\"}",
        "{\"id\": \"x\", \"event\": \"PURCHASE_APPROVED\", \"data\": {}}",
    ] {
        let response = shop
            .app
            .browser()
            .post(shop.app.url(&format!("/api/webhooks/hotmart/robot/{}", shop.robot)))
            .header("x-hotmart-hottok", HOTTOK)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let error: Value = response.json().await.unwrap();
        assert!(!error["message"].as_str().unwrap().is_empty());
    }
    let stored: i64 = shop.scalar("SELECT count(*) FROM hotmart_inbox").await;
    assert_eq!(stored, 0);
}

#[tokio::test]
async fn a_failure_after_the_sale_insert_leaves_nothing_and_the_retry_completes_it() {
    let shop = Shop::open().await;
    // Fault injection in the database: the first attempt fails right after the
    // sale row was written (when the license is inserted).
    sqlx::raw_sql(
        "CREATE FUNCTION fail_first_attempt() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF (SELECT attempts FROM hotmart_inbox ORDER BY received_at DESC LIMIT 1) = 0 THEN
             RAISE EXCEPTION 'injected failure after the sale insert';
           END IF;
           RETURN NEW;
         END $$;
         CREATE TRIGGER fail_first_attempt BEFORE INSERT ON tenant_client_robots
           FOR EACH ROW EXECUTE FUNCTION fail_first_attempt();",
    )
    .execute(&shop.app.db.owner_pool)
    .await
    .unwrap();
    assert_eq!(shop.post("purchase_approved").await, StatusCode::OK);
    let failed = worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await;
    assert!(failed.is_err());
    let state = shop.state().await;
    assert_eq!(state["sales"], serde_json::json!([]), "the sale insert was rolled back with the failure");
    assert_eq!(state["buyers"], 0);
    let error: String = shop.scalar("SELECT last_error FROM hotmart_inbox").await;
    assert!(error.contains("injected failure"), "{error}");

    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    let state = shop.state().await;
    assert_eq!(state["sales"][0]["status"], "confirmed");
    assert_eq!(state["licenses"][0]["status"], "active");
    let (attempts, outcome): (i32, String) = {
        let mut tx = db::begin(&shop.app.db.app_pool, Scope::worker_for(shop.tenant.id)).await.unwrap();
        sqlx::query_as("SELECT attempts, outcome FROM hotmart_inbox").fetch_one(&mut *tx).await.unwrap()
    };
    assert_eq!((attempts, outcome.as_str()), (2, "sale_created"));
}

#[tokio::test]
async fn a_poison_event_ends_failed_with_its_error_after_the_retries() {
    let shop = Shop::open().await;
    shop.make_sales_fail("poison").await;
    assert_eq!(shop.post("purchase_approved").await, StatusCode::OK);
    let inbox: Uuid = shop.scalar("SELECT id FROM hotmart_inbox").await;
    let job = shared::workflows::jobs::ProcessHotmartEvent { tenant_id: shop.tenant.id, inbox_id: inbox };
    for _ in 0..shared::workflows::sales_engine::MAX_ATTEMPTS {
        assert!(worker::hotmart::run(&shop.app.db.worker_pool, &job).await.is_err());
    }
    let (failed, error): (bool, String) = {
        let mut tx = db::begin(&shop.app.db.app_pool, Scope::worker_for(shop.tenant.id)).await.unwrap();
        sqlx::query_as("SELECT failed_at IS NOT NULL, last_error FROM hotmart_inbox").fetch_one(&mut *tx).await.unwrap()
    };
    assert!(failed && error.contains("poison"), "{error}");
}

#[tokio::test]
async fn the_admin_sees_a_failed_event_with_its_error_and_replays_it() {
    let shop = Shop::open().await;
    shop.make_sales_fail("tabela travada").await;
    assert_eq!(shop.post("purchase_approved").await, StatusCode::OK);
    let inbox: Uuid = shop.scalar("SELECT id FROM hotmart_inbox").await;
    let job = shared::workflows::jobs::ProcessHotmartEvent { tenant_id: shop.tenant.id, inbox_id: inbox };
    for _ in 0..shared::workflows::sales_engine::MAX_ATTEMPTS {
        let _ = worker::hotmart::run(&shop.app.db.worker_pool, &job).await;
    }
    let admin = shop.app.as_admin().await;
    let failed: Value = admin.get("/api/hotmart-events?failed=true").await.json().await.unwrap();
    assert_eq!(failed["total"], 1);
    assert!(failed["items"][0]["lastError"].as_str().unwrap().contains("tabela travada"));

    sqlx::raw_sql("DROP TRIGGER always_fail ON tenant_sales").execute(&shop.app.db.owner_pool).await.unwrap();
    let replay = admin.post(&format!("/api/hotmart-events/{inbox}/replay"), serde_json::json!({})).await;
    assert_eq!(replay.status(), StatusCode::ACCEPTED);
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    assert_eq!(shop.state().await["sales"][0]["status"], "confirmed");
    let again = admin.post(&format!("/api/hotmart-events/{inbox}/replay"), serde_json::json!({})).await;
    assert_eq!(again.status(), StatusCode::CONFLICT, "only a failed event is replayed");
    let none: Value = admin.get("/api/hotmart-events?failed=true").await.json().await.unwrap();
    assert_eq!(none["total"], 0);
}

/// Posts `body` as it is (any bytes) with `hottok` in the header, if any.
async fn post_raw(shop: &Shop, hottok: Option<&str>, body: &str) -> reqwest::Response {
    let mut request = shop
        .app
        .browser()
        .post(shop.app.url(&format!("/api/webhooks/hotmart/robot/{}", shop.robot)))
        .header("content-type", "application/json");
    if let Some(hottok) = hottok {
        request = request.header("x-hotmart-hottok", hottok);
    }
    request.body(body.to_string()).send().await.unwrap()
}

#[tokio::test]
async fn a_stranger_is_refused_before_the_body_is_read_and_learns_nothing_of_the_parser() {
    let shop = Shop::open().await;
    let bodies = [
        "{",
        "[]",
        "{\"id\": \"x\", \"event\": \"PURCHASE_APPROVED\", \"data\": {}}",
        "{\"event\": \"PURCHASE_APPROVED\", \"creation_date\": \"ontem\"}",
        "{\"hottok\": \"errado\", \"id\": \"x\"",
    ];
    for body in bodies {
        for hottok in [Some("errado"), None] {
            let response = post_raw(&shop, hottok, body).await;
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{hottok:?} {body}");
            let error: Value = response.json().await.unwrap();
            assert_eq!(error["message"], api::routes::webhooks::hotmart::BAD_HOTTOK, "{hottok:?} {body}");
            assert!(error.get("fields").is_none(), "no parser detail: {error}");
        }
    }
    // A wrong header is not rescued by a right hottok in the body, nor is
    // a body that is not JSON read for one.
    let right_in_body = format!("{{\"hottok\": \"{HOTTOK}\", \"id\": \"x\"}}");
    assert_eq!(post_raw(&shop, Some("errado"), &right_in_body).await.status(), StatusCode::UNAUTHORIZED);
    let broken_with_right = format!("{{\"hottok\": \"{HOTTOK}\", \"id\": ");
    let response = post_raw(&shop, None, &broken_with_right).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(response.json::<Value>().await.unwrap()["message"], api::routes::webhooks::hotmart::BAD_HOTTOK);

    // Hotmart itself (the right hottok, in the header or the body) still gets
    // the pt-BR reason for a body it got wrong.
    let response =
        post_raw(&shop, Some(HOTTOK), "{\"id\": \"x\", \"event\": \"PURCHASE_APPROVED\", \"data\": {}}").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let message = response.json::<Value>().await.unwrap()["fields"]["body"].as_str().unwrap().to_string();
    assert!(message.contains("transação"), "{message}");
    let body_hottok_only = format!("{{\"hottok\": \"{HOTTOK}\", \"event\": \"PURCHASE_APPROVED\"}}");
    assert_eq!(post_raw(&shop, None, &body_hottok_only).await.status(), StatusCode::BAD_REQUEST);
    let stored: i64 = shop.scalar("SELECT count(*) FROM hotmart_inbox").await;
    assert_eq!(stored, 0);
}

#[tokio::test]
async fn a_billet_printed_first_then_paid_still_sends_the_buyer_the_access_email() {
    let shop = Shop::open().await;
    assert_eq!(shop.post("purchase_billet_printed").await, StatusCode::OK);
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    // The billet is paid: Hotmart approves the same transaction.
    let mut paid = fixture("purchase_billet_printed");
    paid["id"] = "9b1f5a3e-0d7c-4c2b-8e61-5f0a2d9c7b14".into();
    paid["event"] = "PURCHASE_APPROVED".into();
    paid["data"]["purchase"]["status"] = "APPROVED".into();
    paid["creation_date"] = (paid["creation_date"].as_i64().unwrap() + 86_400_000).into();
    let response = shop.post_with(shop.robot, Some(HOTTOK), &paid).await;
    assert_eq!(response.status(), StatusCode::OK);
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    let welcomes: i64 = shop
        .scalar("SELECT count(*) FROM email_outbox WHERE template = 'welcome' AND to_address = 'comprador.teste@example.com'")
        .await;
    assert_eq!(welcomes, 1, "the buyer learns how to sign in once the billet is paid");
    // A returning buyer who already holds a license gets no second welcome.
    let mut again = paid.clone();
    again["id"] = "5c2e8d71-4a9b-4f36-b0d2-7e1c3a6f9d08".into();
    again["data"]["purchase"]["transaction"] = "HP99990000111122".into();
    assert_eq!(shop.post_with(shop.robot, Some(HOTTOK), &again).await.status(), StatusCode::OK);
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    let welcomes: i64 = shop
        .scalar("SELECT count(*) FROM email_outbox WHERE template = 'welcome' AND to_address = 'comprador.teste@example.com'")
        .await;
    assert_eq!(welcomes, 1);
}
