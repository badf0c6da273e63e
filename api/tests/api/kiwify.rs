//! Kiwify end to end: fixtures built from Kiwify's public payloads
//! (api/tests/fixtures/kiwify, one per event kind), signed by the Kiwify
//! stand-in, posted to the real endpoint, read by the real adapter into the
//! neutral event and applied by the real lifecycle (the worker's job).

use api::kiwify_stand_in::KiwifyStandIn;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{join_all, TenantFixture, TestApp};

const TOKEN: &str = "w9i3pvutvxe-kiwify-token";
const BUYER: &str = "mariana.kiwi@example.com";
const FIRST_ORDER: &str = "9f2c1a7e-5b1d-4e63-9a51-2d7c0f4e8b11";

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/fixtures/kiwify/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Posts one delivery as Kiwify does: JSON body, URL signed by the stand-in.
async fn deliver(app: &TestApp, kiwify: &KiwifyStandIn, webhook_url: &str, body: &[u8]) -> StatusCode {
    let url = kiwify.signed_url(webhook_url, body);
    let request = app.browser().post(url).header("content-type", "application/json").body(body.to_vec());
    request.send().await.unwrap().status()
}

struct Shop {
    app: TestApp,
    tenant: TenantFixture,
    robot: Uuid,
    kiwify: KiwifyStandIn,
}

impl Shop {
    async fn open() -> Self {
        let app = TestApp::spawn().await;
        let tenant = app.tenant_with_hottok("loja", "hottok-da-loja-0123456789").await;
        let robot = app.robot(&tenant, "Tendência").await;
        let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
        shared::repositories::sales_channel_secrets::set(&mut tx, &app.secrets, tenant.id, robot, "kiwify", TOKEN)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        Shop { app, tenant, robot, kiwify: KiwifyStandIn::new(TOKEN) }
    }

    fn webhook_url(&self) -> String {
        self.app.url(&format!("/api/webhooks/kiwify/robot/{}", self.robot))
    }

    async fn post(&self, name: &str) -> StatusCode {
        deliver(&self.app, &self.kiwify, &self.webhook_url(), &fixture(name)).await
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
                    'paid', s.amount_paid_by_customer::text, 'fee', s.hotmart_commission::text,
                    'net', s.net_amount::text) ORDER BY s.external_id), '[]')
                    FROM tenant_sales s LEFT JOIN tenant_clients c ON c.id = s.client_id WHERE s.origin = 'kiwify'),
                'licenses', (SELECT coalesce(json_agg(json_build_object(
                    'status', l.status, 'client', c.email, 'expires', l.expiration_date)), '[]')
                    FROM tenant_client_robots l JOIN tenant_clients c ON c.id = l.client_id WHERE c.email = 'mariana.kiwi@example.com'),
                'subscriptions', (SELECT coalesce(json_agg(json_build_object(
                    'code', external_id, 'origin', origin, 'status', status, 'next', next_billing_date)), '[]')
                    FROM tenant_subscriptions WHERE origin = 'kiwify'),
                'flagged', (SELECT chargeback_at IS NOT NULL FROM tenant_clients WHERE email = 'mariana.kiwi@example.com'))",
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
}

#[tokio::test]
async fn an_approved_order_grants_and_a_renewal_extends_the_same_license() {
    let shop = Shop::open().await;
    shop.deliver(&["order_approved"]).await;
    let state = shop.state().await;
    let sale = &state["sales"][0];
    assert_eq!((sale["external"].as_str(), sale["origin"].as_str()), (Some(FIRST_ORDER), Some("kiwify")));
    assert_eq!((sale["status"].as_str(), sale["client"].as_str()), (Some("confirmed"), Some(BUYER)));
    assert_eq!(
        (sale["paid"].as_str(), sale["fee"].as_str(), sale["net"].as_str()),
        (Some("97.00"), Some("8.99"), Some("88.01"))
    );
    assert_eq!(state["licenses"][0]["status"], "active");
    assert!(state["licenses"][0]["expires"].as_str().unwrap().starts_with("2031-02-18"), "{state}");
    assert_eq!(state["subscriptions"][0]["origin"], "kiwify");
    let mails = shop.mails().await;
    for template in ["welcome", "saleConfirmation", "subscriptionConfirmation"] {
        assert!(mails.iter().any(|m| m == template), "{template} in {mails:?}");
    }
    assert_eq!(shop.check().await, "OK");

    shop.deliver(&["subscription_renewed"]).await;
    let state = shop.state().await;
    assert_eq!(state["sales"].as_array().unwrap().len(), 2, "each renewal is its own order");
    assert_eq!(state["licenses"].as_array().unwrap().len(), 1, "and extends the same license");
    assert!(state["licenses"][0]["expires"].as_str().unwrap().starts_with("2031-03-18"), "{state}");
    assert_eq!(shop.check().await, "OK");

    // Late: the owner is told, access is kept (the default).
    shop.deliver(&["subscription_late"]).await;
    assert_eq!(shop.state().await["licenses"][0]["status"], "active");
    assert_eq!(shop.check().await, "OK");

    // Cancelled: access to the end of the paid period.
    shop.deliver(&["subscription_canceled"]).await;
    let state = shop.state().await;
    assert_eq!(state["subscriptions"][0]["status"], "cancelled");
    assert_eq!(state["licenses"][0]["status"], "active");
    assert!(state["licenses"][0]["expires"].as_str().is_some(), "{state}");
}

impl Shop {
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
async fn a_late_charge_holds_the_license_where_the_owner_chose_to_suspend_until_it_is_paid() {
    let shop = Shop::open().await;
    let owner = shop.app.owner_of(&shop.tenant).await;
    let path = format!("/api/tenant/robots/{}/license", shop.robot);
    let (status, error) = crate::support::json(owner.patch_json(&path, json!({"latePayment": "talvez"})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error.to_string().contains("pagamento atrasado"), "{error}");
    let (_, settings) = crate::support::json(owner.get(&path).await).await;
    assert_eq!(settings["latePayment"], "keep", "bad input changes nothing; keep is the default");
    let (status, settings) =
        crate::support::json(owner.patch_json(&path, json!({"latePayment": "suspend"})).await).await;
    assert_eq!((status, settings["latePayment"].as_str()), (StatusCode::OK, Some("suspend")));

    shop.deliver(&["order_approved"]).await;
    assert_eq!(shop.check_until("OK").await, "OK");
    shop.deliver(&["subscription_late"]).await;
    assert_eq!(shop.state().await["licenses"][0]["status"], "active", "held, not ended");
    assert_eq!(shop.check_until("PAYMENT_OVERDUE").await, "PAYMENT_OVERDUE");
    let (_, page) = crate::support::json(owner.get("/api/tenant/licenses").await).await;
    assert_eq!(page["items"][0]["hold"], "payment_late");
    // Paid: the renewal lifts the hold and extends the license.
    shop.deliver(&["subscription_renewed"]).await;
    assert_eq!(shop.check_until("OK").await, "OK");
}

#[tokio::test]
async fn a_refund_revokes_and_a_chargeback_revokes_and_flags_the_buyer() {
    let refunded = Shop::open().await;
    refunded.deliver(&["order_approved", "order_refunded"]).await;
    let state = refunded.state().await;
    assert_eq!(
        (state["sales"][0]["status"].as_str(), state["licenses"][0]["status"].as_str()),
        (Some("refunded"), Some("cancelled"))
    );
    assert_eq!(state["flagged"], false);
    assert_ne!(refunded.check().await, "OK");

    let charged_back = Shop::open().await;
    charged_back.deliver(&["order_approved", "chargeback"]).await;
    let state = charged_back.state().await;
    assert_eq!(state["licenses"][0]["status"], "cancelled");
    assert_eq!(state["flagged"], true, "the owner sees the buyer's chargeback");
    let owner = charged_back.app.owner_of(&charged_back.tenant).await;
    let (_, clients) = crate::support::json(owner.get(&format!("/api/tenant/clients?q={BUYER}")).await).await;
    assert!(clients["items"][0]["chargebackAt"].is_string(), "on the owner's client list: {clients}");
    assert_ne!(charged_back.check().await, "OK");
}

#[tokio::test]
async fn a_wrong_or_missing_signature_is_401_and_stores_nothing() {
    let shop = Shop::open().await;
    let body = fixture("order_approved");
    let forged = KiwifyStandIn::new("another-token");
    assert_eq!(deliver(&shop.app, &forged, &shop.webhook_url(), &body).await, StatusCode::UNAUTHORIZED);
    let unsigned = shop.app.browser().post(shop.webhook_url()).header("content-type", "application/json");
    let unsigned = unsigned.body(body.clone()).send().await.unwrap();
    assert_eq!(unsigned.status(), StatusCode::UNAUTHORIZED);
    // Signed, then changed on the way: the signature no longer matches.
    let url = shop.kiwify.signed_url(&shop.webhook_url(), &body);
    let mut tampered = body.clone();
    tampered.extend_from_slice(b" ");
    let response =
        shop.app.browser().post(url).header("content-type", "application/json").body(tampered).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let stored: i64 = shop.scalar("SELECT count(*) FROM hotmart_inbox").await;
    assert_eq!(stored, 0);
    let refused: i64 =
        shop.scalar("SELECT sum(count)::bigint FROM sales_channel_refusals WHERE platform = 'kiwify'").await;
    assert_eq!(refused, 3, "counted for the owner's screen");
}

#[tokio::test]
async fn ten_concurrent_copies_of_one_event_make_one_sale() {
    let shop = Shop::open().await;
    let body = fixture("order_approved");
    let url = shop.kiwify.signed_url(&shop.webhook_url(), &body);
    let copies = (0..10).map(|_| {
        let request = shop.app.browser().post(&url).header("content-type", "application/json").body(body.clone());
        async move { request.send().await.unwrap().status() }
    });
    let statuses = join_all(copies).await;
    for status in statuses {
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
        ["order_approved", "order_refunded"],
        ["order_approved", "chargeback"],
        ["order_approved", "subscription_renewed"],
    ] {
        let in_order = Shop::open().await;
        in_order.deliver(&events).await;
        let reversed = Shop::open().await;
        reversed.deliver(&[events[1], events[0]]).await;
        assert_eq!(access(&in_order.state().await), access(&reversed.state().await), "{events:?}");
        assert_eq!(in_order.check().await, reversed.check().await, "{events:?}");
    }
}

#[tokio::test]
async fn the_owner_sets_and_replaces_a_platforms_secret_and_sees_only_its_prefix() {
    let app = TestApp::spawn().await;
    let tenant = app.tenant("canais").await;
    let robot = app.robot(&tenant, "Canal").await;
    let owner = app.owner_of(&tenant).await;
    let base = format!("/api/tenant/robots/{robot}/sales-channels");
    for platform in ["kiwify", "eduzz", "asaas"] {
        let (status, channel) = crate::support::json(owner.get(&format!("{base}/{platform}")).await).await;
        assert_eq!(status, StatusCode::OK, "{channel}");
        assert_eq!(channel["tokenConfigured"], false);
        assert!(channel["webhookUrl"].as_str().unwrap().ends_with(&format!("/api/webhooks/{platform}/robot/{robot}")));
        assert_eq!(channel["events"], json!([]));
        // Saved, then replaced: the second save takes the conflict path.
        for token in ["primeiro-token-123", "segundo-token-456"] {
            let (status, saved) = crate::support::json(
                owner.put_json(&format!("{base}/{platform}/token"), json!({"token": token})).await,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{platform}: {saved}");
            assert_eq!(saved["tokenConfigured"], true);
            assert!(token.starts_with(saved["tokenPrefix"].as_str().unwrap()), "{saved}");
        }
        let (_, channel) = crate::support::json(owner.get(&format!("{base}/{platform}")).await).await;
        assert!(!channel.to_string().contains("segundo-token-456"), "the secret is never shown: {channel}");
        let (status, error) =
            crate::support::json(owner.put_json(&format!("{base}/{platform}/token"), json!({"token": "  "})).await)
                .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
        assert!(error.to_string().contains("Cole"), "{error}");
    }
    let (status, error) = crate::support::json(owner.get(&format!("{base}/monetizze")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error.to_string().contains("Plataforma de vendas não encontrada"), "{error}");
    // The sealed secret opens to the last one saved (what the intake verifies with).
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
    let opened = shared::repositories::sales_channel_secrets::open(&mut tx, &app.secrets, tenant.id, robot, "eduzz")
        .await
        .unwrap();
    assert_eq!(opened.as_deref(), Some("segundo-token-456"));
}
