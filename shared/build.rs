// `sqlx::migrate!` embeds ../migrations at compile time; without this a new
// migration file would not rebuild the crate and binaries would ship without it.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
