//! What a connection URL names: its database and user, and the default
//! authenticator role of a database. Plain text functions, so the config
//! (which derives the role) and the db layer (which connects) share them
//! without importing each other.

use crate::infrastructure::secrets::sha256_hex;

/// The authenticator's default name: one per database (`roboforge` →
/// `roboforge_app`), so that two databases on one cluster never share, and
/// never rewrite, each other's login. Names past PostgreSQL's 63 bytes are
/// cut and keep a hash of the whole, so they stay distinct.
pub fn default_app_role(database_url: &str) -> String {
    let database = url_database(database_url).unwrap_or_else(|| "roboforge".into());
    let cleaned: String =
        database.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    let name = format!("{cleaned}_app");
    if name.len() <= 63 {
        return name;
    }
    format!("{}_{}_app", &cleaned[..46], &sha256_hex(&database)[..12])
}

/// The database name in a connection URL.
pub fn url_database(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let location = rest.rsplit_once('@').map_or(rest, |(_, location)| location);
    let path = location.split_once('/')?.1;
    let name = path.split('?').next().unwrap_or_default();
    (!name.is_empty()).then(|| name.to_string())
}

/// The user name in a connection URL.
pub fn url_user(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let userinfo = rest.rsplit_once('@')?.0;
    let user = userinfo.split(':').next()?;
    (!user.is_empty()).then(|| user.to_string())
}
