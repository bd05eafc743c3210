/** The operator's token for the details of /api/health, as a deployment would set it (HEALTH_TOKEN). */
export const E2E_HEALTH_TOKEN = 'e2e-health-token-of-the-operator';
