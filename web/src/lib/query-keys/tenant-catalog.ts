/**
 * Query keys of the tenant owner's catalog screens (robots, versions, sales pages) and of the tenant's own
 * settings. Robots sit under ['tenant', 'robots'], the prefix the license and e-mail pickers of
 * tenant-clients use too, so a robot write refreshes those pickers as well.
 */
const robotsAll = ['tenant', 'robots'] as const

export const tenantCatalogKeys = {
  robots: {
    all: robotsAll,
    list: <Params extends object>(params: Params) => [...robotsAll, 'list', params] as const,
    detail: (id: string) => [...robotsAll, 'detail', id] as const,
    /** A robot's versions (the page also shows the robot, so it lives under the robot prefix). */
    versions: (robotId: string) => [...robotsAll, 'versions', robotId] as const,
    salesPage: (robotId: string) => [...robotsAll, 'sales-page', robotId] as const,
    /** Its license settings (under the robot prefix: a version write refreshes which versions still use v1). */
    license: (robotId: string) => [...robotsAll, 'license', robotId] as const,
    /** Its seat policy: seats per license, demo and contest accounts, brokers, trials on demo. */
    seatPolicy: (robotId: string) => [...robotsAll, 'seat-policy', robotId] as const,
    /** Its compiles still to come and recent failures (the robot list and the versions page poll them). */
    compileJobs: (robotId: string) => [...robotsAll, 'compile-jobs', robotId] as const,
    /** How many installations run each version (under the robot prefix: a withdrawal changes its marks). */
    installationsByVersion: (robotId: string) => [...robotsAll, 'installations-by-version', robotId] as const,
  },
  settings: ['tenant', 'settings'] as const,
  /** The tenant's storage use (every upload changes it). */
  storage: ['tenant', 'storage'] as const,
  emailSettings: ['tenant', 'email-settings'] as const,
  emailTemplates: ['tenant', 'email-templates'] as const,
  emailTemplateDefaults: ['tenant', 'email-template-defaults'] as const,
  /** How the tenant's mail goes out, its domain's verification at Resend, and the messages that did not arrive. */
  emailSending: ['tenant', 'email-sending'] as const,
  emailDomain: ['tenant', 'email-sending', 'domain'] as const,
  emailProblems: (page: number) => ['tenant', 'email-sending', 'problems', page] as const,
}
