/** The keys the contract servers and the portal under test share (test values, never real ones). */
export const STRIPE_SECRET_KEY = 'sk_test_lisbon_contract_server';
export const STRIPE_WEBHOOK_SECRET = `whsec_${'c0ffee'.repeat(6)}`;
/** The shape of Nexi's test keys (the public test area's implicit-accounting key). */
export const NEXI_API_KEY = '5d952446-9004-4023-9eae-a527a152846b';
