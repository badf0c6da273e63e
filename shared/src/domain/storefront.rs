//! The storefront's sales page as typed sections (issue 35): a small fixed set
//! the owner's editor and the public page both understand, so a page is
//! written without HTML and shown in the tenant's branding. Everything is
//! plain text, rendered as text by the web app: nothing here can run.
//!
//! Input arrives as loose JSON and is read field by field, so every problem
//! becomes a pt-BR message on its field (`sections.2.items.0.question`)
//! instead of a serde error, and nothing is stored until all are right.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::domain::text::char_len;
use crate::domain::validation::Validator;

pub const MAX_SECTIONS: usize = 20;
pub const MAX_TITLE_CHARS: usize = 120;
pub const MAX_SUBTITLE_CHARS: usize = 300;
pub const MAX_BODY_CHARS: usize = 5_000;
pub const MAX_ITEMS: usize = 12;
pub const MAX_ITEM_CHARS: usize = 200;
pub const MAX_ANSWER_CHARS: usize = 2_000;
pub const MAX_URL_CHARS: usize = 2_000;

pub const TOO_MANY_SECTIONS: &str = "Use no máximo 20 seções";
pub const UNKNOWN_SECTION: &str = "Tipo de seção desconhecido";
pub const BAD_HTTPS_URL: &str = "Use um endereço https:// válido (até 2.000 caracteres)";

/// One question of a FAQ section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FaqItem {
    #[schema(max_length = 200)]
    pub question: String,
    #[schema(max_length = 2000)]
    pub answer: String,
}

/// A block of the sales page, in the order the owner placed it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum StoreSection {
    /// The headline at the top.
    Hero {
        #[schema(max_length = 120)]
        title: String,
        #[schema(max_length = 300)]
        subtitle: Option<String>,
    },
    /// Paragraphs of plain text (blank lines separate them).
    Text {
        #[schema(max_length = 120)]
        title: Option<String>,
        #[schema(max_length = 5000)]
        body: String,
    },
    /// A list of short selling points (1 to 12).
    Benefits {
        #[schema(max_length = 120)]
        title: Option<String>,
        items: Vec<String>,
    },
    /// Questions and answers (1 to 12).
    Faq {
        #[schema(max_length = 120)]
        title: Option<String>,
        items: Vec<FaqItem>,
    },
    /// A picture from an https address.
    Image {
        #[schema(max_length = 2000)]
        url: String,
        #[schema(max_length = 200)]
        alt: Option<String>,
    },
}

/// An absolute https URL without spaces, quotes or angle brackets, with a
/// host, of at most 2 000 characters: a checkout link or an image.
pub fn is_https_url(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("https://") else { return false };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    !host.is_empty()
        && !host.starts_with('.')
        && char_len(text) <= MAX_URL_CHARS
        && !text.chars().any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '\\'))
}

/// Reads and checks the sections as sent; what is returned is valid only if
/// `v` stays free of messages.
pub fn check_sections(v: &mut Validator, raw: &[Value]) -> Vec<StoreSection> {
    v.check(raw.len() <= MAX_SECTIONS, "sections", TOO_MANY_SECTIONS);
    raw.iter()
        .take(MAX_SECTIONS)
        .enumerate()
        .filter_map(|(i, value)| section(v, &format!("sections.{i}"), value))
        .collect()
}

fn section(v: &mut Validator, at: &str, value: &Value) -> Option<StoreSection> {
    let kind = value.get("type").and_then(Value::as_str).unwrap_or_default();
    let mut read = Reader { v, at, value };
    Some(match kind {
        "hero" => StoreSection::Hero {
            title: read.required(
                "title",
                MAX_TITLE_CHARS,
                "Título é obrigatório",
                "Título deve ter no máximo 120 caracteres",
            ),
            subtitle: read.optional("subtitle", MAX_SUBTITLE_CHARS, "Subtítulo deve ter no máximo 300 caracteres"),
        },
        "text" => StoreSection::Text {
            title: read.title(),
            body: read.required(
                "body",
                MAX_BODY_CHARS,
                "Texto é obrigatório",
                "Texto deve ter no máximo 5.000 caracteres",
            ),
        },
        "benefits" => {
            let title = read.title();
            let items = read.list("items");
            let items = items
                .iter()
                .enumerate()
                .map(|(j, item)| {
                    let field = format!("{at}.items.{j}");
                    let text = item.as_str().map(clean).unwrap_or_default();
                    read.v.check(!text.is_empty(), &field, "Benefício não pode ficar vazio");
                    read.v.check(
                        char_len(&text) <= MAX_ITEM_CHARS,
                        &field,
                        "Benefício deve ter no máximo 200 caracteres",
                    );
                    text
                })
                .collect();
            StoreSection::Benefits { title, items }
        }
        "faq" => {
            let title = read.title();
            let items = read.list("items");
            let items = items
                .iter()
                .enumerate()
                .map(|(j, item)| {
                    let at = format!("{at}.items.{j}");
                    let mut item = Reader { v: &mut *read.v, at: &at, value: item };
                    FaqItem {
                        question: item.required(
                            "question",
                            MAX_ITEM_CHARS,
                            "Pergunta é obrigatória",
                            "Pergunta deve ter no máximo 200 caracteres",
                        ),
                        answer: item.required(
                            "answer",
                            MAX_ANSWER_CHARS,
                            "Resposta é obrigatória",
                            "Resposta deve ter no máximo 2.000 caracteres",
                        ),
                    }
                })
                .collect();
            StoreSection::Faq { title, items }
        }
        "image" => {
            let url = read.text("url");
            read.v.check(is_https_url(&url), &format!("{at}.url"), BAD_HTTPS_URL);
            StoreSection::Image {
                url,
                alt: read.optional("alt", MAX_ITEM_CHARS, "Descrição deve ter no máximo 200 caracteres"),
            }
        }
        _ => {
            read.v.check(false, &format!("{at}.type"), UNKNOWN_SECTION);
            return None;
        }
    })
}

/// Trimmed, with Windows line ends made plain (the body's paragraphs).
fn clean(text: &str) -> String {
    text.replace("\r\n", "\n").trim().to_string()
}

struct Reader<'a> {
    v: &'a mut Validator,
    at: &'a str,
    value: &'a Value,
}

impl Reader<'_> {
    fn field(&self, name: &str) -> String {
        format!("{}.{name}", self.at)
    }

    fn text(&self, name: &str) -> String {
        self.value.get(name).and_then(Value::as_str).map(clean).unwrap_or_default()
    }

    fn required(&mut self, name: &str, max: usize, missing: &str, too_long: &str) -> String {
        let text = self.text(name);
        let field = self.field(name);
        self.v.check(!text.is_empty(), &field, missing);
        self.v.check(char_len(&text) <= max, &field, too_long);
        text
    }

    fn optional(&mut self, name: &str, max: usize, too_long: &str) -> Option<String> {
        let text = self.text(name);
        self.v.check(char_len(&text) <= max, &self.field(name), too_long);
        Some(text).filter(|t| !t.is_empty())
    }

    fn title(&mut self) -> Option<String> {
        self.optional("title", MAX_TITLE_CHARS, "Título deve ter no máximo 120 caracteres")
    }

    /// The `items` array: 1 to 12 entries.
    fn list(&mut self, name: &str) -> Vec<Value> {
        let items = self.value.get(name).and_then(Value::as_array).cloned().unwrap_or_default();
        let field = self.field(name);
        self.v.check(!items.is_empty(), &field, "Adicione pelo menos um item");
        self.v.check(items.len() <= MAX_ITEMS, &field, "Use no máximo 12 itens");
        items.into_iter().take(MAX_ITEMS).collect()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn checked(raw: Value) -> (Vec<StoreSection>, Result<(), crate::AppError>) {
        let mut v = Validator::new();
        let sections = check_sections(&mut v, raw.as_array().unwrap());
        (sections, v.finish())
    }

    #[test]
    fn reads_every_kind_and_trims() {
        let (sections, result) = checked(json!([
            {"type": "hero", "title": " Robô Alfa ", "subtitle": ""},
            {"type": "text", "body": "Um.\r\n\r\nDois."},
            {"type": "benefits", "items": ["Rápido"]},
            {"type": "faq", "title": "Dúvidas", "items": [{"question": "Funciona?", "answer": "Sim."}]},
            {"type": "image", "url": "https://cdn.exemplo.com/a.png", "alt": "Gráfico"}
        ]));
        assert!(result.is_ok());
        assert_eq!(sections[0], StoreSection::Hero { title: "Robô Alfa".into(), subtitle: None });
        assert_eq!(sections[1], StoreSection::Text { title: None, body: "Um.\n\nDois.".into() });
        assert_eq!(serde_json::to_value(&sections[2]).unwrap()["type"], "benefits");
    }

    #[test]
    fn every_problem_lands_on_its_field() {
        let (_, result) = checked(json!([
            {"type": "video"},
            {"type": "hero", "title": "x".repeat(121)},
            {"type": "faq", "items": [{"question": "", "answer": "a"}]},
            {"type": "image", "url": "http://exemplo.com/a.png"},
            {"type": "benefits", "items": []}
        ]));
        let Err(crate::AppError::Validation { fields, .. }) = result else { panic!("valid") };
        assert_eq!(fields["sections.0.type"], UNKNOWN_SECTION);
        assert_eq!(fields["sections.1.title"], "Título deve ter no máximo 120 caracteres");
        assert_eq!(fields["sections.2.items.0.question"], "Pergunta é obrigatória");
        assert_eq!(fields["sections.3.url"], BAD_HTTPS_URL);
        assert_eq!(fields["sections.4.items"], "Adicione pelo menos um item");
    }

    #[test]
    fn https_urls_only() {
        assert!(is_https_url("https://pay.hotmart.com/X123?off=abc"));
        for bad in [
            "http://pay.hotmart.com",
            "https://",
            "https:///x",
            "javascript:alert(1)",
            "https://a b.com",
            "https://a.com/\"x",
        ] {
            assert!(!is_https_url(bad), "{bad}");
        }
        assert!(!is_https_url(&format!("https://a.com/{}", "x".repeat(2000))));
    }
}
