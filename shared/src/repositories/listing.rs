//! Pages of the lists that grow with the platform (sales, clients,
//! licenses, ...): the page is chosen on the base table's list index, and the
//! rows are counted only up to [`COUNT_CAP`]. Small lists count with a window
//! instead (`pagination::Counted`).

use sqlx::postgres::PgRow;
use sqlx::{FromRow, PgConnection, Postgres, QueryBuilder};
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::pagination::{Page, PageParams, COUNT_CAP};

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
