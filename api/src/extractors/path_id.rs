//! Ids in the URL. `PathId<R>` parses the one `{id}` segment of a route and
//! answers R's pt-BR 404 when it is not a UUID: a malformed id is just an id
//! that names nothing, never a 400 that tells a prober the shape it wants.
//! `PathIds<A, B>` does the same for `/{robotId}/versions/{versionId}`.

use std::marker::PhantomData;

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use shared::AppError;
use uuid::Uuid;

use crate::api_error::ApiError;

/// What a route's id names, and the pt-BR 404 it answers when that is
/// missing or malformed. Declared with [`crate::not_found_as!`].
pub trait Resource {
    const NOT_FOUND: &'static str;
}

/// `not_found_as!(UnknownRobot, UNKNOWN_ROBOT);` declares the marker type
/// `UnknownRobot` for `PathId<UnknownRobot>`.
#[macro_export]
macro_rules! not_found_as {
    ($marker:ident, $message:expr) => {
        /// The 404 of a route id that names nothing (see `extractors::PathId`).
        pub struct $marker;
        impl $crate::extractors::Resource for $marker {
            const NOT_FOUND: &'static str = $message;
        }
    };
}

/// The route's one id.
pub struct PathId<R>(pub Uuid, pub PhantomData<R>);

/// The route's two ids, outer resource first.
pub struct PathIds<A, B>(pub Uuid, pub Uuid, pub PhantomData<(A, B)>);

fn parse<R: Resource>(raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw.trim()).map_err(|_| ApiError(AppError::NotFound(R::NOT_FOUND.into())))
}

impl<S: Send + Sync, R: Resource> FromRequestParts<S> for PathId<R> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError(AppError::NotFound(R::NOT_FOUND.into())))?;
        Ok(PathId(parse::<R>(&raw)?, PhantomData))
    }
}

impl<S: Send + Sync, A: Resource, B: Resource> FromRequestParts<S> for PathIds<A, B> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path((outer, inner)) = Path::<(String, String)>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError(AppError::NotFound(A::NOT_FOUND.into())))?;
        Ok(PathIds(parse::<A>(&outer)?, parse::<B>(&inner)?, PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use axum::response::IntoResponse;
    use axum::routing::get;
    use axum::Router;
    use tower::ServiceExt;

    use super::*;

    crate::not_found_as!(UnknownThing, "Coisa não encontrada");
    crate::not_found_as!(UnknownPart, "Parte não encontrada");

    async fn one(PathId(id, _): PathId<UnknownThing>) -> String {
        id.to_string()
    }

    async fn two(PathIds(thing, part, _): PathIds<UnknownThing, UnknownPart>) -> String {
        format!("{thing}/{part}")
    }

    async fn call(uri: &str) -> (StatusCode, String) {
        let app = Router::new().route("/things/{id}", get(one)).route("/things/{id}/parts/{part}", get(two));
        let response = app.oneshot(Request::get(uri).body(Body::empty()).unwrap()).await.unwrap().into_response();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1 << 16).await.unwrap();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn a_uuid_reaches_the_handler() {
        let id = Uuid::new_v4();
        assert_eq!(call(&format!("/things/{id}")).await, (StatusCode::OK, id.to_string()));
        let part = Uuid::new_v4();
        assert_eq!(call(&format!("/things/{id}/parts/{part}")).await, (StatusCode::OK, format!("{id}/{part}")));
    }

    #[tokio::test]
    async fn a_malformed_id_is_the_resources_pt_br_404() {
        let (status, body) = call("/things/nao-e-um-id").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(body.contains("Coisa não encontrada"), "{body}");
        let (status, body) = call(&format!("/things/{}/parts/x'--", Uuid::new_v4())).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(body.contains("Parte não encontrada"), "{body}");
    }
}
