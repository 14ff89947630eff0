/**
 * The dashboard's users, keys and activity feed refresh this often while it is open (and the tab
 * visible), so a key a loader redeems or an account that signs up shows without a reload. The
 * metric cards poll every second on their own (spec §9).
 */
export const DASHBOARD_REFRESH_MS = 10_000;
