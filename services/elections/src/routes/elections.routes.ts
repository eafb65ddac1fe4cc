import {
  ElectedOfficialsSchema,
  ElectionClockChangeSchema,
  ElectionDetailSchema,
  ElectionIdParamsSchema,
  ElectionListSchema,
  ElectionScheduleSchema,
  type ElectionClockChange,
  errorAnswers,
} from '@civic/contracts';
import { notFound, type ServiceApp } from '@civic/service-kit';
import { schedule, type ElectionsContext } from './context.js';

export interface ClockControl {
  /** Moves the service's clock to `now`, or forward by `advanceMs`. */
  set(change: ElectionClockChange): void;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `text` can be the id of a stored row (any other text names nothing that exists). */
const isUuid = (text: string): boolean => uuidPattern.test(text);

/** Closed elections with their figures, the current officials and the next election's time. Public reads. */
export async function electionsRoutes(app: ServiceApp, context: ElectionsContext & { clockControl: ClockControl | null }): Promise<void> {
  const tags = ['elections'];

  app.get(
    '/api/elections',
    { schema: { tags, summary: 'Closed elections, newest first, and when the next one closes', response: { 200: ElectionListSchema } } },
    async () => ({ elections: await context.elections.list(), schedule: schedule(context) }),
  );

  app.get(
    '/api/elections/next',
    { schema: { tags, summary: 'When the election of the open candidacies closes, on the server clock (for the countdown), and the seats per role', response: { 200: ElectionScheduleSchema } } },
    async () => schedule(context),
  );

  app.get(
    '/api/elections/elected',
    { schema: { tags, summary: 'The officials of the last closed election, by role', response: { 200: ElectedOfficialsSchema } } },
    async () => ({ ...(await context.elections.latestOfficials()), schedule: schedule(context) }),
  );

  app.get(
    '/api/elections/:id',
    { schema: { tags, summary: "One closed election's results: every candidate by role with their figures and rank", params: ElectionIdParamsSchema, response: { 200: ElectionDetailSchema, ...errorAnswers(404) } } },
    async (request) => {
      const { id } = request.params;
      const election = isUuid(id) ? await context.elections.byId(id) : null;
      if (!election) throw notFound();
      return election;
    },
  );

  const control = context.clockControl;
  if (control) {
    // Test stacks only (ELECTIONS_CLOCK_CONTROL): not part of the API, left out of the document.
    app.put('/api/elections/clock', { schema: { hide: true, body: ElectionClockChangeSchema } }, async (request) => {
      control.set(request.body);
      const closed = await context.scheduler.tick();
      return { serverTime: context.clock().toISOString(), closed };
    });
  }
}
