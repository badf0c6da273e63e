//! The web app's API types are generated from `web/openapi.json`; this fails
//! when that file no longer matches what the handlers declare. Regenerate
//! with `make openapi`.

#[test]
fn committed_openapi_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/openapi.json");
    let generated = api::openapi::document_json();
    if std::env::var("UPDATE_OPENAPI").is_ok() {
        std::fs::write(path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(committed == generated, "web/openapi.json is stale: run `make openapi` and commit the result");
}

#[tokio::test]
async fn the_document_is_served() {
    let app = crate::support::TestApp::spawn().await;
    let body: serde_json::Value = reqwest::get(app.url("/api/openapi.json")).await.unwrap().json().await.unwrap();
    assert!(body["paths"]["/api/client-auth/login-purchase"]["post"].is_object());
    assert!(body["components"]["schemas"]["ErrorBody"].is_object());
}

#[test]
fn operation_ids_are_unique() {
    // The generated TypeScript keys operations by id: a duplicate silently
    // gives one endpoint another's types.
    let document: serde_json::Value = serde_json::from_str(&api::openapi::document_json()).unwrap();
    let mut seen = std::collections::HashSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let id = operation["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path} has no operationId"));
            assert!(seen.insert(id.to_string()), "duplicate operationId {id}");
        }
    }
}

#[test]
fn committed_field_rules_are_current() {
    // The web's zod schemas read these: a rule changed on the server only
    // must fail here, not drift silently.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/lib/api/field-rules.json");
    let generated = format!("{}\n", shared::domain::field_rules::export_json());
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(committed == generated, "field-rules.json is stale: run `make openapi` and commit the result");
}
