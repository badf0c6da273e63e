//! Live notifications: committed through one instance, streamed by another,
//! never to another tenant's owner.

use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::support::{next_event, open_stream, Caller, TestApp};

const HOTTOK: &str = "hottok-notificacoes-123";

#[tokio::test]
async fn a_sale_committed_on_one_instance_reaches_another_instances_streams_within_a_second() {
    let app = TestApp::spawn().await;
    let acme = app.tenant_with_hottok("acme", HOTTOK).await;
    let other = app.tenant("other").await;
    let robot = app.robot(&acme, "Scalper").await;
    let second = app.second_instance().await;

    let admin = app.as_admin().await;
    let acme_owner = app.owner_of(&acme).await;
    let other_owner = app.owner_of(&other).await;
    let mut admin_stream = open_stream(&admin, &second).await;
    let mut acme_stream = open_stream(&acme_owner, &second).await;
    let mut other_stream = open_stream(&other_owner, &second).await;
    for stream in [&mut admin_stream, &mut acme_stream, &mut other_stream] {
        let first = String::from_utf8_lossy(&stream.chunk().await.unwrap().unwrap()).to_string();
        assert!(first.contains("event: connected"), "{first}");
    }
    tokio::time::sleep(Duration::from_millis(300)).await; // the second instance's LISTEN is up

    let posted = app.post_hotmart(robot, HOTTOK, "purchase_approved").await;
    assert_eq!(posted.status(), StatusCode::OK);
    worker::hotmart::drain(&app.db.worker_pool, acme.id).await.unwrap();
    let committed = Instant::now();

    let seen = next_event(&mut acme_stream, "notification", Duration::from_secs(1))
        .await
        .expect("the owner's stream announces the sale");
    assert!(committed.elapsed() < Duration::from_secs(1));
    assert_eq!(seen["type"], "NEW_SALE");
    assert_eq!(seen["title"], "Nova venda");
    assert!(seen["message"].as_str().unwrap().contains("R$ 297,00"), "{seen}");
    assert_eq!(seen["tenantId"], acme.id.to_string());
    let for_admin = next_event(&mut admin_stream, "notification", Duration::from_secs(1))
        .await
        .expect("the admin sees every tenant");
    assert_eq!(for_admin["id"], seen["id"]);
    assert!(
        next_event(&mut other_stream, "notification", Duration::from_millis(1500)).await.is_none(),
        "another tenant's owner never gets it"
    );
}

#[tokio::test]
async fn the_stream_needs_an_admin_or_an_owner_with_the_key() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let anonymous = app.anonymous().get("/api/notifications/stream").await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let client = app.client_of(&acme).await.get("/api/notifications/stream").await;
    assert_eq!(client.status(), StatusCode::UNAUTHORIZED);
    // The session alone, without the key or the browser's tenant pass.
    let keyless = app.owner_session_only(&acme).await;
    assert_eq!(keyless.get("/api/notifications/stream").await.status(), StatusCode::UNAUTHORIZED);
    let with_key = Caller { tenant_secret: Some(acme.secret.clone()), ..keyless };
    assert_eq!(with_key.get("/api/notifications/stream").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_models_text_goes_to_its_owners_stream_only() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let other = app.tenant("other").await;
    let admin = app.as_admin().await;
    let acme_owner = app.owner_of(&acme).await;
    let other_owner = app.owner_of(&other).await;
    let mut streams = Vec::new();
    for caller in [&admin, &acme_owner, &other_owner] {
        let mut stream = open_stream(caller, &app.base).await;
        let first = String::from_utf8_lossy(&stream.chunk().await.unwrap().unwrap()).to_string();
        assert!(first.contains("event: connected"), "{first}");
        streams.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(300)).await; // LISTEN is up

    let (project, version) = (uuid::Uuid::now_v7(), uuid::Uuid::now_v7());
    let mut conn = app.db.worker_pool.acquire().await.unwrap();
    shared::workflows::notifications::announce_factory_text(&mut conn, acme.id, project, version, "int OnInit()")
        .await
        .unwrap();

    let [admin_stream, acme_stream, other_stream] = &mut streams[..] else { unreachable!() };
    let delta = next_event(acme_stream, "factory", Duration::from_secs(2)).await.expect("the owner sees the text");
    assert_eq!((delta["kind"].as_str(), delta["text"].as_str()), (Some("delta"), Some("int OnInit()")));
    assert!(next_event(other_stream, "factory", Duration::from_millis(800)).await.is_none(), "another tenant: nothing");
    assert!(next_event(admin_stream, "factory", Duration::from_millis(800)).await.is_none(), "the admin: not streamed");
}
