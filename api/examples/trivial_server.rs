//! The floor for bench/license-check.sh: an axum handler that does nothing
//! (reads the JSON body, answers a constant), served like the api is.
//!
//!   cargo run --release --example trivial_server -- <port>

use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};

#[tokio::main]
async fn main() {
    let port: u16 = std::env::args().nth(1).and_then(|p| p.parse().ok()).unwrap_or(18999);
    let app = Router::new().route("/", post(|Json(_body): Json<Value>| async { Json(json!({"valid": true})) }));
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.unwrap();
    axum::serve(listener, app).await.unwrap();
}
