//! The OpenAI-compatible stand-in as a program, for the Chromium journey:
//! `openai-stand-in [port] [pace-ms]` serves `http://127.0.0.1:<port>/v1`
//! until killed (set AI_BASE_URL to it). Each piece of an answer is streamed
//! `pace-ms` apart (15 by default) so a page shows the text arriving.

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let port: u16 = args.next().and_then(|p| p.parse().ok()).unwrap_or(0);
    let pace_ms: u64 = args.next().and_then(|p| p.parse().ok()).unwrap_or(15);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.expect("bind the stand-in's port");
    let stand_in = api::openai_stand_in::OpenAiStandIn::serve(listener, std::time::Duration::from_millis(pace_ms));
    println!("{}", stand_in.base_url);
    std::future::pending::<()>().await;
}
