//! Which stored objects rows still point at: a file is in use while a
//! version, a robot, a compile job, a factory version or a tenant's branding
//! names its key, or while any text a tenant wrote (sales pages, e-mail
//! templates, settings) carries its link. Object names are 256 random bits,
//! so finding one inside text cannot match another file. Platform scope.

use std::collections::HashSet;

use sqlx::PgConnection;

use crate::domain::error::AppResult;

/// The subset of `keys` something still refers to.
pub async fn in_use(conn: &mut PgConnection, keys: &[String]) -> AppResult<HashSet<String>> {
    let used: Vec<String> = sqlx::query_scalar(
        "SELECT k FROM unnest($1::text[]) AS k,
                LATERAL (SELECT '/api/public/files/' || substr(k, length('tenants/') + 1) AS link,
                                split_part(k, '/', 4) AS name) f
          WHERE EXISTS (SELECT 1 FROM robot_versions WHERE file_path = k)
             OR EXISTS (SELECT 1 FROM compilation_jobs WHERE compiled_file_url = k)
             OR EXISTS (SELECT 1 FROM robot_project_versions WHERE compiled_file_url = k)
             OR EXISTS (SELECT 1 FROM tenant_robots WHERE file_path = k OR logo_url = f.link)
             OR EXISTS (SELECT 1 FROM tenants
                         WHERE logo_url = f.link OR favicon_url = f.link
                            OR strpos(email_templates::text || settings::text || coalesce(theme_colors::text, ''), f.name) > 0)
             OR EXISTS (SELECT 1 FROM tenant_robot_sales_pages
                         WHERE strpos(concat(html_section1, html_section2, html_section3, html_section4), f.name) > 0)",
    )
    .bind(keys)
    .fetch_all(conn)
    .await?;
    Ok(used.into_iter().collect())
}
