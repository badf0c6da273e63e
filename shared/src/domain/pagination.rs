//! One shape for every list: `?page=&pageSize=` in, `{ items, total, page,
//! pageSize }` out, filtered and counted by the database (a tenant with a
//! million sales gets page 1 as fast as one with ten).
//!
//! Small lists (a tenant's factory projects, the Hotmart inbox) select their
//! rows with `count(*) OVER () AS total` into [`Counted`] and hand them to
//! [`Page::from_counted`]: one query per page. Lists that grow with the
//! platform (sales, clients, licenses, ...) go through
//! `repositories::listing::fetch_page`, which chooses the page on an index
//! and counts only up to [`COUNT_CAP`].

use serde::Serialize;
use utoipa::ToSchema;

pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;

/// Lists stop counting here: "10.000+" tells a person as much as the
/// exact figure, and counting a million rows on every page does not scale.
pub const COUNT_CAP: i64 = 10_000;

/// A page request, already clamped to sane bounds (page ≥ 1, 1–100 rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageParams {
    pub page: u32,
    pub page_size: u32,
}

impl PageParams {
    pub fn new(page: Option<u32>, page_size: Option<u32>) -> Self {
        Self {
            page: page.unwrap_or(1).max(1),
            page_size: page_size.unwrap_or(DEFAULT_PAGE_SIZE).clamp(1, MAX_PAGE_SIZE),
        }
    }

    pub fn limit(&self) -> i64 {
        i64::from(self.page_size)
    }

    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.page_size)
    }
}

impl Default for PageParams {
    fn default() -> Self {
        Self::new(None, None)
    }
}

/// A row plus the window's total count.
#[derive(Debug, sqlx::FromRow)]
pub struct Counted<T> {
    #[sqlx(flatten)]
    pub row: T,
    pub total: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    /// Rows matching the filters, on every page.
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    /// True when there are more than `total` rows: big lists stop counting
    /// at [`COUNT_CAP`] (a page of a million-row list must not count them
    /// all); the screens then say "10.000+".
    pub total_capped: bool,
}

impl<T> Page<T> {
    /// A page past the last one has no rows to carry the total; it reports
    /// 0 rows there, which the lists show as "nothing on this page".
    pub fn from_counted(rows: Vec<Counted<T>>, params: PageParams) -> Self {
        let total = rows.first().map(|r| r.total).unwrap_or(0);
        Self {
            items: rows.into_iter().map(|r| r.row).collect(),
            total,
            page: params.page,
            page_size: params.page_size,
            total_capped: false,
        }
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(f).collect(),
            total: self.total,
            page: self.page,
            page_size: self.page_size,
            total_capped: self.total_capped,
        }
    }
}

/// A search term as an ILIKE pattern matching it anywhere, with the
/// caller's `%`, `_` and `\` taken literally. None for a blank term.
pub fn contains_pattern(q: Option<&str>) -> Option<String> {
    let q = q.map(str::trim).filter(|q| !q.is_empty())?;
    let escaped = q.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    Some(format!("%{escaped}%"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_are_clamped() {
        assert_eq!(PageParams::new(Some(0), Some(1000)), PageParams { page: 1, page_size: 100 });
        assert_eq!(PageParams::new(Some(3), Some(10)).offset(), 20);
        assert_eq!(PageParams::new(None, Some(0)).page_size, 1);
    }

    #[test]
    fn search_terms_match_literally() {
        assert_eq!(contains_pattern(Some(" 50%_off ")).as_deref(), Some("%50\\%\\_off%"));
        assert_eq!(contains_pattern(Some("  ")), None);
    }
}
