//! Nothing lost when Hotmart stops calling: the owner's "Recuperar vendas"
//! reads Hotmart's sales history (the Hotmart stand-in serves it, paged, with
//! the tenant's own OAuth credentials) and feeds every sale the webhook never
//! delivered through the same intake and lifecycle. A second run changes
//! nothing.

use api::hotmart_stand_in::HotmartStandIn;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{hotmart_fixture, json as read_json, Caller, TenantFixture, TestApp};

const HOTTOK: &str = "hottok-da-loja-0123456789";
const CLIENT_ID: &str = "4f1c9a7e-acme-client";
const CLIENT_SECRET: &str = "s3cr3t-acme-9d2f";
const BASIC: &str = "NGYxYzlhN2UtYWNtZS1jbGllbnQ6czNjcjN0LWFjbWUtOWQyZg==";
/// The product of the webhook fixtures (purchase_approved.json).
const PRODUCT: i64 = 4_895_217;

struct Shop {
    app: TestApp,
    hotmart: HotmartStandIn,
    tenant: TenantFixture,
    owner: Caller,
}

/// A sale as Hotmart's sales history lists it, ordered an hour ago.
fn history_item(transaction: &str, status: &str, email: &str, product: i64) -> Value {
    let ordered = chrono::Utc::now().timestamp_millis() - 3_600_000;
    json!({
        "product": {"id": product, "name": "Robô Scalper Pro MT5"},
        "buyer": {"name": "Comprador Perdido", "email": email, "ucode": "u-1"},
        "purchase": {"transaction": transaction, "status": status, "order_date": ordered,
                     "approved_date": ordered + 60_000, "is_subscription": false,
                     "price": {"value": 297.0, "currency_code": "BRL"}, "hotmart_fee": {"total": 29.7},
                     "payment": {"type": "PIX", "installments_number": 1}, "offer": {"code": "k2x9"}}
    })
}

impl Shop {
    async fn open() -> Self {
        let hotmart = HotmartStandIn::start().await;
        let base = hotmart.base_url.clone();
        let app = TestApp::spawn_with(|config| {
            config.hotmart_api.api_base = base.clone();
            config.hotmart_api.auth_base = base;
        })
        .await;
        hotmart.register_credentials(CLIENT_ID, CLIENT_SECRET, BASIC);
        let tenant = app.tenant_with_hottok("loja", HOTTOK).await;
        let owner = app.owner_of(&tenant).await;
        Shop { app, hotmart, tenant, owner }
    }

    async fn save_credentials(&self) {
        let body = json!({"clientId": CLIENT_ID, "clientSecret": CLIENT_SECRET, "basicToken": BASIC});
        let (status, saved) = read_json(self.owner.put_json("/api/tenant/hotmart-api", body).await).await;
        assert_eq!(status, StatusCode::OK, "{saved}");
    }

    async fn reconcile(&self) -> (StatusCode, Value) {
        read_json(self.owner.post("/api/tenant/sales-channels/hotmart/reconciliation", json!({"days": 7})).await).await
    }

    /// What the tenant holds, comparable between runs.
    async fn state(&self) -> Value {
        let mut tx = db::begin(&self.app.db.app_pool, Scope::worker_for(self.tenant.id)).await.unwrap();
        let state = sqlx::query_scalar(
            "SELECT json_build_object(
                'sales', (SELECT json_agg(json_build_object('external', external_id, 'status', status,
                          'paid', amount_paid_by_customer::text) ORDER BY external_id) FROM tenant_sales),
                'licenses', (SELECT json_agg(json_build_object('status', l.status, 'client', c.email)
                             ORDER BY c.email) FROM tenant_client_robots l JOIN tenant_clients c ON c.id = l.client_id),
                'inbox', (SELECT count(*) FROM hotmart_inbox),
                'welcomes', (SELECT count(*) FROM email_outbox WHERE template = 'welcome'))",
        )
        .fetch_one(&mut *tx)
        .await
        .unwrap();
        tx.commit().await.unwrap();
        state
    }

    async fn robot(&self) -> Uuid {
        self.app.robot(&self.tenant, "Scalper Pro").await
    }
}

#[tokio::test]
async fn sales_the_webhook_never_sent_are_recovered_once_and_a_second_run_changes_nothing() {
    let shop = Shop::open().await;
    let robot = shop.robot().await;
    // Without credentials: said, nothing asked.
    let (status, run) = shop.reconcile().await;
    assert_eq!(status, StatusCode::OK, "{run}");
    assert!(run["summary"].as_str().unwrap().contains("credenciais da API da Hotmart"), "{run}");
    assert!(shop.hotmart.received().is_empty());
    shop.save_credentials().await;

    // The webhook delivered one sale (so its product is this robot's), then went silent.
    let delivered = shop.app.post_hotmart(robot, HOTTOK, "purchase_approved").await;
    assert_eq!(delivered.status(), StatusCode::OK);
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    let approved: Value = serde_json::from_str(&hotmart_fixture("purchase_approved")).unwrap();
    let known = approved["data"]["purchase"]["transaction"].as_str().unwrap().to_string();
    let known_email = approved["data"]["buyer"]["email"].as_str().unwrap().trim().to_lowercase();
    // Hotmart's history: the delivered sale, two it never delivered, the
    // refund of the delivered one it never delivered, and one of a product
    // no robot here sells.
    shop.hotmart.add_sale(CLIENT_ID, history_item(&known, "APPROVED", &known_email, PRODUCT));
    shop.hotmart.add_sale(CLIENT_ID, history_item("HP-LOST-1", "APPROVED", "perdido.um@example.com", PRODUCT));
    shop.hotmart.add_sale(CLIENT_ID, history_item("HP-LOST-2", "COMPLETE", "perdido.dois@example.com", PRODUCT));
    shop.hotmart.add_sale(CLIENT_ID, history_item("HP-OTHER", "APPROVED", "outro@example.com", 1_000_001));
    let before = shop.state().await;

    let (status, run) = shop.reconcile().await;
    assert_eq!(status, StatusCode::OK, "{run}");
    assert_eq!(
        (run["found"].as_i64(), run["already"].as_i64(), run["recovered"].as_i64(), run["unmapped"].as_i64()),
        (Some(4), Some(1), Some(2), Some(1)),
        "{run}"
    );
    assert!(run["summary"].as_str().unwrap().starts_with("2 vendas recuperadas"), "{run}");
    assert!(run["summary"].as_str().unwrap().contains("1 venda é de produtos"), "{run}");
    // Paged: the stand-in lists two per page, so the approved listing took two pages.
    let history_calls = shop.hotmart.received().iter().filter(|r| r.path.ends_with("/sales/history")).count();
    assert!(history_calls >= 4, "{history_calls} history calls");
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    let after = shop.state().await;
    let sales = after["sales"].as_array().unwrap();
    let count = |state: &Value, key: &str| state[key].as_array().map_or(0, Vec::len);
    assert_eq!(sales.len(), count(&before, "sales") + 2, "{after}");
    assert!(!sales.iter().any(|s| s["external"] == "HP-OTHER"), "unmapped: not fed");
    let lost = sales.iter().find(|s| s["external"] == "HP-LOST-1").expect("recovered");
    assert_eq!((lost["status"].as_str(), lost["paid"].as_str()), (Some("confirmed"), Some("297.00")));
    assert_eq!(count(&after, "licenses"), count(&before, "licenses") + 2, "each recovered sale grants its license");
    assert_eq!(
        after["welcomes"].as_i64().unwrap() - before["welcomes"].as_i64().unwrap(),
        2,
        "each new buyer gets the welcome"
    );

    // The latest run is what the owner's screen shows.
    let (_, latest) = read_json(shop.owner.get("/api/tenant/sales-channels/hotmart/reconciliation").await).await;
    assert_eq!(latest["latest"]["recovered"], 2);
    assert_eq!(latest["latest"]["trigger"], "owner");

    // Asked again at once: refused, nothing run.
    let (status, _) = shop.reconcile().await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    // Later (the spacing elapsed): nothing new, nothing changed.
    shop.app
        .sql_in(shop.tenant.id, "UPDATE sales_reconciliations SET started_at = started_at - interval '1 hour'")
        .await;
    let (status, again) = shop.reconcile().await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!((again["recovered"].as_i64(), again["already"].as_i64()), (Some(0), Some(3)), "{again}");
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    assert_eq!(shop.state().await, after);
}

#[tokio::test]
async fn a_refund_the_webhook_never_sent_is_recovered_and_revokes() {
    let shop = Shop::open().await;
    let robot = shop.robot().await;
    shop.save_credentials().await;
    assert_eq!(shop.app.post_hotmart(robot, HOTTOK, "purchase_approved").await.status(), StatusCode::OK);
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    let approved: Value = serde_json::from_str(&hotmart_fixture("purchase_approved")).unwrap();
    let known = approved["data"]["purchase"]["transaction"].as_str().unwrap();
    shop.hotmart.add_sale(CLIENT_ID, history_item(known, "REFUNDED", "comprador.teste@example.com", PRODUCT));
    let (_, run) = shop.reconcile().await;
    assert_eq!(run["recovered"], 1, "{run}");
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    let mut tx = db::begin(&shop.app.db.app_pool, Scope::worker_for(shop.tenant.id)).await.unwrap();
    let inbox: Value = sqlx::query_scalar(
        "SELECT json_agg(json_build_object('event', event, 'outcome', outcome, 'error', last_error)) FROM hotmart_inbox",
    )
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let state = shop.state().await;
    let sale = state["sales"].as_array().unwrap().iter().find(|s| s["external"] == known).cloned();
    assert_eq!(sale.unwrap()["status"], "refunded", "{inbox}");
    let license = state["licenses"].as_array().unwrap().iter().find(|l| l["client"] == "comprador.teste@example.com");
    assert_eq!(license.unwrap()["status"], "cancelled", "{state}");
}

#[tokio::test]
async fn bad_input_and_a_refusing_hotmart_change_nothing_and_say_why() {
    let shop = Shop::open().await;
    for days in [json!(0), json!(31), json!("sete")] {
        let response =
            shop.owner.post("/api/tenant/sales-channels/hotmart/reconciliation", json!({"days": days})).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{days}");
    }
    shop.save_credentials().await;
    // Hotmart forgets the credential (revoked in its panel): the run records why.
    shop.hotmart.register_credentials(CLIENT_ID, "outro-segredo", BASIC);
    let (status, run) = shop.reconcile().await;
    assert_eq!(status, StatusCode::OK, "{run}");
    assert!(run["error"].as_str().unwrap().contains("A Hotmart recusou"), "{run}");
    assert_eq!(run["recovered"], 0);
    assert_eq!(shop.state().await["inbox"], 0);
}

#[tokio::test]
async fn the_daily_run_reconciles_each_tenant_with_credentials_once_a_day() {
    let shop = Shop::open().await;
    let robot = shop.robot().await;
    assert_eq!(shop.app.post_hotmart(robot, HOTTOK, "purchase_approved").await.status(), StatusCode::OK);
    worker::hotmart::drain(&shop.app.db.worker_pool, shop.tenant.id).await.unwrap();
    shop.hotmart.add_sale(CLIENT_ID, history_item("HP-DAILY-1", "APPROVED", "diario@example.com", PRODUCT));
    let config = shop.app.state.config.clone();
    // No credentials: not due.
    assert_eq!(worker::reconciliation::run_due(&shop.app.db.worker_pool, &config).await.unwrap(), 0);
    shop.save_credentials().await;
    assert_eq!(worker::reconciliation::run_due(&shop.app.db.worker_pool, &config).await.unwrap(), 1);
    let (_, latest) = read_json(shop.owner.get("/api/tenant/sales-channels/hotmart/reconciliation").await).await;
    assert_eq!(
        (latest["latest"]["trigger"].as_str(), latest["latest"]["recovered"].as_i64()),
        (Some("daily"), Some(1))
    );
    // Ran today: not due again until tomorrow.
    assert_eq!(worker::reconciliation::run_due(&shop.app.db.worker_pool, &config).await.unwrap(), 0);
}
