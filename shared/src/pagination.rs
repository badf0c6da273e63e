//! One shape for every list: `?page=&pageSize=` in, `{ items, total, page,
//! pageSize }` out, filtered and counted by the database (a tenant with a
//! million sales gets page 1 as fast as one with ten).
//!
//! Small lists (a tenant's factory projects, the Hotmart inbox) select their
//! rows with `count(*) OVER () AS total` into [`Counted`] and hand them to
//! [`Page::from_counted`]: one query per page. Lists that grow with the
//! platform (sales, clients, licenses, ...) go through [`fetch_page`], which
//! chooses the page on an index and counts only up to [`COUNT_CAP`].

use serde::Serialize;
use utoipa::ToSchema;

#[cfg(feature = "domain")]
pub use self::listing::{fetch_page, push_day_range, Listing, Narrow, COUNT_CAP};

pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;

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

#[cfg(feature = "domain")]
mod listing {
    use sqlx::postgres::PgRow;
    use sqlx::{FromRow, PgConnection, Postgres, QueryBuilder};
    use uuid::Uuid;

    use super::{Page, PageParams};
    use crate::error::AppResult;

    /// Lists stop counting here: "10.000+" tells a person as much as the
    /// exact figure, and counting a million rows on every page does not scale.
    pub const COUNT_CAP: i64 = 10_000;

    /// A list query in parts: the base table and its alias, the filters on
    /// it (pushed by `filters` as `AND …` conditions on the alias's columns,
    /// with their binds, once for the page and once for the count), the joins
    /// that add display columns. Every list is newest first: its base table
    /// has `created_at` and `id`, and an index in that order.
    pub struct Listing<'a, F: Fn(&mut QueryBuilder<Postgres>)> {
        pub columns: &'a str,
        /// `table alias`, e.g. `tenant_sales s`.
        pub from: &'a str,
        /// Joined after the page is chosen: they add columns, never filter.
        pub joins: &'a str,
        pub filters: F,
        pub narrow: Narrow<'a>,
    }

    /// Whether the filters select few rows that are costly to find (a text
    /// search over trigram indexes), and how to find them. Narrow rows are
    /// found once, in order, and the count and the page are both taken from
    /// them, instead of searching for the page and again for the count.
    /// Past [`COUNT_CAP`] matches the list falls back to the plain way.
    pub enum Narrow<'a> {
        /// Many rows, or cheap to find: the page walks the list index.
        No,
        /// Found by the filters.
        ByFilters,
        /// Found by this query of the matching rows' `id, created_at` (on
        /// the same filters): for a search whose alternatives each have
        /// their own index, as a UNION, where the filters' OR of them would
        /// make the planner re-read every match through the primary key.
        ByQuery(&'a (dyn Fn(&mut QueryBuilder<Postgres>) + Sync)),
    }

    /// `AND column` within the São Paulo calendar days `from` to `to` (each
    /// optional, both inclusive); a NULL column never matches.
    pub fn push_day_range(
        qb: &mut QueryBuilder<Postgres>,
        column: &str,
        from: Option<chrono::NaiveDate>,
        to: Option<chrono::NaiveDate>,
    ) {
        if let Some(from) = from {
            qb.push(" AND ").push(column).push(" >= (").push_bind(from);
            qb.push("::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'");
        }
        if let Some(to) = to {
            qb.push(" AND ").push(column).push(" < (").push_bind(to);
            qb.push("::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'");
        }
    }

    impl Narrow<'_> {
        pub fn by_filters_if(narrow: bool) -> Self {
            if narrow {
                Self::ByFilters
            } else {
                Self::No
            }
        }
    }

    impl<F: Fn(&mut QueryBuilder<Postgres>)> Listing<'_, F> {
        fn alias(&self) -> &str {
            self.from.split_whitespace().last().unwrap_or(self.from)
        }

        fn push_order(&self, qb: &mut QueryBuilder<Postgres>) {
            let alias = self.alias();
            qb.push(" ORDER BY ").push(alias).push(".created_at DESC, ").push(alias).push(".id DESC");
        }
    }

    /// One page of a list: its rows, and the number of matching rows up to
    /// [`COUNT_CAP`] (not counted again when the page itself shows the end).
    ///
    /// The page's ids are chosen on the base table alone (an index-only scan
    /// of its list index when the filters allow), then joined for display:
    /// page 500 reads 10,000 index entries, not 10,000 joined rows. The count
    /// reads the base table alone for the same reason.
    pub async fn fetch_page<T, F>(
        conn: &mut PgConnection,
        listing: Listing<'_, F>,
        params: PageParams,
    ) -> AppResult<Page<T>>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
        F: Fn(&mut QueryBuilder<Postgres>),
    {
        if !matches!(listing.narrow, Narrow::No) {
            if let Some(page) = fetch_narrow_page(conn, &listing, params).await? {
                return Ok(page);
            }
        }

        let alias = listing.alias();
        let mut rows = QueryBuilder::<Postgres>::new("SELECT ");
        rows.push(listing.columns).push(" FROM (SELECT ").push(alias).push(".id FROM ").push(listing.from);
        rows.push(" WHERE true");
        (listing.filters)(&mut rows);
        listing.push_order(&mut rows);
        rows.push(" LIMIT ").push_bind(params.limit()).push(" OFFSET ").push_bind(params.offset());
        rows.push(") page JOIN ").push(listing.from).push(" ON ").push(alias).push(".id = page.id");
        rows.push(listing.joins);
        listing.push_order(&mut rows);
        let items: Vec<T> = rows.build_query_as().fetch_all(&mut *conn).await?;

        let seen = params.offset() + items.len() as i64;
        let (total, total_capped) = if !items.is_empty() && (items.len() as i64) < params.limit() {
            (seen, false)
        } else if items.is_empty() && params.offset() == 0 {
            (0, false)
        } else {
            let mut count = QueryBuilder::<Postgres>::new("SELECT count(*) FROM (SELECT 1 FROM ");
            count.push(listing.from).push(" WHERE true");
            (listing.filters)(&mut count);
            count.push(" LIMIT ").push_bind(COUNT_CAP + 1).push(") matched");
            let counted: i64 = count.build_query_scalar().fetch_one(conn).await?;
            (counted.min(COUNT_CAP), counted > COUNT_CAP)
        };
        Ok(Page { items, total, page: params.page, page_size: params.page_size, total_capped })
    }

    /// A narrow list's page: every matching id in list order (up to the
    /// cap), their number as the total, the page's slice of them joined for
    /// display. None past the cap.
    async fn fetch_narrow_page<T, F>(
        conn: &mut PgConnection,
        listing: &Listing<'_, F>,
        params: PageParams,
    ) -> AppResult<Option<Page<T>>>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
        F: Fn(&mut QueryBuilder<Postgres>),
    {
        let alias = listing.alias();
        let mut matched = QueryBuilder::<Postgres>::new("SELECT ");
        matched.push(alias).push(".id FROM (");
        match listing.narrow {
            Narrow::ByQuery(query) => query(&mut matched),
            Narrow::No | Narrow::ByFilters => {
                matched.push("SELECT ").push(alias).push(".id, ").push(alias).push(".created_at FROM ");
                matched.push(listing.from).push(" WHERE true");
                (listing.filters)(&mut matched);
            }
        }
        matched.push(" LIMIT ").push_bind(COUNT_CAP + 1).push(") ").push(alias);
        listing.push_order(&mut matched);
        let ids: Vec<Uuid> = matched.build_query_scalar().fetch_all(&mut *conn).await?;
        let total = ids.len() as i64;
        if total > COUNT_CAP {
            return Ok(None);
        }

        let start = usize::try_from(params.offset()).unwrap_or(usize::MAX).min(ids.len());
        let end = start.saturating_add(params.page_size as usize).min(ids.len());
        let page_ids = &ids[start..end];
        let items = if page_ids.is_empty() {
            Vec::new()
        } else {
            let mut rows = QueryBuilder::<Postgres>::new("SELECT ");
            rows.push(listing.columns).push(" FROM ").push(listing.from).push(listing.joins);
            rows.push(" WHERE ").push(alias).push(".id = ANY(").push_bind(page_ids.to_vec()).push(")");
            listing.push_order(&mut rows);
            rows.build_query_as().fetch_all(&mut *conn).await?
        };
        Ok(Some(Page { items, total, page: params.page, page_size: params.page_size, total_capped: false }))
    }
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
