//! The factory's model: one streamed chat completion against any
//! OpenAI-compatible endpoint (async-openai), with the tokens it used.
//! Refused connections, 429 and 5xx answers are retried by async-openai's
//! own retry layer (3 retries, backoff from 100 ms, honouring Retry-After);
//! what it cannot see — a stream cut off half way, a timeout, an empty
//! answer — is retried here.

use std::time::Duration;

use async_openai::config::OpenAIConfig;
use async_openai::error::OpenAIError;
use async_openai::types::chat::{
    ChatCompletionRequestMessage, ChatCompletionRequestSystemMessage, ChatCompletionRequestUserMessage,
    ChatCompletionStreamOptions, CreateChatCompletionRequest,
};
use async_openai::Client;
use futures::StreamExt;
use rust_decimal::Decimal;

use crate::infrastructure::config::AiConfig;

/// One answer of the model.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub text: String,
    pub prompt_tokens: u32,
    pub completion_tokens: u32,
}

impl Answer {
    /// What the answer cost at the configured prices (USD).
    pub fn cost(&self, config: &AiConfig) -> Decimal {
        let million = Decimal::from(1_000_000);
        (Decimal::from(self.prompt_tokens) * config.prompt_price_per_million
            + Decimal::from(self.completion_tokens) * config.completion_price_per_million)
            / million
    }
}

/// Requests async-openai's retry layer makes for one call at most.
const CLIENT_ATTEMPTS: u32 = 4;

/// Why the model gave no answer, in pt-BR for the conversation.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ModelError {
    pub message: String,
    /// Worth asking again later (outage, rate limit, timeout).
    pub retryable: bool,
    /// async-openai already asked again (429, 5xx, refused connection).
    pub retried_by_client: bool,
}

/// A configured model, ready to be asked.
pub struct Model {
    client: Client<OpenAIConfig>,
    name: String,
    attempts: u32,
    retry_wait: Duration,
}

impl Model {
    /// `None` when the platform configured no endpoint or model.
    pub fn from_config(config: &AiConfig) -> Option<Self> {
        let (base_url, name) = config.model()?;
        let mut openai = OpenAIConfig::new().with_api_base(base_url.trim_end_matches('/'));
        // Local servers take no key; async-openai would otherwise send the
        // OPENAI_API_KEY of the environment.
        openai = openai.with_api_key(config.api_key.clone().unwrap_or_default());
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .timeout(config.request_timeout)
            .build()
            .ok()?;
        Some(Self {
            client: Client::with_config(openai).with_http_client(http),
            name: name.to_string(),
            attempts: config.call_attempts.max(1),
            retry_wait: config.retry_wait,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Asks `system` + `user` and streams the answer: `on_text` gets each
    /// piece as it arrives. An attempt that fails for a retryable reason is
    /// made again after a growing wait (pieces of a failed attempt were
    /// already handed out; `on_restart` lets the caller forget them).
    pub async fn ask(
        &self,
        system: &str,
        user: &str,
        mut on_text: impl FnMut(&str),
        mut on_restart: impl FnMut(),
    ) -> Result<Answer, ModelError> {
        let mut wait = self.retry_wait;
        let mut attempt = 1;
        loop {
            match self.ask_once(system, user, &mut on_text).await {
                Ok(answer) => return Ok(answer),
                Err(error) if error.retryable && !error.retried_by_client && attempt < self.attempts => {
                    tracing::warn!(model = %self.name, attempt, error = %error.message, "model call failed; retrying");
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_secs(60));
                    attempt += 1;
                    on_restart();
                }
                Err(error) => {
                    let tries = if error.retried_by_client { CLIENT_ATTEMPTS } else { attempt };
                    let message =
                        if error.retryable { format!("{} ({tries} tentativas)", error.message) } else { error.message };
                    return Err(ModelError { message, ..error });
                }
            }
        }
    }

    async fn ask_once(&self, system: &str, user: &str, on_text: &mut impl FnMut(&str)) -> Result<Answer, ModelError> {
        let request = CreateChatCompletionRequest {
            model: self.name.clone(),
            messages: vec![
                ChatCompletionRequestMessage::System(ChatCompletionRequestSystemMessage::from(system.to_string())),
                ChatCompletionRequestMessage::User(ChatCompletionRequestUserMessage::from(user.to_string())),
            ],
            temperature: Some(0.2),
            stream_options: Some(ChatCompletionStreamOptions { include_usage: Some(true), ..Default::default() }),
            ..Default::default()
        };
        let mut stream = self.client.chat().create_stream(request).await.map_err(describe)?;
        let mut answer = Answer { text: String::new(), prompt_tokens: 0, completion_tokens: 0 };
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(describe)?;
            for choice in &chunk.choices {
                if let Some(piece) = choice.delta.content.as_deref().filter(|p| !p.is_empty()) {
                    answer.text.push_str(piece);
                    on_text(piece);
                }
            }
            if let Some(usage) = chunk.usage {
                answer.prompt_tokens = usage.prompt_tokens;
                answer.completion_tokens = usage.completion_tokens;
            }
        }
        if answer.text.trim().is_empty() {
            return Err(ModelError {
                message: "O modelo de IA respondeu sem texto.".into(),
                retryable: true,
                retried_by_client: false,
            });
        }
        Ok(answer)
    }
}

/// What went wrong, in words for the owner; rate limits, server errors and
/// network trouble are worth another attempt, refusals are not.
fn describe(error: OpenAIError) -> ModelError {
    match error {
        OpenAIError::ApiError(api) => {
            let status = api.status_code;
            let retryable = status.as_u16() == 429 || status.is_server_error();
            let reason = if status.as_u16() == 429 {
                "limite de requisições do provedor atingido".to_string()
            } else if status.as_u16() == 401 || status.as_u16() == 403 {
                "chave de API recusada pelo provedor".to_string()
            } else if status.as_u16() == 404 {
                "modelo ou endereço não encontrado no provedor".to_string()
            } else {
                api.api_error.message.chars().take(300).collect()
            };
            ModelError {
                message: format!("O modelo de IA recusou o pedido (HTTP {}): {reason}", status.as_u16()),
                retryable,
                retried_by_client: retryable,
            }
        }
        OpenAIError::Reqwest(e) if e.is_timeout() => ModelError {
            message: "O modelo de IA não respondeu a tempo.".into(),
            retryable: true,
            retried_by_client: false,
        },
        OpenAIError::Reqwest(e) => ModelError {
            message: format!("Não foi possível falar com o modelo de IA: {}", without_url(&e)),
            retryable: true,
            retried_by_client: e.is_connect(),
        },
        OpenAIError::StreamError(e) => ModelError {
            message: format!("A resposta do modelo de IA foi interrompida: {e}"),
            retryable: true,
            retried_by_client: false,
        },
        OpenAIError::JSONDeserialize(_, _) => ModelError {
            message: "O modelo de IA respondeu num formato inesperado.".into(),
            retryable: true,
            retried_by_client: false,
        },
        other => ModelError {
            message: format!("Falha ao chamar o modelo de IA: {other}"),
            retryable: false,
            retried_by_client: false,
        },
    }
}

/// reqwest's message without the URL (which may carry a key in its query).
fn without_url(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    if let Some(url) = error.url() {
        text = text.replace(url.as_str(), "<endpoint>");
    }
    if error.is_connect() {
        "conexão recusada ou endereço inacessível".into()
    } else {
        text.chars().take(200).collect()
    }
}
