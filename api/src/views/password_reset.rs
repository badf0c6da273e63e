//! The forgotten-password requests and answers of the owner's and client's portals.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ForgotPasswordRequest {
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    #[schema(required = true)]
    pub token: String,
    #[schema(required = true, min_length = 6, max_length = 256)]
    pub new_password: String,
}
