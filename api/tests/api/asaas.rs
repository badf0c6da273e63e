//! Asaas end to end: fixtures built from Asaas's public payloads
//! (api/tests/fixtures/asaas, one per event kind), posted by the Asaas
//! stand-in with the webhook's auth token, to the real endpoint, read by the
//! real adapter (for the robot's external reference) into the neutral event
//! and applied by the real lifecycle (the worker's job).
//!
//! Asaas names the customer by id only (`cus_…`), so its charges record
//! sales without a buyer: the rows, statuses and amounts are checked here;
//! the license needs the buyer's e-mail from Asaas's customer API.

use api::asaas_stand_in::AsaasStandIn;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{join_all, json as read_json, TenantFixture, TestApp};

const TOKEN: &str = "asaas-whk-0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c";
const REFERENCE: &str = "robo-tendencia-mensal";
const FIRST_CHARGE: &str = "pay_4x7k2m9q1w3e";

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/fixtures/asaas/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Posts one delivery as Asaas does: JSON body, the webhook's token in its header.
async fn deliver(app: &TestApp, asaas: &AsaasStandIn, webhook_url: &str, body: &[u8]) -> StatusCode {
    let mut request = app.browser().post(webhook_url).body(body.to_vec());
    for (name, value) in asaas.headers() {
        request = request.header(name, value);
    }
    request.send().await.unwrap().status()
}

struct Shop {
    app: TestApp,
    tenant: TenantFixture,
    robot: Uuid,
    asaas: AsaasStandIn,
}

impl Shop {
    async fn open() -> Self {
        Self::open_with(Some(REFERENCE)).await
    }

    async fn open_with(reference: Option<&str>) -> Self {
        let app = TestApp::spawn().await;
        let tenant = app.tenant_with_hottok("loja", "hottok-da-loja-0123456789").await;
        let robot = app.robot(&tenant, "Tendência").await;
        let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
        use shared::repositories::sales_channel_secrets;
        sales_channel_secrets::set(&mut tx, &app.secrets, tenant.id, robot, "asaas", TOKEN).await.unwrap();
        if let Some(reference) = reference {
            sales_channel_secrets::set_reference(&mut tx, tenant.id, robot, "asaas", reference).await.unwrap();
        }
        tx.commit().await.unwrap();
        Shop { app, tenant, robot, asaas: AsaasStandIn::new(TOKEN) }
    }

    fn webhook_url(&self) -> String {
        self.app.url(&format!("/api/webhooks/asaas/robot/{}", self.robot))
    }

    async fn post(&self, name: &str) -> StatusCode {
        deliver(&self.app, &self.asaas, &self.webhook_url(), &fixture(name)).await
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
                    'external', s.external_id, 'origin', s.origin, 'status', s.status,
                    'paid', s.amount_paid_by_customer::text, 'fee', s.hotmart_commission::text,
                    'net', s.net_amount::text) ORDER BY s.external_id), '[]')
                    FROM tenant_sales s WHERE s.origin = 'asaas'),
                'inbox', (SELECT coalesce(json_agg(json_build_object('event', event, 'outcome', outcome)
                    ORDER BY received_at, event_id), '[]') FROM hotmart_inbox WHERE platform = 'asaas'))",
        )
        .await
    }
}

#[tokio::test]
async fn the_robots_charges_are_recorded_with_their_amounts_and_statuses() {
    let shop = Shop::open().await;
    shop.deliver(&["payment_created"]).await;
    assert_eq!(shop.state().await["sales"][0]["status"], "pending");

    shop.deliver(&["payment_confirmed"]).await;
    let state = shop.state().await;
    let sale = &state["sales"][0];
    assert_eq!((sale["external"].as_str(), sale["origin"].as_str()), (Some(FIRST_CHARGE), Some("asaas")));
    assert_eq!(sale["status"], "confirmed");
    assert_eq!(
        (sale["paid"].as_str(), sale["fee"].as_str(), sale["net"].as_str()),
        (Some("149.90"), Some("4.98"), Some("144.92"))
    );

    // Each charge of the subscription is its own sale.
    shop.deliver(&["payment_received_renewal"]).await;
    assert_eq!(shop.state().await["sales"].as_array().unwrap().len(), 2);

    // Subscription events are read and acknowledged, never a 5xx.
    shop.deliver(&["payment_overdue", "subscription_updated", "subscription_inactivated"]).await;
    let state = shop.state().await;
    assert!(state["inbox"].as_array().unwrap().iter().all(|row| !row["outcome"].is_null()), "{state}");
}

#[tokio::test]
async fn refunds_chargebacks_and_disputes_move_the_sale() {
    let refunded = Shop::open().await;
    refunded.deliver(&["payment_confirmed", "payment_refunded"]).await;
    assert_eq!(refunded.state().await["sales"][0]["status"], "refunded");

    let charged_back = Shop::open().await;
    charged_back.deliver(&["payment_confirmed", "payment_chargeback_requested"]).await;
    assert_eq!(charged_back.state().await["sales"][0]["status"], "refunded");

    // The seller contests; the dispute never undoes a confirmation.
    let disputed = Shop::open().await;
    disputed
        .deliver(&["payment_confirmed", "payment_chargeback_dispute", "payment_awaiting_chargeback_reversal"])
        .await;
    assert_eq!(disputed.state().await["sales"][0]["status"], "confirmed");
}

#[tokio::test]
async fn a_charge_of_another_reference_is_recorded_as_ignored_and_makes_no_sale() {
    let shop = Shop::open().await;
    shop.deliver(&["payment_other_reference"]).await;
    let state = shop.state().await;
    assert_eq!(state["sales"].as_array().unwrap().len(), 0);
    assert_eq!(state["inbox"][0]["outcome"], "ignored", "{state}");

    // A robot whose owner chose no reference yet claims nothing either.
    let unset = Shop::open_with(None).await;
    unset.deliver(&["payment_confirmed"]).await;
    let state = unset.state().await;
    assert_eq!(state["sales"].as_array().unwrap().len(), 0);
    assert_eq!(state["inbox"][0]["outcome"], "ignored", "{state}");
}

#[tokio::test]
async fn the_robot_it_belongs_to_still_gets_a_charge_another_robot_ignored() {
    let shop = Shop::open().await;
    let other = shop.app.robot(&shop.tenant, "Outro").await;
    let mut tx = db::begin(&shop.app.db.app_pool, Scope::worker_for(shop.tenant.id)).await.unwrap();
    use shared::repositories::sales_channel_secrets;
    sales_channel_secrets::set(&mut tx, &shop.app.secrets, shop.tenant.id, other, "asaas", TOKEN).await.unwrap();
    sales_channel_secrets::set_reference(&mut tx, shop.tenant.id, other, "asaas", "outro-robo").await.unwrap();
    tx.commit().await.unwrap();
    // Asaas posts the account's charge to every webhook: the other robot's first.
    let other_url = shop.app.url(&format!("/api/webhooks/asaas/robot/{other}"));
    assert_eq!(deliver(&shop.app, &shop.asaas, &other_url, &fixture("payment_confirmed")).await, StatusCode::OK);
    shop.deliver(&["payment_confirmed"]).await;
    let state = shop.state().await;
    assert_eq!(state["sales"].as_array().unwrap().len(), 1, "{state}");
    assert_eq!(state["sales"][0]["status"], "confirmed");
}

#[tokio::test]
async fn a_wrong_or_missing_token_is_401_and_stores_nothing() {
    let shop = Shop::open().await;
    let body = fixture("payment_confirmed");
    let forged = AsaasStandIn::new("another-token-0000000000000000000000");
    assert_eq!(deliver(&shop.app, &forged, &shop.webhook_url(), &body).await, StatusCode::UNAUTHORIZED);
    let bare = shop.app.browser().post(shop.webhook_url()).header("content-type", "application/json");
    assert_eq!(bare.body(body.clone()).send().await.unwrap().status(), StatusCode::UNAUTHORIZED);
    let stored: i64 = shop.scalar("SELECT count(*) FROM hotmart_inbox").await;
    assert_eq!(stored, 0);
    let refused: i64 =
        shop.scalar("SELECT sum(count)::bigint FROM sales_channel_refusals WHERE platform = 'asaas'").await;
    assert_eq!(refused, 2, "counted for the owner's screen");
}

#[tokio::test]
async fn ten_concurrent_copies_of_one_event_make_one_sale() {
    let shop = Shop::open().await;
    let body = fixture("payment_confirmed");
    let headers = shop.asaas.headers();
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
    assert_eq!(shop.state().await["sales"].as_array().unwrap().len(), 1);
    let stored: i64 = shop.scalar("SELECT count(*) FROM hotmart_inbox").await;
    assert_eq!(stored, 1);
}

#[tokio::test]
async fn events_out_of_order_end_as_in_order() {
    for events in [
        ["payment_confirmed", "payment_refunded"],
        ["payment_confirmed", "payment_chargeback_requested"],
        ["payment_created", "payment_confirmed"],
        ["payment_confirmed", "payment_received_renewal"],
    ] {
        let in_order = Shop::open().await;
        in_order.deliver(&events).await;
        let reversed = Shop::open().await;
        reversed.deliver(&[events[1], events[0]]).await;
        let sales = |state: Value| state["sales"].clone();
        assert_eq!(sales(in_order.state().await), sales(reversed.state().await), "{events:?}");
    }
}

#[tokio::test]
async fn the_owner_chooses_the_robots_reference() {
    let shop = Shop::open_with(None).await;
    let owner = shop.app.owner_of(&shop.tenant).await;
    let path = format!("/api/tenant/robots/{}/sales-channels/asaas", shop.robot);
    let (status, channel) = read_json(owner.get(&path).await).await;
    assert_eq!(status, StatusCode::OK, "{channel}");
    assert!(channel["externalReference"].is_null(), "{channel}");

    for bad in [json!({}), json!({"externalReference": "  "}), json!({"externalReference": "com espaço"})] {
        let (status, error) = read_json(owner.put(&format!("{path}/reference"), bad).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
        assert!(error.to_string().contains("externalReference"), "{error}");
    }
    let (status, saved) =
        read_json(owner.put(&format!("{path}/reference"), json!({"externalReference": REFERENCE})).await).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["externalReference"], REFERENCE);
    let (_, channel) = read_json(owner.get(&path).await).await;
    assert_eq!(channel["externalReference"], REFERENCE);
    assert_eq!(channel["tokenConfigured"], true, "the token is kept");

    // Another robot of the shop cannot claim the same charges.
    let other = shop.app.robot(&shop.tenant, "Outro").await;
    let other_path = format!("/api/tenant/robots/{other}/sales-channels/asaas/reference");
    let (status, error) = read_json(owner.put(&other_path, json!({"externalReference": REFERENCE})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    // Only Asaas has references.
    let kiwify = format!("/api/tenant/robots/{}/sales-channels/kiwify/reference", shop.robot);
    assert_eq!(owner.put(&kiwify, json!({"externalReference": "x"})).await.status(), StatusCode::NOT_FOUND);

    let audited: i64 = shop
        .scalar("SELECT count(*) FROM audit_log WHERE entity = 'robot_asaas' AND changes::text LIKE '%robo-tendencia-mensal%'")
        .await;
    assert_eq!(audited, 1);

    // A robot whose owner set the reference only now gets its charges.
    shop.deliver(&["payment_confirmed"]).await;
    assert_eq!(shop.state().await["sales"][0]["status"], "confirmed");
}
