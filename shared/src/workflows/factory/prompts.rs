//! What the factory asks the model, and how the code is read back out of its
//! answers. The system prompt pins MQL5 idioms (CTrade, indicator handles
//! read with CopyBuffer and released, ENUM_TIMEFRAMES inputs, no MQL4 calls):
//! most compile failures of generated EAs are MQL4 habits.

pub use crate::domain::robot_strategy::StrategyPrompt;

pub const SYSTEM_PROMPT: &str = r#"You are a senior MetaTrader 5 developer. You write complete, compilable MQL5 Expert Advisors.
Rules:
- MQL5 only, never MQL4. No OrderSend with MQL4 arguments, no OrderClose/OrderModify/OrderSelect-by-position loops over MQL4 orders, no MarketInfo, no Bid/Ask/Close[]/Open[] predefined variables, no AccountBalance()/AccountEquity().
- Trade with the standard library: `#include <Trade/Trade.mqh>` and a global `CTrade trade;` (set trade.SetExpertMagicNumber).
- Indicators are handles created once in OnInit (iMA, iRSI, iATR, ... with the symbol and an ENUM_TIMEFRAMES input), checked against INVALID_HANDLE, read with CopyBuffer into arrays set with ArraySetAsSeries, and released with IndicatorRelease in OnDeinit.
- Prices with SymbolInfoTick / SymbolInfoDouble; positions with PositionsTotal, PositionGetTicket, PositionGetDouble/Integer/String.
- Every tunable number is an `input` (timeframes as ENUM_TIMEFRAMES, lots as double, points as int).
- Keep OnInit returning INIT_SUCCEEDED on success (a license check will be inserted at its start), and implement OnInit, OnDeinit and OnTick.
- The inserted license check provides `bool RF_CanOpenPositions()` (never declare or define it yourself). In every function that opens a position or places an order (trade.Buy, trade.Sell, trade.BuyLimit/SellLimit/BuyStop/SellStop, trade.PositionOpen, trade.OrderOpen, OrderSend), call `if(!RF_CanOpenPositions()) return;` before the first such call, so that a lapsed license blocks new entries. Managing open positions (trailing stops, partial or full closes) must keep working without it.
- Comments in Brazilian Portuguese.
Answer with a short explanation in Brazilian Portuguese, then the whole source in one ```mql5 code block."#;

/// The first generation of a robot (or of an adjusted version).
pub fn generation(prompt: &StrategyPrompt, previous_source: Option<&str>) -> String {
    let mut text = format!(
        "Write the Expert Advisor \"{}\".\nStrategy, as the client described it (in Portuguese):\n",
        prompt.robot_name.trim()
    );
    for (title, block) in prompt.blocks() {
        text.push_str(&format!("\n### {title}\n{}\n", block.trim()));
    }
    if let (Some(adjustment), Some(source)) = (prompt.adjustment_request.as_deref(), previous_source) {
        text.push_str(&format!(
            "\nThis is a new version of an existing robot. The client asked for these changes:\n{}\n\nCurrent source:\n```mql5\n{}\n```\nReturn the whole updated source.",
            adjustment.trim(),
            source
        ));
    } else if let Some(adjustment) = prompt.adjustment_request.as_deref() {
        text.push_str(&format!("\nAlso apply these changes the client asked for:\n{}\n", adjustment.trim()));
    }
    text
}

/// The second pass over the generated code.
pub fn review(prompt: &StrategyPrompt, source: &str) -> String {
    format!(
        "Review this MQL5 Expert Advisor written for the strategy below. Check: MQL4 leftovers, missing includes, \
         indicator handles not checked or not released, wrong CopyBuffer use, positions handled without the magic \
         number, inputs that should exist, risk rules that are missing.\n\
         Answer with \"Notas da revisão:\" followed by a short bullet list in Brazilian Portuguese of what you found \
         and fixed, then the whole corrected source in one ```mql5 code block (the same code if nothing needs fixing).\n\n\
         Strategy:\n{}\n\nSource:\n```mql5\n{}\n```",
        prompt.description(),
        source
    )
}

/// A fix round: the source and what the compiler (or the static checks) said.
pub fn fix(source: &str, problems: &[String]) -> String {
    let list = problems.iter().map(|p| format!("- {p}")).collect::<Vec<_>>().join("\n");
    format!(
        "This MQL5 Expert Advisor has problems:\n{list}\n\nFix all of them without changing the strategy. Answer with \
         a short explanation in Brazilian Portuguese and the whole corrected source in one ```mql5 code block.\n\n\
         ```mql5\n{source}\n```"
    )
}

/// The last fenced code block of `answer` (the model's code), if any.
pub fn extract_code(answer: &str) -> Option<String> {
    let mut blocks = Vec::new();
    let mut rest = answer;
    while let Some(open) = rest.find("```") {
        let after = &rest[open + 3..];
        let body_start = after.find('\n').map(|i| i + 1).unwrap_or(after.len());
        let body = &after[body_start..];
        match body.find("```") {
            Some(close) => {
                blocks.push(body[..close].trim_end().to_string());
                rest = &body[close + 3..];
            }
            None => {
                // An answer cut off inside its code block: take what is there.
                blocks.push(body.trim_end().to_string());
                break;
            }
        }
    }
    blocks.into_iter().filter(|b| !b.trim().is_empty()).max_by_key(|b| b.len())
}

/// The text before the code: the explanation or the review notes.
pub fn prose(answer: &str) -> String {
    let text = answer.split("```").next().unwrap_or_default().trim();
    let text = text.strip_prefix("Notas da revisão:").unwrap_or(text).trim();
    text.chars().take(4000).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_block_is_read_out_of_the_answer() {
        let answer = "Aqui está o robô.\n```mql5\nint OnInit() { return 0; }\n```\nBoa sorte.";
        assert_eq!(extract_code(answer).as_deref(), Some("int OnInit() { return 0; }"));
        assert_eq!(prose(answer), "Aqui está o robô.");
        assert_eq!(extract_code("sem código"), None);
    }

    #[test]
    fn the_longest_block_wins_and_a_cut_off_block_is_kept() {
        let answer = "Use:\n```\nx\n```\nCódigo:\n```cpp\nvoid OnTick() {}\nint a;\n```";
        assert_eq!(extract_code(answer).as_deref(), Some("void OnTick() {}\nint a;"));
        assert_eq!(extract_code("```mql5\nvoid OnTick() {").as_deref(), Some("void OnTick() {"));
    }

    #[test]
    fn review_notes_drop_their_heading() {
        assert_eq!(prose("Notas da revisão:\n- handle liberado\n```mql5\nx\n```"), "- handle liberado");
    }

    #[test]
    fn an_adjustment_carries_the_request_and_the_current_source() {
        let prompt = StrategyPrompt {
            robot_name: "Alpha".into(),
            adjustment_request: Some("Adicione trailing stop".into()),
            ..Default::default()
        };
        let text = generation(&prompt, Some("void OnTick() {}"));
        assert!(text.contains("Adicione trailing stop") && text.contains("void OnTick() {}"));
    }
}
