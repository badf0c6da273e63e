//! Eduzz end to end: fixtures built from Eduzz's public payloads
//! (api/tests/fixtures/eduzz, one per event kind), signed by the Eduzz
//! stand-in, posted to the real endpoint, read by the real adapter into the
//! neutral event and applied by the real lifecycle (the worker's job).

use api::eduzz_stand_in::EduzzStandIn;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{join_all, TenantFixture, TestApp};

const SECRET: &str = "edz-7f3a9c1e5b2d8f4a6c0e1b3d5f7a9c2e";
const BUYER: &str = "rafael.eduzz@example.com";
const FIRST_INVOICE: &str = "98213457";

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/fixtures/eduzz/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Posts one delivery as Eduzz does: JSON body, signed by the stand-in.
async fn deliver(app: &TestApp, eduzz: &EduzzStandIn, webhook_url: &str, body: &[u8]) -> StatusCode {
    let mut request = app.browser().post(webhook_url).body(body.to_vec());
    for (name, value) in eduzz.headers(body) {
        request = request.header(name, value);
    }
    request.send().await.unwrap().status()
}

struct Shop {
    app: TestApp,
    tenant: TenantFixture,
    robot: Uuid,
    eduzz: EduzzStandIn,
}

impl Shop {
    async fn open() -> Self {
        let app = TestApp::spawn().await;
        let tenant = app.tenant_with_hottok("loja", "hottok-da-loja-0123456789").await;
        let robot = app.robot(&tenant, "Tendência").await;
        let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
        shared::repositories::sales_channel_secrets::set(&mut tx, &app.secrets, tenant.id, robot, "eduzz", SECRET)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        Shop { app, tenant, robot, eduzz: EduzzStandIn::new(SECRET) }
    }

    fn webhook_url(&self) -> String {
        self.app.url(&format!("/api/webhooks/eduzz/robot/{}", self.robot))
    }

    async fn post(&self, name: &str) -> StatusCode {
        deliver(&self.app, &self.eduzz, &self.webhook_url(), &fixture(name)).await
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

    /// What the events left behind, in one comparable shape.
    async fn state(&self) -> Value {
        self.scalar::<Value>(
            "SELECT json_build_object(
                'sales', (SELECT coalesce(json_agg(json_build_object(
                    'external', s.external_id, 'origin', s.origin, 'status', s.status, 'client', c.email,
                    'paid', s.amount_paid_by_customer::text) ORDER BY s.external_id), '[]')
                    FROM tenant_sales s LEFT JOIN tenant_clients c ON c.id = s.client_id WHERE s.origin = 'eduzz'),
                'licenses', (SELECT coalesce(json_agg(json_build_object(
                    'status', l.status, 'hold', l.hold, 'client', c.email, 'expires', l.expiration_date)), '[]')
                    FROM tenant_client_robots l JOIN tenant_clients c ON c.id = l.client_id WHERE c.email = 'rafael.eduzz@example.com'),
                'subscriptions', (SELECT coalesce(json_agg(json_build_object(
                    'code', external_id, 'origin', origin, 'status', status, 'next', next_billing_date)), '[]')
                    FROM tenant_subscriptions WHERE origin = 'eduzz'),
                'flagged', (SELECT chargeback_at IS NOT NULL FROM tenant_clients WHERE email = 'rafael.eduzz@example.com'))",
        )
        .await
    }

    async fn mails(&self) -> Vec<String> {
        let mails: Value =
            self.scalar("SELECT coalesce(json_agg(template ORDER BY created_at), '[]') FROM email_outbox").await;
        mails.as_array().unwrap().iter().map(|m| m.as_str().unwrap_or_default().to_string()).collect()
    }

    /// The license check's code for the buyer on a fresh account.
    async fn check(&self) -> String {
        let body = json!({"email": BUYER, "mtAccount": 51_234_567u64, "robotId": self.robot,
                          "tenantId": self.tenant.id, "nonce": "n"});
        let response =
            self.app.browser().post(self.app.url("/api/webhooks/validate-license")).json(&body).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let answer: Value = response.json().await.unwrap();
        answer["code"].as_str().unwrap().to_string()
    }

    /// Asks until the robot hears `expected` (the caches hear of a change by notification).
    async fn check_until(&self, expected: &str) -> String {
        let mut code = String::new();
        for _ in 0..40 {
            code = self.check().await;
            if code == expected {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        code
    }
}

#[tokio::test]
async fn a_paid_invoice_grants_and_the_contract_renews_runs_late_and_ends() {
    let shop = Shop::open().await;
    shop.deliver(&["invoice_paid"]).await;
    let state = shop.state().await;
    let sale = &state["sales"][0];
    assert_eq!((sale["external"].as_str(), sale["origin"].as_str()), (Some(FIRST_INVOICE), Some("eduzz")));
    assert_eq!((sale["status"].as_str(), sale["client"].as_str()), (Some("confirmed"), Some(BUYER)));
    assert_eq!(sale["paid"], "197.00");
    assert_eq!(state["licenses"][0]["status"], "active");
    assert!(state["licenses"][0]["expires"].as_str().unwrap().starts_with("2031-04-13"), "{state}");
    assert_eq!(
        (state["subscriptions"][0]["origin"].as_str(), state["subscriptions"][0]["code"].as_str()),
        (Some("eduzz"), Some("7731045"))
    );
    let mails = shop.mails().await;
    for template in ["welcome", "saleConfirmation", "subscriptionConfirmation"] {
        assert!(mails.iter().any(|m| m == template), "{template} in {mails:?}");
    }
    assert_eq!(shop.check().await, "OK");

    shop.deliver(&["invoice_paid_renewal"]).await;
    let state = shop.state().await;
    assert_eq!(state["sales"].as_array().unwrap().len(), 2, "each renewal is its own invoice");
    assert_eq!(state["licenses"].as_array().unwrap().len(), 1, "and extends the same license");
    assert!(state["licenses"][0]["expires"].as_str().unwrap().starts_with("2031-05-13"), "{state}");

    // A plan switch moves the end to the new plan's next charge.
    shop.deliver(&["contract_plan_changed"]).await;
    let state = shop.state().await;
    assert!(state["licenses"][0]["expires"].as_str().unwrap().starts_with("2031-09-13"), "{state}");

    // Late: the owner is told, access is kept (the default).
    shop.deliver(&["contract_updated_late"]).await;
    assert_eq!(shop.state().await["licenses"][0]["status"], "active");
    assert_eq!(shop.check().await, "OK");

    // Cancelled: access to the end of the paid period.
    shop.deliver(&["contract_canceled"]).await;
    let state = shop.state().await;
    assert_eq!(state["subscriptions"][0]["status"], "cancelled");
    assert_eq!(state["licenses"][0]["status"], "active");
    assert!(state["licenses"][0]["expires"].as_str().is_some(), "{state}");
}

#[tokio::test]
async fn an_invoice_waiting_for_payment_grants_nothing_until_paid() {
    let shop = Shop::open().await;
    shop.deliver(&["invoice_waiting_payment"]).await;
    let state = shop.state().await;
    assert_eq!(state["sales"][0]["status"], "pending", "{state}");
    assert_eq!(state["licenses"].as_array().unwrap().len(), 0, "a boleto not paid grants nothing");
    assert_ne!(shop.check().await, "OK");

    shop.deliver(&["invoice_paid"]).await;
    let state = shop.state().await;
    assert_eq!(state["sales"].as_array().unwrap().len(), 1, "the same invoice, now paid");
    assert_eq!(
        (state["sales"][0]["status"].as_str(), state["licenses"][0]["status"].as_str()),
        (Some("confirmed"), Some("active"))
    );
    assert_eq!(shop.check().await, "OK");
}

#[tokio::test]
async fn a_refund_revokes_a_chargeback_flags_and_a_refund_request_holds() {
    let refunded = Shop::open().await;
    refunded.deliver(&["invoice_paid", "invoice_refunded"]).await;
    let state = refunded.state().await;
    assert_eq!(
        (state["sales"][0]["status"].as_str(), state["licenses"][0]["status"].as_str()),
        (Some("refunded"), Some("cancelled"))
    );
    assert_eq!(state["flagged"], false);
    assert_ne!(refunded.check().await, "OK");

    let charged_back = Shop::open().await;
    charged_back.deliver(&["invoice_paid", "invoice_chargeback"]).await;
    let state = charged_back.state().await;
    assert_eq!(state["licenses"][0]["status"], "cancelled");
    assert_eq!(state["flagged"], true, "the owner sees the buyer's chargeback");
    assert_ne!(charged_back.check().await, "OK");

    // A refund asked for, not yet granted: the sale stands, the license is
    // held (its own signed code) while the request is open.
    let asked = Shop::open().await;
    asked.deliver(&["invoice_paid"]).await;
    assert_eq!(asked.check_until("OK").await, "OK");
    asked.deliver(&["invoice_waiting_refund"]).await;
    let state = asked.state().await;
    assert_eq!(
        (state["sales"][0]["status"].as_str(), state["licenses"][0]["status"].as_str()),
        (Some("confirmed"), Some("active"))
    );
    assert_eq!(state["licenses"][0]["hold"], "dispute", "{state}");
    assert_eq!(asked.check_until("DISPUTED").await, "DISPUTED");
}

#[tokio::test]
async fn a_late_contract_holds_the_license_when_the_owner_chose_to_suspend_until_the_next_paid_invoice() {
    let shop = Shop::open().await;
    let owner = shop.app.owner_of(&shop.tenant).await;
    let path = format!("/api/tenant/robots/{}/license", shop.robot);
    assert_eq!(owner.patch_json(&path, json!({"latePayment": "suspend"})).await.status(), StatusCode::OK);
    shop.deliver(&["invoice_paid"]).await;
    assert_eq!(shop.check_until("OK").await, "OK");
    shop.deliver(&["contract_updated_late"]).await;
    let state = shop.state().await;
    assert_eq!(
        (state["licenses"][0]["status"].as_str(), state["licenses"][0]["hold"].as_str()),
        (Some("active"), Some("payment_late"))
    );
    assert_eq!(shop.check_until("PAYMENT_OVERDUE").await, "PAYMENT_OVERDUE");
    // Paid: the renewal lifts the hold and extends the license.
    shop.deliver(&["invoice_paid_renewal"]).await;
    assert!(shop.state().await["licenses"][0]["hold"].is_null());
    assert_eq!(shop.check_until("OK").await, "OK");
}

#[tokio::test]
async fn the_activation_ping_is_recorded_as_a_test_and_grants_nothing() {
    let shop = Shop::open().await;
    shop.deliver(&["ping"]).await;
    let (is_test, outcome): (bool, Option<String>) = {
        let row: Value = shop
            .scalar("SELECT json_build_object('test', is_test, 'outcome', outcome) FROM hotmart_inbox WHERE platform = 'eduzz'")
            .await;
        (row["test"].as_bool().unwrap(), row["outcome"].as_str().map(str::to_string))
    };
    assert!(is_test);
    assert_eq!(outcome.as_deref(), Some("test"));
    let state = shop.state().await;
    assert_eq!(state["sales"].as_array().unwrap().len(), 0);
    assert!(shop.mails().await.is_empty());
}

#[tokio::test]
async fn a_wrong_or_missing_signature_is_401_and_stores_nothing() {
    let shop = Shop::open().await;
    let body = fixture("invoice_paid");
    let forged = EduzzStandIn::new("another-secret");
    assert_eq!(deliver(&shop.app, &forged, &shop.webhook_url(), &body).await, StatusCode::UNAUTHORIZED);
    let unsigned = shop.app.browser().post(shop.webhook_url()).header("content-type", "application/json");
    let unsigned = unsigned.body(body.clone()).send().await.unwrap();
    assert_eq!(unsigned.status(), StatusCode::UNAUTHORIZED);
    // Signed, then changed on the way: the signature no longer matches.
    let mut tampered = body.clone();
    tampered.extend_from_slice(b" ");
    let mut request = shop.app.browser().post(shop.webhook_url()).body(tampered);
    for (name, value) in shop.eduzz.headers(&body) {
        request = request.header(name, value);
    }
    assert_eq!(request.send().await.unwrap().status(), StatusCode::UNAUTHORIZED);
    let stored: i64 = shop.scalar("SELECT count(*) FROM hotmart_inbox").await;
    assert_eq!(stored, 0);
    let refused: i64 =
        shop.scalar("SELECT sum(count)::bigint FROM sales_channel_refusals WHERE platform = 'eduzz'").await;
    assert_eq!(refused, 3, "counted for the owner's screen");
}

#[tokio::test]
async fn ten_concurrent_copies_of_one_event_make_one_sale() {
    let shop = Shop::open().await;
    let body = fixture("invoice_paid");
    let headers = shop.eduzz.headers(&body);
    let copies = (0..10).map(|_| {
        let mut request = shop.app.browser().post(shop.webhook_url()).body(body.clone());
        for (name, value) in &headers {
            request = request.header(*name, value);
        }
        async move { request.send().await.unwrap().status() }
    });
    for status in join_all(copies).await {
        assert_eq!(status, StatusCode::OK);
    }
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    let state = shop.state().await;
    assert_eq!(state["sales"].as_array().unwrap().len(), 1);
    assert_eq!(state["licenses"].as_array().unwrap().len(), 1);
    let stored: i64 = shop.scalar("SELECT count(*) FROM hotmart_inbox").await;
    assert_eq!(stored, 1);
}

/// The licenses as the buyer meets them (which sale row carries a license
/// may differ with the order; what the buyer can do may not).
fn access(state: &Value) -> Value {
    let mut licenses: Vec<Value> = state["licenses"].as_array().unwrap().clone();
    licenses.sort_by_key(|l| l.to_string());
    json!({ "sales": state["sales"], "licenses": licenses, "subscriptions": state["subscriptions"], "flagged": state["flagged"] })
}

#[tokio::test]
async fn events_out_of_order_end_as_in_order() {
    for events in [
        ["invoice_paid", "invoice_refunded"],
        ["invoice_paid", "invoice_chargeback"],
        ["invoice_paid", "invoice_paid_renewal"],
        ["invoice_waiting_payment", "invoice_paid"],
    ] {
        let in_order = Shop::open().await;
        in_order.deliver(&events).await;
        let reversed = Shop::open().await;
        reversed.deliver(&[events[1], events[0]]).await;
        assert_eq!(access(&in_order.state().await), access(&reversed.state().await), "{events:?}");
        assert_eq!(in_order.check().await, reversed.check().await, "{events:?}");
    }
}
