//! What the admin's and owner's factory screens share.

use serde::Deserialize;
use utoipa::IntoParams;

pub const GENERATION_NOT_FOUND: &str = "Geração não encontrada";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProjectListQuery {
    #[param(minimum = 1)]
    pub page: Option<u32>,
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<u32>,
}
