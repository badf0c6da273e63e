//! A local stand-in for an OpenAI-compatible chat endpoint, for tests and
//! the Chromium journey: real HTTP, `POST /chat/completions` answered as a
//! server-sent event stream of `chat.completion.chunk`s with a usage chunk
//! and `[DONE]`, the way OpenAI, vLLM or Ollama stream. Answers are
//! scripted (text, or an HTTP error), and without a script it writes a
//! sensible Expert Advisor for each kind of request. Not used in production.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};

/// What the stand-in does with the next request.
#[derive(Debug, Clone)]
pub enum Scripted {
    /// Stream this text.
    Answer(String),
    /// Refuse with this HTTP status (429, 500, 503 …).
    Fail(u16),
}

#[derive(Default)]
struct Inner {
    script: VecDeque<Scripted>,
    requests: Vec<Value>,
}

#[derive(Clone)]
pub struct OpenAiStandIn {
    pub base_url: String,
    inner: Arc<Mutex<Inner>>,
}

/// An Expert Advisor written the MQL5 way (passes the static checks).
pub const GOOD_EA: &str = r#"#include <Trade/Trade.mqh>
input ENUM_TIMEFRAMES InpTimeframe = PERIOD_H1;
input int InpMaPeriod = 20;
input double InpLots = 0.10;
CTrade trade;
int maHandle = INVALID_HANDLE;

int OnInit()
  {
   maHandle = iMA(_Symbol, InpTimeframe, InpMaPeriod, 0, MODE_SMA, PRICE_CLOSE);
   if(maHandle == INVALID_HANDLE)
      return(INIT_FAILED);
   trade.SetExpertMagicNumber(20261123);
   return(INIT_SUCCEEDED);
  }

void OnDeinit(const int reason)
  {
   IndicatorRelease(maHandle);
  }

void OnTick()
  {
   double ma[];
   ArraySetAsSeries(ma, true);
   if(CopyBuffer(maHandle, 0, 0, 2, ma) < 2)
      return;
   MqlTick tick;
   if(!SymbolInfoTick(_Symbol, tick))
      return;
   // Licença encerrada: só gerencia o que já está aberto.
   if(!RF_CanOpenPositions())
      return;
   // Compra quando o preço está acima da média e não há posição aberta.
   if(PositionsTotal() == 0 && tick.bid > ma[0])
      trade.Buy(InpLots, _Symbol);
  }
"#;

/// The same robot with a mistake the stand-in MetaEditor reports.
pub fn broken_ea() -> String {
    GOOD_EA.replace("   trade.SetExpertMagicNumber(20261123);", "   trade.SetExpertMagicNumber(undeclared_identifier);")
}

/// A model answer carrying `code`.
pub fn answer_with(explanation: &str, code: &str) -> String {
    format!("{explanation}\n\n```mql5\n{code}\n```\n")
}

impl OpenAiStandIn {
    /// Serves on a free loopback port.
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the stand-in");
        Self::serve(listener, Duration::from_millis(5))
    }

    /// Serves on `listener`; `pace` is the pause between streamed pieces.
    pub fn serve(listener: tokio::net::TcpListener, pace: Duration) -> Self {
        let address = listener.local_addr().expect("local address");
        let stand_in = Self { base_url: format!("http://{address}/v1"), inner: Arc::default() };
        let app = Router::new().route("/v1/chat/completions", post(chat)).with_state((stand_in.clone(), pace));
        tokio::spawn(async move { axum::serve(listener, app).await.ok() });
        stand_in
    }

    /// Answers the next requests in this order, then the defaults.
    pub fn script(&self, answers: impl IntoIterator<Item = Scripted>) {
        self.inner.lock().expect("stand-in state").script.extend(answers);
    }

    /// Every request body received so far.
    pub fn requests(&self) -> Vec<Value> {
        self.inner.lock().expect("stand-in state").requests.clone()
    }
}

/// Without a script: a review answers with notes, anything else with code.
fn default_answer(request: &Value) -> String {
    let user = request["messages"]
        .as_array()
        .and_then(|m| m.iter().rev().find(|m| m["role"] == "user"))
        .and_then(|m| m["content"].as_str())
        .unwrap_or_default();
    if user.starts_with("Review this") {
        answer_with("Notas da revisão:\n- Handle do indicador conferido e liberado em OnDeinit.", GOOD_EA)
    } else if user.starts_with("This MQL5 Expert Advisor has problems") {
        answer_with("Corrigi os erros apontados pelo compilador.", GOOD_EA)
    } else {
        answer_with("Aqui está o Expert Advisor com a estratégia descrita.", GOOD_EA)
    }
}

async fn chat(State((stand_in, pace)): State<(OpenAiStandIn, Duration)>, Json(request): Json<Value>) -> Response {
    let next = {
        let mut inner = stand_in.inner.lock().expect("stand-in state");
        inner.requests.push(request.clone());
        inner.script.pop_front()
    };
    let text = match next {
        Some(Scripted::Fail(status)) => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let body = json!({ "error": { "message": "stand-in failure", "type": "server_error", "param": null, "code": null } });
            return (status, Json(body)).into_response();
        }
        Some(Scripted::Answer(text)) => text,
        None => default_answer(&request),
    };
    let model = request["model"].as_str().unwrap_or("stand-in").to_string();
    let prompt_tokens = request.to_string().len() / 4;
    let completion_tokens = text.len() / 4;
    let pieces: Vec<String> = text.chars().collect::<Vec<_>>().chunks(40).map(|c| c.iter().collect()).collect();
    let stream = async_stream(pieces, model, prompt_tokens, completion_tokens, pace);
    Response::builder()
        .header(header::CONTENT_TYPE, "text/event-stream")
        .header(header::CACHE_CONTROL, "no-cache")
        .body(Body::from_stream(stream))
        .expect("stream response")
}

fn async_stream(
    pieces: Vec<String>,
    model: String,
    prompt_tokens: usize,
    completion_tokens: usize,
    pace: Duration,
) -> impl futures_util::Stream<Item = Result<String, std::io::Error>> {
    let chunk = move |choices: Value, usage: Value| {
        let body = json!({ "id": "chatcmpl-stand-in", "object": "chat.completion.chunk", "created": 1_763_900_000,
                           "model": model, "choices": choices, "usage": usage });
        format!("data: {body}\n\n")
    };
    let mut events: Vec<String> = pieces
        .into_iter()
        .enumerate()
        .map(|(i, piece)| {
            let delta =
                if i == 0 { json!({ "role": "assistant", "content": piece }) } else { json!({ "content": piece }) };
            chunk(json!([{ "index": 0, "delta": delta, "finish_reason": null }]), Value::Null)
        })
        .collect();
    events.push(chunk(json!([{ "index": 0, "delta": {}, "finish_reason": "stop" }]), Value::Null));
    events.push(chunk(
        json!([]),
        json!({ "prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens }),
    ));
    events.push("data: [DONE]\n\n".to_string());
    futures_util::stream::unfold(events.into_iter(), move |mut rest| async move {
        let next = rest.next()?;
        tokio::time::sleep(pace).await;
        Some((Ok(next), rest))
    })
}
