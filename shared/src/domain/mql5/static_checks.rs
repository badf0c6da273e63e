//! Faults a model's Expert Advisor commonly has, found before a compile slot
//! is spent on it: MQL4 calls that MQL5 does not have, `CTrade` without its
//! include, indicator handles that are never released. The findings go back
//! to the model with the source (the factory's fix prompt).

use super::lexer::{lex, Kind, Token};

/// What kind of fault a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckCode {
    Mql4Call,
    MissingTradeInclude,
    UnreleasedHandle,
    /// A new order or position without `RF_CanOpenPositions()` before it.
    UnguardedEntry,
}

impl CheckCode {
    pub fn as_str(self) -> &'static str {
        match self {
            CheckCode::Mql4Call => "mql4_call",
            CheckCode::MissingTradeInclude => "missing_trade_include",
            CheckCode::UnreleasedHandle => "unreleased_handle",
            CheckCode::UnguardedEntry => "unguarded_entry",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub code: CheckCode,
    /// 1-based line of the source.
    pub line: u32,
    /// pt-BR, shown in the project's conversation.
    pub message: String,
    /// English, for the model's fix prompt.
    pub instruction: String,
}

/// Functions of MQL4's order API and account helpers, absent from MQL5.
const MQL4_CALLS: &[(&str, &str)] = &[
    ("OrderClose", "use CTrade::PositionClose"),
    ("OrderModify", "use CTrade::PositionModify or CTrade::OrderModify"),
    ("OrderCloseBy", "use CTrade::PositionCloseBy"),
    ("OrderLots", "use PositionGetDouble(POSITION_VOLUME) after PositionSelect/PositionGetTicket"),
    ("OrderTicket", "use PositionGetTicket / PositionGetInteger(POSITION_TICKET)"),
    ("OrderOpenPrice", "use PositionGetDouble(POSITION_PRICE_OPEN)"),
    ("OrderStopLoss", "use PositionGetDouble(POSITION_SL)"),
    ("OrderTakeProfit", "use PositionGetDouble(POSITION_TP)"),
    ("OrderProfit", "use PositionGetDouble(POSITION_PROFIT)"),
    ("OrderType", "use PositionGetInteger(POSITION_TYPE)"),
    ("OrderSymbol", "use PositionGetString(POSITION_SYMBOL)"),
    ("OrderMagicNumber", "use PositionGetInteger(POSITION_MAGIC)"),
    ("OrderOpenTime", "use PositionGetInteger(POSITION_TIME)"),
    ("OrderCloseTime", "use the history functions (HistoryDealGetInteger)"),
    ("OrderComment", "use PositionGetString(POSITION_COMMENT)"),
    ("OrderCommission", "use HistoryDealGetDouble(DEAL_COMMISSION)"),
    ("OrderSwap", "use PositionGetDouble(POSITION_SWAP)"),
    ("OrdersHistoryTotal", "use HistorySelect and HistoryDealsTotal"),
    ("MarketInfo", "use SymbolInfoDouble / SymbolInfoInteger"),
    ("RefreshRates", "use SymbolInfoTick"),
    ("AccountBalance", "use AccountInfoDouble(ACCOUNT_BALANCE)"),
    ("AccountEquity", "use AccountInfoDouble(ACCOUNT_EQUITY)"),
    ("AccountFreeMargin", "use AccountInfoDouble(ACCOUNT_MARGIN_FREE)"),
    ("IsTradeAllowed", "use TerminalInfoInteger(TERMINAL_TRADE_ALLOWED) and MQLInfoInteger(MQL_TRADE_ALLOWED)"),
];

/// MQL4's predefined price variables and series arrays.
const MQL4_SERIES: &[&str] = &["Bid", "Ask", "Close", "Open", "High", "Low", "Time", "Volume"];

/// Built-in functions named `i…` that return values, not indicator handles.
const VALUE_FUNCTIONS: &[&str] = &[
    "iClose",
    "iOpen",
    "iHigh",
    "iLow",
    "iTime",
    "iVolume",
    "iTickVolume",
    "iRealVolume",
    "iSpread",
    "iBars",
    "iBarShift",
    "iHighest",
    "iLowest",
];

/// Every finding of `source`, in source order.
pub fn check(source: &str) -> Vec<Finding> {
    let lexed = lex(source);
    let tokens = &lexed.tokens;
    let line_of = |offset: usize| source[..offset].bytes().filter(|b| *b == b'\n').count() as u32 + 1;
    let mut findings = Vec::new();

    let declared =
        |name: &str| tokens.windows(2).any(|w| w[0].kind == Kind::Ident && is_type(w[0].text) && w[1].is_ident(name));
    for (i, token) in tokens.iter().enumerate() {
        if token.kind != Kind::Ident || after_member_access(tokens, i) {
            continue;
        }
        let next = tokens.get(i + 1);
        if let Some((name, instead)) = MQL4_CALLS.iter().find(|(name, _)| token.text == *name) {
            if next.is_some_and(|n| n.is_punct('(')) && !declared(name) {
                findings.push(Finding {
                    code: CheckCode::Mql4Call,
                    line: line_of(token.start),
                    message: format!("{name}() é uma função do MQL4 e não existe no MQL5."),
                    instruction: format!("`{name}()` is MQL4 and does not exist in MQL5: {instead}."),
                });
            }
        } else if MQL4_SERIES.contains(&token.text) && !declared(token.text) {
            let indexed = next.is_some_and(|n| n.is_punct('['));
            let price = matches!(token.text, "Bid" | "Ask");
            let called = next.is_some_and(|n| n.is_punct('('));
            if (indexed || price) && !called && !is_declaration_name(tokens, i) {
                let name = token.text;
                findings.push(Finding {
                    code: CheckCode::Mql4Call,
                    line: line_of(token.start),
                    message: format!("{name} é uma variável predefinida do MQL4 e não existe no MQL5."),
                    instruction: format!(
                        "`{name}` is an MQL4 predefined variable/series: in MQL5 use SymbolInfoDouble/SymbolInfoTick \
                         for prices and CopyRates/CopyClose/iClose for bar data."
                    ),
                });
            }
        }
    }

    let uses_ctrade = tokens.iter().any(|t| t.is_ident("CTrade"));
    let includes_trade = lexed.directives.iter().any(|d| {
        d.name == "include" && {
            let text = source[d.start..d.end].replace('\\', "/").to_ascii_lowercase();
            text.contains("trade/trade.mqh")
        }
    });
    if uses_ctrade && !includes_trade {
        let first = tokens.iter().find(|t| t.is_ident("CTrade")).map(|t| line_of(t.start)).unwrap_or(1);
        findings.push(Finding {
            code: CheckCode::MissingTradeInclude,
            line: first,
            message: "CTrade é usado sem #include <Trade/Trade.mqh>.".into(),
            instruction: "`CTrade` is used but `#include <Trade/Trade.mqh>` is missing at the top of the file.".into(),
        });
    }

    for (handle, function, at) in handles_created(tokens) {
        let released =
            tokens.windows(3).any(|w| w[0].is_ident("IndicatorRelease") && w[1].is_punct('(') && w[2].is_ident(handle));
        if !released {
            findings.push(Finding {
                code: CheckCode::UnreleasedHandle,
                line: line_of(at),
                message: format!("O handle '{handle}' ({function}) é criado mas nunca liberado com IndicatorRelease."),
                instruction: format!(
                    "The indicator handle `{handle}` created with `{function}` is never released: call \
                     `IndicatorRelease({handle})` in OnDeinit."
                ),
            });
        }
    }
    findings.extend(unguarded_entries(tokens, &line_of));
    findings.sort_by_key(|f| f.line);
    findings
}

/// The factory's robots keep managing open positions when their license
/// lapses, so every call that opens something must come after the license
/// guard in the same function.
const GUARD: &str = "RF_CanOpenPositions";
/// `CTrade` methods that open a position or place an order.
const OPENING_METHODS: &[&str] =
    &["Buy", "Sell", "BuyLimit", "SellLimit", "BuyStop", "SellStop", "PositionOpen", "OrderOpen"];
/// Functions that do.
const OPENING_FUNCTIONS: &[&str] = &["OrderSend", "OrderSendAsync"];

/// Opening calls with no `RF_CanOpenPositions` earlier in their top-level function.
fn unguarded_entries(tokens: &[Token], line_of: &dyn Fn(usize) -> u32) -> Vec<Finding> {
    let mut findings = Vec::new();
    let (mut depth, mut guarded) = (0usize, false);
    for (i, token) in tokens.iter().enumerate() {
        if token.is_punct('{') {
            depth += 1;
        } else if token.is_punct('}') {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                guarded = false;
            }
        } else if token.kind == Kind::Ident && token.text == GUARD && !after_member_access(tokens, i) {
            guarded = true;
        } else if token.kind == Kind::Ident
            && depth > 0
            && !guarded
            && tokens.get(i + 1).is_some_and(|n| n.is_punct('('))
        {
            let opening = if after_member_access(tokens, i) {
                OPENING_METHODS.contains(&token.text)
            } else {
                OPENING_FUNCTIONS.contains(&token.text)
            };
            if opening {
                let call = token.text;
                findings.push(Finding {
                    code: CheckCode::UnguardedEntry,
                    line: line_of(token.start),
                    message: format!(
                        "{call}() abre uma posição sem antes chamar RF_CanOpenPositions(): com a licença encerrada o \
                         robô continuaria abrindo operações."
                    ),
                    instruction: format!(
                        "`{call}(...)` opens a position without the license guard: add `if(!RF_CanOpenPositions()) \
                         return;` earlier in the same function (do not define RF_CanOpenPositions yourself)."
                    ),
                });
            }
        }
    }
    findings
}

/// `name = iSomething(` and `name = IndicatorCreate(`: variables holding indicator handles.
fn handles_created<'a>(tokens: &[Token<'a>]) -> Vec<(&'a str, &'a str, usize)> {
    let mut found: Vec<(&str, &str, usize)> = Vec::new();
    for w in tokens.windows(4) {
        let (target, eq, function, paren) = (&w[0], &w[1], &w[2], &w[3]);
        let is_indicator = function.text == "IndicatorCreate"
            || (function.text.len() > 1
                && function.text.starts_with('i')
                && function.text[1..].starts_with(|c: char| c.is_ascii_uppercase())
                && !VALUE_FUNCTIONS.contains(&function.text));
        if target.kind == Kind::Ident
            && eq.is_punct('=')
            && function.kind == Kind::Ident
            && is_indicator
            && paren.is_punct('(')
            && !found.iter().any(|(name, _, _)| *name == target.text)
        {
            found.push((target.text, function.text, target.start));
        }
    }
    found
}

fn after_member_access(tokens: &[Token], i: usize) -> bool {
    i > 0 && (tokens[i - 1].is_punct('.') || (i > 1 && tokens[i - 1].is_punct(':') && tokens[i - 2].is_punct(':')))
}

/// `double Bid` or `MqlTick tick; … tick.Bid` aside, `Bid` here is being declared.
fn is_declaration_name(tokens: &[Token], i: usize) -> bool {
    i > 0 && tokens[i - 1].kind == Kind::Ident && is_type(tokens[i - 1].text)
}

fn is_type(word: &str) -> bool {
    matches!(
        word,
        "double"
            | "float"
            | "int"
            | "long"
            | "uint"
            | "ulong"
            | "datetime"
            | "string"
            | "bool"
            | "MqlRates"
            | "MqlTick"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"#include <Trade/Trade.mqh>
input ENUM_TIMEFRAMES InpTf = PERIOD_H1;
CTrade trade;
int maHandle;
int OnInit() { maHandle = iMA(_Symbol, InpTf, 20, 0, MODE_SMA, PRICE_CLOSE); return INIT_SUCCEEDED; }
void OnDeinit(const int reason) { IndicatorRelease(maHandle); }
void OnTick() {
   double ma[]; CopyBuffer(maHandle, 0, 0, 1, ma);
   MqlTick tick; SymbolInfoTick(_Symbol, tick);
   double close = iClose(_Symbol, InpTf, 1);
   if (!RF_CanOpenPositions()) return;
   if (tick.Bid > ma[0]) trade.Buy(0.1);
}
"#;

    #[test]
    fn an_idiomatic_mql5_expert_has_no_findings() {
        assert_eq!(check(GOOD), vec![]);
    }

    #[test]
    fn mql4_calls_and_series_are_found_at_their_lines() {
        let source = "void OnTick() {\n  double p = MarketInfo(Symbol(), MODE_BID);\n  if (Close[1] > Open[1]) OrderClose(t, 1, Bid, 3);\n}\n";
        let found = check(source);
        let codes: Vec<_> = found.iter().map(|f| (f.code, f.line)).collect();
        assert_eq!(
            codes,
            vec![
                (CheckCode::Mql4Call, 2),
                (CheckCode::Mql4Call, 3),
                (CheckCode::Mql4Call, 3),
                (CheckCode::Mql4Call, 3),
                (CheckCode::Mql4Call, 3)
            ]
        );
        assert!(found[0].message.contains("MarketInfo"));
        assert!(found.iter().any(|f| f.instruction.contains("PositionClose")));
    }

    #[test]
    fn ctrade_without_its_include_is_found() {
        let found = check("CTrade trade;\nvoid OnTick() { if(!RF_CanOpenPositions()) return; trade.Buy(0.1); }\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, CheckCode::MissingTradeInclude);
        assert_eq!(found[0].line, 1);
        assert!(check("#include <Trade\\Trade.mqh>\nCTrade trade;\n").is_empty());
    }

    #[test]
    fn a_handle_never_released_is_found_and_value_functions_are_not_handles() {
        let source = "int h;\nint r;\nint OnInit() { h = iRSI(_Symbol, PERIOD_M5, 14, PRICE_CLOSE); r = iBars(_Symbol, PERIOD_M5); return 0; }\n";
        let found = check(source);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].code, CheckCode::UnreleasedHandle);
        assert!(found[0].message.contains("'h' (iRSI)"));
    }

    #[test]
    fn an_entry_without_the_license_guard_before_it_is_found_in_its_function() {
        let source = "#include <Trade/Trade.mqh>\nCTrade trade;\nvoid Enter() {\n  trade.Sell(0.1);\n}\n\
                      void Guarded() {\n  if(!RF_CanOpenPositions()) return;\n  trade.Buy(0.1);\n}\n\
                      void Raw() {\n  MqlTradeRequest r = {}; MqlTradeResult x = {};\n  OrderSend(r, x);\n}\n\
                      void Late() {\n  trade.BuyLimit(0.1, 1.0);\n  if(!RF_CanOpenPositions()) return;\n}\n\
                      void Manage() {\n  trade.PositionClose(_Symbol);\n  trade.PositionModify(_Symbol, 0, 0);\n}\n";
        let found: Vec<_> = check(source).into_iter().map(|f| (f.code, f.line)).collect();
        assert_eq!(
            found,
            vec![(CheckCode::UnguardedEntry, 4), (CheckCode::UnguardedEntry, 12), (CheckCode::UnguardedEntry, 15)],
            "a guard in another function, or after the call, does not count; closing and modifying need none"
        );
    }

    #[test]
    fn names_in_comments_strings_and_members_are_not_findings() {
        let source = "// OrderClose(x) and Close[0] in a comment\nstring s = \"MarketInfo(\";\nMqlTick t;\ndouble b = t.Bid;\ndouble Ask = 0;\n";
        assert_eq!(check(source), vec![]);
    }
}
