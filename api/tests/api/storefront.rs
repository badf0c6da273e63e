//! The storefront (issue 35): the owner writes a robot's page as typed
//! sections with a price and a checkout link and publishes it; buyers find
//! it in the tenant's catalog and on its page, in the tenant's branding.
//! Unpublished, inactive and other tenants' robots are nowhere public, and
//! bad input changes nothing.

use reqwest::StatusCode;
use serde_json::{json, Value};

use shared::infrastructure::db::{self, Scope};

use crate::support::{json as read_json, Caller, TenantFixture, TestApp};

struct Store {
    app: TestApp,
    acme: TenantFixture,
    beta: TenantFixture,
    owner: Caller,
    robot: String,
}

async fn store() -> Store {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let beta = app.tenant("beta").await;
    let owner = app.owner_of(&acme).await;
    let (status, robot) = read_json(
        owner.post("/api/tenant/robots", json!({"name": "Robô Alfa", "description": "Segue a tendência"})).await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{robot}");
    let robot = robot["id"].as_str().unwrap().to_string();
    Store { app, acme, beta, owner, robot }
}

fn page_path(s: &Store) -> String {
    format!("/api/tenant/robots/{}/sales-page", s.robot)
}

fn good_page() -> Value {
    json!({
        "sections": [
            {"type": "hero", "title": "Robô Alfa", "subtitle": "Opera tendência no mini índice"},
            {"type": "benefits", "title": "Por que comprar", "items": ["Stop em toda operação", "Sem martingale"]},
            {"type": "text", "title": "Como funciona", "body": "Primeiro parágrafo.\n\nSegundo parágrafo."},
            {"type": "faq", "title": "Dúvidas", "items": [{"question": "Funciona no celular?", "answer": "Não: use Windows ou uma VPS."}]},
            {"type": "image", "url": "https://cdn.exemplo.com/grafico.png", "alt": "Curva de capital"}
        ],
        "price": "497,00",
        "checkoutUrl": "https://pay.hotmart.com/X123456?off=abc",
        "published": true,
        "showBacktest": true
    })
}

/// A public call on the development host, naming the tenant by `?tenant=`.
async fn public(s: &Store, path: &str, tenant: &str) -> (StatusCode, Value) {
    let separator = if path.contains('?') { '&' } else { '?' };
    let url = s.app.url(&format!("{path}{separator}tenant={tenant}"));
    read_json(s.app.browser().get(url).send().await.unwrap()).await
}

/// A public call on a tenant's own host.
async fn public_on_host(s: &Store, path: &str, host: &str) -> (StatusCode, Value) {
    read_json(s.app.browser().get(s.app.url(path)).header("host", host).send().await.unwrap()).await
}

#[tokio::test]
async fn storefront_lists_a_published_robot_with_its_price_and_checkout_link() {
    let s = store().await;
    let (status, saved) = read_json(s.owner.patch_json(&page_path(&s), good_page()).await).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["price"], "497.00");
    assert_eq!(saved["checkoutUrl"], "https://pay.hotmart.com/X123456?off=abc");
    assert_eq!(saved["sections"], good_page()["sections"]);
    // The real storefront path on the development host, tenant included, and the whole URL.
    let path = format!("/client/loja/{}?tenant={}", s.robot, s.acme.id);
    assert_eq!(saved["publicPath"], path);
    assert_eq!(saved["publicUrl"], s.app.url(&path));
    assert_eq!(saved["catalogUrl"], s.app.url(&format!("/client/loja?tenant={}", s.acme.id)));
    // The preview is the public page's own shape.
    assert_eq!(saved["preview"]["robot"]["price"], "497.00");
    assert_eq!(saved["preview"]["sections"], saved["sections"]);
    let (_, stored) = read_json(s.owner.get(&page_path(&s)).await).await;
    assert_eq!(stored["sections"], saved["sections"]);
    assert_eq!(stored["published"], true);

    for tenant in [s.acme.url.clone(), s.acme.id.to_string()] {
        let (status, catalog) = public(&s, "/api/public/store", &tenant).await;
        assert_eq!(status, StatusCode::OK, "{catalog}");
        assert_eq!(catalog["branding"]["name"], "Loja acme");
        let robots = catalog["robots"].as_array().unwrap();
        assert_eq!(robots.len(), 1, "{catalog}");
        assert_eq!(robots[0]["id"], s.robot.as_str());
        assert_eq!(robots[0]["name"], "Robô Alfa");
        assert_eq!(robots[0]["price"], "497.00");
        assert_eq!(robots[0]["checkoutUrl"], "https://pay.hotmart.com/X123456?off=abc");
        assert_eq!(robots[0]["hasActiveVersion"], false);
    }
    let (status, page) = public(&s, &format!("/api/public/store/robots/{}", s.robot), &s.acme.url).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["robot"]["checkoutUrl"], "https://pay.hotmart.com/X123456?off=abc");
    assert_eq!(page["sections"], good_page()["sections"]);
    assert_eq!(page["loadsDll"], false);
    assert!(page["backtest"].is_null());
    // On the tenant's own host, without `?tenant=`.
    let (status, by_host) = public_on_host(&s, &format!("/api/public/store/robots/{}", s.robot), &s.acme.url).await;
    assert_eq!(status, StatusCode::OK, "{by_host}");
    assert_eq!(by_host["robot"]["price"], "497.00");

    // A free robot without a link is listed, honestly without a way to buy.
    let cleared = s.owner.patch_json(&page_path(&s), json!({"price": null, "checkoutUrl": ""})).await;
    assert_eq!(cleared.status(), StatusCode::OK);
    let (_, catalog) = public(&s, "/api/public/store", &s.acme.url).await;
    assert!(catalog["robots"][0]["price"].is_null() && catalog["robots"][0]["checkoutUrl"].is_null(), "{catalog}");
    assert_eq!(catalog["robots"][0]["name"], "Robô Alfa", "the rest is kept");
}

/// Neither the catalog, nor the storefront page, nor the old HTML page shows the robot.
async fn assert_hidden(s: &Store) {
    let (robot, tenant) = (&s.robot, &s.acme.url);
    let (status, catalog) = public(s, "/api/public/store", tenant).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(catalog["robots"], json!([]), "{catalog}");
    let (status, body) = public(s, &format!("/api/public/store/robots/{robot}"), tenant).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Página de vendas não encontrada");
    let (status, _) = public(s, &format!("/api/public/robots/{robot}/sales-page"), tenant).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "the old HTML page too");
}

#[tokio::test]
async fn unpublished_and_inactive_robots_are_nowhere_public() {
    let s = store().await;
    let mut draft = good_page();
    draft["published"] = json!(false);
    let (status, saved) = read_json(s.owner.patch_json(&page_path(&s), draft).await).await;
    assert_eq!(status, StatusCode::OK, "{saved}");

    assert_hidden(&s).await;

    let published = s.owner.patch_json(&page_path(&s), json!({"published": true})).await;
    assert_eq!(published.status(), StatusCode::OK);
    let (status, _) = public(&s, &format!("/api/public/store/robots/{}", s.robot), &s.acme.url).await;
    assert_eq!(status, StatusCode::OK);

    // A deactivated robot leaves the store even with its page published.
    let off = s.owner.patch_json(&format!("/api/tenant/robots/{}", s.robot), json!({"active": false})).await;
    assert_eq!(off.status(), StatusCode::OK);
    assert_hidden(&s).await;

    // Unknown and malformed ids answer the same 404.
    for id in [uuid::Uuid::now_v7().to_string(), "nada".to_string()] {
        let (status, body) = public(&s, &format!("/api/public/store/robots/{id}"), &s.acme.url).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (StatusCode::NOT_FOUND, Some("Página de vendas não encontrada"))
        );
    }
    // No tenant named: no store.
    let (status, body) = read_json(s.app.browser().get(s.app.url("/api/public/store")).send().await.unwrap()).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::NOT_FOUND, Some("Loja não encontrada")));
}

#[tokio::test]
async fn bad_input_is_refused_in_portuguese_and_nothing_changes() {
    let s = store().await;
    let saved = s.owner.patch_json(&page_path(&s), good_page()).await;
    assert_eq!(saved.status(), StatusCode::OK);
    let (_, before) = read_json(s.owner.get(&page_path(&s)).await).await;

    let bad = json!({
        "sections": [
            {"type": "hero", "title": "x".repeat(121)},
            {"type": "video", "url": "https://youtube.com/x"},
            {"type": "text", "body": "y".repeat(5001)},
            {"type": "image", "url": "http://cdn.exemplo.com/a.png"}
        ],
        "price": "-1",
        "checkoutUrl": "http://pay.hotmart.com/X123456",
        "published": false,
        "htmlSection1": "<p>mudou</p>"
    });
    let (status, body) = read_json(s.owner.patch_json(&page_path(&s), bad).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["message"], "Por favor, corrija os campos destacados.");
    let fields = &body["fields"];
    assert_eq!(fields["sections.0.title"], "Título deve ter no máximo 120 caracteres");
    assert_eq!(fields["sections.1.type"], "Tipo de seção desconhecido");
    assert_eq!(fields["sections.2.body"], "Texto deve ter no máximo 5.000 caracteres");
    assert_eq!(fields["sections.3.url"], "Use um endereço https:// válido (até 2.000 caracteres)");
    assert_eq!(fields["price"], "O valor não pode ser negativo");
    assert_eq!(fields["checkoutUrl"], "Use um endereço https:// válido (até 2.000 caracteres)");

    // One bad field alone is refused the same way.
    for (field, value, message) in [
        ("checkoutUrl", json!("javascript:alert(1)"), "Use um endereço https:// válido (até 2.000 caracteres)"),
        ("price", json!("abc"), "Valor inválido"),
        ("sections", json!("hero"), "Seções inválidas"),
    ] {
        let (status, body) = read_json(s.owner.patch_json(&page_path(&s), json!({ field: value })).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{field}: {body}");
        assert_eq!(body["fields"][field], message, "{body}");
    }
    let (_, after) = read_json(s.owner.get(&page_path(&s)).await).await;
    assert_eq!(after, before, "nothing was saved");
    let (_, catalog) = public(&s, "/api/public/store", &s.acme.url).await;
    assert_eq!(catalog["robots"][0]["price"], "497.00");
}

#[tokio::test]
async fn other_tenants_reach_nothing_of_this_store() {
    let s = store().await;
    assert_eq!(s.owner.patch_json(&page_path(&s), good_page()).await.status(), StatusCode::OK);
    let (_, before) = read_json(s.owner.get(&page_path(&s)).await).await;

    // Beta's owner: A's page is unknown to them, to read or to write.
    let other = s.app.owner_of(&s.beta).await;
    let (status, body) = read_json(other.get(&page_path(&s)).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, _) = read_json(
        other.patch_json(&page_path(&s), json!({"published": false, "checkoutUrl": "https://golpe.exemplo.com"})).await,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, after) = read_json(s.owner.get(&page_path(&s)).await).await;
    assert_eq!(after, before);

    // Beta's store (by `?tenant=` or by its host) neither lists nor shows A's robot.
    let robot_path = format!("/api/public/store/robots/{}", s.robot);
    let (status, body) = public(&s, &robot_path, &s.beta.url).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::NOT_FOUND, Some("Página de vendas não encontrada")));
    let (status, _) = public_on_host(&s, &robot_path, &s.beta.url).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = public(&s, &format!("/api/public/robots/{}/sales-page", s.robot), &s.beta.url).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, catalog) = public_on_host(&s, "/api/public/store", &s.beta.url).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(catalog["robots"], json!([]));
    assert_eq!(catalog["branding"]["name"], "Loja beta");
    // A's store still shows it.
    let (status, _) = public_on_host(&s, &robot_path, &s.acme.url).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn partial_saves_keep_the_rest_html_stays_sanitized_and_every_save_is_audited() {
    let s = store().await;
    assert_eq!(s.owner.patch_json(&page_path(&s), good_page()).await.status(), StatusCode::OK);
    // Leaving fields out keeps them: a switch alone does not wipe the page.
    let (status, saved) = read_json(s.owner.patch_json(&page_path(&s), json!({"showBacktest": false})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(saved["sections"], good_page()["sections"]);
    assert_eq!((saved["showBacktest"].as_bool(), saved["published"].as_bool()), (Some(false), Some(true)));

    // Advanced HTML is still sanitized, and reaches the storefront page.
    let html = json!({"htmlSection2": "<p>Extra</p><script>alert(1)</script><img src=x onerror=alert(2)>"});
    let (status, saved) = read_json(s.owner.patch_json(&page_path(&s), html).await).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!saved["htmlSection2"].as_str().unwrap().contains("script"));
    let (_, page) = public(&s, &format!("/api/public/store/robots/{}", s.robot), &s.acme.url).await;
    let advanced = page["advancedHtml"].to_string();
    assert!(advanced.contains("<p>Extra</p>") && !advanced.contains("alert"), "{advanced}");

    // Every save is audited in its transaction; a refused one is not.
    let refused = s.owner.patch_json(&page_path(&s), json!({"price": "-5"})).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let mut tx = db::begin(&s.app.db.app_pool, Scope::worker()).await.unwrap();
    let changes: Vec<String> = sqlx::query_scalar(
        "SELECT changes::text FROM audit_log WHERE entity = 'sales_page' AND entity_id = $1 ORDER BY created_at",
    )
    .bind(uuid::Uuid::parse_str(&s.robot).unwrap())
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    assert_eq!(changes.len(), 3, "{changes:?}");
    assert!(changes[1].contains("showBacktest"), "{}", changes[1]);
}
