import { measure } from '../measure';
import { startBareFastify, startPortal } from '../servers';
import type { Scenario } from '../scenario';

/** GET /api/v1/health (the full plugin stack; the database asked once a second for all calls) against a bare Fastify route. */
export const health: Scenario = {
  name: 'health',
  async run({ connections, durationSeconds }) {
    const portal = await startPortal(3310);
    const bare = await startBareFastify(3311);
    try {
      const healthFigures = await measure(`${portal.url}/api/v1/health`, connections, durationSeconds);
      const bareFigures = await measure(`${bare.url}/hello`, connections, durationSeconds);
      const ratio = healthFigures.requestsPerSecond / Math.max(1, bareFigures.requestsPerSecond);
      return {
        table: [
          { target: 'GET /api/v1/health', ...healthFigures },
          { target: 'bare Fastify /hello', ...bareFigures },
        ],
        summary: `health / bare Fastify throughput ratio: ${ratio.toFixed(2)}`,
        figures: { health: healthFigures, bareFastify: bareFigures, ratio: Number(ratio.toFixed(3)) },
      };
    } finally {
      await Promise.all([portal.stop(), bare.stop()]);
    }
  },
};
