//! A client's data, exported and then erased on request (LGPD, issue 24).
//! The export is everything the tenant keeps about the person; the erasure
//! anonymises the person's fields everywhere they appear and keeps the sales'
//! amounts and dates for the books. Worker scope for the tenant (the api
//! checks the acting owner's role first).

use serde_json::{json, Value};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::infrastructure::secrets::random_token;

/// The client's data as JSON (None: no such client in the tenant).
pub async fn export(conn: &mut PgConnection, tenant_id: Uuid, client_id: Uuid) -> AppResult<Option<Value>> {
    Ok(sqlx::query_scalar(
        "SELECT jsonb_build_object(
            'client', (SELECT jsonb_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone,
                                                 'status', c.status, 'registrationDate', c.registration_date,
                                                 'lastLogin', c.last_login)
                         FROM tenant_clients c WHERE c.tenant_id = $1 AND c.id = $2),
            'licenses', COALESCE((SELECT jsonb_agg(jsonb_build_object('id', l.id, 'robot', r.name, 'status', l.status,
                                          'accountNumber', l.account_number, 'activationDate', l.activation_date,
                                          'expirationDate', l.expiration_date,
                                          'installations', COALESCE((SELECT jsonb_agg(jsonb_build_object(
                                                  'accountNumber', i.account_number, 'server', NULLIF(i.account_server, ''),
                                                  'firstSeen', i.first_seen,
                                                  'lastSeen', i.last_seen, 'lastIp', host(i.last_ip), 'checks', i.checks))
                                              FROM license_installations i
                                             WHERE i.tenant_id = l.tenant_id AND i.license_id = l.id), '[]'))
                                   ORDER BY l.created_at)
                                    FROM tenant_client_robots l LEFT JOIN tenant_robots r ON r.tenant_id = l.tenant_id AND r.id = l.robot_id
                                   WHERE l.tenant_id = $1 AND l.client_id = $2), '[]'),
            'sales', COALESCE((SELECT jsonb_agg(jsonb_build_object('id', s.id, 'transaction', s.external_id,
                                       'origin', s.origin, 'status', s.status, 'amount', s.amount_paid_by_customer,
                                       'currency', s.original_currency, 'saleDate', s.sale_date,
                                       'paymentMethod', s.payment_method) ORDER BY s.sale_date)
                                 FROM tenant_sales s WHERE s.tenant_id = $1 AND s.client_id = $2), '[]'),
            'subscriptions', COALESCE((SELECT jsonb_agg(jsonb_build_object('id', t.id, 'status', t.status,
                                               'amount', t.amount, 'recurrence', t.recurrence,
                                               'lastPaymentDate', t.last_payment_date,
                                               'cancellationDate', t.cancellation_date) ORDER BY t.id)
                                         FROM tenant_subscriptions t WHERE t.tenant_id = $1 AND t.client_id = $2), '[]'),
            'emails', COALESCE((SELECT jsonb_agg(jsonb_build_object('subject', e.subject, 'status', e.status,
                                        'sentAt', e.sent_at, 'createdAt', e.created_at) ORDER BY e.created_at)
                                  FROM email_outbox e, tenant_clients c
                                 WHERE e.tenant_id = $1 AND c.tenant_id = $1 AND c.id = $2 AND e.to_address = c.email), '[]'),
            'licenseChecks', (SELECT count(*) FROM license_checks k, tenant_clients c
                               WHERE k.tenant_id = $1 AND c.tenant_id = $1 AND c.id = $2 AND lower(k.email) = c.email))
          WHERE EXISTS (SELECT 1 FROM tenant_clients WHERE tenant_id = $1 AND id = $2)",
    )
    .bind(tenant_id)
    .bind(client_id)
    .fetch_optional(conn)
    .await?)
}

/// What the erasure changed, for the audit log and the owner.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Erased {
    pub licenses_cancelled: u64,
    pub payloads_redacted: u64,
    pub emails_removed: u64,
    pub checks_anonymised: u64,
}

/// Anonymises the client: name, e-mail, phone and password gone, sessions
/// ended, licenses cancelled with their accounts and IPs removed, Hotmart
/// payloads and e-mails that name the person redacted or deleted, the check
/// log's e-mail and IP cleared, audit rows about the client reduced to
/// "erased". Sales and subscriptions keep their amounts and dates.
pub async fn erase(conn: &mut PgConnection, tenant_id: Uuid, client_id: Uuid, email: &str) -> AppResult<Erased> {
    let placeholder = format!("apagado+{}@anonimo.invalid", client_id.simple());
    sqlx::query(
        "UPDATE tenant_clients SET name = 'Cliente apagado (LGPD)', email = $3, phone = NULL, password = $4,
                status = 'inactive', reset_token = NULL, reset_token_expiry = NULL, signin_code_hash = NULL,
                signin_code_expiry = NULL
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(&placeholder)
    .bind(format!("erased:{}", random_token()))
    .execute(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM sessions WHERE client_id = $1").bind(client_id).execute(&mut *conn).await?;
    // Every account the licenses were bound to goes with the buyer.
    sqlx::query(
        "DELETE FROM license_seats
          WHERE tenant_id = $1 AND license_id IN (SELECT id FROM tenant_client_robots WHERE tenant_id = $1 AND client_id = $2)",
    )
    .bind(tenant_id)
    .bind(client_id)
    .execute(&mut *conn)
    .await?;
    let licenses = sqlx::query(
        "UPDATE tenant_client_robots SET status = 'cancelled', account_number = NULL, account_server = NULL
          WHERE tenant_id = $1 AND client_id = $2",
    )
    .bind(tenant_id)
    .bind(client_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE license_installations SET last_ip = NULL, company = NULL,
                account_number = 'apagado-' || left(md5(account_number), 8)
          WHERE tenant_id = $1 AND license_id IN (SELECT id FROM tenant_client_robots WHERE tenant_id = $1 AND client_id = $2)",
    )
    .bind(tenant_id)
    .bind(client_id)
    .execute(&mut *conn)
    .await?;
    let redacted = json!({ "apagado": "dados do comprador removidos a pedido do titular (LGPD)" });
    let sales = sqlx::query(
        "UPDATE tenant_sales SET original_payload = $3 WHERE tenant_id = $1 AND client_id = $2 AND original_payload IS NOT NULL",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(&redacted)
    .execute(&mut *conn)
    .await?;
    let subscriptions = sqlx::query(
        "UPDATE tenant_subscriptions SET original_payload = $3
          WHERE tenant_id = $1 AND client_id = $2 AND original_payload IS NOT NULL",
    )
    .bind(tenant_id)
    .bind(client_id)
    .bind(&redacted)
    .execute(&mut *conn)
    .await?;
    let inbox = sqlx::query(
        "UPDATE hotmart_inbox SET payload = $3 WHERE tenant_id = $1 AND strpos(lower(payload::text), $2) > 0",
    )
    .bind(tenant_id)
    .bind(format!("\"{email}\""))
    .bind(&redacted)
    .execute(&mut *conn)
    .await?;
    let emails = sqlx::query("DELETE FROM email_outbox WHERE tenant_id = $1 AND lower(to_address) = $2")
        .bind(tenant_id)
        .bind(email)
        .execute(&mut *conn)
        .await?;
    let checks = sqlx::query(
        "UPDATE license_checks SET email = NULL, ip = NULL, account_number = NULL, company = NULL
          WHERE tenant_id = $1 AND lower(email) = $2",
    )
    .bind(tenant_id)
    .bind(email)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE audit_log SET changes = jsonb_build_object('apagado', 'dados pessoais removidos (LGPD)')
          WHERE tenant_id = $1 AND entity_id = $2",
    )
    .bind(tenant_id)
    .bind(client_id)
    .execute(&mut *conn)
    .await?;
    Ok(Erased {
        licenses_cancelled: licenses.rows_affected(),
        payloads_redacted: sales.rows_affected() + subscriptions.rows_affected() + inbox.rows_affected(),
        emails_removed: emails.rows_affected(),
        checks_anonymised: checks.rows_affected(),
    })
}
