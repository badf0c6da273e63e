//! Row ids are UUIDv7: time-ordered, so new rows land at the right edge of
//! their B-tree indexes instead of scattering across them.

use uuid::Uuid;

pub fn new_id() -> Uuid {
    Uuid::now_v7()
}
