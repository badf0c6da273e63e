//! The owner's description of a robot's strategy, as the factory's wizard
//! takes it: what a factory version is generated from (stored with the
//! version, read back for the next adjustment).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The owner's description of the robot: the wizard's seven fields, plus the
/// adjustment asked for when this version is one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StrategyPrompt {
    pub robot_name: String,
    pub parametros_entrada: String,
    pub gatilhos_abrir: String,
    pub gatilhos_fechar: String,
    pub gestao_risco: String,
    pub take_profit_stop_loss: String,
    pub protecao_capital: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjustment_request: Option<String>,
}

impl StrategyPrompt {
    /// The six blocks as one text (the generation's `robotDescription`).
    pub fn description(&self) -> String {
        self.blocks().iter().map(|(title, text)| format!("{title}: {}", text.trim())).collect::<Vec<_>>().join("\n")
    }

    /// The six blocks of the wizard, with their titles.
    pub fn blocks(&self) -> [(&'static str, &str); 6] {
        [
            ("Parâmetros de entrada", &self.parametros_entrada),
            ("Gatilhos para abrir ordens", &self.gatilhos_abrir),
            ("Gatilhos para fechar posições", &self.gatilhos_fechar),
            ("Gestão de risco", &self.gestao_risco),
            ("Take Profit e Stop Loss", &self.take_profit_stop_loss),
            ("Proteção do capital", &self.protecao_capital),
        ]
    }
}
