//! Cancellations that reach Hotmart: the owner's Hotmart API credentials
//! (checked with Hotmart before they are stored, sealed, never shown), and a
//! client's cancel in the portal sent on to Hotmart with the tenant's OAuth
//! token, against a local stand-in speaking Hotmart's OAuth and
//! subscriptions protocol. A refusal changes nothing; without credentials
//! the client is told how to cancel at Hotmart and the owner is told.

use std::time::Duration;

use api::hotmart_stand_in::HotmartStandIn;
use api::routes::client::subscriptions::{CANCEL_AT_HOTMART, HOTMART_REFUSED, HOTMART_UNAVAILABLE};
use api::routes::tenant::hotmart_api::REFUSED;
use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use uuid::Uuid;

use crate::support::{json as read_json, next_event, open_stream, Caller, TenantFixture, TestApp};

const CLIENT_ID: &str = "4f1c9a7e-acme-client";
const CLIENT_SECRET: &str = "s3cr3t-acme-9d2f";
const BASIC: &str = "NGYxYzlhN2UtYWNtZS1jbGllbnQ6czNjcjN0LWFjbWUtOWQyZg==";
const SUBSCRIBER: &str = "SUB7QX4K2M9";

struct Setup {
    app: TestApp,
    hotmart: HotmartStandIn,
    acme: TenantFixture,
    owner: Caller,
    client: Caller,
    subscription: Uuid,
}

async fn setup() -> Setup {
    let hotmart = HotmartStandIn::start().await;
    let base = hotmart.base_url.clone();
    let app = TestApp::spawn_with(|config| {
        config.hotmart_api.api_base = base.clone();
        config.hotmart_api.auth_base = base;
    })
    .await;
    hotmart.register_credentials(CLIENT_ID, CLIENT_SECRET, BASIC);
    hotmart.add_subscription(CLIENT_ID, SUBSCRIBER);
    let acme = app.tenant("acme").await;
    // A subscription as the Hotmart webhook stores it: origin hotmart, the
    // subscriber code as its external id.
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(acme.id)).await.unwrap();
    let subscription: Uuid = sqlx::query_scalar(
        "INSERT INTO tenant_subscriptions (id, tenant_id, client_id, origin, external_id, amount, status)
         VALUES (gen_random_uuid(), $1, $2, 'hotmart', $3, 97.00, 'active') RETURNING id",
    )
    .bind(acme.id)
    .bind(acme.client_id)
    .bind(SUBSCRIBER)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let owner = app.owner_of(&acme).await;
    let client = app.client_of(&acme).await;
    Setup { app, hotmart, acme, owner, client, subscription }
}

async fn save_credentials(s: &Setup, basic: &str) -> (StatusCode, Value) {
    let body = json!({"clientId": CLIENT_ID, "clientSecret": CLIENT_SECRET, "basicToken": basic});
    read_json(s.owner.put_json("/api/tenant/hotmart-api", body).await).await
}

async fn cancel(s: &Setup) -> (StatusCode, Value) {
    let url = s.app.url(&format!("/api/client/subscriptions/{}/cancel", s.subscription));
    read_json(s.client.http.patch(url).header("x-requested-with", "t").send().await.unwrap()).await
}

/// The subscription's row as stored.
async fn stored(s: &Setup) -> Value {
    let mut tx = db::begin(&s.app.db.app_pool, Scope::worker_for(s.acme.id)).await.unwrap();
    sqlx::query_scalar(
        "SELECT json_build_object('status', status, 'cancellationDate', cancellation_date,
                'requestedAt', cancellation_requested_at, 'hotmartStatus', hotmart_cancel_status,
                'hotmartMessage', hotmart_cancel_message, 'hotmartAt', hotmart_cancel_at)
           FROM tenant_subscriptions WHERE id = $1",
    )
    .bind(s.subscription)
    .fetch_one(&mut *tx)
    .await
    .unwrap()
}

#[tokio::test]
async fn the_owner_stores_credentials_hotmart_accepts_and_never_sees_them_again() {
    let s = setup().await;
    let (status, body) = read_json(s.owner.get("/api/tenant/hotmart-api").await).await;
    assert_eq!((status, &body), (StatusCode::OK, &json!({"configured": false, "clientIdPrefix": null})));

    // Bad input: each field named, nothing stored, Hotmart not even asked.
    let (status, body) = read_json(s.owner.put_json("/api/tenant/hotmart-api", json!({})).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    for field in ["clientId", "clientSecret", "basicToken"] {
        assert!(body["fields"][field].is_string(), "{field}: {body}");
    }
    let spaced = json!({"clientId": "a b", "clientSecret": "x", "basicToken": "Basic "});
    let (status, body) = read_json(s.owner.put_json("/api/tenant/hotmart-api", spaced).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["clientId"], "Não use espaços neste campo");
    assert_eq!(body["fields"]["basicToken"], "Token Basic é obrigatório");
    assert!(s.hotmart.received().is_empty());

    // Credentials Hotmart refuses are not stored.
    let (status, body) = save_credentials(&s, "d3Jvbmc6d3Jvbmc=").await;
    assert_eq!((status, body["fields"]["clientSecret"].as_str()), (StatusCode::BAD_REQUEST, Some(REFUSED)));
    let (_, body) = read_json(s.owner.get("/api/tenant/hotmart-api").await).await;
    assert_eq!(body["configured"], false);

    // The Basic token pasted with its prefix, as Hotmart shows it.
    let (status, body) = save_credentials(&s, &format!("Basic {BASIC}")).await;
    assert_eq!((status, &body), (StatusCode::OK, &json!({"configured": true, "clientIdPrefix": "4f1c9a"})));
    let token_call = s.hotmart.received().pop().unwrap();
    assert_eq!(token_call.authorization.as_deref(), Some(format!("Basic {BASIC}").as_str()));
    assert_eq!(token_call.query["client_id"], CLIENT_ID);

    // Stored sealed: neither the secret nor the token is readable in the row
    // or the audit log, and the owner's role cannot read the column at all.
    let mut tx = db::begin(&s.app.db.app_pool, Scope::worker_for(s.acme.id)).await.unwrap();
    let (sealed, audit): (String, String) = sqlx::query_as(
        "SELECT t.hotmart_api_credentials,
                (SELECT string_agg(changes::text, ' ') FROM audit_log WHERE entity = 'hotmart_api_settings')
           FROM tenants t WHERE t.id = $1",
    )
    .bind(s.acme.id)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    drop(tx);
    for plain in [CLIENT_SECRET, BASIC, CLIENT_ID] {
        assert!(!sealed.contains(plain) && !audit.contains(plain), "{plain} in {sealed} / {audit}");
    }
    assert!(sealed.starts_with("v1:") && audit.contains("alteradas"), "{audit}");
    let mut tx = db::begin(&s.app.db.app_pool, Scope::owner(s.acme.id, Uuid::now_v7())).await.unwrap();
    let read = sqlx::query("SELECT hotmart_api_credentials FROM tenants").execute(&mut *tx).await;
    assert!(read.unwrap_err().to_string().contains("permission denied"));
    drop(tx);

    // Another tenant's owner learns nothing of it.
    let beta = s.app.tenant("beta").await;
    let (_, theirs) = read_json(s.app.owner_of(&beta).await.get("/api/tenant/hotmart-api").await).await;
    assert_eq!(theirs["configured"], false);

    // Removed: cancellations go back to "cancel at Hotmart".
    assert_eq!(s.owner.delete("/api/tenant/hotmart-api").await.status(), StatusCode::NO_CONTENT);
    let (_, body) = read_json(s.owner.get("/api/tenant/hotmart-api").await).await;
    assert_eq!(body, json!({"configured": false, "clientIdPrefix": null}));
}

#[tokio::test]
async fn a_cancellation_reaches_hotmart_with_the_tenants_oauth_token() {
    let s = setup().await;
    assert_eq!(save_credentials(&s, BASIC).await.0, StatusCode::OK);
    let (_, list) = read_json(s.client.get("/api/client/subscriptions").await).await;
    assert_eq!(list[0]["cancelsAtHotmart"], false, "the platform cancels it at Hotmart itself");
    let calls_before = s.hotmart.received().len();

    let (status, body) = cancel(&s).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["outcome"], "cancelledAtHotmart");
    assert_eq!(body["subscription"]["status"], "cancelled");
    assert!(body["message"].as_str().unwrap().contains("Hotmart, que confirmou o cancelamento"), "{body}");

    // Hotmart was asked for a token with the tenant's Basic token, client id
    // and secret, and the cancel call carried that very token.
    let calls = s.hotmart.received()[calls_before..].to_vec();
    assert_eq!(calls.len(), 2, "{calls:?}");
    assert_eq!(calls[0].path, "/security/oauth/token");
    assert_eq!(calls[0].authorization.as_deref(), Some(format!("Basic {BASIC}").as_str()));
    assert_eq!(
        (
            calls[0].query["grant_type"].as_str(),
            calls[0].query["client_id"].as_str(),
            calls[0].query["client_secret"].as_str()
        ),
        ("client_credentials", CLIENT_ID, CLIENT_SECRET)
    );
    assert_eq!(calls[1].path, format!("/payments/api/v1/subscriptions/{SUBSCRIBER}/cancel"));
    let bearer = calls[1].authorization.as_deref().and_then(|a| a.strip_prefix("Bearer ")).expect("a bearer token");
    assert_eq!(s.hotmart.issued_tokens().get(bearer).map(String::as_str), Some(CLIENT_ID), "the tenant's own token");
    assert_eq!(calls[1].body, json!({"send_mail": true}));
    assert_eq!(s.hotmart.subscription_status(CLIENT_ID, SUBSCRIBER).as_deref(), Some("CANCELLED_BY_SELLER"));

    // Hotmart's answer is recorded on the subscription, and the owner sees it.
    let row = stored(&s).await;
    assert_eq!(
        (row["status"].as_str(), row["hotmartStatus"].as_str()),
        (Some("cancelled"), Some("CANCELLED_BY_SELLER"))
    );
    assert!(row["hotmartAt"].is_string() && row["cancellationDate"].is_string());
    let (_, page) = read_json(s.owner.get("/api/tenant/subscriptions").await).await;
    let listed = &page["items"][0];
    assert_eq!(
        (listed["hotmartCancelStatus"].as_str(), listed["status"].as_str()),
        (Some("CANCELLED_BY_SELLER"), Some("cancelled"))
    );

    // A second click: nothing more reaches Hotmart.
    let (status, _) = cancel(&s).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(s.hotmart.received().len(), calls_before + 2);
}

#[tokio::test]
async fn a_hotmart_error_is_shown_and_nothing_is_cancelled() {
    let s = setup().await;
    assert_eq!(save_credentials(&s, BASIC).await.0, StatusCode::OK);

    // Hotmart refuses (4xx with its error body).
    s.hotmart.fail_next_cancel(400, "invalid_parameter", "Subscription cannot be canceled");
    let (status, body) = cancel(&s).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some(HOTMART_REFUSED)));
    let row = stored(&s).await;
    assert_eq!(row["status"], "active", "not marked cancelled: {row}");
    assert!(row["cancellationDate"].is_null());
    assert_eq!(row["hotmartStatus"], "invalid_parameter", "the refusal is recorded for the owner");
    assert!(row["hotmartMessage"].as_str().unwrap().contains("Subscription cannot be canceled"));
    assert_eq!(s.hotmart.subscription_status(CLIENT_ID, SUBSCRIBER).as_deref(), Some("ACTIVE"));

    // Hotmart is down.
    s.hotmart.fail_next_cancel(503, "internal_server_error", "API unavailable");
    let (status, body) = cancel(&s).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some(HOTMART_UNAVAILABLE)));
    assert_eq!(stored(&s).await["status"], "active");

    // The credentials were revoked at Hotmart: the token is refused.
    s.hotmart.register_credentials(CLIENT_ID, "a-new-secret", BASIC);
    let (status, body) = cancel(&s).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some(HOTMART_REFUSED)));
    let row = stored(&s).await;
    assert_eq!((row["status"].as_str(), row["hotmartStatus"].as_str()), (Some("active"), Some("invalid_client")));
    let (_, list) = read_json(s.client.get("/api/client/subscriptions").await).await;
    assert_eq!(list[0]["status"], "active");
}

#[tokio::test]
async fn without_credentials_the_client_is_told_to_cancel_at_hotmart_and_the_owner_is_told() {
    let s = setup().await;
    let (_, list) = read_json(s.client.get("/api/client/subscriptions").await).await;
    assert_eq!((list[0]["cancelsAtHotmart"].as_bool(), list[0]["status"].as_str()), (Some(true), Some("active")));
    let mut owner_stream = open_stream(&s.owner, &s.app.base).await;

    let (status, body) = cancel(&s).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["outcome"], "requested");
    let message = body["message"].as_str().unwrap();
    assert_eq!(message, CANCEL_AT_HOTMART);
    assert!(message.contains("Para cancelar a cobrança, acesse sua conta na Hotmart"), "{message}");
    for claim in ["não será mais cobrado", "não haverá novas cobranças", "Assinatura cancelada"] {
        assert!(!message.contains(claim), "never claims billing stopped: {message}");
    }
    // Still active (Hotmart keeps billing until the client cancels there).
    assert_eq!(body["subscription"]["status"], "active");
    assert!(body["subscription"]["cancellationRequestedAt"].is_string());
    let row = stored(&s).await;
    assert_eq!((row["status"].as_str(), row["cancellationDate"].as_str()), (Some("active"), None));
    assert!(s.hotmart.received().is_empty(), "nothing was sent to Hotmart");

    // The owner is told, live and on the subscription.
    let seen = next_event(&mut owner_stream, "notification", Duration::from_secs(3)).await.expect("owner notified");
    assert_eq!(seen["type"], "SUBSCRIPTION_CANCEL_REQUESTED");
    assert!(seen["message"].as_str().unwrap().contains(SUBSCRIBER), "{seen}");
    let (_, page) = read_json(s.owner.get("/api/tenant/subscriptions").await).await;
    assert!(page["items"][0]["cancellationRequestedAt"].is_string());

    // Asking again answers the same and does not tell the owner twice.
    let (status, again) = cancel(&s).await;
    assert_eq!((status, again["outcome"].as_str()), (StatusCode::OK, Some("requested")));
    assert_eq!(again["subscription"]["cancellationRequestedAt"], body["subscription"]["cancellationRequestedAt"]);
    assert!(next_event(&mut owner_stream, "notification", Duration::from_millis(700)).await.is_none());

    // When the client has cancelled at Hotmart, its webhook cancels it here
    // (the sales engine's SUBSCRIPTION_CANCELLATION path, tested in hotmart.rs).
}
