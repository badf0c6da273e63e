//! `GET /api/notifications/stream`: live notifications as server-sent events.
//! The platform admin sees every tenant's; a tenant owner (session cookie and
//! `X-Tenant-Secret`) only their own tenant's. Same stream shape for both: a
//! `connected` event first, then one `notification` event per change
//! (`{ id, tenantId, type, title, message, timestamp }`), one `compilation`
//! event per compile job status change (`{ tenantId, jobId, status }`; the
//! bell ignores it, the import page follows it), keep-alive comments every
//! 15 s.

use std::convert::Infallible;

use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream, StreamExt};
use shared::workflows::notifications::Notification;
use tokio::sync::broadcast::error::RecvError;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{not_authenticated, ApiError, ErrorBody};
use crate::extractors::{SignedInAdmin, SignedInOwner};
use crate::notification_hub::{LiveEvent, Subscription};
use crate::AppState;

/// Whose notifications a stream carries.
pub enum Viewer {
    Admin,
    Owner { tenant_id: Uuid },
}

impl Viewer {
    fn sees(&self, event: &LiveEvent) -> bool {
        match self {
            // The factory's progress is shown on the owner's project page alone: an admin's stream would
            // otherwise carry every token of every tenant's model at once.
            Viewer::Admin => !matches!(event, LiveEvent::Factory(_)),
            Viewer::Owner { tenant_id } => event.tenant_id() == *tenant_id,
        }
    }
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if let Ok(_admin) = SignedInAdmin::from_request_parts(parts, state).await {
            return Ok(Viewer::Admin);
        }
        match SignedInOwner::from_request_parts(parts, state).await {
            Ok(owner) => Ok(Viewer::Owner { tenant_id: owner.tenant.id }),
            Err(_) => Err(not_authenticated()),
        }
    }
}

/// Live notifications (NEW_SALE, REFUND, SUBSCRIPTION_CANCELLED) as server-sent events.
#[utoipa::path(operation_id = "notificationStream", get, path = "/api/notifications/stream", tag = "notifications",
    security(("adminSession" = []), ("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, description = "text/event-stream: `connected`, then `notification` events carrying a Notification",
               content_type = "text/event-stream", body = Notification),
              (status = 401, body = ErrorBody)))]
pub async fn stream(
    State(state): State<AppState>,
    viewer: Viewer,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let connected = stream::once(async { Ok(Event::default().event("connected").data("{\"type\":\"connected\"}")) });
    let subscription = state.notifications.subscribe();
    let updates =
        stream::unfold((subscription, viewer), |(mut subscription, viewer): (Subscription, Viewer)| async move {
            loop {
                match subscription.receiver.recv().await {
                    Ok(event) if viewer.sees(&event) => {
                        let (name, data) = match &event {
                            LiveEvent::Notification(n) => ("notification", serde_json::to_string(n)),
                            LiveEvent::CompileJob(u) => ("compilation", serde_json::to_string(u)),
                            LiveEvent::Factory(u) => ("factory", serde_json::to_string(u)),
                        };
                        let event = Event::default().event(name).data(data.unwrap_or_default());
                        return Some((Ok(event), (subscription, viewer)));
                    }
                    Ok(_) | Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => return None,
                }
            }
        });
    Sse::new(connected.chain(updates)).keep_alive(KeepAlive::default())
}

/// `/api/notifications/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stream))
}
