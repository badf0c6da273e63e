//! `?page=&pageSize=` of every list, read once: handlers take `Paging` next
//! to their own filters (`ApiQuery<…Filters>`), and the OpenAPI document
//! lists [`PageQuery`] before them (`params(PageQuery, …)`).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::Deserialize;
use shared::domain::pagination::PageParams;
use utoipa::IntoParams;

use crate::api_error::{ApiError, ApiQuery};

/// The page a list asks for.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1-based page number.
    #[param(minimum = 1)]
    pub page: Option<u32>,
    /// Rows per page (1–100, default 20).
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<u32>,
}

/// The page, clamped (page ≥ 1, 1–100 rows); a malformed number answers the
/// pt-BR 400 of any bad query string.
pub struct Paging(pub PageParams);

impl<S: Send + Sync> FromRequestParts<S> for Paging {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let ApiQuery(query) = ApiQuery::<PageQuery>::from_request_parts(parts, state).await?;
        Ok(Paging(PageParams::new(query.page, query.page_size)))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::Request;

    use super::*;

    async fn paging(uri: &str) -> Result<PageParams, ApiError> {
        let (mut parts, ()) = Request::get(uri).body(()).unwrap().into_parts();
        Paging::from_request_parts(&mut parts, &()).await.map(|Paging(p)| p)
    }

    #[tokio::test]
    async fn pages_are_read_and_clamped_beside_other_filters() {
        assert_eq!(paging("/x?page=3&pageSize=50&q=abc").await.unwrap(), PageParams { page: 3, page_size: 50 });
        assert_eq!(paging("/x?page=0&pageSize=1000").await.unwrap(), PageParams { page: 1, page_size: 100 });
        assert_eq!(paging("/x").await.unwrap(), PageParams::default());
    }

    #[tokio::test]
    async fn a_malformed_page_is_a_pt_br_400() {
        let Err(ApiError(shared::AppError::Validation { message, .. })) = paging("/x?page=dois").await else {
            panic!("a malformed page was accepted");
        };
        assert_eq!(message, "Os parâmetros da URL são inválidos.");
    }
}
