import { catalogKeys } from '@/lib/query-keys/admin-catalog'
import { compileKeys } from '@/lib/query-keys/admin-compile'

/** Query keys of the admin's AI screens, laid out like the other admin screens' (`['admin', resource, …]`). */
export const factoryKeys = {
  generation: (id: string) => ['admin', 'robot-generations', id] as const,
  aiUsage: ['admin', 'ai-usage'] as const,
  /** A generation adds a row to the compilation history once it compiles. */
  compilationHistory: compileKeys.history.all,
  /** Generating a robot and changing a quota are audited: the audit log's lists are out of date after one. */
  auditLog: catalogKeys.auditLog.all,
}
