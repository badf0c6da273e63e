/** Query keys of the admin dashboard: `dashboardKeys.all` matches all of its calls. */
export const dashboardKeys = {
  all: ['admin-dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  activity: () => [...dashboardKeys.all, 'activity'] as const,
  health: () => [...dashboardKeys.all, 'health'] as const,
}
