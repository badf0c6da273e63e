use reqwest::StatusCode;
use serde_json::Value;

use crate::support::TestApp;

#[tokio::test]
async fn the_admin_lists_tenants_paginated_searched_and_filtered() {
    let app = TestApp::spawn().await;
    for slug in ["alfa", "beta", "gama"] {
        app.tenant(slug).await;
    }
    let admin = app.as_admin().await;

    let page: Value = admin.get("/api/tenants?pageSize=2").await.json().await.unwrap();
    assert_eq!((page["total"].as_i64(), page["page"].as_i64(), page["pageSize"].as_i64()), (Some(3), Some(1), Some(2)));
    let names: Vec<&str> = page["items"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Loja gama", "Loja beta"], "newest first");
    let second: Value = admin.get("/api/tenants?pageSize=2&page=2").await.json().await.unwrap();
    assert_eq!(second["items"][0]["name"], "Loja alfa");

    let search: Value = admin.get("/api/tenants?q=BETA.example").await.json().await.unwrap();
    assert_eq!(search["total"], 1);
    assert_eq!(search["items"][0]["url"], "beta.example.com");
    let item = &search["items"][0];
    assert_eq!(item["secretPrefix"].as_str().unwrap().len(), 8, "only a prefix of the key");
    assert!(item.get("secretHash").is_none());

    // A `%` in the search is a character, not a wildcard.
    let literal: Value = admin.get("/api/tenants?q=%25").await.json().await.unwrap();
    assert_eq!(literal["total"], 0);
    let suspended: Value = admin.get("/api/tenants?status=suspended").await.json().await.unwrap();
    assert_eq!(suspended["total"], 0);

    let bad = admin.get("/api/tenants?status=deleted").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let bad = admin.get("/api/tenants?page=-1").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn only_the_platform_admin_lists_tenants() {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    for caller in [app.anonymous(), app.owner_of(&acme).await, app.client_of(&acme).await] {
        let response = caller.get("/api/tenants").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let body: Value = response.json().await.unwrap();
        assert!(body.get("items").is_none(), "nothing learned: {body}");
    }
}
