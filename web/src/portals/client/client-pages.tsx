/*
 * The signed-in client screens, one module for `client-screens.tsx` to load lazily: each page lives in
 * `pages/` with its test.
 */
export { ClientDashboardPage } from './pages/dashboard-page'
export { ClientRobotsPage } from './pages/robots-page'
export { ClientSubscriptionsPage } from './pages/subscriptions-page'
export { ClientLessonsPage } from './pages/lessons-page'
