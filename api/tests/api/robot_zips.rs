//! Robot packages (`.zip`) through the version upload: each way a zip can
//! carry something other than a robot is refused with a pt-BR 400 naming the
//! problem and nothing is stored; a real package is accepted and reaches the
//! buyer byte for byte (decision 0020).

use reqwest::{Method, StatusCode};
use serde_json::Value;
use shared::domain::robot_zip::writer::{ex5, valid_package, zip, Entry};

use crate::support::{json as read_json, Caller, Part, TenantFixture, TenantRows, TestApp};

struct Shop {
    app: TestApp,
    acme: TenantFixture,
    rows: TenantRows,
    owner: Caller,
}

async fn shop() -> Shop {
    let app = TestApp::spawn().await;
    let acme = app.tenant("acme").await;
    let robot = app.robot(&acme, "Robô Alfa").await;
    let rows = app.rows_of(&acme, robot).await;
    let owner = app.owner_of(&acme).await;
    Shop { app, acme, rows, owner }
}

async fn upload(s: &Shop, version: &str, name: &str, bytes: &[u8]) -> (StatusCode, Value) {
    let parts = [
        Part::File { field: "file", name, bytes },
        Part::Text { field: "version", value: version },
        Part::Text { field: "notes", value: "Pacote" },
    ];
    read_json(
        s.owner
            .send_multipart(Method::POST, &format!("/api/tenant/robots/{}/versions/upload", s.rows.robot), &parts)
            .await,
    )
    .await
}

const MZ: &[u8] = b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff\0\0This program cannot be run in DOS mode.";

/// The attacks: a name, the package, and the message the owner must get.
fn attacks() -> Vec<(&'static str, Vec<u8>, String)> {
    let robot = || Entry::file("Robo.ex5", &ex5(1));
    let invalid_path = |p: &str| format!("O arquivo .zip contém um caminho inválido: {p}");
    let bomb = "O arquivo .zip contém um arquivo compactado demais (possível bomba de descompressão): dados.txt";
    let mut many: Vec<Entry> = (0..50).map(|i| Entry::file(&format!("leia-{i}.txt"), b"texto")).collect();
    many.push(robot());
    vec![
        (
            "an executable escaping the folder",
            zip(&[robot(), Entry::file("../../evil.exe", MZ)]),
            invalid_path("../../evil.exe"),
        ),
        ("an absolute path", zip(&[Entry::file("/etc/x.ex5", &ex5(2))]), invalid_path("/etc/x.ex5")),
        ("a drive letter", zip(&[Entry::file("C:\\x.ex5", &ex5(2))]), invalid_path("C:\\x.ex5")),
        (
            "an .exe entry",
            zip(&[robot(), Entry::file("instalador.exe", MZ)]),
            "O arquivo .zip contém um tipo de arquivo não permitido: instalador.exe (permitidos: .ex5, .set, .pdf, .png, .jpg, .jpeg, .gif, .webp, .txt)".into(),
        ),
        (
            "an .ex5 that is an executable",
            zip(&[Entry::file("Robo.ex5", &[MZ, &ex5(3)].concat())]),
            "O arquivo .zip contém um arquivo cujo conteúdo não corresponde ao tipo: Robo.ex5".into(),
        ),
        (
            "a zip bomb (10 MB of zeros in 10 kB)",
            zip(&[robot(), Entry::file("dados.txt", &vec![0u8; 10 * 1024 * 1024])]),
            bomb.into(),
        ),
        (
            "a zip bomb past the limit (60 MB)",
            zip(&[robot(), Entry::file("dados.txt", &vec![b'a'; 60 * 1024 * 1024])]),
            "O conteúdo do arquivo .zip passa de 50MB descompactado".into(),
        ),
        (
            "a zip bomb lying about its size",
            zip(&[robot(), Entry { declared_size: Some(1000), ..Entry::file("dados.txt", &vec![0u8; 1024 * 1024]) }]),
            bomb.into(),
        ),
        ("too many entries", zip(&many), "O arquivo .zip contém arquivos demais (máximo 50)".into()),
        (
            "an encrypted entry",
            zip(&[robot(), Entry::file("senha.txt", b"segredo").encrypted()]),
            "O arquivo .zip contém um arquivo protegido por senha: senha.txt".into(),
        ),
        (
            "a symbolic link",
            zip(&[robot(), Entry::symlink("Padrao.set", "/etc/passwd")]),
            "O arquivo .zip contém um link simbólico: Padrao.set".into(),
        ),
        (
            "no robot inside",
            zip(&[Entry::file("Manual.pdf", b"%PDF-1.4\n%%EOF\n"), Entry::file("LEIA-ME.txt", b"Oi")]),
            "O arquivo .zip não contém nenhum robô compilado (.ex5)".into(),
        ),
    ]
}

#[tokio::test]
async fn every_attack_package_is_refused_with_its_reason_and_nothing_is_stored() {
    let s = shop().await;
    let mut wrong = Vec::new();
    for (i, (attack, bytes, message)) in attacks().into_iter().enumerate() {
        let (status, body) = upload(&s, &format!("1.0.{i}"), "Robo.zip", &bytes).await;
        if (status, body["fields"]["file"].as_str()) != (StatusCode::BAD_REQUEST, Some(message.as_str())) {
            wrong.push(format!("{attack}: {status} {body}"));
        }
    }
    assert!(wrong.is_empty(), "not refused as they should be:\n{}", wrong.join("\n"));
    let (_, versions) = read_json(s.owner.get(&format!("/api/tenant/robots/{}/versions", s.rows.robot)).await).await;
    assert_eq!(versions["versions"].as_array().unwrap().len(), 0, "no version recorded");
    assert_eq!(s.app.state.storage.tenant_usage(s.acme.id).await.unwrap().files, 0, "no file stored");
}

#[tokio::test]
async fn a_real_package_is_accepted_served_to_the_buyer_and_not_replaced_by_an_attack() {
    let s = shop().await;
    let package = valid_package();
    let (status, version) = upload(&s, "1.0.0", "Robo Alfa.zip", &package).await;
    assert_eq!(status, StatusCode::CREATED, "{version}");
    assert_eq!(version["mimeType"], "application/zip", "{version}");
    assert_eq!(version["sha256"], shared::infrastructure::secrets::sha256_hex_of(&package));

    let client = s.app.client_of(&s.acme).await;
    let download = client.get(&format!("/api/client/download/{}", s.rows.license)).await;
    assert_eq!(download.status(), StatusCode::OK);
    assert!(download.headers()["content-disposition"].to_str().unwrap().contains("Robo Alfa.zip"));
    assert_eq!(download.bytes().await.unwrap().as_ref(), package.as_slice(), "the buyer gets the package");

    // Replacing the file goes through the same check.
    let path = format!("/api/tenant/robots/{}/versions/{}", s.rows.robot, version["id"].as_str().unwrap());
    let evil = zip(&[Entry::file("Robo.ex5", &ex5(1)), Entry::file("../../evil.exe", MZ)]);
    let (status, body) = read_json(
        s.owner
            .send_multipart(Method::PATCH, &path, &[Part::File { field: "file", name: "Robo.zip", bytes: &evil }])
            .await,
    )
    .await;
    assert_eq!(
        (status, body["fields"]["file"].as_str()),
        (StatusCode::BAD_REQUEST, Some("O arquivo .zip contém um caminho inválido: ../../evil.exe"))
    );
    let download = client.get(&format!("/api/client/download/{}", s.rows.license)).await;
    assert_eq!(download.bytes().await.unwrap().as_ref(), package.as_slice(), "the package is unchanged");
    assert_eq!(s.app.state.storage.tenant_usage(s.acme.id).await.unwrap().files, 1, "only the real package stored");
}
