//! One PostgreSQL listener per api instance, fanned out to every SSE stream
//! of this instance through a broadcast channel (DESIGN 2). Streams filter by
//! the viewer's tenant; a slow stream that falls behind skips what it missed
//! rather than holding the others back.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use shared::infrastructure::db::PgPool;
use shared::workflows::notifications::{self, CompileJobUpdate, FactoryUpdate, Heard, Notification};
use tokio::sync::{broadcast, Notify};
use uuid::Uuid;

use crate::license_check::cache::LicenseCache;

/// What the streams carry: notifications (the bell), the progress of
/// compile jobs (the import page) and of the AI factory (project pages).
#[derive(Debug, Clone)]
pub enum LiveEvent {
    Notification(Notification),
    CompileJob(CompileJobUpdate),
    Factory(FactoryUpdate),
}

impl LiveEvent {
    pub fn tenant_id(&self) -> Uuid {
        match self {
            LiveEvent::Notification(n) => n.tenant_id,
            LiveEvent::CompileJob(u) => u.tenant_id,
            LiveEvent::Factory(u) => u.tenant_id,
        }
    }
}

pub struct NotificationHub {
    sender: broadcast::Sender<LiveEvent>,
    open_streams: AtomicUsize,
    /// Subscribed right now (readiness: an instance that cannot hear
    /// revocations must not take license checks).
    listening: Arc<AtomicBool>,
    /// Woken when a compile job becomes pending (agents' long-polls wait on it).
    pub compile_jobs: Notify,
}

impl NotificationHub {
    pub fn new() -> Arc<Self> {
        let (sender, _) = broadcast::channel(1024);
        Arc::new(Self {
            sender,
            open_streams: AtomicUsize::new(0),
            listening: Arc::new(AtomicBool::new(false)),
            compile_jobs: Notify::new(),
        })
    }

    /// Starts this instance's listener (once, when the server starts); it
    /// also keeps the license-check cache in step.
    pub fn start(self: &Arc<Self>, pool: PgPool, license_cache: Arc<LicenseCache>) {
        let hub = self.clone();
        let listening = self.listening.clone();
        tokio::spawn(notifications::listen(pool, move |heard| match heard {
            // No stream open: nobody to tell, nothing to keep.
            Heard::Notification(n) => {
                let _ = hub.sender.send(LiveEvent::Notification(n));
            }
            Heard::LicensesChanged(change) => license_cache.invalidate(change),
            Heard::CompileJob(update) => {
                if update.status == "pending" {
                    hub.compile_jobs.notify_waiters();
                }
                let _ = hub.sender.send(LiveEvent::CompileJob(update));
            }
            Heard::Factory(update) => {
                let _ = hub.sender.send(LiveEvent::Factory(update));
            }
            Heard::Reconnected => {
                license_cache.clear();
                hub.compile_jobs.notify_waiters();
            }
            Heard::Listening => listening.store(true, Ordering::Relaxed),
            Heard::NotListening => listening.store(false, Ordering::Relaxed),
        }));
    }

    pub fn subscribe(self: &Arc<Self>) -> Subscription {
        self.open_streams.fetch_add(1, Ordering::Relaxed);
        Subscription { receiver: self.sender.subscribe(), hub: self.clone() }
    }

    /// Whether the listener is subscribed right now (/api/ready).
    pub fn is_listening(&self) -> bool {
        self.listening.load(Ordering::Relaxed)
    }

    /// SSE streams open on this instance (for /metrics).
    pub fn open_streams(&self) -> usize {
        self.open_streams.load(Ordering::Relaxed)
    }
}

/// One stream's view of the hub; counts itself out when dropped.
pub struct Subscription {
    pub receiver: broadcast::Receiver<LiveEvent>,
    hub: Arc<NotificationHub>,
}

impl Drop for Subscription {
    fn drop(&mut self) {
        self.hub.open_streams.fetch_sub(1, Ordering::Relaxed);
    }
}
